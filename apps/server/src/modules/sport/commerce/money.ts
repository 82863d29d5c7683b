import { processCache } from '../../../platform/processCache.ts';
import type { Executor, Tx } from '../../../platform/db.ts';
import { conflict } from '../../../platform/errors.ts';
import { definePort } from '../../../platform/ports.ts';
import { SYSTEM_SCOPE, type Scope } from '../../../platform/scope.ts';
import { findOrg } from '../../system/index.ts';
import {
  addItemRefund,
  addOrderMoney,
  creditAccount,
  findOrder,
  findRefund,
  insertLeg,
  insertPayment,
  insertRefund,
  itemsOf,
  legRecordsOf,
  nextDocNo,
  refundablePayments,
  setItemHold,
  transitionLeg,
  transitionOrder,
  transitionPayment,
  transitionRefund,
  type ItemRecord,
  type OrderRecord,
  type PaymentRecord,
  type RefundLegRecord,
  type RefundRecord,
} from './commerce.repository.ts';
import { emitCommerceEvent } from './events.ts';
import { itemKindOf, storedValueHooks } from './item-kinds.ts';
import { accountOfMethod, businessDayOf, post } from './ledger.ts';
import { runOrderHooks, runRefundHooks } from './order-hooks.ts';

/**
 * Where money moves: a payment succeeds, an order settles, a refund is paid back leg by leg.
 * Everything here runs inside the caller's transaction; what needs a provider (a refund through
 * Alipay, WeChat …) is returned as work to do after the commit.
 */
export interface AfterCommit {
  /** Provider refund legs to send. */
  legIds: number[];
}
export const noWork = (): AfterCommit => ({ legIds: [] });

/**
 * Organisation time zones are read again after this long: a sale needs one per transaction (no
 * query each time), and a zone changed in the console is used within the TTL without a restart.
 */
export const TIME_ZONE_TTL_MS = 30_000;
const zones = processCache<number, { tz: string; until: number }>();
/** An organisation's time zone (business days are local). */
export async function timeZoneOf(tx: Executor, orgId: number): Promise<string> {
  const now = Date.now();
  const hit = zones.get(orgId);
  if (hit && hit.until > now) return hit.tz;
  const tz = (await findOrg(tx, SYSTEM_SCOPE, orgId))?.timeZone ?? 'Asia/Shanghai';
  zones.set(orgId, { tz, until: now + TIME_ZONE_TTL_MS });
  return tz;
}

export async function dayOf(tx: Executor, orgId: number, at = new Date()): Promise<string> {
  return businessDayOf(at, await timeZoneOf(tx, orgId));
}

const PAID_STATES = ['paid', 'completed', 'part_refunded', 'refunded'] as const;

/**
 * One lock order for money, by construction: every function here that changes an order's money
 * locks the order row first (`for update`), then touches its payments, refunds, legs and ledger
 * rows. A caller that locked the order already takes the lock again at no cost. Without it, two
 * notifications of one order each held a payment row and the ledger's key-share lock on the order
 * and waited for the other's order lock: a deadlock, answered HTTP 500 to the provider.
 */
async function lockOrder(tx: Tx, scope: Scope, orderId: number): Promise<OrderRecord> {
  return (await findOrder(tx, scope, orderId, { lock: true }))!;
}

/**
 * A payment's money arrived (cash taken, balance debited, provider confirmed): the payment becomes
 * `succeeded` once (a replay finds it succeeded and changes nothing), the ledger records it, and
 * the order settles. Answers undefined when the payment had already succeeded.
 */
