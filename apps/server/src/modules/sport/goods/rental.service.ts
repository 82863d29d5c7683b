import { RENT_GRACE_MINUTES, type RentalQuery, type RentalQuote, type RentalReturn } from '@venue/contract';
import type { Db, Tx } from '../../../platform/db.ts';
import { conflict, invalid, notFound, staleVersion } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { t } from '../../../platform/i18n.ts';
import { pageOf } from '../../../platform/list.ts';
import { SYSTEM_SCOPE, scopeOf, type Scope } from '../../../platform/scope.ts';
import { publish } from '../../message/index.ts';
import { findOrder, memberBriefs, noWork, postByRule, refundByRule, timeZoneOf, type AfterCommit, type AfterCommitRunner } from '../commerce/index.ts';
import { hhmmOf, wallClockIn } from '../../../platform/zone.ts';
import { insertMovement, takeOnHand } from './stock.repository.ts';
import { bookIn } from './stock.service.ts';
import { findRental, insertReturn, markReminded, pageRentals, rentalsToRemind, returnsOf, settleRental, type RentalRecord } from './rental.repository.ts';
import { RENTAL_RULE, rentalRemark, unitsOut } from './rental.kinds.ts';
import './goods.messages.ts';

const HOUR_MS = 3_600_000;
const GRACE_MS = RENT_GRACE_MINUTES * 60_000;

/** Out past its due time and the grace. */
const isOverdue = (r: Pick<RentalRecord, 'state' | 'dueAt'>, now: Date) =>
  r.state === 'out' && r.dueAt !== null && now.getTime() > r.dueAt.getTime() + GRACE_MS;

/** Whole hours late at `now` (0 within the grace): a customer 1 h 05 min late pays two hours. */
export function lateHoursOf(r: Pick<RentalRecord, 'state' | 'dueAt'>, now: Date): number {
  if (!isOverdue(r, now)) return 0;
  return Math.ceil((now.getTime() - r.dueAt!.getTime()) / HOUR_MS);
}

/**
 * What settling units of a rental takes from their deposit: the late fee (per unit settled, by the
 * whole hour late) and the damage charge, never more than the deposit; the rest is paid back.
 */
export function settlementOf(r: RentalRecord, input: Pick<RentalReturn, 'quantity' | 'lostQty' | 'damageFen'>, now: Date): RentalQuote {
  const units = input.quantity + input.lostQty;
  const lateHours = lateHoursOf(r, now);
  const lateFeeFen = lateHours * r.lateFeeHourFen * units;
  const depositFen = r.depositFen * units;
  const chargeFen = Math.min(depositFen, lateFeeFen + input.damageFen);
  return { lateHours, lateFeeFen, damageFen: input.damageFen, depositFen, chargeFen, refundFen: depositFen - chargeFen };
}

/** The units asked must be out, and a damage charge needs units damaged or lost. */
function checkUnits(r: RentalRecord, input: RentalReturn): void {
  if (r.state !== 'out') throw conflict('state', 'goods.rentalNotOut');
  const left = unitsOut(r);
  if (input.quantity + input.lostQty > left) throw invalid('quantity', 'goods.returnTooMany', { left });
  if (input.damageFen > 0 && input.damagedQty + input.lostQty === 0) throw invalid('damageFen', 'goods.damageNeedsUnits');
}

// ---------------------------------------------------------------- reads

type RentalPage = Awaited<ReturnType<typeof pageRentals>>;

async function rentalRows(db: Db, scope: Scope, rows: RentalPage['rows']) {
  const now = new Date();
  const memberIds = [...new Set(rows.map((r) => r.rental.memberId).filter((id): id is number => id !== null))];
  const briefs = memberIds.length && memberBriefs.plugged ? await memberBriefs.get()(db, scope, memberIds) : new Map<number, { name: string; phone: string }>();
  return rows.map(({ rental: { updatedAt: _u, warehouseId: _w, createdAt, ...r }, orderNo, goodsName, unit, venueId, buyerName, buyerPhone }) => {
    const member = r.memberId !== null ? briefs.get(r.memberId) : undefined;
    return {
      ...r,
      orderNo,
      goodsName,
      unit,
      stadiumId: venueId,
      memberName: member?.name ?? buyerName,
      memberPhone: member?.phone ?? buyerPhone,
      outQty: r.quantity - r.returnedQty - r.lostQty,
      overdue: isOverdue(r, now),
      createTime: createdAt,
    };
  });
}

