import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn, uniq } from '../../system/admin.testkit.ts';
import { addMember, MEMBER_KEYS, newPhone } from '../member/member.testkit.ts';
import { makeVenue, VENUE_KEYS } from '../venue/venue.testkit.ts';
import { GateSim } from './gate.sim.ts';

/** The equipment screens (a screen's key grants its buttons too). */
export const EQUIPMENT_KEYS = ['sport.equipment.list', 'sport.gate.personnel', 'sport.gate.log', 'sport.golf.position'];
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
