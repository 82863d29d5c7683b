import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../commerce/commerce.testkit.ts';
import { STATISTICS_KEYS } from '../statistics/statistics.testkit.ts';
import { makeVenue, VENUE_KEYS } from '../venue/venue.testkit.ts';

/** The report screens (a screen's key grants its buttons too). */
export const OPS_REPORT_KEYS = ['sport.opsReport.final', 'sport.opsReport.weekly'];
export const reportApi = (p: string) => `/api/sport/opsReport/${p}`;

/** A new organisation under `parentId` with a venue, and two users of the report, statistics, commerce and venue screens. */
export async function reportStaff(s: TestServer, admin: Client, parentId: number) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...OPS_REPORT_KEYS, ...STATISTICS_KEYS, ...COMMERCE_KEYS, ...VENUE_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const second = await makeUser(admin, org.id, { roleIds: [role.id] });
  const c = await signIn(s, user.code, 'Pass1234');
  const made = await makeVenue(c, { n: 1 });
  return { orgId: org.id, c, other: await signIn(s, second.code, 'Pass1234'), userName: user.name, otherName: second.name, ...made };
}