/** `POST goods/rental/list`: rentals, those out first (the longest overdue at the top). */
export async function listRentals(db: Db, caller: Caller, q: RentalQuery) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageRentals(
    db,
    scope,
    {
      venueId: q.stadiumId,
      state: q.state,
      dueBefore: q.overdue ? new Date(Date.now() - GRACE_MS) : undefined,
      orderId: q.orderId,
      memberId: q.memberId,
      keyword: q.keyword,
    },
    pageOf(q),
  );
  return { total, data: await rentalRows(db, scope, rows) };
}

/** `GET goods/rental/{id}`: the rental and its returns. */
export async function getRental(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const { rows } = await pageRentals(db, scope, { id }, { limit: 1, offset: 0 });
  if (!rows.length) throw notFound();
  const [row] = await rentalRows(db, scope, rows);
  const returns = (await returnsOf(db, scope, [id])).map(({ ret: { orgId: _o, rentalId: _r, operatorId: _op, createdAt, ...r }, operatorName }) => ({
    ...r,
    operatorName,
    createTime: createdAt,
  }));
  return { ...row!, returns };
}

/** `POST goods/rental/{id}/quote`: what a return would settle now, changing nothing. */
export async function quoteReturn(db: Db, caller: Caller, id: number, input: RentalReturn): Promise<RentalQuote> {
  const r = await findRental(db, scopeOf(caller), id);
  if (!r) throw notFound();
  if (r.version !== input.version) throw staleVersion();
  checkUnits(r, input);
  return settlementOf(r, input, new Date());
}

// ---------------------------------------------------------------- the return

/**
 * `POST goods/rental/{id}/return`: in one transaction, at the rental's version: the units settle
 * (one conditional write), the units handed back go on the shelf (`return_in`) and the damaged
 * among them are written off (`damage`), the fees are taken from the deposit (rule
 * `goods.deposit.kept`) and the rest is refunded to the original payment by rule. The refund's
 * money leaves the deposit liability when it is paid back (the rent kind's release).
 */
export async function returnRental(db: Db, caller: Caller, id: number, input: RentalReturn, after: AfterCommitRunner) {
  const scope = scopeOf(caller);
  const found = await findRental(db, scope, id);
  if (!found) throw notFound();
  let work: AfterCommit & { refundNo?: string } = noWork();
  await db.transaction(async (tx) => {
    // The order first (the lock a refund and a payment take first too), then the rental's row.
    const order = (await findOrder(tx, scope, found.orderId, { lock: true }))!;
    const r = (await findRental(tx, scope, id))!;
    if (r.version !== input.version) throw staleVersion();
    checkUnits(r, input);
    const now = new Date();
    const s = settlementOf(r, input, now);
    const settled = await settleRental(tx, scope, id, input.version, { back: input.quantity, damaged: input.damagedQty, lost: input.lostQty });
    if (!settled) throw staleVersion();
    const key = { orgId: r.orgId, goodsId: r.goodsId, warehouseId: r.warehouseId };
    if (input.quantity > 0)
      await bookIn(tx, scope, key, input.quantity, {
        kind: 'return_in',
        orderId: order.id,
        remark: rentalRemark('goods.rentalReturned', order.orderNo),
        operatorId: caller.userId,
      });
    if (input.damagedQty > 0) await writeOffDamaged(tx, scope, key, input.damagedQty, order, caller.userId);
    if (s.chargeFen > 0) await postByRule(tx, scope, RENTAL_RULE.kept, { orgId: r.orgId, amountFen: s.chargeFen, orderId: order.id, at: now });
    work = await refundByRule(tx, scope, order, {
      amountFen: s.refundFen,
      items: [{ itemId: r.itemId, quantity: input.quantity + input.lostQty, amountFen: s.refundFen }],
      reason: t('zh-CN', 'goods.rentalReturnReason', { orderNo: order.orderNo }),
      userId: caller.userId,
    });
    await insertReturn(tx, scope, {
      orgId: r.orgId,
      rentalId: r.id,
      quantity: input.quantity,
      damagedQty: input.damagedQty,
      lostQty: input.lostQty,
      ...s,
      refundNo: work.refundNo ?? null,
      remark: input.remark ?? null,
      operatorId: caller.userId,
    });
  });
  await after(work);
  return getRental(db, caller, id);
}

