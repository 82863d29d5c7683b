import crypto from 'node:crypto';
import { MAX_FEN, type AccountRecharge, type GeneralSale, type OrderCreate, type OrderListQuery } from '@venue/contract';
import type { Db, Tx } from '../../../platform/db.ts';
import { AppError, conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { scopeOf, SYSTEM_SCOPE, type Scope } from '../../../platform/scope.ts';
import { registerConfigValidator } from '../../system/index.ts';
import {
  claimIdempotencyKey,
  findAccount,
  findIdempotencyKey,
  findOrder,
  insertItems,
  insertOrder,
  itemsOf,
  legsOf,
  lockExpiredOrders,
  orderPrelude,
  openPaymentsOf,
  orderDefaultOrder,
  orderSorts,
  orderView,
  refundsOfOrder,
  ledgerOfOrder,
  pageOrders,
  paymentsOf,
  saveIdempotencyAnswer,
  setItemHold,
  transitionOrder,
  transitionPayment,
  type ItemRecord,
  type OrderRecord,
} from './commerce.repository.ts';
import { checkBuyer, itemKindOf, kindContext, memberBriefsOf, memberOrgOf, namedRegistry, parseDetail, venueOrgOf } from './item-kinds.ts';
import { adjustPrices, placeAdjustments, type PricingContext } from './pricing.ts';
import { runOrderHooks } from './order-hooks.ts';
import { adjustmentsOf, insertAdjustments, type AdjustmentRecord } from './pricing.repository.ts';
import { refundAllPaid, type AfterCommit, noWork } from './money.ts';
import { emitCommerceEvent } from './events.ts';
import { fenToYuan } from './providers/money.ts';
import './commerce.messages.ts';

/** Minutes an unpaid order of a type holds what it reserved: parameter `commerce.orderTimeout.<type>`, else this. */
export const DEFAULT_ORDER_TIMEOUT_MINUTES = 15;
const timeoutParam = (type: string) => `commerce.orderTimeout.${type}`;

/**
 * Order types, registered by the module that sells them (a second registration throws at start-up);
 * an order of a type nobody registered is refused. Each type has its time-out parameter, a whole
 * number of minutes, 1 to 1440 (checked when an administrator saves it).
 */
const orderTypes = namedRegistry<string>('order type');
/** `owner`: the module selling in it; the same owner again is the same app built twice (tests). */
export function registerOrderType(type: string, owner = 'sport/commerce'): void {
  if (orderTypes.get(type) === owner) return;
  orderTypes.add(type, owner);
  registerConfigValidator(timeoutParam(type), (value) => {
    const n = Number(value.trim());
    if (!/^\d+$/.test(value.trim()) || n < 1 || n > 1440) throw invalid('value', 'commerce.timeoutMinutes');
    return String(n);
  });
}

/** Whether a loaded module sells in orders of this type. */
export const isOrderType = (type: string): boolean => orderTypes.has(type);

/** The order types registered now, each with the module selling in it, in registration (load) order. */
export function listOrderTypes(): { type: string; module: string }[] {
  return orderTypes.names().map((type) => ({ type, module: orderTypes.get(type)! }));
}

// ---------------------------------------------------------------- bounds

/**
 * An order's total above ¥100,000,000.00 (MAX_FEN) is refused with 100400 (issue 23, point 15):
 * each amount and quantity is bounded by the contract, and the sum of the lines is checked here,
 * line by line, so it never leaves the range a JS number holds exactly.
 */
export function tooBig(field: string): AppError {
  return new AppError('INVALID', 'error.invalid', undefined, [{ field, message: 'commerce.totalTooBig', params: { maxYuan: fenToYuan(MAX_FEN) } }]);
}
function addBounded(sum: number, add: number, field: string): number {
  if (add > MAX_FEN || sum + add > MAX_FEN) throw tooBig(field);
  return sum + add;
}

/** What runs after a commit: provider calls (refund legs, closing open payments). Set by payment.service. */
export type AfterCommitRunner = (work: AfterCommit & { closePaymentIds?: number[] }) => Promise<void>;

// ---------------------------------------------------------------- idempotency

const KEY_RE = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * Runs a creating call once per `Idempotency-Key` (per user and route): the first call claims the
 * key in the same transaction as its work and stores the id of what it made; a retry (even one
 * racing the first) answers that same record, and never makes a second one. A key reused with a
 * different request answers 100409 duplicate.
 */
export async function idempotent(
  db: Db | Tx,
  caller: Caller,
  route: string,
  key: string | undefined,
  request: unknown,
  work: (tx: Tx) => Promise<number>,
): Promise<number> {
  if (key === undefined) return db.transaction(work);
  if (!KEY_RE.test(key)) throw new AppError('INVALID', 'error.invalid', undefined, [{ field: 'Idempotency-Key', message: 'error.field.invalid' }]);
  const scope = scopeOf(caller);
  const requestHash = crypto.createHash('sha256').update(JSON.stringify(request)).digest('hex');
  for (let attempt = 0; attempt < 3; attempt++) {
    const made = await db.transaction(async (tx) => {
      const claim = await claimIdempotencyKey(tx, scope, { orgId: caller.orgId, userId: caller.userId, route, idemKey: key, requestHash });
      if (!claim) return undefined;
      const id = await work(tx);
      await saveIdempotencyAnswer(tx, scope, claim.id, { id });
      return id;
    });
    if (made !== undefined) return made;
    const first = await findIdempotencyKey(db, scope, caller.userId, route, key);
    if (!first) continue; // the first call rolled back: claim again
    if (first.requestHash !== requestHash) throw conflict('duplicate', 'commerce.idempotencyReused');
    const id = (first.answer as { id?: number } | null)?.id;
    if (id !== undefined) return id;
  }
  throw conflict('duplicate', 'commerce.idempotencyReused');
}

// ---------------------------------------------------------------- orders

/**
 * Creates a pending order: each line priced by its kind (name and price copied at sale time), its
 * holds taken in the same transaction (the database refuses a second holder), and `expiresAt` set
 * from the type's time-out (or the seller's own, `opts.timeoutMinutes`). An order with nothing to pay is paid at once. Given a transaction, it
 * runs inside it (a module that makes several orders at once, all or none).
 */
/** An order to make: a module's lines, and why a discount was given (the generic sale's). */
export type NewOrder = OrderCreate & { discountReason?: string | null };

export async function createOrder(
  db: Db | Tx,
  caller: Caller,
  input: NewOrder,
  key: string | undefined,
  onMade?: (made: Made) => void,
  opts: { timeoutMinutes?: number } = {},
): Promise<number> {
  const scope = scopeOf(caller);
  const orgId = input.orgId ?? caller.orgId;
  return idempotent(db, caller, 'order.create', key, input, async (tx) => {
    if (!orderTypes.has(input.type)) throw invalid('type', 'error.field.invalid');
    const org = await orderPrelude(tx, scope, orgId, timeoutParam(input.type));
    if (!org) throw notFound();
    // The seller's own time-out (a ticket session's hold minutes) comes first, then the type's parameter.
    const timeoutMin =
      opts.timeoutMinutes ?? (org.timeoutMinutes && /^\d+$/.test(org.timeoutMinutes.trim()) ? Number(org.timeoutMinutes) : DEFAULT_ORDER_TIMEOUT_MINUTES);
    // The venue it is sold at must be one of the order's organisation (another's is not found).
    if (input.venueId !== undefined && (await venueOrgOf(tx, scope, input.venueId)) !== orgId) throw notFound();
    if (input.memberId !== undefined && (await memberOrgOf(tx, scope, input.memberId)) !== orgId) throw notFound();
    if (input.memberId !== undefined) await checkBuyer(tx, scope, input.memberId);
    const ctx = kindContext(tx, scope, { orgId, memberId: input.memberId ?? null, channel: input.channel, type: input.type }, caller);
    const lines = [];
    for (const [i, it] of input.items.entries()) {
      const kind = itemKindOf(it.kind);
      if (!kind || !kind.orderTypes.includes(input.type)) throw invalid(`items.${i}.kind`, 'commerce.kindNotSold');
      // The kind reads its typed detail; the line stores it as parsed.
      const detail = parseDetail(kind, it.detail, i);
      const priced = await kind.price(ctx, { ...it, detail }, i);
      if (priced.unitPriceFen > MAX_FEN || priced.unitPriceFen * it.quantity > MAX_FEN) throw tooBig(`items.${i}.quantity`);
      lines.push({ it, detail, priced, discountFen: 0 });
    }
    // The sum of the lines, each within the bound, checked as it grows (never past 2^53).
    const totalFen = lines.reduce((s, l, i) => addBounded(s, l.priced.unitPriceFen * l.it.quantity, `items.${i}.quantity`), 0);
    // Discounts: the adjusters' (member level, manual, coupons), each within what is left of its line.
    const pricing: PricingContext = {
      tx,
      scope,
      caller,
      orgId,
      memberId: input.memberId ?? null,
      orderType: input.type,
      venueId: input.venueId ?? null,
      discountReason: input.discountReason ?? null,
      coupons: { code: input.couponCode, ids: input.couponIds },
      now: ctx.now ?? new Date(),
    };
    const adjustments = await adjustPrices(
      pricing,
      lines.map((l, index) => ({ index, input: l.it, priced: l.priced, grossFen: l.priced.unitPriceFen * l.it.quantity })),
    );
    for (const a of adjustments) if (!a.inPrice) lines[a.line]!.discountFen += a.amountFen;
    const discountFen = lines.reduce((s, l) => s + l.discountFen, 0);
    const summary = lines.map((l) => (l.it.quantity > 1 ? `${l.priced.name}×${l.it.quantity}` : l.priced.name)).join('、');
    const order = await insertOrder(tx, scope, {
      orgId,
      orderNo: org.docNo,
      type: input.type,
      venueId: input.venueId ?? null,
      buyerKind: input.memberId ? 'member' : 'walkin',
      memberId: input.memberId ?? null,
      buyerName: input.buyerName,
      buyerPhone: input.buyerPhone,
      channel: input.channel,
      totalFen,
      discountFen,
      discountReason: discountFen > 0 ? (input.discountReason ?? null) : null,
      payableFen: totalFen - discountFen,
      state: 'pending',
      expiresAt: new Date(Date.now() + timeoutMin * 60_000),
      remark: input.remark,
      itemSummary: summary.length > 200 ? `${summary.slice(0, 199)}…` : summary,
      scanToken: crypto.randomBytes(24).toString('base64url'),
      createdBy: caller.userId,
    });
    const items = await insertItems(
      tx,
      scope,
      orgId,
      // A line whose kind holds is stored `held` at once: if its hold fails, the whole order does.
      lines.map((l, i) => ({
        orgId,
        orderId: order.id,
        lineNo: i + 1,
        kind: l.it.kind,
        refId: l.it.refId ?? null,
        name: l.priced.name,
        spec: l.priced.spec ?? null,
        quantity: l.it.quantity,
        unitPriceFen: l.priced.unitPriceFen,
        discountFen: l.discountFen,
        amountFen: l.priced.unitPriceFen * l.it.quantity - l.discountFen,
        hold: l.detail ?? null,
        holdState: itemKindOf(l.it.kind)!.hold ? 'held' : 'none',
      })),
    );
    const recorded = await insertAdjustments(
      tx,
      scope,
      orgId,
      adjustments.map((a) => ({
        orgId,
        orderId: order.id,
        itemId: items[a.line]!.id,
        source: a.source,
        reason: a.reason,
        amountFen: a.amountFen,
        inPrice: !!a.inPrice,
      })),
    );
    // What the adjustments took is recorded against the order (a coupon held by it), in this transaction.
    await placeAdjustments(pricing, { order, items }, adjustments);
    for (const [i, item] of items.entries()) {
      const kind = itemKindOf(item.kind)!;
      if (!kind.hold) continue;
      const hold = await kind.hold(ctx, item, order, lines[i]!.priced);
      // A kind that answers nothing keeps the line's own detail as its hold.
      if (hold !== undefined) await setItemHold(tx, scope, item.id, (item.hold = hold), 'held');
    }
    let made = order;
    if (order.payableFen === 0) {
      // Nothing to pay: the holds are confirmed now. A kind that refuses (a reserved ticket not
      // approved yet) leaves no hold behind: the order is cancelled and every hold released, as a
      // payment that finds its holds gone does (issue 23, point 5: a paid order kept 290 held tickets for good).
      const confirmed = new Set<number>();
      let refused = false;
      for (const item of items) {
        const kind = itemKindOf(item.kind);
        if (kind?.confirm && !(await kind.confirm(ctx, item, order))) {
          refused = true;
          break;
        }
        confirmed.add(item.id);
        if (item.holdState === 'held') await setItemHold(tx, scope, item.id, item.hold, (item.holdState = 'confirmed'));
      }
      if (refused) {
        for (const item of items) {
          await itemKindOf(item.kind)?.release?.(ctx, item, item.quantity, 'cancel', order.orderNo);
          if (item.holdState === 'held' || confirmed.has(item.id)) await setItemHold(tx, scope, item.id, item.hold, (item.holdState = 'released'));
        }
        made = (await transitionOrder(tx, scope, order.id, ['pending'], {
          state: 'cancelled',
          cancelledAt: new Date(),
          cancelReason: 'holds not confirmed',
          expiresAt: null,
        }))!;
      } else made = (await transitionOrder(tx, scope, order.id, ['pending'], { state: 'paid', paidAt: new Date(), expiresAt: null }))!;
      await runOrderHooks(ctx, made.state === 'paid' ? 'paid' : 'cancelled', made);
      await emitCommerceEvent(tx, {
        name: made.state === 'paid' ? 'order.paid' : 'order.cancelled',
        orgId: made.orgId,
        orderId: made.id,
        amountFen: made.payableFen,
      });
    }
    onMade?.({ order: made, items, adjustments: recorded, orgName: org.name });
    return order.id;
  });
}

/** What a fresh order's transaction made: enough to answer without reading it back. */
export interface Made {
  order: OrderRecord;
  items: ItemRecord[];
  /** What made its lines cheaper (pricing's adjusters). */
  adjustments: AdjustmentRecord[];
  orgName: string;
}

/**
 * `POST order`, the generic sale (issue 23, point 2): `general` lines only, on the console
 * channel; a discount needs its permission, a reason and the role's limit. Every other kind is
 * sold by its module's own route.
 */
export async function sellGeneral(db: Db, caller: Caller, input: GeneralSale, key: string | undefined, origin: string) {
  const { items, ...rest } = input;
  return sellOrder(db, caller, { ...rest, channel: 'console', items: items.map((i) => ({ ...i, kind: 'general' as const })) }, key, origin);
}

/**
 * `POST account/{id}/recharge`: a pending recharge order of a stored-value account (the core's
 * own `recharge` kind), bought by the account's member (or its holder), paid like any sale.
 */
export async function rechargeAccount(db: Db, caller: Caller, accountId: number, input: AccountRecharge, key: string | undefined, origin: string) {
  const account = await findAccount(db, scopeOf(caller), accountId);
  if (!account) throw notFound();
  return sellOrder(
    db,
    caller,
    {
      orgId: account.orgId,
      type: 'card',
      venueId: input.venueId,
      memberId: account.memberId ?? undefined,
      buyerName: account.holderName,
      buyerPhone: account.holderPhone,
      channel: 'console',
      remark: null,
      items: [{ kind: 'recharge', refId: account.id, quantity: 1, unitPriceFen: input.amountFen, discountFen: 0 }],
    },
    key,
    origin,
  );
}

/**
 * A new order answers what its transaction made (no read-back: the hot path of
 * every sale); a retry with the same Idempotency-Key answers the first order as it is now.
 */
export async function sellOrder(db: Db, caller: Caller, input: NewOrder, key: string | undefined, origin: string) {
  let made: Made | undefined;
  const id = await createOrder(db, caller, input, key, (m) => (made = m));
  if (!made) return getOrderDetail(db, caller, id, origin);
  const { order: o, items, adjustments, orgName } = made as Made;
  const { scanToken, createdAt, createdBy: _c, orgId, ...rest } = o;
  // A member's name is read only for a member's order (a walk-in sale makes no extra query).
  const [named] = await withMembers(db, scopeOf(caller), [rest]);
  return {
    ...named!,
    orgId,
    orgName,
    createdByName: caller.userName,
    createTime: createdAt,
    items: itemsAnswer(items, adjustments),
    payments: [],
    refunds: [],
    ledger: [],
    dueFen: o.payableFen,
    scanUrl: scanUrlOf(origin, o.state, scanToken),
  };
}

export async function listOrders(db: Db, caller: Caller, q: OrderListQuery) {
  const scope = scopeOf(caller);
  const { orderNo, type, state, channel, buyer, venueId, memberId, createdFrom, createdTo } = q;
  const { total, rows } = await pageOrders(
    db,
    scope,
    { orderNo, type, state, channel, buyer, venueId, memberId, createdFrom, createdTo },
    orderOf(q, orderSorts, orderDefaultOrder),
    pageOf(q),
  );
  return { total, data: await withMembers(db, scope, rows.map(publicRow)) };
}

/** `138****1234`: an order list shows a member's phone masked. */
const maskPhone = (p: string) => (p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : '****');

/** Orders (or refunds of orders) with their member's name and masked phone, read for all of them in one query (issue 25, point 2). */
export async function withMembers<T extends { memberId: number | null }>(db: Db | Tx, scope: Scope, rows: T[]) {
  const briefs = await memberBriefsOf(
    db,
    scope,
    rows.flatMap((r) => (r.memberId === null ? [] : [r.memberId])),
  );
  return rows.map((r) => {
    const m = r.memberId === null ? undefined : briefs.get(r.memberId);
    return { ...r, memberName: m?.name ?? null, memberPhoneMasked: m ? maskPhone(m.phone) : null };
  });
}

/** An order's lines as answered, each with its adjustments (source, reason, amount). */
function itemsAnswer(items: ItemRecord[], adjustments: AdjustmentRecord[]) {
  return items.map(({ orgId: _o, orderId: _d, hold: _h, ...i }) => ({
    ...i,
    adjustments: adjustments.filter((a) => a.itemId === i.id).map(({ source, reason, amountFen, inPrice }) => ({ source, reason, amountFen, inPrice })),
  }));
}

/** An order's row as answered: its scan-page key stays on the server (only `scanUrl` shows it). */
const publicRow = <T extends { scanToken?: unknown }>({ scanToken: _, ...r }: T) => r;

/** The public scan-to-pay page of an order, while it is pending. */
const scanUrlOf = (origin: string, state: string, token: string | null) => (state === 'pending' && token ? `${origin}/thirdScanPage?token=${token}` : null);

export async function getOrderRow(db: Db | Tx, scope: Scope, id: number) {
  const row = await orderView(db, scope, id);
  if (!row) throw notFound();
  return (await withMembers(db, scope, [publicRow(row)]))[0]!;
}

/** An order with its items, payments, refunds and ledger entries. `origin` makes the scan-page link. */
export async function getOrderDetail(db: Db, caller: Caller, id: number, origin: string) {
  const scope = scopeOf(caller);
  const view = await orderView(db, scope, id);
  if (!view) throw notFound();
  const { scanToken, ...row } = view;
  const [items, adjustments, payments, refunds, ledger] = await Promise.all([
    itemsOf(db, scope, id),
    adjustmentsOf(db, scope, id),
    paymentsOf(db, scope, id),
    refundsOfOrder(db, scope, id),
    ledgerOfOrder(db, scope, id),
  ]);
  const legs = await legsOf(
    db,
    scope,
    refunds.map((r) => r.id),
  );
  const succeededFen = payments.filter((p) => p.state === 'succeeded').reduce((n, p) => n + p.amountFen, 0);
  const [withMember] = await withMembers(db, scope, [row]);
  return {
    ...withMember!,
    items: itemsAnswer(items, adjustments),
    payments,
    // The order's refunds name its member, already read for the order.
    refunds: refunds.map((r) => ({
      ...r,
      memberName: withMember!.memberName,
      memberPhoneMasked: withMember!.memberPhoneMasked,
      legs: legs.filter((l) => l.refundId === r.id).map(({ refundId: _, ...l }) => l),
    })),
    ledger,
    dueFen: Math.max(0, row.payableFen - succeededFen),
    scanUrl: scanUrlOf(origin, row.state, scanToken),
  };
}

/**
 * Cancels a pending order (by the operator, or by time-out): its holds are released, its open
 * provider payments closed, and money already taken (part of a mixed payment) goes back.
 */
export async function cancelPending(
  tx: Tx,
  scope: Scope,
  order: OrderRecord,
  reason: string,
): Promise<(AfterCommit & { closePaymentIds: number[] }) | undefined> {
  const cancelled = await transitionOrder(tx, scope, order.id, ['pending'], {
    state: 'cancelled',
    cancelledAt: new Date(),
    cancelReason: reason,
    expiresAt: null,
  });
  if (!cancelled) return undefined;
  await emitCommerceEvent(tx, { name: 'order.cancelled', orgId: cancelled.orgId, orderId: cancelled.id });
  const ctx = kindContext(tx, scope, order);
  await runOrderHooks(ctx, 'cancelled', cancelled);
  for (const item of await itemsOf(tx, scope, order.id)) {
    await itemKindOf(item.kind)?.release?.(ctx, item, item.quantity, 'cancel', order.orderNo);
    if (item.holdState === 'held') await setItemHold(tx, scope, item.id, item.hold, 'released');
  }
  const closePaymentIds: number[] = [];
  for (const p of await openPaymentsOf(tx, scope, order.id)) {
    if (p.provider) closePaymentIds.push(p.id);
    else await transitionPayment(tx, scope, p.id, ['created'], { state: 'closed', closedAt: new Date() });
  }
  const work = cancelled.paidFen > 0 ? await refundAllPaid(tx, scope, cancelled, 'commerce.autoRefund.cancelled') : noWork();
  return { ...work, closePaymentIds };
}

export async function cancelOrder(db: Db, caller: Caller, id: number, reason: string | null, after: AfterCommitRunner) {
  const scope = scopeOf(caller);
  const work = await db.transaction(async (tx) => {
    const order = await findOrder(tx, scope, id, { lock: true });
    if (!order) throw notFound();
    const w = await cancelPending(tx, scope, order, reason ?? 'operator');
    if (!w) throw conflict('state', 'commerce.orderNotPending');
    return w;
  });
  await after(work);
  return getOrderRow(db, scope, id);
}

/** A paid order whose service was delivered (checked in, collected) becomes completed. */
export async function completeOrder(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  if (!(await findOrder(db, scope, id))) throw notFound();
  if (!(await transitionOrder(db, scope, id, ['paid'], { state: 'completed', completedAt: new Date() }))) throw conflict('state', 'commerce.orderNotPaid');
  return getOrderRow(db, scope, id);
}

/** The time-out job: cancels pending orders past `expiresAt` and releases their holds. */
export async function expireOrders(db: Db, after: AfterCommitRunner, now = new Date(), batch = 100): Promise<number> {
  let n = 0;
  for (;;) {
    const works = await db.transaction(async (tx) => {
      const due = await lockExpiredOrders(tx, SYSTEM_SCOPE, now, batch);
      const out = [];
      for (const o of due) {
        const w = await cancelPending(tx, SYSTEM_SCOPE, o, 'timeout');
        if (w) out.push(w);
      }
      return { count: due.length, out };
    });
    for (const w of works.out) await after(w);
    n += works.out.length;
    if (works.count < batch) return n;
  }
}

/** A paid order whose service was delivered, inside the caller's transaction (check-in, a forfeited no-show); false when it was not paid. */
export async function completePaid(tx: Tx, scope: Scope, id: number): Promise<boolean> {
  return !!(await transitionOrder(tx, scope, id, ['paid'], { state: 'completed', completedAt: new Date() }));
}
