import { expect } from 'vitest';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn, uniq } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../commerce/commerce.testkit.ts';
import { VENUE_KEYS } from '../venue/venue.testkit.ts';

/** The sparring screens (a screen's key grants its buttons too). */
export const SPARRING_KEYS = ['sport.sparring.list', 'sport.sparring.prices', 'sport.sparring.audit'];

export const sparringApi = (p: string) => `/api/sport/sparring/${p}`;

/**
 * A new organisation under `parentId` with two users of one role holding every sparring, venue and
 * commerce permission: `c` asks for changes and books, `reviewer` approves (a change, a refund).
 */
export async function sparringStaff(s: TestServer, admin: Client, parentId: number) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...SPARRING_KEYS, ...VENUE_KEYS, ...COMMERCE_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const second = await makeUser(admin, org.id, { roleIds: [role.id] });
  return {
    orgId: org.id,
    c: await signIn(s, user.code, 'Pass1234'),
    userId: user.id,
    code: user.code,
    reviewer: await signIn(s, second.code, 'Pass1234'),
    reviewerId: second.id,
  };
}

/** A coach of an organisation (straight into the coach module's table: its screens are not under test here). */
export async function makeCoach(s: TestServer, orgId: number, level = 'senior', name = uniq('教练')): Promise<number> {
  const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const [row] = await s.database.query<{ id: string }>(
    `insert into sport_coach (org_id, name, phone, level, status) values ($1, $2, $3, $4, 'active') returning id`,
    [orgId, name, phone, level],
  );
  return Number(row!.id);
}

export async function ok<T = any>(c: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

/** A price group asked for by `c` and approved by `reviewer`: in force. Answers its id. */
export async function approvedGroup(c: Client, reviewer: Client, form: Record<string, unknown>): Promise<number> {
  const change = await ok<{ id: number }>(c, 'POST', sparringApi('priceGroup'), { remark: null, ...form });
  const done = await ok<{ groupId: number }>(reviewer, 'POST', sparringApi(`priceChange/${change.id}/approve`));
  return done.groupId;
}

/** Every day 08:00–22:00 at `fen` an hour for these coach levels. */
export const allDay = (fen: number, coachLevels = ['senior']) => ({
  name: uniq('价格组'),
  coachLevels,
  prices: [{ weekdays: [], start: '08:00', end: '22:00', memberLevel: null, priceFen: fen }],
});
