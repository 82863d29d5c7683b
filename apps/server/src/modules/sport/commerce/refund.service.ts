import type { NonOrderRefundApply, RefundApply, RefundListQuery, RefundReview } from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { assertInScope, scopeOf, type Scope } from '../../../platform/scope.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { committedRefundFen, committedRefundItems, findAccount, findOrder, findRefund, insertRefund, itemsOf, legsOf, nextDocNo, pageRefunds, refundDefaultOrder, refundSorts, transitionRefund } from './commerce.repository.ts';
import { executeRefund, timeZoneOf } from './money.ts';
import { storedValueHooks } from './item-kinds.ts';
import { idempotent, type AfterCommitRunner } from './order.service.ts';

/**
 * Refunds: an operator applies (some items of an order, part of its amount, or money that no order
 * holds), a reviewer approves or rejects with a reason, and an approved refund is paid back, leg by
 * leg, through the order's own payments or into the buyer's stored value.
 */

const REFUNDABLE = ['paid', 'completed', 'part_refunded'];

export async function getRefund(db: Executor, scope: Scope, id: number) {
  const { rows } = await pageRefunds(db, scope, { id }, refundDefaultOrder, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  const legs = await legsOf(db, scope, [id]);
  return { ...rows[0], legs: legs.map(({ refundId: _, ...l }) => l) };
}

export async function listRefunds(db: Db, caller: Caller, q: RefundListQuery) {
  const scope = scopeOf(caller);
  const { refundNo, orderNo, kind, state, itemKind, createdFrom, createdTo } = q;
  const { total, rows } = await pageRefunds(db, scope, { refundNo, orderNo, kind, state, itemKind, createdFrom, createdTo }, orderOf(q, refundSorts, refundDefaultOrder), pageOf(q));
  const legs = await legsOf(db, scope, rows.map((r) => r.id));
  return { total, data: rows.map((r) => ({ ...r, legs: legs.filter((l) => l.refundId === r.id).map(({ refundId: _, ...l }) => l) })) };
}

/** Applies for a refund of an order: items (their amounts, or less) or an amount, within what is paid and not yet refunded. */
export async function applyRefund(db: Db, caller: Caller, input: RefundApply, key: string | undefined) {
  const scope = scopeOf(caller);
  const id = await idempotent(db, caller, 'refund.apply', key, input, async (tx) => {
    const order = await findOrder(tx, scope, input.orderId, { lock: true });
    if (!order) throw notFound();
    if (!REFUNDABLE.includes(order.state)) throw conflict('state', 'commerce.refundNotAllowed');
    if (input.to === 'balance') {
      const account = await findAccount(tx, scope, input.accountId!);
      if (!account) throw notFound();
      if (account.status !== 'active' || account.orgId !== order.orgId) throw invalid('accountId', 'commerce.accountMissing');
    }
    const lines: { itemId: number; quantity: number; amountFen: number }[] = [];
    if (input.items?.length) {
      const items = new Map((await itemsOf(tx, scope, order.id)).map((i) => [i.id, i]));
      const committed = await committedRefundItems(tx, scope, order.id);
      for (const [n, r] of input.items.entries()) {
        const item = items.get(r.itemId);
        if (!item) throw invalid(`items.${n}.itemId`, 'error.notFound');
        const done = committed.get(item.id) ?? { quantity: 0, amountFen: 0 };
        if (r.quantity > item.quantity - done.quantity) throw invalid(`items.${n}.quantity`, 'commerce.refundItemTooMany');
        // The last units take what is left, so rounding never leaves or takes a fen too many.
        const amountFen = r.quantity === item.quantity - done.quantity ? item.amountFen - done.amountFen : Math.round((item.amountFen * r.quantity) / item.quantity);
        lines.push({ itemId: item.id, quantity: r.quantity, amountFen });
        committed.set(item.id, { quantity: done.quantity + r.quantity, amountFen: done.amountFen + amountFen });
      }
    }
    const itemsFen = lines.reduce((s, l) => s + l.amountFen, 0);
    const amountFen = input.amountFen ?? itemsFen;
    if (lines.length && amountFen > itemsFen) throw invalid('amountFen', 'commerce.refundExceedsPaid');
    if (amountFen > order.paidFen - (await committedRefundFen(tx, scope, order.id))) throw invalid('amountFen', 'commerce.refundExceedsPaid');
    const tz = await timeZoneOf(tx, order.orgId);
    const refund = await insertRefund(tx, scope, { orgId: order.orgId, refundNo: `R${await nextDocNo(tx, tz)}`, kind: 'order', orderId: order.id, amountFen, items: lines, to: input.to, accountId: input.to === 'balance' ? input.accountId! : null, reason: input.reason, state: 'applied', appliedBy: caller.userId });
    return refund.id;
  });
  return getRefund(db, scope, id);
}

/**
 * Applies for money paid back that no order holds (a deposit, a goodwill refund). `payoutFrom`: the
 * stored-value account the money leaves when the refund is paid out in cash or by transfer (a
 * member card's remaining value; the cards module takes it out of the account).
 */
export async function applyNonOrderRefund(db: Db, caller: Caller, input: NonOrderRefundApply, opts: { payoutFrom?: number } = {}) {
  const scope = scopeOf(caller);
  const orgId = input.orgId ?? caller.orgId;
  await assertInScope(db, scope, [orgId]);
  const id = await db.transaction(async (tx) => {
    if (input.method === 'balance') {
      const account = await findAccount(tx, scope, input.accountId!);
      if (!account) throw notFound();
      if (account.status !== 'active' || account.orgId !== orgId) throw invalid('accountId', 'commerce.accountMissing');
    }
    const tz = await timeZoneOf(tx, orgId);
    const refund = await insertRefund(tx, scope, {
      orgId,
      refundNo: `R${await nextDocNo(tx, tz)}`,
      kind: 'non_order',
      amountFen: input.amountFen,
      to: input.method === 'balance' ? 'balance' : 'original',
      method: input.method,
      accountId: input.method === 'balance' ? input.accountId! : (opts.payoutFrom ?? null),
      payeeName: input.payeeName,
      payeePhone: input.payeePhone ?? null,
      reason: input.reason,
      state: 'applied',
      appliedBy: caller.userId,
    });
    return refund.id;
  });
  return getRefund(db, scope, id);
}

/** Approves (and pays back) or rejects an applied refund, once: a second review answers 100409 state. */
export async function reviewRefund(db: Db, caller: Caller, id: number, input: RefundReview, after: AfterCommitRunner) {
  const scope = scopeOf(caller);
  const work = await db.transaction(async (tx) => {
    const refund = await findRefund(tx, scope, id);
    if (!refund) throw notFound();
    if (refund.orderId) await findOrder(tx, scope, refund.orderId, { lock: true }); // one money change of an order at a time
    const reviewed = await transitionRefund(tx, scope, id, ['applied'], { state: input.approve ? 'approved' : 'rejected', reviewedBy: caller.userId, reviewedAt: new Date(), reviewRemark: input.remark, ...(input.approve ? {} : { completedAt: new Date() }) });
    if (!reviewed) throw conflict('state', 'commerce.refundNotApplied');
    if (!input.approve) await storedValueHooks()?.refundRejected?.(tx, scope, reviewed); // a card waiting for it is usable again
    return input.approve ? executeRefund(tx, scope, reviewed) : undefined;
  });
  if (work) await after(work);
  return getRefund(db, scope, id);
}
