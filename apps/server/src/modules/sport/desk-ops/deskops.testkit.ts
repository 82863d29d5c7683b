import { expect } from 'vitest';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { CONTENT_KEYS } from '../content/content.testkit.ts';
import { GOODS_KEYS } from '../goods/goods.testkit.ts';
import { makeVenue, VENUE_KEYS } from '../venue/venue.testkit.ts';

/** The desk screens (a screen's key grants its buttons too). */
export const DESKOPS_KEYS = [
  'sport.deskops.feedback',
  'sport.deskops.workOrder',
  'sport.deskops.incident',
  'sport.deskops.queue',
  'sport.deskops.pageSettings',
];
export const deskApi = (p: string) => `/api/sport/deskops/${p}`;
export const queueApi = (p: string) => `/api/sport/queue/${p}`;

export async function ok<T = any>(c: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

/** A new organisation under `parentId` with a venue, a role holding the desk, venue and goods screens, and a user of that role signed in. */
export async function deskStaff(s: TestServer, admin: Client, parentId: number) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...DESKOPS_KEYS, ...VENUE_KEYS, ...GOODS_KEYS, ...CONTENT_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const c = await signIn(s, user.code, 'Pass1234');
  const { venue } = await makeVenue(c, { n: 1 });
  return { orgId: org.id, roleId: role.id, userId: user.id, c, venue };
}

/** The station messages a user received of a type, newest first. */
export async function stationOf(s: TestServer, userId: number, type: string) {
  return s.database.query<{ title: string; link: string | null }>(
    `select title, link from sys_station_message where user_id = $1 and type = $2 order by id desc`,
    [userId, type],
  );
}
