import { expect } from 'vitest';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../commerce/commerce.testkit.ts';
import { CARD_KEYS } from '../card/card.testkit.ts';
import { COUPON_KEYS } from '../coupon/coupon.testkit.ts';
import { REGISTRATION_KEYS } from '../registration/registration.testkit.ts';
import { MEMBER_KEYS } from '../member/member.testkit.ts';
import { booking, makeVenue, VENUE_KEYS } from '../venue/venue.testkit.ts';

/** The campaign screens (a screen's key grants its buttons too). */
export const MARKETING_KEYS = ['sport.marketing.management'];
export const marketingApi = (p: string) => `/api/sport/marketing/${p}`;

export async function ok<T = any>(c: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

/**
 * A new organisation under `parentId` with a venue of `n` badminton sites open all day (each hour
 * ¥50), and a user who holds the campaign, coupon, card, registration, venue, member and commerce screens.
 */
export async function marketingStaff(s: TestServer, admin: Client, parentId: number, n = 3) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...MARKETING_KEYS, ...COUPON_KEYS, ...CARD_KEYS, ...REGISTRATION_KEYS, ...VENUE_KEYS, ...MEMBER_KEYS, ...COMMERCE_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const c = await signIn(s, user.code, 'Pass1234');
  const made = await makeVenue(c, { n, open: '00:00', close: '24:00', priceFen: 5_000 });
  return { orgId: org.id, c, userId: user.id, ...made };
}

/** A campaign running from yesterday for 30 days, every venue. */
export function campaign(c: Client, body: Record<string, unknown>) {
  return ok<{ id: number; version: number; usedFen: number; budgetFen: number; state: string }>(c, 'POST', marketingApi('campaign'), {
    validFrom: new Date(Date.now() - 86_400_000).toISOString(),
    validTo: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    ...body,
  });
}

export const campaignOf = (c: Client, id: number) =>
  ok<{ usedFen: number; budgetFen: number; state: string; version: number }>(c, 'GET', marketingApi(`campaign/${id}`));
export const usesOf = (c: Client, campaignId: number) =>
  ok<{ total: number; data: { what: string; state: string; orderId: number; orderNo: string; memberId: number | null; amountFen: number }[] }>(
    c,
    'POST',
    marketingApi('use/list'),
    { campaignId },
  );

/** A booking of one site's hours (for a member when given), awaiting payment: the raw answer. */
export function bookRaw(c: Client, stadiumId: number, date: string, siteId: number, start: string, end: string, memberId?: number) {
  return c.json('POST', booking('order'), {
    body: { stadiumId, date, items: [{ siteId, start, end }], ...(memberId ? { memberId } : { buyerName: '顾客' }) },
  });
}
export async function book(c: Client, stadiumId: number, date: string, siteId: number, start: string, end: string, memberId?: number) {
  const r = await bookRaw(c, stadiumId, date, siteId, start, end, memberId);
  expect(r.code, `${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body as { orderId: number; orderNo: string; amount: number };
}
