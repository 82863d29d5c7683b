import { sql } from 'drizzle-orm';
import type { Db } from '../../../../platform/db.ts';
import { actingAs } from '../../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../../system/index.ts';
import { addProject } from '../project.service.ts';
import { addSession, listSessions } from '../session.service.ts';
import { getRefundRules, requestReservation, reviewReservation, setRefundRules } from './reserve.service.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'ticket_rules_demo_seeded';

/**
 * The ticketing rules' demo (`SEED_DEMO=1`), once per database, after the ticketing demo: the
 * manager reaches reserved issuing (and may approve) and refunds tickets; the demo sessions get
 * refund rules; a real-name concert (one ticket per id, at most two per buyer) goes on sale, after
 * the fixed demo sessions; on an invitational of its own, the front desk has requested reserved
 * tickets twice: staff tickets approved by the manager, and sponsor tickets waiting for approval.
 */
export async function seedTicketRulesDemo(db: Db): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const scope = center && oneOrgScope(center.id);
  const manager = scope && (await findVisibleUserByCode(db, scope, 'manager'));
  const desk = scope && (await findVisibleUserByCode(db, scope, 'frontdesk'));
  if (!center || !manager) return;
  await grantDemoMenus(db, ['sport.ticket.reserve', 'sport.ticket.list']);
  const mgr = actingAs(manager, center.id);
  const requester = desk ? actingAs(desk, center.id) : undefined;

  const tiers = [
    { hoursBefore: 72, percent: 100 },
    { hoursBefore: 24, percent: 80 },
    { hoursBefore: 2, percent: 50 },
  ];
  const { data: sessions } = await listSessions(db, mgr, { pageNum: 1, pageSize: 50, detail: true });
  for (const s of sessions) {
    const withRules = s.seated
      ? {
          refundable: true,
          tiers: [
            { hoursBefore: 48, percent: 100 },
            { hoursBefore: 24, percent: 50 },
          ],
        }
      : { refundable: true, tiers };
    await setRefundRules(db, mgr, s.id, { refundRules: withRules, version: (await getRefundRules(db, mgr, s.id)).version });
  }

  const concert = await addProject(db, mgr, {
    name: '城市之光 新年音乐会',
    posterUrl: null,
    typeId: null,
    description: '新年音乐会，实名购票，一证一票。',
    purchaseNotice: '实名制：每张票须登记观演人身份证，入场核验证件；每位购票人限购 2 张。',
    realName: 'per_id',
    perBuyerLimit: 2,
    status: 0,
  });
  const day = (n: number, hour: number) => new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + n * 86_400_000 + (hour - 8) * 3_600_000);
  const show = await addSession(db, mgr, {
    projectId: concert.id,
    name: '新年音乐会（实名）',
    startAt: day(30, 19),
    endAt: day(30, 21),
    seated: false,
    holdMinutes: 10,
    onSale: true,
    status: 0,
    levels: [
      { name: '普通票', priceFen: 28000, color: '#722ed1', quota: 600 },
      { name: '学生票', priceFen: 9900, color: '#13c2c2', quota: 200 },
    ],
  });
  await setRefundRules(db, mgr, show.id, { refundRules: { refundable: true, tiers }, version: show.version });

  // Reserved tickets (an invitational of its own, so the fixed demo sessions stay whole), requested by
  // the front desk: staff tickets approved by the manager, sponsor tickets waiting for approval.
  const cup = await addProject(db, mgr, {
    name: '青少年篮球邀请赛',
    posterUrl: null,
    typeId: null,
    description: '青少年篮球邀请赛决赛日。',
    purchaseNotice: '凭票入场。',
    realName: 'none',
    perBuyerLimit: null,
    status: 0,
  });
  const cupDay = await addSession(db, mgr, {
    projectId: cup.id,
    name: '决赛日',
    startAt: day(35, 14),
    endAt: day(35, 18),
    seated: false,
    holdMinutes: 10,
    onSale: true,
    status: 0,
    levels: [{ name: '普通票', priceFen: 6000, color: '#fa8c16', quota: 300 }],
  });
  await setRefundRules(db, mgr, cupDay.id, { refundRules: { refundable: true, tiers }, version: cupDay.version });
  if (requester) {
    const levelId = cupDay.levels[0]!.id;
    const staff = await requestReservation(db, requester, {
      sessionId: cupDay.id,
      levelId,
      quantity: 4,
      reason: '赛事工作人员用票',
      recipientName: '赛事运营部',
      recipientPhone: null,
      approverId: manager.id,
    });
    await reviewReservation(db, mgr, staff.id, { approve: true, remark: '同意，按工作证入场' });
    await requestReservation(db, requester, {
      sessionId: cupDay.id,
      levelId,
      quantity: 6,
      reason: '赞助商嘉宾招待',
      recipientName: '阳光体育用品有限公司',
      recipientPhone: '13800001234',
      approverId: null,
    });
  }
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}
