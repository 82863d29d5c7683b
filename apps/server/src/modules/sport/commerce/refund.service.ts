import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_FEN, type NonOrderRefundApply, type RefundApply, type RefundListQuery, type RefundReview } from '@venue/contract';
import type { Db, Executor, Tx } from '../../../platform/db.ts';
import { assertInScope, scopeOf, type Scope } from '../../../platform/scope.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { definePort } from '../../../platform/ports.ts';
import { addMessages } from '../../../platform/i18n.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { getConfigValue, jsonValidator, registerConfigValidator } from '../../system/index.ts';
import {
  committedRefundFen,
  committedRefundItems,
  findAccount,
  findOrder,
  findRefund,
  insertRefund,
  itemsOf,
  legsOf,
  nextDocNo,
  pageRefunds,
  refundDefaultOrder,
  refundSorts,
  transitionRefund,
  type RefundRecord,
} from './commerce.repository.ts';
import { checkRefundPrecondition, executeRefund, timeZoneOf } from './money.ts';
import { itemKindOf, kindContext, storedValueHooks } from './item-kinds.ts';
import { idempotent, withMembers, type AfterCommitRunner } from './order.service.ts';
import { fenToYuan } from './providers/money.ts';
import './refund.messages.ts';

/**
 * Refunds: an operator applies (some items of an order, part of its amount, or money that no order
 * holds), a reviewer approves or rejects with a reason, and an approved refund is paid back, leg by
 * leg, through the order's own payments or into the buyer's stored value.
 */

const REFUNDABLE = ['paid', 'completed', 'part_refunded'];

// ---------------------------------------------------------------- who may refund, and how much

/**
 * Non-order refunds (money no order holds: a deposit, a goodwill payment) are limited per role:
 * parameter `commerce.refundLimits`, JSON `{"default": {"maxFen": 100000}, "roles": {"<role code>":
 * {"maxFen": 500000}}}`, the most one refund may pay back. A role without an entry has the default;
 * without the parameter the default is ¥1,000. A caller with several roles has the most generous.
 * Order refunds are bounded by what the order paid, card refunds by what the card was paid and
 * has not used (cards module); every refund is approved by someone other than its applicant.
 */
export const REFUND_LIMITS_PARAM = 'commerce.refundLimits';
const refundLimit = z.strictObject({ maxFen: z.number().int().min(0).max(MAX_FEN) });
const refundLimits = z.strictObject({ default: refundLimit.optional(), roles: z.record(z.string().min(1).max(64), refundLimit).optional() });
export const DEFAULT_REFUND_LIMIT_FEN = 100_000;
registerConfigValidator(
  REFUND_LIMITS_PARAM,
  jsonValidator((json) => refundLimits.parse(json)),
);

/** The most one non-order refund of the caller may pay back. */
export async function refundLimitOf(db: Db, caller: Caller): Promise<number> {
  const raw = await getConfigValue(db, REFUND_LIMITS_PARAM);
  let parsed: z.output<typeof refundLimits> = {};
  try {
    parsed = raw ? refundLimits.parse(JSON.parse(raw)) : {};
  } catch {
    parsed = {}; // an unreadable value (saved before its check existed): the default
  }
  const fallback = parsed.default?.maxFen ?? DEFAULT_REFUND_LIMIT_FEN;
  const roles = caller.roles.length ? caller.roles : [''];
  return Math.max(...roles.map((r) => parsed.roles?.[r]?.maxFen ?? fallback));
}

/**
 * The cash in an operator's drawer. Drawers are the front desk's shifts: the booking module plugs
 * the figure from its manifest. Unplugged, no cash payout can be covered: a cash refund is refused.
 */
export type DrawerCash = (tx: Tx, scope: Scope, orgId: number, userId: number) => Promise<number>;
export const drawerCashPort = definePort<DrawerCash>('commerce.drawerCash');
addMessages({
  'zh-CN': { 'commerce.refundNoDrawer': '预订模块未启用，无法核对钱箱现金：请改用转账退款' },
  'en-US': { 'commerce.refundNoDrawer': 'The booking module is not loaded: the drawer cannot be checked, so refund by transfer' },
});

/**
 * A cash payout leaves the applicant's drawer: it may not exceed the cash in it. Payouts of one
 * drawer are serialised (a transaction-scoped advisory lock), so two approvals at once cannot both
 * spend the same cash.
 */
