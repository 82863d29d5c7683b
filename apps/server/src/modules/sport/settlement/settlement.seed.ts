import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { dayIn } from '../../../platform/zone.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { providerMoneyOf, timeZoneOf } from '../commerce/index.ts';
import { addDays, firstVenueOf } from '../venue/index.ts';
import { closeVenueDay, signCloseAs } from './settlement.service.ts';
import { markResolved, mismatchesOfRun, replaceOpenMismatches, upsertRun } from './reconcile.repository.ts';
import { expectedFeeFen, matchBill } from './settlement.reconcile.ts';
import type { BillLine } from './bill-formats.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'settlement_demo_seeded';
const DEMO_DAYS = 30;
/** The newest days stay open: the manager signs them off in the demo. */
const OPEN_DAYS = 3;

/**
 * The demo centre's daily closes (`SEED_DEMO=1`), once per database: the last month of its first
 * venue closed from the ledger up to today (where the other demos' sales are), every day signed off
 * by `manager` but the last three (today's cannot be signed before it is over).
 */
export async function seedSettlementDemo(db: Db): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  if (!center) return;
  const scope = oneOrgScope(center.id);
  const venue = await firstVenueOf(db, scope, center.id);
  const manager = await findVisibleUserByCode(db, scope, 'manager');
  if (!venue || !manager) return;
  await grantDemoMenus(db, ['clearingSettlement', 'sport.settlement']);
  await seedReconcileDemo(db, center.id, manager.id, addDays(dayIn(new Date(), await timeZoneOf(db, center.id)), -1));
  const today = dayIn(new Date(), await timeZoneOf(db, center.id));
  for (let back = DEMO_DAYS - 1; back >= 0; back--) {
    const close = await closeVenueDay(db, scope, venue, addDays(today, -back));
    if (back >= OPEN_DAYS && close.state === 'open') await signCloseAs(db, scope, close.id, manager.id);
  }
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}

/**
 * Yesterday's WeChat Pay reconciliation of the demo centre: the bill is what the ledger booked
 * through WeChat Pay that day (so those lines match), with two differences: a trade the provider
 * has and we do not (resolved by `manager` with a note), and a line charged another fee than the
 * contract's (left open; a second unknown trade when the day had no WeChat Pay sale).
 */
async function seedReconcileDemo(db: Db, orgId: number, managerId: number, day: string): Promise<void> {
  const scope = oneOrgScope(orgId);
  const ours = await providerMoneyOf(db, scope, orgId, 'wechat', day, { payNos: [], refundNos: [] });
  const at = new Date(`${day}T10:30:00+08:00`);
  const lines: BillLine[] = ours.map((o) => {
    const fen = o.ledgerFen ?? o.amountFen;
    const fee = expectedFeeFen('wechat', fen);
    return {
      kind: o.kind,
      tradeNo: o.tradeNo ?? `4200${o.no}`,
      paymentNo: o.paymentNo,
      refundNo: o.kind === 'refund' ? o.no : null,
      amountFen: fen,
      feeFen: o.kind === 'pay' ? fee : -fee,
      at,
      day,
    };
  });
  lines.push({ kind: 'pay', tradeNo: '4200002026113000000001', paymentNo: 'P20261130DEMO01', refundNo: null, amountFen: 3500, feeFen: 21, at, day });
  const firstPay = lines.find((l) => l.kind === 'pay' && l.paymentNo !== 'P20261130DEMO01');
  if (firstPay) firstPay.feeFen += 10;
  else lines.push({ kind: 'pay', tradeNo: '4200002026113000000002', paymentNo: 'P20261130DEMO02', refundNo: null, amountFen: 12000, feeFen: 72, at, day });
  const totals = { grossFen: 0, refundFen: 0, feeFen: 0, netFen: 0 };
  for (const l of lines) {
    if (l.kind === 'pay') totals.grossFen += l.amountFen;
    else totals.refundFen += l.amountFen;
    totals.feeFen += l.feeFen;
  }
  totals.netFen = totals.grossFen - totals.refundFen - totals.feeFen;
  const { matched, found } = matchBill('wechat', day, { lines, totals }, ours);
  await db.transaction(async (tx) => {
    const run = await upsertRun(tx, scope, orgId, 'wechat', day, {
      lines: lines.length,
      matched,
      mismatches: found.length,
      ...totals,
      ranBy: managerId,
      ranAt: new Date(),
    });
    await replaceOpenMismatches(tx, scope, run, found);
    const unknown = (await mismatchesOfRun(tx, scope, run.id)).find((m) => m.kind === 'only_theirs');
    if (unknown) await markResolved(tx, scope, unknown.id, { way: 'note', note: '该笔为测试机具收款，已与渠道确认不入账', txnNo: null, resolvedBy: managerId });
  });
}
