import { sql } from 'drizzle-orm';
import { Perm } from '@venue/contract';
import type { Config } from '../../../../config.ts';
import type { Db } from '../../../../platform/db.ts';
import { actingAs } from '../../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../../system/index.ts';
import { startPayment } from '../../commerce/index.ts';
import { orderTickets } from '../sale.service.ts';
import { addGate, checkTicket, collectTicket, firstPrint, reprintTicket } from './gate.service.ts';
import { firstLevelOf, sessionsForGates, ticketsOfOrder } from './gate.repository.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'ticket_gate_demo_seeded';
const quietLog = { warn: () => undefined, error: () => undefined } as never;

/** The demo manager's gate screens (checking with its gate settings, the offline device, collection). */
export const GATE_DEMO_KEYS = ['sport.ticket.check', 'sport.ticket.offlineGate', 'sport.ticket.collection'];

/**
 * The demo gates (`SEED_DEMO=1`), once per database, after the demo ticketing: two gates of the
 * demo centre (north and south), three paid orders of the general-admission final (six tickets),
 * four of them admitted at the gates (one scanned twice: the second scan refused), and one paper
 * ticket handed over. The first two orders were printed at the box office after the sale, and one
 * of their tickets reprinted with its reason; the third order's tickets are not printed yet. The demo sessions lie weeks ahead, outside their gate window: the manager
 * (a supervisor) admits them by override, with the reason logged, whatever the day of seeding.
 */
export async function seedGateDemo(db: Db, cfg: Config, secretKey: Buffer): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  await grantDemoMenus(db, GATE_DEMO_KEYS);
  const scope = oneOrgScope(center.id);
  const ga = (await sessionsForGates(db, scope)).find((s) => !s.seated);
  if (!ga) return;
  const caller = actingAs(manager, center.id, { perms: [Perm.ticket.checkOverride] });
  const d = { db, secretKey };
  const north = await addGate(db, caller, { name: '北门检票口', remark: '主入口，4 条通道' });
  const south = await addGate(db, caller, { name: '南门检票口', remark: '无障碍通道' });
  const levelId = await firstLevelOf(db, scope, ga.id);
  if (!levelId) return;
  const pay = { db, secretKey, origin: cfg.publicUrl ?? `http://127.0.0.1:${cfg.port}`, sportPrefix: cfg.prefixes.sport, log: quietLog };
  const codes: string[] = [];
  const orderIds: number[] = [];
  for (const buyer of [
    { name: '王磊', phone: '13800005555', quantity: 2 },
    { name: '李娜', phone: '13800006666', quantity: 3 },
    { name: '周杰', phone: '13800007777', quantity: 1 },
  ]) {
    const order = await orderTickets(
      db,
      caller,
      { sessionId: ga.id, levelId, quantity: buyer.quantity, buyer: { name: buyer.name, phone: buyer.phone }, remark: null },
      undefined,
    );
    await startPayment(pay, caller, order.orderId, { method: 'cash', amountFen: order.amount }, undefined);
    codes.push(...(await ticketsOfOrder(db, scope, order.orderId)));
    orderIds.push(order.orderId);
  }
  // Printed after the sale (before the gates): two orders, and a reprint with its reason.
  const printer = { ...caller, perms: new Set([...caller.perms, Perm.ticket.sell, Perm.ticket.reprint]) };
  await firstPrint(d, printer, { orderId: orderIds[0]! }, 'zh-CN');
  const second = await firstPrint(d, printer, { orderId: orderIds[1]! }, 'zh-CN');
  await reprintTicket(d, printer, { ticketId: second.data[0]!.ticketId, reason: '票面被咖啡打湿，重新打印' });
  const overrideReason = '演示数据：提前入场彩排';
  for (const [i, code] of codes.slice(0, 4).entries())
    await checkTicket(d, caller, { sessionId: ga.id, gateId: i % 2 ? south.id : north.id, code, overrideReason });
  await checkTicket(d, caller, { sessionId: ga.id, gateId: south.id, code: codes[0]!, overrideReason }); // refused: used at the north gate
  await collectTicket(d, caller, { code: codes[5]!, paperNo: 'P20260001', remark: '现场窗口取票' });
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}
