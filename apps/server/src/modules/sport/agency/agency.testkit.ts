import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../commerce/commerce.testkit.ts';
import { makeVenue, VENUE_KEYS } from '../venue/venue.testkit.ts';

/** The agency screens (a screen's key grants its buttons too). */
export const AGENCY_KEYS = ['sport.agency.contract', 'sport.agency.liquidation', 'sport.agency.settlement'];
export const agencyApi = (p: string) => `/api/sport/agency/${p}`;

/**
 * A new organisation with its venue and two users holding the agency, commerce and venue screens:
 * `c` sells, computes and approves, `reviewer` approves refunds (and races `c`).
 */
export async function agencyStaff(s: TestServer, admin: Client, parentId: number) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...AGENCY_KEYS, ...COMMERCE_KEYS, ...VENUE_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const second = await makeUser(admin, org.id, { roleIds: [role.id] });
  const c = await signIn(s, user.code, 'Pass1234');
  const { venue } = await makeVenue(c, { n: 1 });
  return { orgId: org.id, c, userId: user.id, reviewer: await signIn(s, second.code, 'Pass1234'), venue };
}
