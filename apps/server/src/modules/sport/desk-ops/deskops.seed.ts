import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { localOf } from '../venue/index.ts';
import {
  demoRefs,
  insertBindingRows,
  insertCategoryRows,
  insertFeedbackRows,
  insertIncidentLogRows,
  insertIncidentRows,
  insertPageRows,
  insertQueueDayRows,
  insertTicketRows,
  insertWorkOrderRows,
} from './deskops.repository.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'deskops_demo_seeded';
const DEMO_KEYS = ['deskOperations', 'sport.deskops'];
const HOUR = 3_600_000;

/**
 * The demo centre's desk (`SEED_DEMO=1`), once per database, in a few batch inserts: feedback in
 * every handling status, work order categories with open, taken and overdue orders, two incidents
 * with follow-ups, today's queue at the first venue (some called, some waiting), and a home page
 * whose slots show real demo courses, goods and venues.
 */
export async function seedDeskOpsDemo(db: Db): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  await grantDemoMenus(db, DEMO_KEYS);
  const orgId = center.id;
  const scope = oneOrgScope(orgId);
  const { venueIds, courseIds, goodsIds, timeZone } = await demoRefs(db, scope);
  const now = Date.now();
  const ago = (h: number) => new Date(now - h * HOUR);

  await insertFeedbackRows(db, scope, [
    { orgId, appVersion: '3.2.1', contact: '13800138011', category: 'complaint', content: '周末羽毛球场的热水淋浴经常不热。', memberName: '王明' },
    {
      orgId,
      appVersion: '3.2.0',
      contact: 'li.na@example.com',
      category: 'suggestion',
      content: 'Please add an English menu to the booking page.',
      memberName: 'Li Na',
      status: 'processing',
      handledBy: manager.id,
      handledAt: ago(3),
    },
    {
      orgId,
      appVersion: '3.1.9',
      contact: '13900139022',
      category: 'bug',
      content: '支付成功后订单仍显示待支付。',
      memberName: '陈静',
      status: 'done',
      opinion: '已修复支付回调延迟，订单已更新为已支付，感谢反馈。',
      handledBy: manager.id,
      handledAt: ago(20),
    },
  ]);

  const cats = await insertCategoryRows(db, scope, [
    { orgId, name: '设备维修', slaHours: 24 },
    { orgId, name: '保洁', slaHours: 4 },
    { orgId, name: '会员投诉', slaHours: 48 },
  ]);
  const [repair, cleaning, complaint] = cats.map((c) => ({ id: c.id, sla: c.slaHours })) as [
    { id: number; sla: number },
    { id: number; sla: number },
    { id: number; sla: number },
  ];
  const due = (createdH: number, sla: number) => ({ createdAt: ago(createdH), dueAt: new Date(now - createdH * HOUR + sla * HOUR) });
  await insertWorkOrderRows(db, scope, [
    { orgId, categoryId: cleaning.id, title: '3号场地面有水渍', assigneeUserId: manager.id, ...due(6, cleaning.sla), createdBy: manager.id },
    {
      orgId,
      categoryId: repair.id,
      title: '游泳馆更衣柜 12 号锁坏了',
      assigneeUserId: manager.id,
      state: 'inProgress',
      takenBy: manager.id,
      ...due(30, repair.sla),
      createdBy: manager.id,
    },
    { orgId, categoryId: repair.id, title: '1号场灯光闪烁', assigneeUserId: manager.id, ...due(2, repair.sla), createdBy: manager.id },
    {
      orgId,
      categoryId: complaint.id,
      title: 'Follow up the shower complaint with the member',
      assigneeUserId: manager.id,
      ...due(1, complaint.sla),
      createdBy: manager.id,
    },
    {
      orgId,
      categoryId: cleaning.id,
      title: '前台区域垃圾清运',
      assigneeUserId: manager.id,
      state: 'done',
      result: '已清运',
      finishedAt: ago(40),
      ...due(44, cleaning.sla),
      createdBy: manager.id,
    },
  ]);

  const venueId = venueIds[0];
  if (venueId) {
    const made = await insertIncidentRows(db, scope, [
      {
        orgId,
        venueId,
        kind: 'injury',
        title: '羽毛球场会员扭伤脚踝',
        description: '2号场一名会员跳杀落地时扭伤右脚踝，前台已冰敷。',
        occurredAt: ago(26),
        createdBy: manager.id,
      },
      {
        orgId,
        venueId,
        kind: 'damage',
        title: 'Net post bent on court 4',
        description: 'A net post on court 4 was found bent during the evening check.',
        occurredAt: ago(5),
        state: 'closed',
        result: 'Post replaced; court reopened.',
        closedAt: ago(1),
        createdBy: manager.id,
      },
    ]);
    const [injury, damage] = made as [(typeof made)[number], (typeof made)[number]];
    await insertIncidentLogRows(db, scope, [
      { orgId, incidentId: injury.id, note: '已联系家属，会员自行前往医院检查。', createdBy: manager.id, createdAt: ago(25) },
      { orgId, incidentId: injury.id, note: '回访：无骨折，需休息两周。', createdBy: manager.id, createdAt: ago(2) },
      { orgId, incidentId: damage.id, note: 'Court 4 closed; replacement post ordered.', createdBy: manager.id, createdAt: ago(4) },
    ]);

    // Today's queue: 1–4 called or served, 5–9 waiting.
    const day = localOf(new Date(now), timeZone).day;
    await insertQueueDayRows(db, scope, [{ orgId, venueId, day, lastNumber: 9 }]);
    const state = (n: number) => (n <= 2 ? 'served' : n === 3 ? 'skipped' : n === 4 ? 'called' : 'waiting');
    await insertTicketRows(
      db,
      scope,
      Array.from({ length: 9 }, (_, i) => {
        const n = i + 1;
        const called = n <= 4;
        return {
          orgId,
          venueId,
          day,
          number: n,
          state: state(n),
          desk: called ? `${(n % 2) + 1}号窗口` : null,
          calls: called ? 1 : 0,
          calledAt: called ? new Date(now - (5 - n) * 60_000) : null,
          takenAt: new Date(now - (40 - n * 3) * 60_000),
        };
      }),
    );
  }

  // The home page: a banner slot with venues, a course slot and a goods slot.
  const [home] = await insertPageRows(db, scope, [{ orgId, level: 'page', name: '首页', code: 'home' }]);
  const slots = await insertPageRows(db, scope, [
    { orgId, parentId: home!.id, level: 'slot', name: '推荐场馆', code: 'venues', sort: 1 },
    { orgId, parentId: home!.id, level: 'slot', name: '热门课程', code: 'courses', sort: 2 },
    { orgId, parentId: home!.id, level: 'slot', name: '精选商品', code: 'goods', sort: 3 },
  ]);
  const slotOf = (code: string) => slots.find((s) => s.code === code)!.id;
  const bind = (code: string, kind: string, ids: number[]) => ids.map((refId, sort) => ({ orgId, slotId: slotOf(code), kind, refId, sort }));
  const bindings = [...bind('venues', 'venue', venueIds), ...bind('courses', 'course', courseIds), ...bind('goods', 'goods', goodsIds)];
  await insertBindingRows(db, scope, bindings);
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}