async function checkDrawer(tx: Tx, scope: Scope, orgId: number, userId: number | null, amountFen: number, field: string): Promise<void> {
  if (userId === null) throw conflict('state', 'commerce.refundOverDrawer', { cashYuan: fenToYuan(0) });
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`drawer:${orgId}:${userId}`}, 0))`);
  if (!drawerCashPort.plugged) throw invalid(field, 'commerce.refundNoDrawer');
  const cash = await drawerCashPort.get()(tx, scope, orgId, userId);
  if (amountFen > cash) throw invalid(field, 'commerce.refundOverDrawer', { cashYuan: fenToYuan(Math.max(0, cash)) });
}

/** A refund is approved by someone other than its applicant. */
function assertOtherReviewer(refund: RefundRecord, caller: Caller): void {
  if (refund.appliedBy !== null && refund.appliedBy === caller.userId) throw conflict('state', 'commerce.refundOwnReview');
}

export async function getRefund(db: Executor, scope: Scope, id: number) {
  const { rows } = await pageRefunds(db, scope, { id }, refundDefaultOrder, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  const [legs, [row]] = await Promise.all([legsOf(db, scope, [id]), withMembers(db, scope, rows)]);
  return { ...row!, legs: legs.map(({ refundId: _, ...l }) => l) };
}

export async function listRefunds(db: Db, caller: Caller, q: RefundListQuery) {
  const scope = scopeOf(caller);
  const { refundNo, orderNo, kind, state, itemKind, createdFrom, createdTo } = q;
  const { total, rows } = await pageRefunds(
    db,
    scope,
    { refundNo, orderNo, kind, state, itemKind, createdFrom, createdTo },
    orderOf(q, refundSorts, refundDefaultOrder),
    pageOf(q),
  );
  const [legs, named] = await Promise.all([
    legsOf(
      db,
      scope,
      rows.map((r) => r.id),
    ),
    withMembers(db, scope, rows),
  ]);
  return { total, data: named.map((r) => ({ ...r, legs: legs.filter((l) => l.refundId === r.id).map(({ refundId: _, ...l }) => l) })) };
}

/**
 * Applies for a refund of an order: items (their amounts, or less) or an amount, within what is paid and not yet refunded.
 * `alongside` is the applying module's own work in the same transaction (a ticket marked with the refund's number).
 */
export async function applyRefund(
  db: Db,
  caller: Caller,
  input: RefundApply,
  key: string | undefined,
  opts: { alongside?: (tx: Tx, refund: RefundRecord) => Promise<void> } = {},
) {
  const scope = scopeOf(caller);
  const id = await idempotent(db, caller, 'refund.apply', key, input, async (tx) => {
    const order = await findOrder(tx, scope, input.orderId, { lock: true });
    if (!order) throw notFound();
    if (!REFUNDABLE.includes(order.state)) throw conflict('state', 'commerce.refundNotAllowed');
    await checkRefundPrecondition(tx, scope, order);
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
        const paidFen =
          r.quantity === item.quantity - done.quantity ? item.amountFen - done.amountFen : Math.round((item.amountFen * r.quantity) / item.quantity);
        // The kind's rules may give back less than was paid (a used card, a session begun); never more.
        const quote = await itemKindOf(item.kind)?.refundQuote?.(kindContext(tx, scope, order, caller), item, r.quantity, paidFen);
        const amountFen = quote ? Math.max(0, Math.min(paidFen, quote.amountFen)) : paidFen;
        if (paidFen > 0 && amountFen === 0) throw invalid(`items.${n}.itemId`, quote?.reason ?? 'commerce.refundExceedsPaid');
        lines.push({ itemId: item.id, quantity: r.quantity, amountFen });
        committed.set(item.id, { quantity: done.quantity + r.quantity, amountFen: done.amountFen + amountFen });
      }
    }
    const itemsFen = lines.reduce((s, l) => s + l.amountFen, 0);
    const amountFen = input.amountFen ?? itemsFen;
    if (lines.length && amountFen > itemsFen) throw invalid('amountFen', 'commerce.refundExceedsPaid');
    if (amountFen > order.paidFen - (await committedRefundFen(tx, scope, order.id))) throw invalid('amountFen', 'commerce.refundExceedsPaid');
    const tz = await timeZoneOf(tx, order.orgId);
    const refund = await insertRefund(tx, scope, {
      orgId: order.orgId,
      refundNo: `R${await nextDocNo(tx, tz)}`,
      kind: 'order',
      orderId: order.id,
      amountFen,
      items: lines,
      to: input.to,
      accountId: input.to === 'balance' ? input.accountId! : null,
      reason: input.reason,
      state: 'applied',
      appliedBy: caller.userId,
    });
    await opts.alongside?.(tx, refund);
    return refund.id;
  });
  return getRefund(db, scope, id);
}

/**
 * Applies for money paid back that no order holds (a deposit, a goodwill refund). `payoutFrom`: the
 * stored-value account the money leaves when the refund is paid out in cash or by transfer (a
 * member card's remaining value; the cards module takes it out of the account).
 */
export async function applyNonOrderRefund(db: Db, caller: Caller, input: NonOrderRefundApply, opts: { payoutFrom?: number; card?: boolean } = {}) {
  const scope = scopeOf(caller);
  const orgId = input.orgId ?? caller.orgId;
  await assertInScope(db, scope, [orgId]);
  if (!input.reason.trim()) throw invalid('reason', 'error.field.required');
  // A card's refund is bounded by the card (what was paid for it and not used); any other by the role's limit.
  if (!opts.card) {
    const limit = await refundLimitOf(db, caller);
    if (input.amountFen > limit) throw invalid('amountFen', 'commerce.refundOverLimit', { maxYuan: fenToYuan(limit) });
  }
  const id = await db.transaction(async (tx) => {
    if (input.method === 'cash') await checkDrawer(tx, scope, orgId, caller.userId, input.amountFen, 'amountFen');
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
    assertOtherReviewer(refund, caller);
    if (refund.orderId) await findOrder(tx, scope, refund.orderId, { lock: true }); // one money change of an order at a time
    // Cash paid out (no order's payment) leaves the applicant's drawer: checked again when it is paid.
    if (input.approve && refund.state === 'applied' && refund.kind === 'non_order' && refund.method === 'cash')
      await checkDrawer(tx, scope, refund.orgId, refund.appliedBy, refund.amountFen, 'approve');
    const reviewed = await transitionRefund(tx, scope, id, ['applied'], {
      state: input.approve ? 'approved' : 'rejected',
      reviewedBy: caller.userId,
      reviewedAt: new Date(),
      reviewRemark: input.remark,
      ...(input.approve ? {} : { completedAt: new Date() }),
    });
    if (!reviewed) throw conflict('state', 'commerce.refundNotApplied');
    if (!input.approve) await storedValueHooks()?.refundRejected?.(tx, scope, reviewed); // a card waiting for it is usable again
    return input.approve ? executeRefund(tx, scope, reviewed) : undefined;
  });
  if (work) await after(work);
  return getRefund(db, scope, id);
}
