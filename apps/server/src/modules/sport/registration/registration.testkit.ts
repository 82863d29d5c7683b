import { expect } from 'vitest';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn, uniq } from '../../system/admin.testkit.ts';
import { addMember, MEMBER_KEYS, newPhone } from '../member/member.testkit.ts';
import { makeVenue, VENUE_KEYS } from '../venue/venue.testkit.ts';
import { COMMERCE_KEYS } from '../commerce/commerce.testkit.ts';

/** The registration screens (a screen's key grants its buttons too). */
export const REGISTRATION_KEYS = ['sport.registration.entry', 'sport.pickup.records'];
export const regApi = (p: string) => `/api/sport/registration/${p}`;

export async function ok<T = any>(c: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

/** A new organisation with a venue, a user holding the registration, venue, member and order screens (payments and refunds), and a member. */
export async function registrationStaff(s: TestServer, admin: Client, parentId: number) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...REGISTRATION_KEYS, ...VENUE_KEYS, ...MEMBER_KEYS, ...COMMERCE_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const c = await signIn(s, user.code, 'Pass1234');
  const { venue } = await makeVenue(c, { n: 1 });
  const member = await newMember(c);
  return { orgId: org.id, c, userId: user.id, venue, member };
}

export const newMember = (c: Client) => addMember(c, { name: uniq('选手').slice(0, 20), phone: newPhone() });

export interface EventMade {
  id: number;
  sessions: { id: number; capacity: number; held: number; place: string; startTime: string }[];
}

const HOUR = 3_600_000;
/** An event of the venue with sessions a week from now (`capacity` places each, an hour apart unless given). */
export async function makeEvent(
  c: Client,
  stadiumId: number,
  o: { eventType?: string; priceFen?: number; sessions?: { capacity: number; place?: string; startsIn?: number; hours?: number }[] } = {},
): Promise<EventMade> {
  const base = Date.now() + 7 * 24 * HOUR;
  return ok<EventMade>(c, 'POST', regApi('event'), {
    stadiumId,
    name: uniq('公开赛').slice(0, 60),
    eventType: o.eventType ?? 'tournament',
    priceFen: o.priceFen ?? 5_000,
    sessions: (o.sessions ?? [{ capacity: 10 }, { capacity: 10 }]).map((s, i) => ({
      startTime: new Date(base + (s.startsIn ?? i * 3) * HOUR).toISOString(),
      endTime: new Date(base + ((s.startsIn ?? i * 3) + (s.hours ?? 2)) * HOUR).toISOString(),
      place: s.place ?? `场地${i + 1}`,
      capacity: s.capacity,
    })),
  });
}

/** An entry made and paid in cash. */
export async function enterPaid(c: Client, sessionId: number, memberId: number) {
  const made = await ok<{ entryId: number; orderId: number; amount: number }>(c, 'POST', regApi('entry'), { sessionId, memberId });
  if (made.amount > 0) await ok(c, 'POST', `/api/sport/commerce/order/${made.orderId}/pay`, { method: 'cash', amountFen: made.amount });
  return made;
}

export const entryOf = (c: Client, id: number) =>
  ok<{
    id: number;
    state: string;
    version: number;
    kitState: string;
    bibNo: string | null;
    sessionId: number;
    admittedTime: string | null;
    orderState: string;
  }>(c, 'GET', regApi(`entry/${id}`));
