import { inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { bumpPermEpoch } from '../../platform/access.ts';
import { hashPassword } from '../../platform/password.ts';
import { SYSTEM_SCOPE } from '../../platform/scope.ts';
import { menus } from './system.table.ts';
import { findOrgByCode, insertOrg } from './org.repository.ts';
import { addRoleMenusByKeys, addUserRoles, findRoleByCode, insertRole, replaceRoleMenus } from './role.repository.ts';
import { insertOrgLinks, insertUsers } from './user.repository.ts';
import { PLATFORM_ORG_CODE } from './system.seed.ts';
import { FRONT_DESK_ROLE, presetVenueRoles } from './venueRoles.seed.ts';

const DEMO_ORG = 'demo-sports-center';

/** The demo staff accounts' password (README). */
export const DEMO_PASSWORD = 'Demo@2020';

/**
 * A small demo venue: a sports centre with two departments, a venue-manager role that sees
 * the home screen (each business module's demo adds its screens), the centre's preset roles, and two
 * staff accounts (password `Demo@2020`): `manager` on 场馆经理, `frontdesk` of 前台服务部 on 前台.
 * Runs once per database.
 */
export async function seedDemo(db: Db, cfg: Config): Promise<void> {
  // Start-up work, platform-wide by nature.
  const scope = SYSTEM_SCOPE;
  if (await findOrgByCode(db, scope, DEMO_ORG)) return;
  const platform = await findOrgByCode(db, scope, PLATFORM_ORG_CODE);
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const center = await insertOrg(tx, scope, {
      code: DEMO_ORG,
      parentId: platform!.id,
      name: '示范体育中心',
      fullName: '示范市全民健身体育中心',
      type: 3,
      address: '示范市体育路 1 号',
      phone: '020-88886666',
      timeZone: cfg.timeZone,
      orderNum: 10,
    });
    const front = await insertOrg(tx, scope, {
      code: `${DEMO_ORG}-front`,
      parentId: center.id,
      name: '前台服务部',
      type: 4,
      orderNum: 10,
      timeZone: cfg.timeZone,
    });
    await insertOrg(tx, scope, { code: `${DEMO_ORG}-finance`, parentId: center.id, name: '财务部', type: 4, orderNum: 20, timeZone: cfg.timeZone });
    const role = await insertRole(tx, scope, { orgId: center.id, code: 'venue_manager', no: 'R1001', name: '场馆经理', type: 1 });
    const menuRows = await tx
      .select({ id: menus.id })
      .from(menus)
      .where(inArray(menus.key, ['home', 'system', 'system.about']));
    await replaceRoleMenus(
      tx,
      scope,
      role.id,
      menuRows.map((m) => m.id),
    );
    const staff = await insertUsers(tx, scope, [
      { orgId: center.id, no: 'U1001', code: 'manager', name: '王经理', passwordHash: hash, mobile: '13800000001', passwordChangedAt: new Date() },
      { orgId: front.id, no: 'U1002', code: 'frontdesk', name: '李前台', passwordHash: hash, mobile: '13800000002', passwordChangedAt: new Date() },
    ]);
    await insertOrgLinks(
      tx,
      scope,
      staff.map((u) => ({ userId: u.id, orgId: center.id, isDefault: true })),
    );
    // The centre's preset roles (its 场馆经理 is the one above); the front desk works on 前台, not the whole manager role.
    await presetVenueRoles(tx, center.id);
    const desk = await findRoleByCode(tx, scope, center.id, FRONT_DESK_ROLE);
    await addUserRoles(tx, scope, role.id, [staff[0]!.id]);
    await addUserRoles(tx, scope, desk!.id, [staff[1]!.id]);
    await bumpPermEpoch(tx);
  });
}

/**
 * Gives the demo centre's `venue_manager` role the menu entries under these keys (a directory and
 * its screens and buttons), keeping what it has: each business module's demo calls it once.
 */
export async function grantDemoMenus(db: Db, keys: readonly string[], exactKeys: readonly string[] = []): Promise<void> {
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const role = center && (await findRoleByCode(db, SYSTEM_SCOPE, center.id, 'venue_manager'));
  if (!role) return;
  // One statement (each module's demo calls this at first start): the entries are picked in the
  // database, and the role's links it already has are left as they are.
  // `exactKeys`: entries alone (a directory without all of its screens).
  await db.transaction(async (tx) => {
    await addRoleMenusByKeys(tx, SYSTEM_SCOPE, role, keys, exactKeys);
    await bumpPermEpoch(tx);
  });
}
