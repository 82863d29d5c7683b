import type { Client, TestServer } from '../../../../../test/harness.ts';
import { grantMenus } from '../../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../../system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../../commerce/commerce.testkit.ts';
import { TICKET_KEYS } from '../ticket.testkit.ts';
import { TICKET_CATALOGUE_SCREENS, demoTemplateElements } from './catalogue.seed.ts';

export { demoTemplateElements };

/** A new organisation under `parentId` with a user who may run ticketing, its catalogue extras and the commerce screens (or the `screens` given). */
export async function catalogueStaff(
  s: TestServer,
  admin: Client,
  parentId: number,
  screens: string[] = [...COMMERCE_KEYS, ...TICKET_KEYS, ...TICKET_CATALOGUE_SCREENS],
) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, screens);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  return { orgId: org.id, roleId: role.id, c: await signIn(s, user.code, 'Pass1234'), userId: user.id, code: user.code };
}
