import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../commerce/commerce.testkit.ts';
import { GOODS_KEYS, ok } from '../goods/goods.testkit.ts';
import { MEMBER_KEYS, addMember, newPhone } from '../member/member.testkit.ts';
import { makeVenue, VENUE_KEYS } from '../venue/venue.testkit.ts';

/** The coupon screens (a screen's key grants its buttons too). */
export const COUPON_KEYS = ['sport.coupon.management', 'sport.refund.returnBillAndCoupon'];

export const couponApi = (p: string) => `/api/sport/coupon/${p}`;

export { ok } from '../goods/goods.testkit.ts';
export { seedCouponDemo } from './coupon.seed.ts';

/**
 * A new organisation under `parentId` with a venue of `n` sites (each hour `priceFen`), a user who
 * holds the coupon, venue, member and commerce screens, and `reviewer`: a second user of the same
 * role (a refund is approved by another user).
 */
export async function couponStaff(s: TestServer, admin: Client, parentId: number, venue: Parameters<typeof makeVenue>[1] = {}) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...COUPON_KEYS, ...VENUE_KEYS, ...MEMBER_KEYS, ...GOODS_KEYS, ...COMMERCE_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const second = await makeUser(admin, org.id, { roleIds: [role.id] });
  const c = await signIn(s, user.code, 'Pass1234');
  const made = await makeVenue(c, { n: 2, open: '00:00', close: '24:00', ...venue });
  return { orgId: org.id, c, userId: user.id, reviewer: await signIn(s, second.code, 'Pass1234'), ...made };
}

export const member = (c: Client, extra: Record<string, unknown> = {}) => addMember(c, { name: '券会员', phone: newPhone(), ...extra });

/** The fixed call's template: `amount` off above a threshold, with limits and dates (and a code when given). */
export async function amountTemplate(c: Client, extra: Record<string, unknown> = {}) {
  return ok<{ id: number; code: string | null; version: number; taken: number }>(c, 'POST', couponApi('template'), {
    name: '满100减20',
    kind: 'amount',
    valueFen: 2000,
    thresholdFen: 10000,
    totalLimit: 100,
    perMemberLimit: 1,
    validFrom: new Date(Date.now() - 86_400_000).toISOString(),
    validTo: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    ...extra,
  });
}

export const stats = (c: Client, id: number) =>
  ok<{ issued: number; held: number; used: number; released: number; returned: number; spent: number }>(c, 'POST', couponApi(`template/${id}/stats`));
