import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { bumpPermEpoch } from '../../platform/access.ts';
import { SYSTEM_SCOPE, VENUE_ORG_TYPE } from '../../platform/scope.ts';
import { allMenus } from './menu.repository.ts';
import { insertRole, replaceRoleMenus, rolesOfOrg, roleUsage } from './role.repository.ts';
import { venueOrgIds } from './org.repository.ts';

/**
 * The roles every venue organisation starts with (issue 25): its departments share them (a user of
 * 前台服务部 may hold 示范体育中心's 前台). `screens` grants a screen with all its buttons (its key
 * and every key below it), `exact` an entry alone (a screen without all of its buttons, or one button).
 * Menus are granted by key, so a module that is not loaded grants nothing. Administrators edit them
 * afterwards like any role; start-up never changes an existing one.
 */
interface PresetRole {
  code: string;
  no: string;
  name: string;
  remark: string;
  screens: readonly string[];
  exact: readonly string[];
}

const ORDER_TABS = ['sport.order.venueReservation', 'sport.order.memberCard', 'sport.order.ticketsForShow', 'sport.order.rentAndSell'];

export const FRONT_DESK_ROLE = 'venue.frontdesk';

const MANAGER_ROLE = 'venue.manager';

const PRESET_VENUE_ROLES: readonly PresetRole[] = [
  {
    code: FRONT_DESK_ROLE,
    no: 'R1002',
    name: '前台',
    remark: 'Front desk: booking grid, workbench, check-in, members, card and ticket sale, orders, payments',
    screens: [
      'home',
      'sport.venue.workbench',
      'sport.venue.verify',
      'sport.venue.adjustment',
      'sport.venue.orderDetails',
      'sport.member.checkin',
      'sport.card.sell',
      'sport.ticket.sell',
      'sport.ticket.check',
      'sport.ticket.collection',
      'sport.order.detail',
      'sport.order.print',
      ...ORDER_TABS,
    ],
    exact: [
      'sport.venue.reserve',
      ...['book', 'lock', 'cancel', 'checkin', 'settle', 'pay', 'orders'].map((b) => `sport.venue.reserve.${b}`),
      'sport.member.list',
      ...['add', 'edit', 'tag', 'face'].map((b) => `sport.member.list.${b}`),
      'sport.member.userInfo',
      ...['add', 'edit', 'tag', 'face'].map((b) => `sport.member.userInfo.${b}`),
      'sport.card.list',
      ...['sell', 'recharge', 'pay'].map((b) => `sport.card.list.${b}`),
      'sport.card.detail',
      ...['recharge', 'pay'].map((b) => `sport.card.detail.${b}`),
      'sport.ticket.list',
      'sport.ticket.list.collect',
      'sport.order.main',
      ...['add', 'pay', 'print', 'accounts'].map((b) => `sport.order.main.${b}`),
    ],
  },
  {
    code: 'venue.cashier',
    no: 'R1003',
    name: '收银',
    remark: 'Cashier: orders, payments, refund applications, capital flow and accounts',
    screens: ['home', 'sport.order.detail', 'sport.order.print', 'sport.refund.nonOrderRefund', 'sport.finance.capitalFlow', ...ORDER_TABS],
    exact: [
      'sport.order.main',
      ...['add', 'pay', 'cancel', 'print', 'accounts'].map((b) => `sport.order.main.${b}`),
      'sport.refund.orderRefund',
      'sport.refund.orderRefund.apply',
    ],
  },
  {
    code: MANAGER_ROLE,
    no: 'R1001',
    name: '场馆经理',
    remark: "Manager: the whole of the venue's business, not the platform's administration screens",
    screens: ['home', 'sport.order', 'sport.refund', 'sport.finance', 'sport.venue', 'sport.member', 'sport.card', 'sport.ticket', 'sport.coach'],
    exact: [],
  },
];

/** Not granted to the preset manager: 场馆列表 reviews venues for the platform. */
const MANAGER_EXCLUDED = ['sport.venue.list'];

const under = (key: string | null, prefixes: readonly string[]) => key !== null && prefixes.some((k) => key === k || key.startsWith(`${k}.`));

/**
 * Gives a venue organisation the preset roles it lacks, with their menus. Idempotent: a preset
 * whose code or name the organisation already has (edited or not; the demo centre's own 场馆经理)
 * is left alone. Answers how many were added.
 */
export async function presetVenueRoles(db: Executor, orgId: number): Promise<number> {
  const menus = await allMenus(db);
  const have = await rolesOfOrg(db, SYSTEM_SCOPE, orgId);
  let added = 0;
  for (const p of PRESET_VENUE_ROLES) {
    if (have.some((r) => r.code === p.code || r.name === p.name)) continue;
    const role = await insertRole(db, SYSTEM_SCOPE, { orgId, code: p.code, no: p.no, name: p.name, type: 1, remark: p.remark });
    const excluded = p.code === MANAGER_ROLE ? MANAGER_EXCLUDED : [];
    const menuIds = menus.filter((m) => (under(m.key, p.screens) || (m.key !== null && p.exact.includes(m.key))) && !under(m.key, excluded)).map((m) => m.id);
    await replaceRoleMenus(db, SYSTEM_SCOPE, role.id, menuIds);
    added++;
  }
  if (added) await bumpPermEpoch(db);
  return added;
}

const PRESET_KEY = 'venue_roles_preset';

/**
 * Once per database: the venue organisations that existed before preset roles get them too (the
 * demo centre among them). New venue organisations get them when they are created (org.service).
 */
export async function presetRolesOfExistingVenues(db: Executor): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${PRESET_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  for (const id of await venueOrgIds(db, SYSTEM_SCOPE, VENUE_ORG_TYPE)) await presetVenueRoles(db, id);
  await db.execute(sql`insert into sys_meta (key, value) values (${PRESET_KEY}, 1) on conflict (key) do nothing`);
}

/**
 * The preset roles of an organisation that nobody holds and no API grants: deleting the
 * organisation takes them along (an untouched new venue organisation can be deleted as before).
 */
export async function unusedPresetRoles(db: Executor, orgId: number): Promise<number[]> {
  const codes = PRESET_VENUE_ROLES.map((p) => p.code);
  const ids = (await rolesOfOrg(db, SYSTEM_SCOPE, orgId)).filter((r) => codes.includes(r.code)).map((r) => r.id);
  const usage = await roleUsage(db, SYSTEM_SCOPE, ids);
  return ids.filter((id) => !usage.get(id)?.users && !usage.get(id)?.apis);
}
