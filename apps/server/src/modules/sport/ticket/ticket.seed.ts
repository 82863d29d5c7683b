import { sql } from 'drizzle-orm';
import type { SeatmapDocument } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import { actingAs } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { addProject, addType } from './project.service.ts';
import { addSeatmap } from './seatmap.service.ts';
import { addSession } from './session.service.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'ticket_demo_seeded';

/**
 * The demo arena's seat map: four stands (A to D) of 20 rows of 30 seats, 2,400 seats, with
 * wheelchair places in the front row of stand A, two pillar seats not sold in stand D, and the
 * stage drawn for orientation. Stand A sells at level key "A", B and C at "B", D at "C".
 */
export function demoArena(): SeatmapDocument {
  const stands = [
    { key: 'A', name: 'A看台', color: '#f5222d', levelKey: 'A' },
    { key: 'B', name: 'B看台', color: '#fa8c16', levelKey: 'B' },
    { key: 'C', name: 'C看台', color: '#fa8c16', levelKey: 'B' },
    { key: 'D', name: 'D看台', color: '#1677ff', levelKey: 'C' },
  ];
  const seats: SeatmapDocument['seats'] = [];
  stands.forEach((st, z) => {
    const ox = (z % 2) * 1000 + 40;
    const oy = Math.floor(z / 2) * 700 + 200;
    for (let r = 1; r <= 20; r++)
      for (let n = 1; n <= 30; n++) {
        const kind = st.key === 'A' && r === 1 && n <= 4 ? 'wheelchair' : st.key === 'D' && r === 10 && (n === 15 || n === 16) ? 'unsold' : 'normal';
        seats.push({ key: `${st.key}-${r}-${n}`, zone: st.key, row: String(r), no: String(n), x: ox + n * 30, y: oy + r * 30, kind, levelKey: st.levelKey });
      }
  });
  return {
    width: 2000,
    height: 1600,
    zones: stands.map(({ key, name, color }) => ({ key, name, color })),
    seats,
    shapes: [{ type: 'rect', x: 800, y: 20, width: 400, height: 120, text: '舞台', color: '#595959' }],
  };
}

/**
 * The demo ticketing (`SEED_DEMO=1`), once per database: in the demo centre, a basketball final
 * with a general-admission session of 5,000 tickets at one level and a seated session on the
 * 2,400-seat arena map at three levels, both on sale now, no per-buyer limit, no real-name rule.
 */
export async function seedTicketDemo(db: Db): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  await grantDemoMenus(db, ['ticket', 'sport.ticket.seatmap', 'sport.ticket.projectType', 'sport.ticket.project', 'sport.ticket.sell', 'sport.ticket.list']);
  const caller = actingAs(manager, center.id);
  const sports = await addType(db, caller, { name: '体育赛事' });
  const basketball = await addType(db, caller, { name: '篮球', parentId: sports.id });
  await addType(db, caller, { name: '演唱会' });
  const project = await addProject(db, caller, {
    name: '城市篮球联赛总决赛',
    posterUrl: null,
    typeId: basketball.id,
    description: '年度城市篮球联赛总决赛，两支冠军候选队伍巅峰对决。',
    purchaseNotice: '一人一票，凭电子票二维码入场；开赛前 30 分钟检票。',
    realName: 'none',
    perBuyerLimit: null,
    status: 0,
  });
  const map = await addSeatmap(db, caller, { name: '阳光体育馆主场馆', document: demoArena() });
  const day = (n: number, hour: number) => new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + n * 86_400_000 + (hour - 8) * 3_600_000);
  await addSession(db, caller, {
    projectId: project.id,
    name: '总决赛 第一场（站票区）',
    startAt: day(14, 19),
    endAt: day(14, 22),
    seated: false,
    holdMinutes: 10,
    onSale: true,
    status: 0,
    levels: [{ name: '普通站票', priceFen: 8000, color: '#52c41a', quota: 5000 }],
  });
  await addSession(db, caller, {
    projectId: project.id,
    name: '总决赛 第二场（对号入座）',
    startAt: day(21, 19),
    endAt: day(21, 22),
    seated: true,
    seatmapId: map.id,
    seatmapVersion: map.version,
    holdMinutes: 10,
    onSale: true,
    status: 0,
    levels: [
      { name: 'VIP 内场', priceFen: 68000, color: '#f5222d', levelKeys: ['A'] },
      { name: '一等座', priceFen: 38000, color: '#fa8c16', levelKeys: ['B'] },
      { name: '二等座', priceFen: 18000, color: '#1677ff', levelKeys: ['C'] },
    ],
  });
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}
