import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Code, base64urlDecode, base64urlEncode, offlineCodeHash } from '@venue/contract';
import { databases } from '../../../../../test/harness.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../../system/admin.testkit.ts';
import { grantMenus } from '../../../../../test/grants.ts';
import { ok, ticketApi } from '../ticket.testkit.ts';
import { VENUE_KEYS, makeVenue } from '../../venue/venue.testkit.ts';
import { gateStaff, gateSuite, makeGate, qrOf, soldTickets } from './gate.testkit.ts';

describe.each(databases)('gate checking on %s', (kind) => {
  const suite = gateSuite(kind);

  const check = (sessionId: number, gateId: number, code: string, who = suite.c) => who.json('POST', ticketApi('check'), { body: { sessionId, gateId, code } });
  const scans = async (sessionId: number) =>
    (await ok(suite.c, 'POST', ticketApi('check/scans'), { sessionId, pageSize: 100 })).data as {
      code: string;
      result: string;
      reason: string | null;
      gateName: string | null;
      source: string;
    }[];

  it('a ticket enters once: the second scan is refused with when and at which gate it was first used; every scan is logged with the count admitted / sold', async () => {
    const north = await makeGate(suite.c, '北门');
    const south = await makeGate(suite.c, '南门');
    const { session, tickets } = await soldTickets(suite.c, 3);
    const first = await check(session.id, north.id, tickets[0]!.code.toLowerCase());
    expect(first.code, first.msg).toBe(0);
    expect(first.body).toMatchObject({ result: 'admitted', reason: null, firstUse: null, counts: { admitted: 1, sold: 3 } });
    expect(first.body.ticket).toMatchObject({ code: tickets[0]!.code, state: 'used', levelName: '普通票' });

    const again = await check(session.id, south.id, tickets[0]!.code);
    expect(again.body).toMatchObject({ result: 'refused', reason: 'used', counts: { admitted: 1, sold: 3 } });
    expect(again.body.firstUse).toMatchObject({ gateId: north.id, gateName: '北门', source: 'online' });
    expect(Date.parse(again.body.firstUse.at)).toBeLessThanOrEqual(Date.now());

    // A signed QR code is accepted as well as the bare code.
    const signed = await check(session.id, south.id, await qrOf(suite.c, tickets[1]!.id));
    expect(signed.body).toMatchObject({ result: 'admitted', counts: { admitted: 2, sold: 3 } });
    const unknown = await check(session.id, south.id, 'NOSUCHCODE0000');
    expect(unknown.body).toMatchObject({ result: 'refused', reason: 'unknown', ticket: null });

    expect((await scans(session.id)).map((x) => [x.code, x.result, x.reason, x.gateName])).toEqual([
      ['NOSUCHCODE0000', 'refused', 'unknown', '南门'],
      [tickets[1]!.code, 'admitted', null, '南门'],
      [tickets[0]!.code, 'refused', 'used', '南门'],
      [tickets[0]!.code, 'admitted', null, '北门'],
    ]);
    expect(await ok(suite.c, 'GET', ticketApi(`check/summary/${session.id}`))).toEqual({ admitted: 2, sold: 3 });
    const listed = await ok(suite.c, 'POST', ticketApi('list'), { sessionId: session.id, pageSize: 10 });
    expect(listed.data.map((t: { state: string }) => t.state).sort()).toEqual(['sold', 'used', 'used']);
  });

  it('refused: a ticket of another session, a refunded ticket, a held ticket, a tampered signed code, a closed gate', async () => {
    const gate = await makeGate(suite.c);
    const a = await soldTickets(suite.c, 2);
    const b = await soldTickets(suite.c, 1);
    const wrong = await check(a.session.id, gate.id, b.tickets[0]!.code);
    expect(wrong.body).toMatchObject({ result: 'refused', reason: 'wrongSession' });

    // Refunded through the commerce review: revoked at the gate, and listed as revoked for offline devices.
    const itemId = (await ok(suite.c, 'GET', `/api/sport/commerce/order/${a.orderId}`)).items[0].id;
    const applied = await ok(suite.c, 'POST', '/api/sport/commerce/refund', { orderId: a.orderId, items: [{ itemId, quantity: 1 }], reason: '观众退票' });
    // Reviewed by another user than the applicant.
    const reviewer = await signIn(suite.s, (await makeUser(suite.admin, suite.staff.orgId, { roleIds: [suite.staff.roleId] })).code, 'Pass1234');
    expect((await ok(reviewer, 'POST', `/api/sport/commerce/refund/${applied.id}/review`, { approve: true, remark: '同意' })).state).toBe('succeeded');
    const states = (await ok(suite.c, 'POST', ticketApi('list'), { orderId: a.orderId })).data as { code: string; state: string; id: number }[];
    const refunded = states.find((t) => t.state === 'refunded')!;
    const kept = states.find((t) => t.state === 'sold')!;
    expect((await check(a.session.id, gate.id, refunded.code)).body).toMatchObject({ result: 'refused', reason: 'refunded' });
    const pkg = await ok(suite.c, 'GET', ticketApi(`check/offline/${a.session.id}`));
    expect(pkg.revoked).toEqual([await offlineCodeHash(pkg.salt, refunded.code)]);
    expect(pkg.tickets.map((v: { hash: string }) => v.hash)).toEqual([await offlineCodeHash(pkg.salt, kept.code)]);
    expect(base64urlDecode(pkg.publicKey)).toHaveLength(32);
    // The device's public key verifies the list's signed QR code; the private key is sealed at rest.
    const pub = crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: pkg.publicKey }, format: 'jwk' });
    const [qp, qb, qs] = (await qrOf(suite.c, kept.id)).split('.') as [string, string, string];
    expect(crypto.verify(null, Buffer.from(`${qp}.${qb}`), pub, Buffer.from(base64urlDecode(qs)))).toBe(true);
    const [stored] = await suite.s.database.query<{ private_key_enc: string }>(`select private_key_enc from sport_ticket_session_key where session_id = $1`, [
      a.session.id,
    ]);
    expect(stored!.private_key_enc.startsWith('v1.')).toBe(true);

    // Unpaid: no QR code, and refused at the gate.
    const held = await ok(suite.c, 'POST', ticketApi('order'), { sessionId: a.session.id, levelId: a.levelId, quantity: 1 });
    const heldTicket = (await ok(suite.c, 'POST', ticketApi('list'), { orderId: held.orderId })).data[0];
    expect((await check(a.session.id, gate.id, heldTicket.code)).body).toMatchObject({ result: 'refused', reason: 'held' });
    const noQr = await suite.c.json('GET', ticketApi(`qr/${heldTicket.id}`), { lang: 'en-US' });
    expect(noQr.code).toBe(Code.CONFLICT);
    expect(noQr.msg).toBe('Only sold or used tickets have an entry QR code');

    // Tampered: the body names another ticket's code under the first one's signature; or the signature is altered.
    const payload = await qrOf(suite.c, kept.id);
    const [prefix, body, sig] = payload.split('.') as [string, string, string];
    const otherBody = base64urlEncode(new TextEncoder().encode(new TextDecoder().decode(base64urlDecode(body)).replace(kept.code, b.tickets[0]!.code)));
    const bits = base64urlDecode(sig);
    bits[0] = bits[0]! ^ 1;
    for (const forged of [`${prefix}.${otherBody}.${sig}`, `${prefix}.${body}.${base64urlEncode(bits)}`]) {
      const res = await check(a.session.id, gate.id, forged);
      expect(res.body).toMatchObject({ result: 'refused', reason: 'badSignature' });
    }
    // The genuine one still enters.
    expect((await check(a.session.id, gate.id, payload)).body.result).toBe('admitted');

    // A closed gate checks nothing.
    const closed = await ok(suite.c, 'PUT', ticketApi(`gate/${gate.id}`), { status: 1, version: gate.version });
    const res = await suite.c.json('POST', ticketApi('check'), { body: { sessionId: a.session.id, gateId: closed.id, code: kept.code }, lang: 'en-US' });
    expect(res.code).toBe(Code.CONFLICT);
    expect(res.msg).toContain('is closed');
  });

  it('the offline package holds no ticket code in clear: public key, window, and code hashes keyed per package (two downloads share no hash)', async () => {
    const { session, tickets } = await soldTickets(suite.c, 3);
    const gate = await makeGate(suite.c);
    expect((await check(session.id, gate.id, tickets[0]!.code)).body.result).toBe('admitted');
    const raw = await suite.c.json('GET', ticketApi(`check/offline/${session.id}`));
    expect(raw.code, raw.msg).toBe(0);
    const text = JSON.stringify(raw.body);
    for (const t of tickets) {
      expect(text).not.toContain(t.code);
      expect(text.toLowerCase()).not.toContain(t.code.toLowerCase());
    }
    const pkg = raw.body;
    expect(Object.keys(pkg).sort()).toEqual([
      'closesAt',
      'endAt',
      'generatedAt',
      'opensAt',
      'projectName',
      'publicKey',
      'revoked',
      'salt',
      'sessionId',
      'sessionName',
      'startAt',
      'tickets',
    ]);
    expect(base64urlDecode(pkg.salt)).toHaveLength(16);
    // The device finds a code it holds by its hash: ticket 0 is used, the others may enter.
    const byHash = new Map(pkg.tickets.map((x: { hash: string; used: boolean }) => [x.hash, x.used]));
    expect(await Promise.all(tickets.map(async (t) => byHash.get(await offlineCodeHash(pkg.salt, t.code))))).toEqual([true, false, false]);
    // Another download: another salt, so no hash repeats across packages.
    const again = await ok(suite.c, 'GET', ticketApi(`check/offline/${session.id}`));
    expect(again.salt).not.toBe(pkg.salt);
    expect(again.tickets.some((x: { hash: string }) => byHash.has(x.hash))).toBe(false);
    // The window: from 2 hours before the start to 3 hours after it (no end given).
    expect(Date.parse(pkg.opensAt)).toBe(Date.parse(session.startAt) - 120 * 60_000);
    expect(Date.parse(pkg.closesAt)).toBe(Date.parse(session.startAt) + 180 * 60_000);
  });

  it("the gate window: a ticket of a session two weeks away is refused with the session's times; a supervisor admits it with a reason (logged); a checker without the right may not; the window is set per session", async () => {
    const gate = await makeGate(suite.c);
    const startAt = new Date(Date.now() + 14 * 86400_000);
    const { session, tickets } = await soldTickets(
      suite.c,
      3,
      10,
      {},
      { startAt: startAt.toISOString(), endAt: new Date(startAt.getTime() + 2 * 3600_000).toISOString() },
    );
    expect(session).toMatchObject({ gateOpenMinutes: 120, gateCloseMinutes: 0 });
    const early = await suite.c.json('POST', ticketApi('check'), { body: { sessionId: session.id, gateId: gate.id, code: tickets[0]!.code }, lang: 'en-US' });
    expect(early.body).toMatchObject({ result: 'refused', reason: 'outsideWindow', overridden: false });
    expect(Date.parse(early.body.window.startAt)).toBe(startAt.getTime());
    expect(Date.parse(early.body.window.opensAt)).toBe(startAt.getTime() - 2 * 3600_000);
    expect(Date.parse(early.body.window.closesAt)).toBe(startAt.getTime() + 2 * 3600_000);
    expect((await ok(suite.c, 'GET', ticketApi(`check/summary/${session.id}`))).admitted).toBe(0);
    // The signed QR code too; and a used or unknown ticket keeps its own reason.
    expect((await check(session.id, gate.id, await qrOf(suite.c, tickets[1]!.id))).body.reason).toBe('outsideWindow');

    // A checker without the override: 100420 when giving a reason, nothing admitted.
    const role = await makeRole(suite.admin, suite.staff.orgId);
    const tree = await suite.admin.json<{ id: number; key: string; children?: unknown[] }[]>('GET', '/api/system/menu/tree');
    const ids: number[] = [];
    const walk = (nodes: { id: number; key: string; children?: unknown[] }[]) =>
      nodes.forEach((n) => {
        if (n.key === 'sport.ticket.check' || n.key === 'ticket') ids.push(n.id);
        walk((n.children ?? []) as typeof nodes);
      });
    walk(tree.body);
    expect((await suite.admin.json('PUT', `/api/system/role/${role.id}/menus`, { body: { menuIds: ids } })).code).toBe(0);
    const checker = await signIn(suite.s, (await makeUser(suite.admin, suite.staff.orgId, { roleIds: [role.id] })).code, 'Pass1234');
    expect((await check(session.id, gate.id, tickets[0]!.code, checker)).body.reason).toBe('outsideWindow');
    const refused = await checker.json('POST', ticketApi('check'), {
      body: { sessionId: session.id, gateId: gate.id, code: tickets[0]!.code, overrideReason: '熟人' },
      lang: 'en-US',
    });
    expect(refused.code).toBe(Code.FORBIDDEN);
    expect(refused.msg).toBe('Only a supervisor may admit a ticket outside the gate window');

    // The supervisor (the staff hold the screen with its buttons) admits it, the reason logged with the scan.
    const over = await suite.c.json('POST', ticketApi('check'), {
      body: { sessionId: session.id, gateId: gate.id, code: tickets[0]!.code, overrideReason: '嘉宾提前彩排' },
    });
    expect(over.body).toMatchObject({ result: 'admitted', reason: null, overridden: true });
    expect(Date.parse(over.body.window.startAt)).toBe(startAt.getTime());
    const logged = (await ok(suite.c, 'POST', ticketApi('check/scans'), { sessionId: session.id })).data as {
      result: string;
      reason: string | null;
      overrideReason: string | null;
    }[];
    expect(logged[0]).toMatchObject({ result: 'admitted', overrideReason: '嘉宾提前彩排' });
    expect(logged.slice(1).every((x) => x.result === 'refused' && x.reason === 'outsideWindow' && x.overrideReason === null)).toBe(true);
    // An override never admits what the window did not keep out: used stays used.
    expect(
      (await suite.c.json('POST', ticketApi('check'), { body: { sessionId: session.id, gateId: gate.id, code: tickets[0]!.code, overrideReason: '再来' } }))
        .body,
    ).toMatchObject({ result: 'refused', reason: 'used', overridden: false });

    // A window set per session: opened 15 days ahead, the same session admits without override.
    const wide = await ok(suite.c, 'PUT', ticketApi(`session/${session.id}`), { gateOpenMinutes: 10080, version: session.version });
    expect(wide.gateOpenMinutes).toBe(10080);
    expect((await check(session.id, gate.id, tickets[2]!.code)).body.reason).toBe('outsideWindow'); // 14 days > 7 days
    const bad = await suite.c.json('PUT', ticketApi(`session/${session.id}`), { body: { gateOpenMinutes: 10081, version: wide.version } });
    expect(bad.code).toBe(Code.INVALID);
    // After the end (a session that ended an hour ago, closing at its end): refused too.
    const past = await soldTickets(
      suite.c,
      1,
      10,
      {},
      { startAt: new Date(Date.now() - 3 * 3600_000).toISOString(), endAt: new Date(Date.now() - 3600_000).toISOString() },
    );
    expect((await check(past.session.id, gate.id, past.tickets[0]!.code)).body.reason).toBe('outsideWindow');
    const later = await ok(suite.c, 'PUT', ticketApi(`session/${past.session.id}`), { gateCloseMinutes: 120, version: past.session.version });
    expect(later.gateCloseMinutes).toBe(120);
    expect((await check(past.session.id, gate.id, past.tickets[0]!.code)).body.result).toBe('admitted');
  });

  it("a gate of another venue than the session's refuses its tickets; a gate of its venue, or of none, admits them", async () => {
    await grantMenus(suite.admin, suite.staff.roleId, VENUE_KEYS);
    const arena = (await makeVenue(suite.c, { n: 1 })).venue;
    // One venue per organisation: the pool is a branch's (below the staff's organisation, in their reach).
    const branch = await makeOrg(suite.admin, suite.staff.orgId);
    const pool = await ok(suite.c, 'POST', '/api/stadium/stadiumInfo/insert', {
      orgId: branch.id,
      stadiumName: `泳馆${Date.now()}`,
      timeZone: 'Asia/Shanghai',
      openTime: '08:00',
      closeTime: '22:00',
      slotMinutes: 60,
      sportcatItems: ['swimming'],
    });
    // The gate form picks among the venues in the caller's reach.
    expect((await ok(suite.c, 'GET', ticketApi('gate/venues'))).data.map((v: { id: number }) => v.id).sort()).toEqual([arena.id, pool.id].sort());
    const poolGate = await ok(suite.c, 'POST', ticketApi('gate'), { name: `泳馆门${Date.now()}`, venueId: pool.id });
    const arenaGate = await ok(suite.c, 'POST', ticketApi('gate'), { name: `球馆门${Date.now()}`, venueId: arena.id });
    expect(arenaGate.venueName).toEqual(expect.any(String));
    const anyGate = await makeGate(suite.c);
    const { session, tickets } = await soldTickets(suite.c, 2, 10, { venueId: arena.id });
    expect((await check(session.id, poolGate.id, tickets[0]!.code)).body).toMatchObject({ result: 'refused', reason: 'wrongGate' });
    expect((await check(session.id, arenaGate.id, tickets[0]!.code)).body.result).toBe('admitted');
    expect((await check(session.id, anyGate.id, tickets[1]!.code)).body.result).toBe('admitted');
  });

  it('offline devices: an upload is idempotent; two devices that admitted one ticket are reported as a conflict with both admissions', async () => {
    const east = await makeGate(suite.c, '东门');
    const west = await makeGate(suite.c, '西门');
    const { session, tickets } = await soldTickets(suite.c, 3);
    const at = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    const qr0 = await qrOf(suite.c, tickets[0]!.id);
    const deviceA = {
      deviceId: 'device-east-1',
      gateId: east.id,
      scans: [
        { uid: 'east-0001-aaaa', sessionId: session.id, code: qr0, scannedAt: at(10), result: 'admitted' },
        { uid: 'east-0002-aaaa', sessionId: session.id, code: await qrOf(suite.c, tickets[1]!.id), scannedAt: at(9), result: 'admitted' },
        { uid: 'east-0003-aaaa', sessionId: session.id, code: 'VT1.bad.sig', scannedAt: at(8), result: 'refused', reason: 'badSignature' },
      ],
    };
    const up = await ok(suite.c, 'POST', ticketApi('check/upload'), deviceA);
    expect(up).toMatchObject({ recorded: 3, duplicates: 0, conflicts: 0 });
    const again = await ok(suite.c, 'POST', ticketApi('check/upload'), deviceA);
    expect(again).toMatchObject({ recorded: 0, duplicates: 3, conflicts: 0 });
    expect(await ok(suite.c, 'GET', ticketApi(`check/summary/${session.id}`))).toEqual({ admitted: 2, sold: 3 });
    expect((await scans(session.id)).filter((x) => x.source === 'offline')).toHaveLength(3);

    // Device B admitted ticket 0 too while offline: a conflict naming both admissions.
    const deviceB = {
      deviceId: 'device-west-1',
      gateId: west.id,
      scans: [{ uid: 'west-0001-bbbb', sessionId: session.id, code: qr0, scannedAt: at(5), result: 'admitted' }],
    };
    expect(await ok(suite.c, 'POST', ticketApi('check/upload'), deviceB)).toMatchObject({
      recorded: 0,
      conflicts: 1,
      results: [{ uid: 'west-0001-bbbb', status: 'conflict' }],
    });
    expect(await ok(suite.c, 'POST', ticketApi('check/upload'), deviceB)).toMatchObject({ duplicates: 1, conflicts: 0 });
    const conflicts = await ok(suite.c, 'POST', ticketApi('check/conflicts'), { sessionId: session.id });
    expect(conflicts.total).toBe(1);
    expect(conflicts.data[0]).toMatchObject({
      code: tickets[0]!.code,
      reason: 'used',
      first: { gateName: '东门', deviceId: 'device-east-1', source: 'offline' },
      second: { gateName: '西门', deviceId: 'device-west-1', source: 'offline' },
    });
    // An offline admission of a ticket already used online is a conflict too.
    expect((await check(session.id, east.id, tickets[2]!.code)).body.result).toBe('admitted');
    await ok(suite.c, 'POST', ticketApi('check/upload'), {
      deviceId: 'device-west-1',
      gateId: west.id,
      scans: [{ uid: 'west-0002-bbbb', sessionId: session.id, code: await qrOf(suite.c, tickets[2]!.id), scannedAt: at(1), result: 'admitted' }],
    });
    const two = await ok(suite.c, 'POST', ticketApi('check/conflicts'), { sessionId: session.id });
    expect(two.data[0]).toMatchObject({ code: tickets[2]!.code, first: { gateName: '东门', source: 'online' }, second: { deviceId: 'device-west-1' } });
  });

  it('offline uploads admit only signed codes scanned within the window: a typed number, a tampered signature and a scan outside the window are refused and the genuine holders still enter', async () => {
    const gate = await makeGate(suite.c, '离线门');
    const { session, tickets } = await soldTickets(suite.c, 4);
    const at = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    const [p1, b1, sig1] = (await qrOf(suite.c, tickets[1]!.id)).split('.') as [string, string, string];
    const sig = base64urlDecode(sig1);
    sig[0] ^= 1;
    const tampered = `${p1}.${b1}.${base64urlEncode(sig)}`;
    const upload = {
      deviceId: 'device-old-build',
      gateId: gate.id,
      scans: [
        // An old build, or anyone holding a device token, reports a typed number as admitted.
        { uid: 'old-0001-typed', sessionId: session.id, code: tickets[0]!.code, scannedAt: at(5), result: 'admitted' },
        { uid: 'old-0002-tampr', sessionId: session.id, code: tampered, scannedAt: at(4), result: 'admitted' },
        // The session starts in an hour, its window opens an hour ago: 90 minutes ago is outside.
        { uid: 'old-0003-early', sessionId: session.id, code: await qrOf(suite.c, tickets[2]!.id), scannedAt: at(90), result: 'admitted' },
        { uid: 'old-0004-valid', sessionId: session.id, code: await qrOf(suite.c, tickets[3]!.id), scannedAt: at(3), result: 'admitted' },
      ],
    };
    const up = await ok(suite.c, 'POST', ticketApi('check/upload'), upload);
    expect(up).toMatchObject({ recorded: 1, duplicates: 0, conflicts: 0, refused: 3 });
    expect(up.results).toEqual([
      { uid: 'old-0001-typed', status: 'refused', reason: 'needsOnline' },
      { uid: 'old-0002-tampr', status: 'refused', reason: 'badSignature' },
      { uid: 'old-0003-early', status: 'refused', reason: 'outsideWindow' },
      { uid: 'old-0004-valid', status: 'recorded', reason: null },
    ]);
    expect(await ok(suite.c, 'GET', ticketApi(`check/summary/${session.id}`))).toEqual({ admitted: 1, sold: 4 });
    // Uploading again changes nothing.
    expect(await ok(suite.c, 'POST', ticketApi('check/upload'), upload)).toMatchObject({ recorded: 0, duplicates: 4, refused: 0 });
    // The genuine holders enter, with no conflict recorded.
    for (const i of [0, 1, 2]) expect((await check(session.id, gate.id, await qrOf(suite.c, tickets[i]!.id))).body).toMatchObject({ result: 'admitted' });
    expect((await check(session.id, gate.id, tickets[3]!.code)).body).toMatchObject({ result: 'refused', reason: 'used' });
    expect((await ok(suite.c, 'POST', ticketApi('check/conflicts'), { sessionId: session.id })).total).toBe(0);
    const offline = (await scans(session.id)).filter((x) => x.source === 'offline').map((x) => [x.code, x.result, x.reason]);
    expect(offline).toEqual([
      [tickets[3]!.code, 'admitted', null],
      [tickets[2]!.code, 'refused', 'outsideWindow'],
      [tickets[1]!.code, 'refused', 'badSignature'],
      [tickets[0]!.code, 'refused', 'needsOnline'],
    ]);
  });

  it('gates: add, edit with the version, a duplicate name named, delete; collection once per ticket with its paper number; a reprint logged with its reason', async () => {
    const g = await makeGate(suite.c, '贵宾通道');
    const dup = await suite.c.json('POST', ticketApi('gate'), { body: { name: '贵宾通道' }, lang: 'en-US' });
    expect(dup.code).toBe(Code.CONFLICT);
    expect(dup.detail.reason).toBe('duplicate');
    const stale = await suite.c.json('PUT', ticketApi(`gate/${g.id}`), { body: { name: 'x', version: 9 } });
    expect(stale.detail.reason).toBe('stale');
    expect((await ok(suite.c, 'POST', ticketApi('gate/list'), { name: '贵宾' })).data.map((x: { name: string }) => x.name)).toEqual(['贵宾通道']);
    expect(await ok(suite.c, 'DELETE', ticketApi(`gate/${g.id}`))).toEqual({ deleted: 1 });

    const { tickets } = await soldTickets(suite.c, 2);
    const found = await ok(suite.c, 'POST', ticketApi('collection/find'), { code: await qrOf(suite.c, tickets[0]!.id) });
    expect(found).toMatchObject({ ticket: { code: tickets[0]!.code, state: 'sold' }, collection: null });
    const paperNo = `P${Date.now()}`;
    const got = await ok(suite.c, 'POST', ticketApi('collection'), { code: tickets[0]!.code, paperNo, remark: '窗口 2' });
    expect(got).toMatchObject({ code: tickets[0]!.code, paperNo, remark: '窗口 2', collectedByName: expect.any(String) });
    const twice = await suite.c.json('POST', ticketApi('collection'), { body: { code: tickets[0]!.code, paperNo: `${paperNo}-2` }, lang: 'en-US' });
    expect(twice.code).toBe(Code.CONFLICT);
    expect(twice.msg).toBe(`This ticket was collected on paper already (paper no. ${paperNo})`);
    const samePaper = await suite.c.json('POST', ticketApi('collection'), { body: { code: tickets[1]!.code, paperNo } });
    expect(samePaper.detail.reason).toBe('duplicate');
    const badCode = await suite.c.json('POST', ticketApi('collection'), { body: { code: 'ZZZZZZZZ', paperNo: 'x1' }, lang: 'en-US' });
    expect(badCode.code).toBe(Code.FORM_INVALID);
    expect(badCode.detail[0]).toMatchObject({ field: 'code', message: 'No ticket has this code' });
    expect((await ok(suite.c, 'POST', ticketApi('collection/list'), { paperNo })).data.map((x: { code: string }) => x.code)).toEqual([tickets[0]!.code]);

    await ok(suite.c, 'POST', ticketApi('print'), { ticketIds: [tickets[1]!.id] }); // a reprint follows a first print
    const printed = await ok(suite.c, 'POST', ticketApi('reprint'), { ticketId: tickets[1]!.id, reason: '原票污损' });
    expect(printed.payload.startsWith('VT1.')).toBe(true);
    expect(printed.reprint).toMatchObject({ reason: '原票污损', ticketId: tickets[1]!.id });
    expect((await ok(suite.c, 'GET', ticketApi(`reprint/list/${tickets[1]!.id}`))).data.map((r: { reason: string }) => r.reason)).toEqual(['原票污损']);
    const noReason = await suite.c.json('POST', ticketApi('reprint'), { body: { ticketId: tickets[1]!.id, reason: ' ' } });
    expect(noReason.code).toBe(Code.INVALID);
  });

  it("another organisation's tickets, gates and sessions answer 100404 and stay unchanged", async () => {
    const other = await gateStaff(suite.s, suite.admin, suite.platformId);
    const mine = await soldTickets(suite.c, 1);
    const myGate = await makeGate(suite.c);
    const theirGate = await makeGate(other.c);
    const theirs = await soldTickets(other.c, 1);
    for (const res of [
      await check(mine.session.id, theirGate.id, mine.tickets[0]!.code),
      await check(theirs.session.id, myGate.id, theirs.tickets[0]!.code),
      await suite.c.json('GET', ticketApi(`qr/${theirs.tickets[0]!.id}`)),
      await suite.c.json('GET', ticketApi(`gate/${theirGate.id}`)),
      await suite.c.json('PUT', ticketApi(`gate/${theirGate.id}`), { body: { name: 'mine now', version: 1 } }),
      await suite.c.json('GET', ticketApi(`check/offline/${theirs.session.id}`)),
      await suite.c.json('POST', ticketApi('reprint'), { body: { ticketId: theirs.tickets[0]!.id, reason: 'x' } }),
      await suite.c.json('POST', ticketApi('check/upload'), {
        body: {
          deviceId: 'dev-x',
          gateId: theirGate.id,
          scans: [{ uid: 'x-0000-0001', sessionId: theirs.session.id, code: theirs.tickets[0]!.code, scannedAt: new Date().toISOString(), result: 'admitted' }],
        },
      }),
    ])
      expect(res.code, JSON.stringify(res.body)).toBe(Code.NOT_FOUND);
    // My gate and session, their ticket's code: unknown to me.
    expect((await check(mine.session.id, myGate.id, theirs.tickets[0]!.code)).body).toMatchObject({ result: 'refused', reason: 'unknown' });
    expect((await ok(other.c, 'POST', ticketApi('list'), { orderId: theirs.orderId })).data[0].state).toBe('sold');
    expect((await ok(other.c, 'GET', ticketApi(`gate/${theirGate.id}`))).name).toBe(theirGate.name);
  });

  it('a user without the checking screen is refused (100420); one with it checks', async () => {
    const role = await makeRole(suite.admin, suite.staff.orgId);
    await grantMenus(suite.admin, role.id, ['sport.ticket.list']);
    const seller = await signIn(suite.s, (await makeUser(suite.admin, suite.staff.orgId, { roleIds: [role.id] })).code, 'Pass1234');
    const gate = await makeGate(suite.c);
    const { session, tickets } = await soldTickets(suite.c, 1);
    expect((await check(session.id, gate.id, tickets[0]!.code, seller)).code).toBe(Code.FORBIDDEN);
    expect((await seller.json('POST', ticketApi('gate'), { body: { name: 'x' } })).code).toBe(Code.FORBIDDEN);
    // The list's QR code is theirs to show.
    expect((await seller.json('GET', ticketApi(`qr/${tickets[0]!.id}`))).code).toBe(0);
  });

  it.runIf(kind === 'postgres')('races on PostgreSQL: 12 gates scanning one ticket at once admit it exactly once', async () => {
    const gates = await Promise.all(Array.from({ length: 4 }, (_, i) => makeGate(suite.c, `并发${i}-${Date.now()}`)));
    const { session, tickets } = await soldTickets(suite.c, 3);
    for (const t of tickets) {
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => check(session.id, gates[i % 4]!.id, t.code)));
      expect(results.every((r) => r.code === 0)).toBe(true);
      expect(results.filter((r) => r.body.result === 'admitted')).toHaveLength(1);
      expect(results.filter((r) => r.body.reason === 'used')).toHaveLength(11);
    }
    const [row] = await suite.s.database.query<{ n: string }>(`select count(*) as n from sport_ticket_scan where session_id = $1 and result = 'admitted'`, [
      session.id,
    ]);
    expect(Number(row!.n)).toBe(3);
  });
});
