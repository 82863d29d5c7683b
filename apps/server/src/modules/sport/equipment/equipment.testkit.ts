import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn, uniq } from '../../system/admin.testkit.ts';
import { addMember, MEMBER_KEYS, newPhone } from '../member/member.testkit.ts';
import { makeVenue, VENUE_KEYS } from '../venue/venue.testkit.ts';
import { COMMERCE_KEYS } from '../commerce/commerce.testkit.ts';
import { GateSim } from './gate.sim.ts';

// The demo bracelets (the statistics demo test reads their deposits).
export { seedBraceletDemo } from './bracelet.seed.ts';

/** The equipment screens (a screen's key grants its buttons too). */
export const EQUIPMENT_KEYS = ['sport.equipment.list', 'sport.gate.personnel', 'sport.gate.log', 'sport.golf.position', 'sport.bracelet.log'];
export const equipmentApi = (p: string) => `/api/sport/equipment/${p}`;

export async function ok<T = any>(c: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

let snSeq = Math.floor(Math.random() * 1e6);
/** A serial number no other test uses. */
export const newSn = () => `SIM${Date.now().toString(36).toUpperCase()}${(snSeq++).toString(36).toUpperCase()}`.slice(0, 32);

/** The server's address, listening on a free port (the simulator is a real HTTP client). */
export async function baseUrlOf(s: TestServer): Promise<string> {
  if (!s.app.server.listening) await s.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
}

/** A new organisation with a venue, a user holding the equipment, venue and member screens, a member, and a gate. */
export async function equipmentStaff(s: TestServer, admin: Client, parentId: number) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...EQUIPMENT_KEYS, ...VENUE_KEYS, ...MEMBER_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const c = await signIn(s, user.code, 'Pass1234');
  const { venue } = await makeVenue(c, { n: 1 });
  const member = await addMember(c, { name: uniq('会员').slice(0, 20), phone: newPhone() });
  const gate = await ok<{ id: number; sn: string; version: number }>(c, 'POST', equipmentApi('device'), {
    stadiumId: venue.id,
    kind: 'gate',
    sn: newSn(),
    name: uniq('闸机').slice(0, 60),
  });
  return { orgId: org.id, c, userId: user.id, venue, member, gate };
}

/** The equipment staff of `equipmentStaff`, who also takes payments and refunds (a bracelet's deposit). */
export async function braceletStaff(s: TestServer, admin: Client, parentId: number, venueOpts: Parameters<typeof makeVenue>[1] = { n: 1 }) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...EQUIPMENT_KEYS, ...VENUE_KEYS, ...MEMBER_KEYS, ...COMMERCE_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const c = await signIn(s, user.code, 'Pass1234');
  const { venue, sites } = await makeVenue(c, venueOpts);
  const member = await addMember(c, { name: uniq('会员').slice(0, 20), phone: newPhone() });
  const gate = await ok<{ id: number; sn: string; version: number }>(c, 'POST', equipmentApi('device'), {
    stadiumId: venue.id,
    kind: 'gate',
    sn: newSn(),
    name: uniq('闸机').slice(0, 60),
  });
  return { orgId: org.id, c, userId: user.id, venue, sites, member, gate };
}

let codeSeq = Math.floor(Math.random() * 1e6);
/** A bracelet code no other test uses (letters and digits, not a PIN's shape). */
export const newBraceletCode = () => `BR${Date.now().toString(36).toUpperCase()}${(codeSeq++).toString(36).toUpperCase()}`.slice(0, 24);

/** A bracelet issued and its deposit paid in cash: the bracelet as the log's issue row shows it. */
export async function issuePaid(c: Client, body: Record<string, unknown>) {
  const made = await ok<{ orderId: number; orderNo: string; amount: number }>(c, 'POST', equipmentApi('bracelet/issue'), body);
  await ok(c, 'POST', `/api/sport/commerce/order/${made.orderId}/pay`, { method: 'cash', amountFen: made.amount });
  const log = await ok<{ data: { braceletId: number; braceletVersion: number; braceletState: string; action: string }[] }>(
    c,
    'POST',
    equipmentApi('bracelet/log/list'),
    { pageNum: 1, pageSize: 1, code: body.code },
  );
  return { ...made, braceletId: log.data[0]!.braceletId, version: log.data[0]!.braceletVersion, state: log.data[0]!.braceletState };
}

/** A simulated gate of a registered device, handshaken. */
export async function simOf(s: TestServer, sn: string): Promise<GateSim> {
  const sim = new GateSim(await baseUrlOf(s), sn);
  const hello = await sim.handshake();
  expect(hello.status, hello.text).toBe(200);
  return sim;
}

/** The access log of a device. */
export const logOf = (c: Client, deviceId: number) =>
  ok<{ total: number; data: { pin: string; result: string | null; reason: string | null; grantedBy: string | null; opened: boolean; occurredTime: string }[] }>(
    c,
    'POST',
    equipmentApi('gate/log/list'),
    { pageNum: 1, pageSize: 500, deviceId },
  );

export { GateSim };
