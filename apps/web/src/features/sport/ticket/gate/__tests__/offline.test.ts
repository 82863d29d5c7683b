import { describe, expect, it } from 'vitest';
import { base64urlEncode, ticketQrMessage, type OfflinePackage } from '@venue/contract';
import { checkLocally, ed25519Verifier, emptyState, markUploaded, recordScan, withPackage } from '../offline.ts';

async function keyPair() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const sign = async (code: string, sessionId: number, seatId: number | null = 7) => {
    const message = ticketQrMessage({ code, sessionId, seatId, levelId: seatId === null ? 3 : null });
    return `${message}.${base64urlEncode(new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, new TextEncoder().encode(message))))}`;
  };
  return { publicKey: base64urlEncode(raw), sign };
}

const pkgOf = (publicKey: string): OfflinePackage => ({
  sessionId: 11,
  sessionName: '决赛',
  projectName: '联赛',
  startAt: '2030-01-01T12:00:00.000Z',
  publicKey,
  valid: [
    { code: 'AAAA1111', label: 'A 1-1 · 内场', used: false, usedAt: null },
    { code: 'BBBB2222', label: 'A 1-2 · 内场', used: true, usedAt: '2029-12-31T10:00:00.000Z' },
  ],
  revoked: ['CCCC3333'],
  generatedAt: '2029-12-31T11:00:00.000Z',
});

describe('offline gate device', () => {
  it('admits a signed ticket once, refuses a tampered, revoked, used or other-session one, and queues every scan for upload', async () => {
    const k = await keyPair();
    const verify = await ed25519Verifier(k.publicKey);
    expect(verify).toBeDefined();
    let state = withPackage(emptyState(), pkgOf(k.publicKey), { id: 5, name: '东门' });

    const good = await k.sign('AAAA1111', 11);
    const first = await checkLocally(state, good, verify);
    expect(first).toMatchObject({ result: 'admitted', ticketCode: 'AAAA1111', label: 'A 1-1 · 内场' });
    state = recordScan(state, good, first, new Date('2030-01-01T11:30:00Z'));
    const second = await checkLocally(state, good, verify);
    expect(second).toMatchObject({ result: 'refused', reason: 'used', usedHere: true, usedAt: '2030-01-01T11:30:00.000Z' });

    // Sold after the download: not in the list, but its signature is good.
    expect((await checkLocally(state, await k.sign('DDDD4444', 11), verify)).result).toBe('admitted');
    // A forged body under a real signature, and another session's ticket.
    const [p, , sig] = good.split('.');
    const forgedBody = (await k.sign('EEEE5555', 11)).split('.')[1];
    expect((await checkLocally(state, `${p}.${forgedBody}.${sig}`, verify)).reason).toBe('badSignature');
    expect((await checkLocally(state, await k.sign('AAAA1111', 12), verify)).reason).toBe('wrongSession');
    expect((await checkLocally(state, await k.sign('CCCC3333', 11), verify)).reason).toBe('revoked');
    expect((await checkLocally(state, 'CCCC3333', verify)).reason).toBe('revoked');
    expect((await checkLocally(state, 'bbbb2222', verify)).reason).toBe('used');
    expect((await checkLocally(state, 'ZZZZ9999', verify)).reason).toBe('unknown');
    // Another key's signature.
    const other = await keyPair();
    expect((await checkLocally(state, await other.sign('AAAA1111', 11), verify)).reason).toBe('badSignature');

    expect(state.queue).toHaveLength(1);
    expect(state.queue[0]).toMatchObject({ sessionId: 11, result: 'admitted', code: good });
    expect(state.queue[0]!.uid).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    state = markUploaded(state, [state.queue[0]!.uid]);
    expect(state.queue).toEqual([]);
    expect(state.log[0]!.uploaded).toBe(true);
  });
});
