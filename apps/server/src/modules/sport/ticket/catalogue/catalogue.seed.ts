import { sql } from 'drizzle-orm';
import type { TicketTemplateElement } from '@venue/contract';
import type { Db } from '../../../../platform/db.ts';
import { actingAs } from '../../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../../platform/scope.ts';
import { grantDemoMenus, findOrgByCode, findVisibleUserByCode } from '../../../system/index.ts';
import { editProject, listProjects } from '../project.service.ts';
import { editSession, listSessions } from '../session.service.ts';
import { addNotice, addPerformer, addTemplate, addWantSee } from './catalogue.service.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'ticket_catalogue_demo_seeded';
const DEMO_PROJECT = '城市篮球联赛总决赛';

/** The screens of the catalogue extras, given to the demo manager. */
export const TICKET_CATALOGUE_SCREENS = [
  'sport.ticket.performer',
  'sport.ticket.notice',
  'sport.ticket.template',
  'sport.ticket.wantSee',
  'sport.ticket.competitionOrder',
  'sport.ticket.dataManagement',
];

/** A 90 × 50 mm paper ticket: the project, session, time, seat, level and price on the left, the QR code and its code on the right. */
export function demoTemplateElements(): TicketTemplateElement[] {
  return [
    { key: 'title', type: 'field', field: 'project', x: 4, y: 4, width: 56, height: 8, fontSize: 12, bold: true },
    { key: 'session', type: 'field', field: 'session', x: 4, y: 13, width: 56, height: 6, fontSize: 9 },
    { key: 'time', type: 'field', field: 'time', text: '时间 ', x: 4, y: 20, width: 56, height: 6, fontSize: 9 },
    { key: 'seat', type: 'field', field: 'seat', text: '座位 ', x: 4, y: 27, width: 56, height: 6, fontSize: 10, bold: true },
    { key: 'level', type: 'field', field: 'level', x: 4, y: 34, width: 30, height: 6, fontSize: 9 },
    { key: 'price', type: 'field', field: 'price', x: 36, y: 34, width: 24, height: 6, fontSize: 9, align: 'right' },
    { key: 'qr', type: 'qr', x: 64, y: 6, width: 22, height: 22 },
    { key: 'code', type: 'field', field: 'code', x: 62, y: 30, width: 26, height: 5, fontSize: 6, align: 'center' },
    { key: 'foot', type: 'text', text: '凭票入场 · 请妥善保管', x: 4, y: 43, width: 82, height: 5, fontSize: 7, align: 'center', color: '#8c8c8c' },
  ];
}

/**
 * The demo catalogue extras (`SEED_DEMO=1`), once per database, after the ticketing demo: three
 * performers on the demo final, a purchase notice and a paper ticket template it uses (its sessions
 * print with it), five people who want to see it, and the data log those edits write.
 */
export async function seedTicketCatalogueDemo(db: Db): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  await grantDemoMenus(db, TICKET_CATALOGUE_SCREENS);
  const caller = actingAs(manager, center.id);
  const project = (await listProjects(db, caller, { pageNum: 1, pageSize: 1, name: DEMO_PROJECT })).data[0];
  if (!project) return;
  const performers = [
    await addPerformer(db, caller, { name: '东城猛龙', role: '主队', intro: '三届城市联赛冠军，以快攻和外线投射见长。', photoUrl: null }),
    await addPerformer(db, caller, { name: '西城飞鹰', role: '客队', intro: '本赛季常规赛第一，联盟防守效率最高的球队。', photoUrl: null }),
    await addPerformer(db, caller, { name: '李明', role: '现场主持', intro: '城市体育频道主持人，解说联赛八年。', photoUrl: null }),
  ];
  const notice = await addNotice(db, caller, {
    title: '赛事购票须知',
    content:
      '**入场**\n- 凭电子票二维码或纸质票入场，一票一人\n- 开赛前 60 分钟开始检票，开赛 30 分钟后停止入场\n\n**退票**\n- 开赛 48 小时前可申请退票，经审核后原路退回\n\n**禁止携带**\n- 易燃易爆物品、专业摄影器材、玻璃瓶装饮料',
    status: 0,
  });
  const template = await addTemplate(db, caller, {
    name: '标准纸质票 90×50',
    kind: 'paper',
    widthMm: 90,
    heightMm: 50,
    backgroundColor: '#fffbe6',
    backgroundUrl: null,
    elements: demoTemplateElements(),
  });
  // Each edit below writes the project's data log.
  await editProject(db, caller, project.id, {
    performerIds: performers.map((p) => p.id),
    noticeId: notice.id,
    templateId: template.id,
    version: project.version,
  });
  const sessions = await listSessions(db, caller, { pageNum: 1, pageSize: 20, projectId: project.id, detail: true });
  for (const s of sessions.data) if ('version' in s) await editSession(db, caller, s.id, { templateId: template.id, version: s.version as number });
  const people = [
    ['王小明', '13800001001', 2, '想要内场座位'],
    ['陈晓', '13800001002', 1, null],
    ['刘洋', '13800001003', 4, '一家四口'],
    ['赵雪', '13800001004', 2, null],
    ['孙浩', '13800001005', 1, '学生票有吗'],
  ] as const;
  for (const [name, phone, count, note] of people) await addWantSee(db, caller, { projectId: project.id, name, phone, count, note });
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}