/** Damaged units came back but go off the shelf at once, written off with the rental's order as the reason. */
async function writeOffDamaged(
  tx: Tx,
  scope: Scope,
  key: { orgId: number; goodsId: number; warehouseId: number },
  qty: number,
  order: { id: number; orderNo: string },
  userId: number,
) {
  const row = await takeOnHand(tx, scope, key, qty);
  // They were put on the shelf a moment ago in this transaction, under the row's lock: they are there.
  if (!row) throw new Error(`rental of order ${order.id}: ${qty} damaged units not on the shelf just after their return`);
  await insertMovement(tx, scope, {
    ...key,
    kind: 'damage',
    quantity: -qty,
    balanceAfter: row.onHand,
    orderId: order.id,
    reason: rentalRemark('goods.rentalDamaged', order.orderNo),
    operatorId: userId,
  });
}

// ---------------------------------------------------------------- overdue reminders

/** `YYYY-MM-DD HH:mm` of an instant on the organisation's clock (the customer reads it there). */
async function venueClock(tx: Tx, orgId: number, at: Date): Promise<string> {
  const c = wallClockIn(at, await timeZoneOf(tx, orgId));
  return `${c.day} ${hhmmOf(c.minutes)}`;
}

const REMIND_EVERY_MS = 24 * HOUR_MS;
const REMIND_BATCH = 200;

/**
 * The reminder job (`goods.remindOverdueRentals`): each rental out past its due time and grace is
 * reminded through messaging (business type `goods.rentalOverdue`) at most once a day: the mark and
 * the message are one transaction per rental, so two schedulers never remind twice.
 */
export async function remindOverdueRentals(db: Db, now = new Date()): Promise<number> {
  const remindedBefore = new Date(now.getTime() - REMIND_EVERY_MS);
  const due = await rentalsToRemind(db, SYSTEM_SCOPE, new Date(now.getTime() - GRACE_MS), remindedBefore, REMIND_BATCH);
  let sent = 0;
  for (const d of due) {
    const r = d.rental;
    await db.transaction(async (tx) => {
      if (!(await markReminded(tx, SYSTEM_SCOPE, r.id, remindedBefore))) return;
      const member = r.memberId !== null && memberBriefs.plugged ? (await memberBriefs.get()(tx, SYSTEM_SCOPE, [r.memberId])).get(r.memberId) : undefined;
      const name = member?.name ?? d.buyerName ?? '';
      const phone = member?.phone ?? d.buyerPhone;
      await publish(tx, {
        orgId: r.orgId,
        type: 'goods.rentalOverdue',
        operatorId: null,
        member: { name, phone },
        data: {
          memberName: name,
          goodsName: d.goodsName,
          quantity: String(unitsOut(r)),
          unit: d.unit,
          orderNo: d.orderNo,
          dueTime: await venueClock(tx, r.orgId, r.dueAt!),
          lateHours: String(lateHoursOf(r, now)),
        },
        link: `/sport/views/goodsMangement/rentAndSale/index?orderNo=${d.orderNo}`,
      });
      sent++;
    });
  }
  return sent;
}
