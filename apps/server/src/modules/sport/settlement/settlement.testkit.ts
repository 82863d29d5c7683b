import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../commerce/commerce.testkit.ts';
import { makeVenue, VENUE_KEYS } from '../venue/venue.testkit.ts';

/** The settlement screens (a screen's key grants its buttons too). */
export const SETTLEMENT_KEYS = ['sport.settlement.close', 'sport.settlement.reconcile', 'sport.settlement.clearing'];
export const settlementApi = (p: string) => `/api/sport/settlement/${p}`;

/**
 * A new organisation with its venue and two users holding the settlement, commerce and venue
 * screens: `c` sells and closes, `reviewer` approves refunds (someone other than the applicant).
 */
export async function settlementStaff(s: TestServer, admin: Client, parentId: number) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...SETTLEMENT_KEYS, ...COMMERCE_KEYS, ...VENUE_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const second = await makeUser(admin, org.id, { roleIds: [role.id] });
  const c = await signIn(s, user.code, 'Pass1234');
  const { venue } = await makeVenue(c, { n: 1 });
  return { orgId: org.id, c, userId: user.id, reviewer: await signIn(s, second.code, 'Pass1234'), venue };
}
