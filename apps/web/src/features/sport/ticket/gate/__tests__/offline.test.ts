import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { base64urlEncode, offlineCodeHash, ticketQrMessage, type OfflinePackage } from '@venue/contract';
import { checkLocally, ed25519Verifier, emptyState, isBareCode, markUploaded, recordScan, withPackage } from '../offline.ts';

async function keyPair() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const sign = async (code: string, sessionId: number, seatId: number | null = 7) => {
    const message = ticketQrMessage({ code, sessionId, seatId, levelId: seatId === null ? 3 : null });
    return `${message}.${base64urlEncode(new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, new TextEncoder().encode(message))))}`;
  };
  return { publicKey: base64urlEncode(raw), sign };
}

const SALT = base64urlEncode(crypto.getRandomValues(new Uint8Array(16)));
/** A package as the server makes it: codes only by their hash, keyed with the package's salt. */
const pkgOf = async (publicKey: string): Promise<OfflinePackage> => ({
  sessionId: 11,
  sessionName: '决赛',
  projectName: '联赛',
  startAt: '2030-01-01T12:00:00.000Z',
  endAt: '2030-01-01T14:00:00.000Z',
  opensAt: '2030-01-01T10:00:00.000Z',
  closesAt: '2030-01-01T14:00:00.000Z',
  publicKey,
  salt: SALT,
  tickets: [
    { hash: await offlineCodeHash(SALT, 'AAAA1111'), label: 'A 1-1 · 内场', used: false, usedAt: null },
    { hash: await offlineCodeHash(SALT, 'BBBB2222'), label: 'A 1-2 · 内场', used: true, usedAt: '2029-12-31T10:00:00.000Z' },
  ],
  revoked: [await offlineCodeHash(SALT, 'CCCC3333')],
  generatedAt: '2029-12-31T11:00:00.000Z',
});
/** Within the session's gate window. */
const IN = new Date('2030-01-01T11:30:00Z');

describe('offline gate device', () => {
  it('admits a signed ticket once, refuses a tampered, revoked, used or other-session one, and queues every scan for upload', async () => {
    const k = await keyPair();
    const verify = await ed25519Verifier(k.publicKey);
    expect(verify).toBeDefined();
    let state = withPackage(emptyState(), await pkgOf(k.publicKey), { id: 5, name: '东门' });

    const good = await k.sign('AAAA1111', 11);
    const first = await checkLocally(state, good, verify, IN);
    expect(first).toMatchObject({ result: 'admitted', ticketCode: 'AAAA1111', label: 'A 1-1 · 内场' });
    state = recordScan(state, good, first, new Date('2030-01-01T11:30:00Z'));
    const second = await checkLocally(state, good, verify, IN);
    expect(second).toMatchObject({ result: 'refused', reason: 'used', usedHere: true, usedAt: '2030-01-01T11:30:00.000Z' });

    // Sold after the download: not in the list, but its signature is good.
    expect((await checkLocally(state, await k.sign('DDDD4444', 11), verify, IN)).result).toBe('admitted');
    // A forged body under a real signature, and another session's ticket.
    const [p, , sig] = good.split('.');
    const forgedBody = (await k.sign('EEEE5555', 11)).split('.')[1];
    expect((await checkLocally(state, `${p}.${forgedBody}.${sig}`, verify, IN)).reason).toBe('badSignature');
    expect((await checkLocally(state, await k.sign('AAAA1111', 12), verify, IN)).reason).toBe('wrongSession');
    expect((await checkLocally(state, await k.sign('CCCC3333', 11), verify, IN)).reason).toBe('revoked');
    expect((await checkLocally(state, await k.sign('BBBB2222', 11), verify, IN)).reason).toBe('used');
    // Another key's signature.
    const other = await keyPair();
    expect((await checkLocally(state, await other.sign('AAAA1111', 11), verify, IN)).reason).toBe('badSignature');

    // No verifier (no WebCrypto Ed25519): nothing is admitted.
    expect((await checkLocally(state, await k.sign('DDDD4444', 11), undefined, IN)).reason).toBe('badSignature');

    expect(state.queue).toHaveLength(1);
    expect(state.queue[0]).toMatchObject({ sessionId: 11, result: 'admitted', code: good });
    expect(state.queue[0]!.uid).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    const uid = state.queue[0]!.uid;
    state = markUploaded(state, [uid]);
    expect(state.queue).toEqual([]);
    expect(state.log[0]!.uploaded).toBe(true);
    expect(state.log[0]!.serverRefused).toBeUndefined();
    // An admission the server refused at upload keeps its reason in the log.
    expect(markUploaded(state, [uid], { [uid]: 'outsideWindow' }).log[0]).toMatchObject({ uploaded: true, serverRefused: 'outsideWindow' });
  });

  it('refuses a bare typed number offline (needs the online check), whatever the package holds; a signed code outside the gate window', async () => {
    const k = await keyPair();
    const verify = await ed25519Verifier(k.publicKey);
    const state = withPackage(emptyState(), await pkgOf(k.publicKey), { id: 5, name: '东门' });
    for (const typed of ['AAAA1111', 'aaaa1111', ' BBBB2222 ', 'ZZZZ9999', '12345678']) {
      expect(isBareCode(typed)).toBe(true);
      expect(await checkLocally(state, typed, verify, IN)).toMatchObject({ result: 'refused', reason: 'needsOnline' });
    }
    expect(isBareCode(await k.sign('AAAA1111', 11))).toBe(false);
    // The same genuine signed code: two weeks early, and after the close.
    expect((await checkLocally(state, await k.sign('AAAA1111', 11), verify, new Date('2029-12-18T12:00:00Z'))).reason).toBe('outsideWindow');
    expect((await checkLocally(state, await k.sign('AAAA1111', 11), verify, new Date('2030-01-01T14:00:01Z'))).reason).toBe('outsideWindow');
    expect((await checkLocally(state, await k.sign('AAAA1111', 11), verify, new Date('2030-01-01T10:00:00Z'))).result).toBe('admitted');
  });

  it('the package holds the hashes the server makes (HMAC-SHA256 keyed by the salt), and no code in clear', async () => {
    const pkg = await pkgOf('x');
    expect(pkg.tickets[0]!.hash).toBe(crypto.createHmac('sha256', Buffer.from(SALT, 'base64url')).update('AAAA1111').digest('base64url'));
    expect(JSON.stringify(pkg)).not.toMatch(/AAAA1111|BBBB2222|CCCC3333/);
  });
});
