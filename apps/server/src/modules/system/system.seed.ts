import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { BACKLOG_CONFIG_CODE, DEFAULT_PASSWORD_STRATEGY, ROLE_ADMIN } from '@venue/contract';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { bumpPermEpoch } from '../../platform/access.ts';
import { hashPassword } from '../../platform/password.ts';
import { PASSWORD_STRATEGY_KEY } from './strategy.repository.ts';
import { SYSTEM_SCOPE } from '../../platform/scope.ts';
import { configs, dictItems, dicts, menus } from './system.table.ts';
import { findOrgByCode, insertOrg } from './org.repository.ts';
import { findRoleByCode, insertRole } from './role.repository.ts';
import { findVisibleUserByCode, insertOrgLinks, insertUsers, replaceUserRoles } from './user.repository.ts';
import { menuSeed, type MenuSeed } from './menu.seed.ts';
import { presetRolesOfExistingVenues } from './venueRoles.seed.ts';
import { seedRegions } from './region.seed.ts';
import { deletedMenuKeys } from './menu.repository.ts';

export const PLATFORM_ORG_CODE = 'platform';
export const SYSTEM_SETTINGS_KEY = 'system_settings';

/** Parameters shipped with the product; `sealed` ones are read-only until desealed. */
export const configSeed: { code: string; name: string; type: string; value: string; sealed: boolean; remark?: string }[] = [
  { code: PASSWORD_STRATEGY_KEY, name: '密码策略', type: 'security', value: JSON.stringify(DEFAULT_PASSWORD_STRATEGY), sealed: true },
  {
    code: SYSTEM_SETTINGS_KEY,
    name: '页面设置',
    type: 'ui',
    value: JSON.stringify({ enable: false, loginName: '', loginBg: '', copyright: '', logo: '', systemName: '', tabsName: '', tabsLogo: '' }),
    sealed: false,
  },
  { code: 'log.retentionDays', name: '日志保留天数', type: 'log', value: '180', sealed: true },
  // The framework's to-do messages (spec 7.2): /config.json publishes it as `backlog`.
  { code: BACKLOG_CONFIG_CODE, name: '启用待办消息', type: 'message', value: 'true', sealed: false, remark: 'true 或 false' },
];

export const dictSeed: { code: string; name: string; items: [string, string, string][] }[] = [
  {
    code: 'sys_user_status',
    name: '用户状态',
    items: [
      ['0', '正常', 'Normal'],
      ['1', '冻结', 'Frozen'],
      ['2', '注销', 'Cancelled'],
    ],
  },
  {
    code: 'sys_sex',
    name: '性别',
    items: [
      ['1', '男', 'Male'],
      ['2', '女', 'Female'],
    ],
  },
  {
    code: 'sys_yes_no',
    name: '是否',
    items: [
      ['1', '是', 'Yes'],
      ['0', '否', 'No'],
    ],
  },
  {
    code: 'sys_normal_disable',
    name: '状态',
    items: [
      ['0', '正常', 'Normal'],
      ['1', '停用', 'Disabled'],
    ],
  },
  {
    code: 'sys_menu_type',
    name: '菜单类型',
    items: [
      ['0', '目录', 'Directory'],
      ['1', '菜单', 'Screen'],
      ['2', '按钮', 'Button'],
    ],
  },
  {
    code: 'sys_org_type',
    name: '组织类型',
    items: [
      ['1', '平台', 'Platform'],
      ['2', '企业', 'Company'],
      ['3', '场馆', 'Venue'],
      ['4', '部门', 'Department'],
    ],
  },
  // Member levels (the code a member and a card type share to price bookings), in words (issue 25).
  {
    code: 'sport_member_level',
    name: '会员等级',
    items: [
      ['gold', '金卡会员', 'Gold member'],
      ['silver', '银卡会员', 'Silver member'],
      ['platinum', '白金会员', 'Platinum member'],
      ['diamond', '钻石会员', 'Diamond member'],
      ['vip', '贵宾会员', 'VIP member'],
    ],
  },
  {
    code: 'sys_id_type',
    name: '证件类型',
    items: [
      ['1', '身份证', 'ID card'],
      ['2', '护照', 'Passport'],
      ['3', '港澳通行证', 'HK/Macau pass'],
    ],
  },
];

/**
 * Inserts the seed entries missing from the menu tree, one statement per depth (first start adds
 * some 250 entries; one statement each cost a second of an embedded database's start). An entry an
 * administrator deleted stays deleted, with its children.
 */