export async function succeedPayment(
  tx: Tx,
  scope: Scope,
  payment: PaymentRecord,
  found: { tradeNo?: string | null; raw?: unknown; at?: Date } = {},
): Promise<{ payment: PaymentRecord; work: AfterCommit } | undefined> {
  const order = await lockOrder(tx, scope, payment.orderId);
  const done = await transitionPayment(tx, scope, payment.id, ['created', 'closed', 'failed'], {
    state: 'succeeded',
    succeededAt: found.at ?? new Date(),
    providerTradeNo: found.tradeNo ?? payment.providerTradeNo,
    raw: found.raw ?? payment.raw,
    error: null,
  });
  if (!done) return undefined;
  await post(tx, scope, {
    orgId: done.orgId,
    txnNo: done.paymentNo,
    txnKind: 'payment',
    debit: accountOfMethod(done.method),
    credit: 'sales',
    amountFen: done.amountFen,
    businessDay: await dayOf(tx, done.orgId),
    orderId: done.orderId,
    paymentId: done.id,
    accountId: done.accountId,
  });
  await emitCommerceEvent(tx, { name: 'payment.succeeded', orgId: done.orgId, orderId: done.orderId, paymentId: done.id, amountFen: done.amountFen });
  const work = await settle(tx, scope, order, done);
  return { payment: done, work };
}

/**
 * The order's state follows its money: when succeeded payments reach the payable amount the holds
 * are confirmed and the order is paid. Money that arrives for an order that no longer wants it
 * (cancelled, already paid, holds gone) is marked overpaid and goes back automatically.
 */
async function settle(tx: Tx, scope: Scope, order: OrderRecord, payment: PaymentRecord): Promise<AfterCommit> {
  const updated = await addOrderMoney(tx, scope, order.id, { paidFen: payment.amountFen });
  if (order.state !== 'pending') return autoRefund(tx, scope, updated, payment, payment.amountFen, 'commerce.autoRefund.notPending');
  if (updated.paidFen < updated.payableFen) return noWork();
  const ctx = { tx, scope, orgId: order.orgId, memberId: order.memberId };
  const items = await itemsOf(tx, scope, order.id);
  const confirmed: ItemRecord[] = [];
  let holdsGone = false;
  for (const item of items) {
    const kind = itemKindOf(item.kind);
    if (kind?.confirm && !(await kind.confirm(ctx, item, updated))) {
      holdsGone = true;
      break;
    }
    confirmed.push(item);
    if (item.holdState === 'held') await setItemHold(tx, scope, item.id, item.hold, 'confirmed');
  }
  if (holdsGone) {
    // Paid after the holds were gone: cancel, give back what was confirmed, return all the money.
    for (const item of items) {
      const holdState = confirmed.includes(item) ? 'confirmed' : item.holdState;
      await itemKindOf(item.kind)?.release?.(ctx, { ...item, holdState }, item.quantity, 'cancel', order.orderNo);
      // The line says so too (it stayed `held` or `confirmed` on a cancelled order).
      if (holdState === 'held' || holdState === 'confirmed') await setItemHold(tx, scope, item.id, item.hold, 'released');
    }
    const cancelled = (await transitionOrder(tx, scope, order.id, ['pending'], {
      state: 'cancelled',
      cancelledAt: new Date(),
      cancelReason: 'holds gone',
      overpaid: true,
      expiresAt: null,
    }))!;
    await emitCommerceEvent(tx, { name: 'order.cancelled', orgId: order.orgId, orderId: order.id });
    await runOrderHooks(ctx, 'cancelled', cancelled);
    return refundAllPaid(tx, scope, cancelled, 'commerce.autoRefund.holdsGone');
  }
  const paid = (await transitionOrder(tx, scope, order.id, ['pending'], { state: 'paid', paidAt: new Date(), expiresAt: null }))!;
  await emitCommerceEvent(tx, { name: 'order.paid', orgId: paid.orgId, orderId: paid.id, amountFen: paid.payableFen });
  await runOrderHooks(ctx, 'paid', paid);
  const excess = paid.paidFen - paid.payableFen;
  return excess > 0 ? autoRefund(tx, scope, paid, payment, excess, 'commerce.autoRefund.overpaid') : noWork();
}

/** Refunds every succeeded payment of an order in full (automatic, approved at once). */
export async function refundAllPaid(tx: Tx, scope: Scope, order: OrderRecord, reason: string): Promise<AfterCommit> {
  const work = noWork();
  for (const p of await refundablePayments(tx, scope, order.id)) {
    if (p.leftFen <= 0) continue;
    const w = await autoRefund(
      tx,
      scope,
      order,
      { id: p.id, method: p.method, provider: p.provider, accountId: p.accountId } as PaymentRecord,
      p.leftFen,
      reason,
    );
    work.legIds.push(...w.legIds);
  }
  return work;
}

