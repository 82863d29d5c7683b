import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { bumpPermEpoch } from '../../platform/access.ts';
import { hashPassword } from '../auth/login.service.ts';
import { menus, orgs, roleMenus, roles, userOrgs, userRoles, users } from './system.table.ts';
import { PLATFORM_ORG_CODE } from './system.seed.ts';

const DEMO_ORG = 'demo-sports-center';

/**
 * A small demo venue: a sports centre with two departments, a venue-manager role that sees
 * the home screen, and two staff accounts (password `Demo@2020`). Runs once per database.
 */
export async function seedDemo(db: Db, cfg: Config): Promise<void> {
  const [exists] = await db.select({ id: orgs.id }).from(orgs).where(eq(orgs.code, DEMO_ORG));
  if (exists) return;
  const [platform] = await db.select().from(orgs).where(eq(orgs.code, PLATFORM_ORG_CODE));
  const hash = await hashPassword('Demo@2020');
  await db.transaction(async (tx) => {
    const [center] = await tx
      .insert(orgs)
      .values({ code: DEMO_ORG, parentId: platform!.id, name: '示范体育中心', fullName: '示范市全民健身体育中心', type: 3, address: '示范市体育路 1 号', phone: '020-88886666', timeZone: cfg.timeZone, orderNum: 10 })
      .returning();
    const depts = await tx
      .insert(orgs)
      .values([
        { code: `${DEMO_ORG}-front`, parentId: center!.id, name: '前台服务部', type: 4, orderNum: 10, timeZone: cfg.timeZone },
        { code: `${DEMO_ORG}-finance`, parentId: center!.id, name: '财务部', type: 4, orderNum: 20, timeZone: cfg.timeZone },
      ])
      .returning();
    const [role] = await tx.insert(roles).values({ orgId: center!.id, code: 'venue_manager', no: 'R1001', name: '场馆经理', type: 1 }).returning();
    const menuRows = await tx.select({ id: menus.id }).from(menus).where(inArray(menus.key, ['home', 'system', 'system.about']));
    if (menuRows.length) await tx.insert(roleMenus).values(menuRows.map((m) => ({ roleId: role!.id, orgId: role!.orgId, menuId: m.id })));
    const staff = await tx
      .insert(users)
      .values([
        { orgId: center!.id, no: 'U1001', code: 'manager', name: '王经理', passwordHash: hash, mobile: '13800000001', passwordChangedAt: new Date() },
        { orgId: depts[0]!.id, no: 'U1002', code: 'frontdesk', name: '李前台', passwordHash: hash, mobile: '13800000002', passwordChangedAt: new Date() },
      ])
      .returning();
    await tx.insert(userOrgs).values(staff.map((u) => ({ userId: u.id, orgId: center!.id, isDefault: true })));
    await tx.insert(userRoles).values(staff.map((u) => ({ userId: u.id, roleId: role!.id, orgId: role!.orgId })));
    await bumpPermEpoch(tx);
  });
}