async function seedMenus(db: Executor, seeds: MenuSeed[]): Promise<number> {
  const keys: string[] = [];
  const walk = (list: MenuSeed[]) => list.forEach((s) => (keys.push(s.key), s.children && walk(s.children)));
  walk(seeds);
  const existing = await db.select({ id: menus.id, key: menus.key }).from(menus).where(inArray(menus.key, keys));
  const byKey = new Map(existing.map((e) => [e.key, e.id]));
  const deleted = await deletedMenuKeys(db);
  let added = 0;
  let level = seeds.map((seed, i) => ({ seed, parentId: null as number | null, orderNum: (i + 1) * 10 }));
  while (level.length) {
    const missing = level.filter((x) => !byKey.has(x.seed.key) && !deleted.has(x.seed.key));
    if (missing.length) {
      const rows = await db
        .insert(menus)
        .values(
          missing.map(({ seed: s, parentId, orderNum }) => ({
            key: s.key,
            parentId,
            name: s.name,
            nameEn: s.nameEn,
            type: s.type,
            url: s.url,
            icon: s.icon,
            perms: s.perms,
            orderNum,
          })),
        )
        .returning({ id: menus.id, key: menus.key });
      for (const r of rows) byKey.set(r.key, r.id);
      added += rows.length;
    }
    level = level.flatMap(({ seed }) => {
      const parentId = byKey.get(seed.key);
      return parentId === undefined ? [] : (seed.children ?? []).map((child, i) => ({ seed: child, parentId, orderNum: (i + 1) * 10 }));
    });
  }
  return added;
}

/**
 * Makes sure the platform exists: its organisation, the administrator, the ROLE_ADMIN role,
 * shipped parameters, dictionaries and menus. Safe to run at every start.
 */
export async function seedPlatform(db: Db, cfg: Config, log: (msg: string) => void): Promise<void> {
  await db.transaction(async (tx) => {
    // Start-up work, platform-wide by nature.
    const scope = SYSTEM_SCOPE;
    const platform =
      (await findOrgByCode(tx, scope, PLATFORM_ORG_CODE)) ??
      (await insertOrg(tx, scope, { code: PLATFORM_ORG_CODE, name: '平台运营中心', fullName: '场馆运营管理平台 运营中心', type: 1, timeZone: cfg.timeZone }));
    const adminRole =
      (await findRoleByCode(tx, scope, platform.id, ROLE_ADMIN)) ??
      (await insertRole(tx, scope, { orgId: platform.id, code: ROLE_ADMIN, no: 'R0001', name: '超级管理员', type: 0, remark: 'Holds every permission' }));
    const admin = await findVisibleUserByCode(tx, scope, 'admin');
    if (!admin) {
      const password = cfg.adminPassword ?? crypto.randomBytes(9).toString('base64url') + 'a1';
      const [created] = await insertUsers(tx, scope, [
        {
          orgId: platform.id,
          no: 'U0001',
          code: 'admin',
          name: '系统管理员',
          passwordHash: await hashPassword(password),
          type: 0,
          passwordChangedAt: new Date(),
        },
      ]);
      await insertOrgLinks(tx, scope, [{ userId: created!.id, orgId: platform.id, isDefault: true }]);
      await replaceUserRoles(tx, scope, created!.id, [adminRole.id]);
      if (!cfg.adminPassword) {
        fs.mkdirSync(cfg.dataDir, { recursive: true });
        const file = path.join(cfg.dataDir, 'initial-admin-password.txt');
        fs.writeFileSync(file, password + '\n', { mode: 0o600 });
        log(`Created user admin with password ${password} (also written to ${file})`);
      }
    }
    await tx
      .insert(configs)
      .values(configSeed.map((c) => ({ code: c.code, name: c.name, type: c.type, value: c.value, defaultValue: c.value, sealed: c.sealed, remark: c.remark })))
      .onConflictDoNothing();
    const haveDicts = new Set(
      (
        await tx
          .select({ code: dicts.code })
          .from(dicts)
          .where(
            inArray(
              dicts.code,
              dictSeed.map((d) => d.code),
            ),
          )
      ).map((d) => d.code),
    );
    const newDicts = dictSeed.filter((d) => !haveDicts.has(d.code));
    if (newDicts.length) {
      const made = await tx
        .insert(dicts)
        .values(newDicts.map((d) => ({ code: d.code, name: d.name, sealed: true })))
        .returning({ id: dicts.id, code: dicts.code });
      const idOf = new Map(made.map((d) => [d.code, d.id]));
      await tx
        .insert(dictItems)
        .values(newDicts.flatMap((d) => d.items.map(([value, name, nameEn], i) => ({ dictId: idOf.get(d.code)!, value, name, nameEn, orderNum: i + 1 }))));
    }
    await seedRegions(tx);
    if ((await seedMenus(tx, menuSeed)) > 0) await bumpPermEpoch(tx);
    // Venue organisations made before preset roles existed get them once (new ones on creation).
    await presetRolesOfExistingVenues(tx);
  });
}