/**
 * What another module must allow before an order's money goes back (the invoices module: an
 * invoiced order's invoice is credited first). It throws the refusal (a localised AppError); called
 * in the refund's transaction after the order's lock. Unplugged (the module is not loaded): allowed.
 */
export type RefundPrecondition = (tx: Tx, scope: Scope, order: Pick<OrderRecord, 'id' | 'orgId' | 'orderNo'>) => Promise<void>;
export const refundPreconditionPort = definePort<RefundPrecondition>('commerce.refundPrecondition');
export async function checkRefundPrecondition(tx: Tx, scope: Scope, order: Pick<OrderRecord, 'id' | 'orgId' | 'orderNo'>): Promise<void> {
  if (refundPreconditionPort.plugged) await refundPreconditionPort.get()(tx, scope, order);
}

/**
 * A refund a business rule decides (a cancelled booking's share): approved at once and paid back
 * through the order's payments.
 */
export async function refundByRule(
  tx: Tx,
  scope: Scope,
  order: OrderRecord,
  r: { amountFen: number; items: { itemId: number; quantity: number; amountFen: number }[]; reason: string; userId: number | null; review?: boolean },
): Promise<AfterCommit & { refundNo?: string }> {
  if (r.amountFen <= 0) return noWork();
  await lockOrder(tx, scope, order.id);
  await checkRefundPrecondition(tx, scope, order);
  if (r.review) {
    // Left for a reviewer (refundReview): applied, not paid back yet.
    const tz = await timeZoneOf(tx, order.orgId);
    await insertRefund(tx, scope, {
      orgId: order.orgId,
      refundNo: `R${await nextDocNo(tx, tz)}`,
      kind: 'order',
      orderId: order.id,
      amountFen: r.amountFen,
      items: r.items,
      to: 'original',
      reason: r.reason,
      state: 'applied',
      appliedBy: r.userId,
    });
    return noWork();
  }
  const tz = await timeZoneOf(tx, order.orgId);
  const refund = await insertRefund(tx, scope, {
    orgId: order.orgId,
    refundNo: `R${await nextDocNo(tx, tz)}`,
    kind: 'order',
    orderId: order.id,
    amountFen: r.amountFen,
    items: r.items,
    to: 'original',
    reason: r.reason,
    state: 'approved',
    appliedBy: r.userId,
    reviewedBy: r.userId,
    reviewedAt: new Date(),
    reviewRemark: r.reason,
  });
  return { ...(await executeRefund(tx, scope, refund)), refundNo: refund.refundNo };
}

/** An automatic refund of money of one payment, approved at once (no operator applied for it). */
async function autoRefund(
  tx: Tx,
  scope: Scope,
  order: OrderRecord,
  payment: Pick<PaymentRecord, 'id' | 'method' | 'provider' | 'accountId'>,
  amountFen: number,
  reason: string,
): Promise<AfterCommit> {
  if (!order.overpaid) await transitionOrder(tx, scope, order.id, [order.state], { overpaid: true });
  const tz = await timeZoneOf(tx, order.orgId);
  const refund = await insertRefund(tx, scope, {
    orgId: order.orgId,
    refundNo: `R${await nextDocNo(tx, tz)}`,
    kind: 'order',
    orderId: order.id,
    amountFen,
    items: [],
    to: 'original',
    reason,
    state: 'approved',
    automatic: true,
    reviewedAt: new Date(),
    reviewRemark: reason,
  });
  const leg = await insertLeg(tx, scope, {
    orgId: order.orgId,
    refundId: refund.id,
    paymentId: payment.id,
    outRefundNo: `T${await nextDocNo(tx, tz)}`,
    method: payment.method,
    provider: payment.provider,
    accountId: payment.accountId,
    amountFen,
    state: 'processing',
  });
  return payLegNow(tx, scope, leg);
}

/**
 * Splits an approved refund into legs: back through the order's payments, newest first, each
 * up to what it still holds; or into the buyer's stored value; or paid out (non-order refunds).
 */
export async function executeRefund(tx: Tx, scope: Scope, refund: RefundRecord): Promise<AfterCommit> {
  if (refund.orderId) await lockOrder(tx, scope, refund.orderId);
  const tz = await timeZoneOf(tx, refund.orgId);
  const legs: { paymentId: number | null; method: string; provider: string | null; accountId: number | null; amountFen: number }[] = [];
  if (refund.kind === 'non_order')
    legs.push({ paymentId: null, method: refund.method!, provider: null, accountId: refund.accountId, amountFen: refund.amountFen });
  else if (refund.to === 'balance') legs.push({ paymentId: null, method: 'balance', provider: null, accountId: refund.accountId, amountFen: refund.amountFen });
  else {
    let left = refund.amountFen;
    for (const p of await refundablePayments(tx, scope, refund.orderId!)) {
      if (left <= 0) break;
      const take = Math.min(left, p.leftFen);
      if (take <= 0) continue;
      legs.push({ paymentId: p.id, method: p.method, provider: p.provider, accountId: p.accountId, amountFen: take });
      left -= take;
    }
    if (left > 0) throw conflict('state', 'commerce.refundExceedsPaid');
  }
  const work = noWork();
  for (const l of legs) {
    const leg = await insertLeg(tx, scope, { orgId: refund.orgId, refundId: refund.id, outRefundNo: `T${await nextDocNo(tx, tz)}`, ...l, state: 'processing' });
    work.legIds.push(...(await payLegNow(tx, scope, leg)).legIds);
  }
  // Nothing to pay back (items of a zero-priced order): the refund succeeds at once and gives its items back.
  if (!legs.length) await finishRefund(tx, scope, refund, 'succeeded');
  return work;
}

/** Cash, transfer, comps and stored value are paid back at once; a provider leg is sent after the commit. */
async function payLegNow(tx: Tx, scope: Scope, leg: RefundLegRecord): Promise<AfterCommit> {
  if (leg.provider) return { legIds: [leg.id] };
  if (leg.method === 'balance') {
    if (!leg.accountId || !(await creditAccount(tx, scope, leg.accountId, leg.amountFen))) throw conflict('state', 'commerce.accountMissing');
  }
  // A card's money or uses come back (a card's remaining value paid out leaves the card).
  await storedValueHooks()?.refundLeg(tx, scope, leg);
  await succeedLeg(tx, scope, leg, {});
  return noWork();
}

/**
 * A refund leg was paid back: the ledger records it, the order's refunded amount grows, and when
 * every leg of the refund has succeeded the refund succeeds: its items count as refunded and
 * their kinds release what they held.
 */
export async function succeedLeg(tx: Tx, scope: Scope, leg: RefundLegRecord, found: { refundNo?: string | null; raw?: unknown }): Promise<boolean> {
  await lockOrderOfRefund(tx, scope, leg.refundId);
  const done = await transitionLeg(tx, scope, leg.id, ['processing'], {
    state: 'succeeded',
    completedAt: new Date(),
    providerRefundNo: found.refundNo ?? null,
    raw: found.raw ?? null,
    error: null,
  });
  if (!done) return false;
  const refund = (await findRefund(tx, scope, done.refundId))!;
  await post(tx, scope, {
    orgId: done.orgId,
    txnNo: done.outRefundNo,
    txnKind: refund.kind === 'non_order' ? 'non_order_refund' : 'refund',
    debit: 'sales',
    credit: accountOfMethod(done.method),
    amountFen: done.amountFen,
    businessDay: await dayOf(tx, done.orgId),
    orderId: refund.orderId,
    paymentId: done.paymentId,
    refundId: refund.id,
    accountId: done.accountId,
  });
  if (refund.orderId) await addOrderMoney(tx, scope, refund.orderId, { refundedFen: done.amountFen });
  const legs = await legRecordsOf(tx, scope, refund.id);
  if (legs.every((l) => l.state === 'succeeded')) await finishRefund(tx, scope, refund, 'succeeded');
  return true;
}

/** The order a refund pays back (none for a non-order refund), locked before its legs change. */
async function lockOrderOfRefund(tx: Tx, scope: Scope, refundId: number): Promise<void> {
  const orderId = (await findRefund(tx, scope, refundId))?.orderId;
  if (orderId) await lockOrder(tx, scope, orderId);
}

/** A provider refused a leg: the refund fails (the money already paid back by other legs stays paid back). */
export async function failLeg(tx: Tx, scope: Scope, leg: RefundLegRecord, error: string, raw?: unknown): Promise<void> {
  await lockOrderOfRefund(tx, scope, leg.refundId);
  const done = await transitionLeg(tx, scope, leg.id, ['processing'], {
    state: 'failed',
    completedAt: new Date(),
    error: error.slice(0, 300),
    raw: raw ?? null,
  });
  if (!done) return;
  const refund = (await findRefund(tx, scope, done.refundId))!;
  await transitionRefund(tx, scope, refund.id, ['approved'], { state: 'failed', completedAt: new Date(), error: error.slice(0, 300) });
}

async function finishRefund(tx: Tx, scope: Scope, refund: RefundRecord, state: 'succeeded'): Promise<void> {
  const done = await transitionRefund(tx, scope, refund.id, ['approved'], { state, completedAt: new Date() });
  if (!done) return;
  await emitCommerceEvent(tx, { name: 'refund.succeeded', orgId: done.orgId, orderId: done.orderId, refundId: done.id, amountFen: done.amountFen });
  if (!done.orderId) return;
  const order = (await findOrder(tx, scope, done.orderId, { lock: true }))!;
  const items = new Map((await itemsOf(tx, scope, order.id)).map((i) => [i.id, i]));
  const ctx = { tx, scope, orgId: order.orgId, memberId: order.memberId };
  if (done.items.length) {
    for (const r of done.items) {
      const item = items.get(r.itemId);
      if (!item) continue;
      const after = await addItemRefund(tx, scope, item.id, r.quantity, r.amountFen);
      if (after) items.set(item.id, after);
      await itemKindOf(item.kind)?.release?.(ctx, item, r.quantity, 'refund', done.refundNo, r.amountFen);
    }
  }
  // The order's state follows what it still holds: all of the payable (paid), some (part refunded), none (refunded).
  if (!(PAID_STATES as readonly string[]).includes(order.state)) return runRefundHooks(ctx, order, done);
  const net = order.paidFen - order.refundedFen;
  let next = net >= order.payableFen ? order.state : net > 0 ? 'part_refunded' : 'refunded';
  // A zero-priced order holds no money: it follows its items (all given back: refunded; some: part refunded).
  if (order.payableFen === 0 && done.items.length) {
    const lines = [...items.values()];
    next = lines.every((i) => i.refundedQty >= i.quantity) ? 'refunded' : lines.some((i) => i.refundedQty > 0) ? 'part_refunded' : order.state;
  }
  const now = next !== order.state ? await transitionOrder(tx, scope, order.id, [order.state], { state: next }) : undefined;
  await runRefundHooks(ctx, now ?? order, done);
}

/**
 * Pays a pending order in the caller's transaction by a method that succeeds at once (a comp given
 * by a reservation's approval): the order locked first, then its payment numbered, succeeded and
 * settled, so a module's own approval and the payment commit together. Answers the order as settled.
 */
export async function payWithin(
  tx: Tx,
  scope: Scope,
  orderId: number,
  p: { method: 'free' | 'cash' | 'transfer'; amountFen: number; operatorId: number | null },
): Promise<OrderRecord | undefined> {
  const order = await findOrder(tx, scope, orderId, { lock: true });
  if (!order) return undefined;
  const payment = await insertPayment(tx, scope, {
    orgId: order.orgId,
    orderId: order.id,
    paymentNo: `P${await nextDocNo(tx, await timeZoneOf(tx, order.orgId))}`,
    method: p.method,
    flow: 'direct',
    amountFen: p.amountFen,
    operatorId: p.operatorId,
    state: 'created',
  });
  await succeedPayment(tx, scope, payment);
  return findOrder(tx, scope, order.id);
}
