import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, type Scope, type SystemScope } from '../../../platform/scope.ts';
import { orgs, users, containsText } from '../../system/index.ts';
import {
  balanceAccounts,
  idempotencyKeys,
  ledgerEntries,
  orderItems,
  orders,
  payMerchants,
  payNotifications,
  payments,
  refundLegs,
  refunds,
} from './commerce.table.ts';

/**
 * Every query of the commerce core. Each function takes a required Scope and puts it in the
 * `where` of every read and write; state changes are single conditional writes
 * (`update … where id = $1 and state in (…) returning`), so a replay or a race changes nothing.
 */

export type OrderRecord = typeof orders.$inferSelect;
export type ItemRecord = typeof orderItems.$inferSelect;
export type PaymentRecord = typeof payments.$inferSelect;
export type RefundRecord = typeof refunds.$inferSelect;
export type RefundLegRecord = typeof refundLegs.$inferSelect;
export type AccountRecord = typeof balanceAccounts.$inferSelect;
export type MerchantRecord = typeof payMerchants.$inferSelect;

type Rows<T> = { rows: T[] };

/** The next document number: local time to the second plus a cycling sequence, e.g. `20261125143012000123`. */
export async function nextDocNo(db: Executor, timeZone: string): Promise<string> {
  const res = (await db.execute(
    sql`select to_char(now() at time zone ${timeZone}, 'YYYYMMDDHH24MISS') || lpad((nextval('sport_doc_no_seq') % 1000000)::text, 6, '0') as no`,
  )) as unknown as Rows<{ no: string }>;
  return res.rows[0]!.no;
}

// ---------------------------------------------------------------- orders

/**
 * What a new order needs before its insert, in one round trip: the selling organisation's name and
 * time zone, the next document number in that zone, and the type's time-out parameter (minutes).
 */
export async function orderPrelude(
  db: Executor,
  scope: Scope,
  orgId: number,
  timeoutCode: string,
): Promise<{ name: string; timeZone: string; docNo: string; timeoutMinutes: string | null } | undefined> {
  const res = (await db.execute(sql`select o.name, o.time_zone as "timeZone",
      to_char(now() at time zone o.time_zone, 'YYYYMMDDHH24MISS') || lpad((nextval('sport_doc_no_seq') % 1000000)::text, 6, '0') as "docNo",
      (select c.value from sys_config c where c.code = ${timeoutCode}) as "timeoutMinutes"
    from sys_org o where o.id = ${orgId} and ${inScope(scope, sql`o.id`) ?? sql`true`}`)) as unknown as Rows<{
    name: string;
    timeZone: string;
    docNo: string;
    timeoutMinutes: string | null;
  }>;
  return res.rows[0];
}

export async function insertOrder(db: Executor, scope: Scope, values: typeof orders.$inferInsert): Promise<OrderRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function insertItems(db: Executor, scope: Scope, orgId: number, values: (typeof orderItems.$inferInsert)[]): Promise<ItemRecord[]> {
  await assertInScope(db, scope, [orgId]);
  if (values.some((v) => v.orgId !== orgId)) throw new Error('items of another organisation');
  return db.insert(orderItems).values(values).returning();
}

export async function findOrder(db: Executor, scope: Scope, id: number, opts: { lock?: boolean } = {}): Promise<OrderRecord | undefined> {
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), inScope(scope, orders.orgId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

/** An order by its number (check-in by order number or its QR code). */
export async function findOrderByNo(db: Executor, scope: Scope, orderNo: string, opts: { lock?: boolean } = {}): Promise<OrderRecord | undefined> {
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), inScope(scope, orders.orgId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

/** Renames an item and moves its hold (a booking changed to another site or time); its price stays as sold. */
export async function reviseItem(
  db: Executor,
  scope: Scope,
  itemId: number,
  values: { refId: number; name: string; spec: string | null; hold: unknown },
): Promise<void> {
  await db
    .update(orderItems)
    .set(values)
    .where(and(eq(orderItems.id, itemId), inScope(scope, orderItems.orgId)));
}

export async function findOrderByScanToken(db: Executor, scope: SystemScope, token: string): Promise<OrderRecord | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.scanToken, token), inScope(scope, orders.orgId)));
  return row;
}

export async function itemsOf(db: Executor, scope: Scope, orderId: number): Promise<ItemRecord[]> {
  return db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), inScope(scope, orderItems.orgId)))
    .orderBy(asc(orderItems.lineNo));
}

/** What lines sold (kind and record), for another module's list that names them: items out of scope are not found. */
export async function itemRefsOf(db: Executor, scope: Scope, itemIds: readonly number[]): Promise<{ id: number; kind: string; refId: number | null }[]> {
  if (!itemIds.length) return [];
  return db
    .select({ id: orderItems.id, kind: orderItems.kind, refId: orderItems.refId })
    .from(orderItems)
    .where(and(inArray(orderItems.id, [...itemIds]), inScope(scope, orderItems.orgId)));
}

/** Each order's lines in one text (`name ×2, name`), in line order, for another module's list of its orders. */
export async function lineSummariesOf(db: Executor, scope: Scope, orderIds: readonly number[]): Promise<Map<number, string>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      text: sql<string>`string_agg(coalesce(${orderItems.spec}, ${orderItems.name}) || case when ${orderItems.quantity} > 1 then ' ×' || ${orderItems.quantity} else '' end, ', ' order by ${orderItems.lineNo})`,
    })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, [...new Set(orderIds)]), inScope(scope, orderItems.orgId)))
    .groupBy(orderItems.orderId);
  return new Map(rows.map((r) => [Number(r.orderId), r.text ?? '']));
}

/** One conditional transition: the order moves only from one of `from`; answers the row, or undefined when it was not there. */
export async function transitionOrder(
  db: Executor,
  scope: Scope,
  id: number,
  from: readonly string[],
  values: Partial<typeof orders.$inferInsert>,
): Promise<OrderRecord | undefined> {
  const [row] = await db
    .update(orders)
    .set({ ...values, version: sql`${orders.version} + 1` })
    .where(and(eq(orders.id, id), inArray(orders.state, [...from]), inScope(scope, orders.orgId)))
    .returning();
  return row;
}

/** Adds to an order's paid or refunded amount (the amounts are derived from payments and refund legs). */
export async function addOrderMoney(db: Executor, scope: Scope, id: number, money: { paidFen?: number; refundedFen?: number }): Promise<OrderRecord> {
  const [row] = await db
    .update(orders)
    .set({
      paidFen: sql`${orders.paidFen} + ${money.paidFen ?? 0}`,
      refundedFen: sql`${orders.refundedFen} + ${money.refundedFen ?? 0}`,
      version: sql`${orders.version} + 1`,
    })
    .where(and(eq(orders.id, id), inScope(scope, orders.orgId)))
    .returning();
  return row!;
}

export async function setItemHold(db: Executor, scope: Scope, itemId: number, hold: unknown, holdState: string): Promise<void> {
  await db
    .update(orderItems)
    .set({ hold: hold ?? null, holdState })
    .where(and(eq(orderItems.id, itemId), inScope(scope, orderItems.orgId)));
}

export async function addItemRefund(db: Executor, scope: Scope, itemId: number, quantity: number, amountFen: number): Promise<ItemRecord | undefined> {
  const [row] = await db
    .update(orderItems)
    .set({ refundedQty: sql`${orderItems.refundedQty} + ${quantity}`, refundedFen: sql`${orderItems.refundedFen} + ${amountFen}` })
    .where(and(eq(orderItems.id, itemId), inScope(scope, orderItems.orgId)))
    .returning();
  return row;
}

/** Pending orders past their time-out, oldest first, locked for this process (others skip them). */
export async function lockExpiredOrders(db: Executor, scope: SystemScope, now: Date, limit: number): Promise<OrderRecord[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.state, 'pending'), lt(orders.expiresAt, now), inScope(scope, orders.orgId)))
    .orderBy(asc(orders.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export type OrderFilter = {
  id?: number;
  orderNo?: string;
  type?: string;
  state?: string;
  channel?: string;
  buyer?: string;
  venueId?: number;
  memberId?: number;
  createdFrom?: Date;
  createdTo?: Date;
};

function orderWhere(scope: Scope, f: OrderFilter): SQL | undefined {
  return and(
    inScope(scope, orders.orgId),
    f.id !== undefined ? eq(orders.id, f.id) : undefined,
    f.orderNo ? containsText(orders.orderNo, f.orderNo) : undefined,
    f.type ? eq(orders.type, f.type) : undefined,
    f.state ? eq(orders.state, f.state) : undefined,
    f.channel ? eq(orders.channel, f.channel) : undefined,
    f.buyer ? or(containsText(orders.buyerName, f.buyer), containsText(orders.buyerPhone, f.buyer)) : undefined,
    f.venueId !== undefined ? eq(orders.venueId, f.venueId) : undefined,
    f.memberId !== undefined ? eq(orders.memberId, f.memberId) : undefined,
    f.createdFrom ? gte(orders.createdAt, f.createdFrom) : undefined,
    f.createdTo ? lte(orders.createdAt, f.createdTo) : undefined,
  );
}

const orderColumns = {
  ...{
    id: orders.id,
    orgId: orders.orgId,
    orderNo: orders.orderNo,
    type: orders.type,
    venueId: orders.venueId,
    buyerKind: orders.buyerKind,
    memberId: orders.memberId,
    buyerName: orders.buyerName,
    buyerPhone: orders.buyerPhone,
    channel: orders.channel,
    totalFen: orders.totalFen,
    discountFen: orders.discountFen,
    discountReason: orders.discountReason,
    payableFen: orders.payableFen,
    paidFen: orders.paidFen,
    refundedFen: orders.refundedFen,
    state: orders.state,
    overpaid: orders.overpaid,
    expiresAt: orders.expiresAt,
    remark: orders.remark,
    itemSummary: orders.itemSummary,
    createTime: orders.createdAt,
    paidAt: orders.paidAt,
    cancelledAt: orders.cancelledAt,
    cancelReason: orders.cancelReason,
    completedAt: orders.completedAt,
    version: orders.version,
    scanToken: orders.scanToken,
  },
  orgName: orgs.name,
  createdByName: users.name,
};
export const orderSorts = { createTime: orders.createdAt, payableFen: orders.payableFen, orderNo: orders.orderNo, state: orders.state };
export const orderDefaultOrder = [desc(orders.createdAt), desc(orders.id)];

export async function pageOrders(db: Executor, scope: Scope, f: OrderFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = orderWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select(orderColumns)
      .from(orders)
      .innerJoin(orgs, eq(orgs.id, orders.orgId))
      .leftJoin(users, eq(users.id, orders.createdBy))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

// ---------------------------------------------------------------- payments

export async function insertPayment(db: Executor, scope: Scope, values: typeof payments.$inferInsert): Promise<PaymentRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function findPayment(db: Executor, scope: Scope, id: number): Promise<PaymentRecord | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), inScope(scope, payments.orgId)));
  return row;
}

export async function findPaymentByNo(db: Executor, scope: Scope, paymentNo: string): Promise<PaymentRecord | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.paymentNo, paymentNo), inScope(scope, payments.orgId)));
  return row;
}

/** A payment moves from one of `from` to a new state (one conditional write). */
export async function transitionPayment(
  db: Executor,
  scope: Scope,
  id: number,
  from: readonly string[],
  values: Partial<typeof payments.$inferInsert>,
): Promise<PaymentRecord | undefined> {
  const [row] = await db
    .update(payments)
    .set(values)
    .where(and(eq(payments.id, id), inArray(payments.state, [...from]), inScope(scope, payments.orgId)))
    .returning();
  return row;
}

/** Sets what the provider told about a payment still open (QR code, trade number, last error). */
export async function notePayment(
  db: Executor,
  scope: Scope,
  id: number,
  values: Pick<Partial<typeof payments.$inferInsert>, 'qrCode' | 'providerTradeNo' | 'error'>,
): Promise<void> {
  await db
    .update(payments)
    .set(values)
    .where(and(eq(payments.id, id), eq(payments.state, 'created'), inScope(scope, payments.orgId)));
}

const paymentColumns = {
  id: payments.id,
  paymentNo: payments.paymentNo,
  orderId: payments.orderId,
  method: payments.method,
  flow: payments.flow,
  amountFen: payments.amountFen,
  receivedFen: payments.receivedFen,
  changeFen: payments.changeFen,
  accountId: payments.accountId,
  providerTradeNo: payments.providerTradeNo,
  qrCode: payments.qrCode,
  state: payments.state,
  error: payments.error,
  operatorName: users.name,
  createTime: payments.createdAt,
  succeededAt: payments.succeededAt,
  closedAt: payments.closedAt,
};

export async function paymentsOf(db: Executor, scope: Scope, orderId: number) {
  return db
    .select(paymentColumns)
    .from(payments)
    .leftJoin(users, eq(users.id, payments.operatorId))
    .where(and(eq(payments.orderId, orderId), inScope(scope, payments.orgId)))
    .orderBy(asc(payments.id));
}

export async function paymentView(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select(paymentColumns)
    .from(payments)
    .leftJoin(users, eq(users.id, payments.operatorId))
    .where(and(eq(payments.id, id), inScope(scope, payments.orgId)));
  return row;
}

/** What each succeeded payment of an order still holds (its amount less its refund legs that are not failed). */
export async function refundablePayments(db: Executor, scope: Scope, orderId: number) {
  const res = (await db.execute(sql`
    select p.id, p.method, p.provider, p.account_id as "accountId", p.amount_fen as "amountFen", p.payment_no as "paymentNo",
      p.amount_fen - coalesce((select sum(l.amount_fen) from sport_refund_leg l where l.payment_id = p.id and l.state <> 'failed'), 0) as "leftFen"
    from sport_payment p
    where p.order_id = ${orderId} and p.state = 'succeeded' and ${inScope(scope, sql`p.org_id`) ?? sql`true`}
    order by p.id desc`)) as unknown as Rows<{
    id: number;
    method: string;
    provider: string | null;
    accountId: number | null;
    amountFen: number;
    paymentNo: string;
    leftFen: number;
  }>;
  return res.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    accountId: r.accountId === null ? null : Number(r.accountId),
    amountFen: Number(r.amountFen),
    leftFen: Number(r.leftFen),
  }));
}

/** Money of an order in payments: succeeded, and still open (created). */
export async function paymentTotals(db: Executor, scope: Scope, orderId: number): Promise<{ succeededFen: number; openFen: number }> {
  const [row] = await db
    .select({
      succeededFen: sql<number>`coalesce(sum(${payments.amountFen}) filter (where ${payments.state} = 'succeeded'), 0)`.mapWith(Number),
      openFen: sql<number>`coalesce(sum(${payments.amountFen}) filter (where ${payments.state} = 'created'), 0)`.mapWith(Number),
    })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inScope(scope, payments.orgId)));
  return row ?? { succeededFen: 0, openFen: 0 };
}

export async function openPaymentsOf(db: Executor, scope: Scope, orderId: number): Promise<PaymentRecord[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, 'created'), inScope(scope, payments.orgId)));
}

// ---------------------------------------------------------------- stored-value accounts

export async function insertAccount(db: Executor, scope: Scope, values: typeof balanceAccounts.$inferInsert): Promise<AccountRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(balanceAccounts).values(values).returning();
  return row!;
}

export async function findAccount(db: Executor, scope: Scope, id: number): Promise<AccountRecord | undefined> {
  const [row] = await db
    .select()
    .from(balanceAccounts)
    .where(and(eq(balanceAccounts.id, id), inScope(scope, balanceAccounts.orgId)));
  return row;
}

/** Takes money from an active account only when it holds enough (exact under concurrency). */
export async function debitAccount(db: Executor, scope: Scope, id: number, amountFen: number): Promise<AccountRecord | undefined> {
  const [row] = await db
    .update(balanceAccounts)
    .set({ balanceFen: sql`${balanceAccounts.balanceFen} - ${amountFen}`, version: sql`${balanceAccounts.version} + 1`, updatedAt: new Date() })
    .where(
      and(eq(balanceAccounts.id, id), eq(balanceAccounts.status, 'active'), gte(balanceAccounts.balanceFen, amountFen), inScope(scope, balanceAccounts.orgId)),
    )
    .returning();
  return row;
}

export async function creditAccount(db: Executor, scope: Scope, id: number, amountFen: number): Promise<AccountRecord | undefined> {
  const [row] = await db
    .update(balanceAccounts)
    .set({ balanceFen: sql`${balanceAccounts.balanceFen} + ${amountFen}`, version: sql`${balanceAccounts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(balanceAccounts.id, id), inScope(scope, balanceAccounts.orgId)))
    .returning();
  return row;
}

export type AccountFilter = { keyword?: string; memberId?: number };
export async function pageAccounts(db: Executor, scope: Scope, f: AccountFilter, page: { limit: number; offset: number }) {
  const where = and(
    inScope(scope, balanceAccounts.orgId),
    f.keyword
      ? or(
          containsText(balanceAccounts.holderName, f.keyword),
          containsText(balanceAccounts.holderPhone, f.keyword),
          containsText(balanceAccounts.accountNo, f.keyword),
        )
      : undefined,
    f.memberId !== undefined ? eq(balanceAccounts.memberId, f.memberId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(balanceAccounts).where(where).orderBy(desc(balanceAccounts.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(balanceAccounts).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

// ---------------------------------------------------------------- refunds

export async function insertRefund(db: Executor, scope: Scope, values: typeof refunds.$inferInsert): Promise<RefundRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(refunds).values(values).returning();
  return row!;
}

export async function findRefund(db: Executor, scope: Scope, id: number): Promise<RefundRecord | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, id), inScope(scope, refunds.orgId)));
  return row;
}

export async function transitionRefund(
  db: Executor,
  scope: Scope,
  id: number,
  from: readonly string[],
  values: Partial<typeof refunds.$inferInsert>,
): Promise<RefundRecord | undefined> {
  const [row] = await db
    .update(refunds)
    .set(values)
    .where(and(eq(refunds.id, id), inArray(refunds.state, [...from]), inScope(scope, refunds.orgId)))
    .returning();
  return row;
}

/** Whether any of these refunds still waits for its review or its payout (applied or approved). */
export async function someRefundOpen(db: Executor, scope: Scope, ids: number[]): Promise<boolean> {
  if (!ids.length) return false;
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(inArray(refunds.id, ids), inArray(refunds.state, ['applied', 'approved']), inScope(scope, refunds.orgId)))
    .limit(1);
  return !!row;
}

/** The lines `paidFenOf` sums: those of `kind` whose hold has `key` = `value`, and those of `kinds` whose ref_id is `refId`. */
export interface PaidLines {
  hold?: { kind: string; key: string; value: string };
  ref?: { kinds: string[]; refId: number };
}

/**
 * Money actually paid for some lines and not refunded: each line of an order that was paid, less
 * what of it was refunded, and less its share of the order paid by the comp (`free`) method (a comp is not money paid).
 */
export async function paidFenOf(db: Executor, scope: Scope, orgId: number, lines: PaidLines): Promise<number> {
  const inKinds = (kinds: string[]) =>
    sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    );
  const match = [
    lines.hold && sql`(i.kind = ${lines.hold.kind} and i.hold ->> ${lines.hold.key}::text = ${lines.hold.value})`,
    lines.ref?.kinds.length && sql`(i.kind in (${inKinds(lines.ref.kinds)}) and i.ref_id = ${lines.ref.refId})`,
  ].filter((m): m is SQL => !!m);
  if (!match.length) return 0;
  const res = (await db.execute(sql`
    select coalesce(sum(((i.amount_fen - i.refunded_fen) * greatest(o.paid_fen - coalesce(f.fen, 0), 0)) / nullif(o.paid_fen, 0)), 0) as fen
    from sport_order_item i
    join sport_order o on o.id = i.order_id
    left join lateral (select sum(p.amount_fen) as fen from sport_payment p where p.order_id = o.id and p.state = 'succeeded' and p.method = 'free') f on true
    where i.org_id = ${orgId} and o.state in ('paid', 'completed', 'part_refunded', 'refunded')
      and (${sql.join(match, sql` or `)})
      and ${inScope(scope, sql`i.org_id`) ?? sql`true`}`)) as unknown as { rows: { fen: string | number | null }[] };
  return Math.floor(Number(res.rows[0]?.fen ?? 0));
}

/** Refund money of an order not yet paid back or refused: applied, approved (in progress) and succeeded. */
export async function committedRefundFen(db: Executor, scope: Scope, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${refunds.amountFen}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.state, ['applied', 'approved', 'succeeded']), inScope(scope, refunds.orgId)));
  return row?.n ?? 0;
}

/** Quantities and amounts of each item already refunded or being refunded. */
export async function committedRefundItems(db: Executor, scope: Scope, orderId: number): Promise<Map<number, { quantity: number; amountFen: number }>> {
  const rows = await db
    .select({ items: refunds.items })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.state, ['applied', 'approved', 'succeeded']), inScope(scope, refunds.orgId)));
  const out = new Map<number, { quantity: number; amountFen: number }>();
  for (const r of rows)
    for (const i of r.items) {
      const o = out.get(i.itemId) ?? { quantity: 0, amountFen: 0 };
      out.set(i.itemId, { quantity: o.quantity + i.quantity, amountFen: o.amountFen + i.amountFen });
    }
  return out;
}

export async function insertLeg(db: Executor, scope: Scope, values: typeof refundLegs.$inferInsert): Promise<RefundLegRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(refundLegs).values(values).returning();
  return row!;
}

export async function legsOf(db: Executor, scope: Scope, refundIds: number[]) {
  if (!refundIds.length) return [];
  return db
    .select({
      id: refundLegs.id,
      refundId: refundLegs.refundId,
      outRefundNo: refundLegs.outRefundNo,
      paymentNo: payments.paymentNo,
      method: refundLegs.method,
      amountFen: refundLegs.amountFen,
      state: refundLegs.state,
      error: refundLegs.error,
    })
    .from(refundLegs)
    .leftJoin(payments, eq(payments.id, refundLegs.paymentId))
    .where(and(inArray(refundLegs.refundId, refundIds), inScope(scope, refundLegs.orgId)))
    .orderBy(asc(refundLegs.id));
}

export async function legRecordsOf(db: Executor, scope: Scope, refundId: number): Promise<RefundLegRecord[]> {
  return db
    .select()
    .from(refundLegs)
    .where(and(eq(refundLegs.refundId, refundId), inScope(scope, refundLegs.orgId)));
}

export async function findLegByOutRefundNo(db: Executor, scope: Scope, provider: string, outRefundNo: string): Promise<RefundLegRecord | undefined> {
  const [row] = await db
    .select()
    .from(refundLegs)
    .where(and(eq(refundLegs.provider, provider), eq(refundLegs.outRefundNo, outRefundNo), inScope(scope, refundLegs.orgId)));
  return row;
}

export async function transitionLeg(
  db: Executor,
  scope: Scope,
  id: number,
  from: readonly string[],
  values: Partial<typeof refundLegs.$inferInsert>,
): Promise<RefundLegRecord | undefined> {
  const [row] = await db
    .update(refundLegs)
    .set(values)
    .where(and(eq(refundLegs.id, id), inArray(refundLegs.state, [...from]), inScope(scope, refundLegs.orgId)))
    .returning();
  return row;
}

export type RefundFilter = {
  id?: number;
  orderId?: number;
  refundNo?: string;
  orderNo?: string;
  kind?: string;
  state?: string;
  itemKind?: string;
  createdFrom?: Date;
  createdTo?: Date;
};
export const refundSorts = { applyTime: refunds.createdAt, amountFen: refunds.amountFen, state: refunds.state };
export const refundDefaultOrder = [desc(refunds.createdAt), desc(refunds.id)];

const appliedBy = sql`(select name from sys_user u where u.id = ${refunds.appliedBy})`;
const reviewedBy = sql`(select name from sys_user u where u.id = ${refunds.reviewedBy})`;
const refundColumns = {
  id: refunds.id,
  orgId: refunds.orgId,
  refundNo: refunds.refundNo,
  kind: refunds.kind,
  orderId: refunds.orderId,
  orderNo: orders.orderNo,
  amountFen: refunds.amountFen,
  items: refunds.items,
  to: refunds.to,
  method: refunds.method,
  accountId: refunds.accountId,
  payeeName: refunds.payeeName,
  payeePhone: refunds.payeePhone,
  memberId: orders.memberId,
  reason: refunds.reason,
  state: refunds.state,
  automatic: refunds.automatic,
  appliedBy: refunds.appliedBy,
  appliedByName: sql<string | null>`${appliedBy}`,
  applyTime: refunds.createdAt,
  reviewedByName: sql<string | null>`${reviewedBy}`,
  reviewTime: refunds.reviewedAt,
  reviewRemark: refunds.reviewRemark,
  completedAt: refunds.completedAt,
  error: refunds.error,
};

export async function pageRefunds(db: Executor, scope: Scope, f: RefundFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = and(
    inScope(scope, refunds.orgId),
    f.id !== undefined ? eq(refunds.id, f.id) : undefined,
    f.orderId !== undefined ? eq(refunds.orderId, f.orderId) : undefined,
    f.refundNo ? containsText(refunds.refundNo, f.refundNo) : undefined,
    f.orderNo ? containsText(orders.orderNo, f.orderNo) : undefined,
    f.kind ? eq(refunds.kind, f.kind) : undefined,
    f.state ? eq(refunds.state, f.state) : undefined,
    f.itemKind ? sql`exists (select 1 from sport_order_item i where i.order_id = ${refunds.orderId} and i.kind = ${f.itemKind})` : undefined,
    f.createdFrom ? gte(refunds.createdAt, f.createdFrom) : undefined,
    f.createdTo ? lte(refunds.createdAt, f.createdTo) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(refundColumns)
      .from(refunds)
      .leftJoin(orders, eq(orders.id, refunds.orderId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(refunds).leftJoin(orders, eq(orders.id, refunds.orderId)).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

// ---------------------------------------------------------------- ledger

export async function insertLedger(db: Executor, scope: Scope, orgId: number, values: (typeof ledgerEntries.$inferInsert)[]): Promise<void> {
  await assertInScope(db, scope, [orgId]);
  if (values.some((v) => v.orgId !== orgId)) throw new Error('ledger entries of another organisation');
  await db.insert(ledgerEntries).values(values);
}

export type LedgerFilter = { orderId?: number; account?: string; txnKind?: string; orderNo?: string; dayFrom?: string; dayTo?: string };

function ledgerWhere(scope: Scope, f: LedgerFilter): SQL | undefined {
  return and(
    inScope(scope, ledgerEntries.orgId),
    f.orderId !== undefined ? eq(ledgerEntries.orderId, f.orderId) : undefined,
    f.account ? eq(ledgerEntries.account, f.account) : undefined,
    f.txnKind ? eq(ledgerEntries.txnKind, f.txnKind) : undefined,
    f.orderNo ? containsText(orders.orderNo, f.orderNo) : undefined,
    f.dayFrom ? gte(ledgerEntries.businessDay, f.dayFrom) : undefined,
    f.dayTo ? lte(ledgerEntries.businessDay, f.dayTo) : undefined,
  );
}

const ledgerColumns = {
  id: ledgerEntries.id,
  txnNo: ledgerEntries.txnNo,
  txnKind: ledgerEntries.txnKind,
  account: ledgerEntries.account,
  side: ledgerEntries.side,
  amountFen: ledgerEntries.amountFen,
  orderNo: orders.orderNo,
  paymentNo: payments.paymentNo,
  refundNo: refunds.refundNo,
  accountId: ledgerEntries.accountId,
  businessDay: ledgerEntries.businessDay,
  createTime: ledgerEntries.createdAt,
};

export const ledgerSorts = { businessDay: ledgerEntries.businessDay, amountFen: ledgerEntries.amountFen, createTime: ledgerEntries.createdAt };
export const ledgerDefaultOrder = [desc(ledgerEntries.id)];

export async function pageLedger(db: Executor, scope: Scope, f: LedgerFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = ledgerWhere(scope, f);
  const base = () =>
    db
      .select(ledgerColumns)
      .from(ledgerEntries)
      .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
      .leftJoin(payments, eq(payments.id, ledgerEntries.paymentId))
      .leftJoin(refunds, eq(refunds.id, ledgerEntries.refundId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(...order, desc(ledgerEntries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ledgerEntries).leftJoin(orders, eq(orders.id, ledgerEntries.orderId)).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

/** Debits (money in) and credits (money out) per day and account, within the days. */
export async function ledgerByDay(db: Executor, scope: Scope, dayFrom: string, dayTo: string) {
  return db
    .select({
      day: ledgerEntries.businessDay,
      account: ledgerEntries.account,
      inFen: sql<number>`coalesce(sum(${ledgerEntries.amountFen}) filter (where ${ledgerEntries.side} = 'debit'), 0)`.mapWith(Number),
      outFen: sql<number>`coalesce(sum(${ledgerEntries.amountFen}) filter (where ${ledgerEntries.side} = 'credit'), 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(and(inScope(scope, ledgerEntries.orgId), gte(ledgerEntries.businessDay, dayFrom), lte(ledgerEntries.businessDay, dayTo)))
    .groupBy(ledgerEntries.businessDay, ledgerEntries.account)
    .orderBy(asc(ledgerEntries.businessDay), asc(ledgerEntries.account));
}

// ---------------------------------------------------------------- notification inbox

/** Records a notification once; undefined when (provider, notifyId) was seen before. */
export async function insertNotification(db: Executor, scope: Scope, values: typeof payNotifications.$inferInsert): Promise<{ id: number } | undefined> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(payNotifications).values(values).onConflictDoNothing().returning({ id: payNotifications.id });
  return row;
}

export async function setNotificationOutcome(db: Executor, scope: Scope, id: number, outcome: string): Promise<void> {
  await db
    .update(payNotifications)
    .set({ outcome })
    .where(and(eq(payNotifications.id, id), inScope(scope, payNotifications.orgId)));
}

// ---------------------------------------------------------------- merchant settings

export async function merchantsOf(db: Executor, scope: Scope, orgId: number): Promise<MerchantRecord[]> {
  return db
    .select()
    .from(payMerchants)
    .where(and(eq(payMerchants.orgId, orgId), inScope(scope, payMerchants.orgId)));
}

/** The organisation's settings of a provider, or the nearest ancestor's (a venue may use its company's merchant). */
export async function merchantFor(db: Executor, scope: SystemScope, orgId: number, provider: string): Promise<MerchantRecord | undefined> {
  const res = (await db.execute(sql`with recursive up as (select id, parent_id, 0 as depth from sys_org where id = ${orgId}
      union all select o.id, o.parent_id, up.depth + 1 from sys_org o join up on o.id = up.parent_id)
    select m.id from sport_pay_merchant m join up on up.id = m.org_id
    where m.provider = ${provider} and m.enabled and ${inScope(scope, sql`m.org_id`) ?? sql`true`} order by up.depth limit 1`)) as unknown as Rows<{
    id: number;
  }>;
  const id = res.rows[0]?.id;
  if (id === undefined) return undefined;
  const [row] = await db
    .select()
    .from(payMerchants)
    .where(eq(payMerchants.id, Number(id)));
  return row;
}

/** Settings found by the key a notification names its merchant by. */
export async function merchantsByKey(db: Executor, scope: SystemScope, provider: string, merchantKey: string): Promise<MerchantRecord[]> {
  return db
    .select()
    .from(payMerchants)
    .where(and(eq(payMerchants.provider, provider), eq(payMerchants.merchantKey, merchantKey), inScope(scope, payMerchants.orgId)));
}

export async function insertMerchant(db: Executor, scope: Scope, values: typeof payMerchants.$inferInsert): Promise<MerchantRecord | undefined> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(payMerchants).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateMerchant(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<typeof payMerchants.$inferInsert>,
): Promise<MerchantRecord | undefined> {
  const [row] = await db
    .update(payMerchants)
    .set({ ...values, version: sql`${payMerchants.version} + 1`, updatedAt: new Date() })
    .where(and(eq(payMerchants.id, id), eq(payMerchants.version, version), inScope(scope, payMerchants.orgId)))
    .returning();
  return row;
}

// ---------------------------------------------------------------- idempotency

/** Claims a key; undefined when it was claimed before (then read its answer). Waits for a claim in flight. */
export async function claimIdempotencyKey(db: Executor, scope: Scope, values: typeof idempotencyKeys.$inferInsert): Promise<{ id: number } | undefined> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(idempotencyKeys).values(values).onConflictDoNothing().returning({ id: idempotencyKeys.id });
  return row;
}

export async function findIdempotencyKey(db: Executor, scope: Scope, userId: number, route: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.route, route), eq(idempotencyKeys.idemKey, key), inScope(scope, idempotencyKeys.orgId)));
  return row;
}

export async function saveIdempotencyAnswer(db: Executor, scope: Scope, id: number, answer: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ answer })
    .where(and(eq(idempotencyKeys.id, id), inScope(scope, idempotencyKeys.orgId)));
}

export async function purgeIdempotencyKeys(db: Executor, scope: SystemScope, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(and(lt(idempotencyKeys.createdAt, before), inScope(scope, idempotencyKeys.orgId)))
    .returning({ id: idempotencyKeys.id });
  return rows.length;
}

export async function findLeg(db: Executor, scope: Scope, id: number): Promise<RefundLegRecord | undefined> {
  const [row] = await db
    .select()
    .from(refundLegs)
    .where(and(eq(refundLegs.id, id), inScope(scope, refundLegs.orgId)));
  return row;
}

export async function findNotification(db: Executor, scope: Scope, provider: string, notifyId: string) {
  const [row] = await db
    .select()
    .from(payNotifications)
    .where(and(eq(payNotifications.provider, provider), eq(payNotifications.notifyId, notifyId), inScope(scope, payNotifications.orgId)));
  return row;
}

/** Ids of provider payments still open since before `olderThan` (the query job's work list). */
export async function openProviderPaymentIds(db: Executor, scope: SystemScope, olderThan: Date, limit: number): Promise<{ id: number; orgId: number }[]> {
  return db
    .select({ id: payments.id, orgId: payments.orgId })
    .from(payments)
    .where(and(eq(payments.state, 'created'), sql`${payments.provider} is not null`, lt(payments.createdAt, olderThan), inScope(scope, payments.orgId)))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

/** Ids of provider refund legs still processing since before `olderThan`. */
export async function processingLegIds(db: Executor, scope: SystemScope, olderThan: Date, limit: number): Promise<{ id: number; orgId: number }[]> {
  return db
    .select({ id: refundLegs.id, orgId: refundLegs.orgId })
    .from(refundLegs)
    .where(and(eq(refundLegs.state, 'processing'), lt(refundLegs.createdAt, olderThan), inScope(scope, refundLegs.orgId)))
    .orderBy(asc(refundLegs.createdAt))
    .limit(limit);
}

/** One order's list row (no count: a detail, not a page). */
export async function orderView(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(orgs, eq(orgs.id, orders.orgId))
    .leftJoin(users, eq(users.id, orders.createdBy))
    .where(and(eq(orders.id, id), inScope(scope, orders.orgId)));
  return row;
}

/** An order's refunds, newest first. */
export async function refundsOfOrder(db: Executor, scope: Scope, orderId: number) {
  return db
    .select(refundColumns)
    .from(refunds)
    .leftJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.orderId, orderId), inScope(scope, refunds.orgId)))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

/** An order's ledger entries, in the order they were written. */
export async function ledgerOfOrder(db: Executor, scope: Scope, orderId: number) {
  return db
    .select(ledgerColumns)
    .from(ledgerEntries)
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .leftJoin(payments, eq(payments.id, ledgerEntries.paymentId))
    .leftJoin(refunds, eq(refunds.id, ledgerEntries.refundId))
    .where(and(eq(ledgerEntries.orderId, orderId), inScope(scope, ledgerEntries.orgId)))
    .orderBy(asc(ledgerEntries.id));
}

/** Order lines holding slots, seats, quota or stock until paid or timed out, across every organisation (`/metrics`). */
export async function heldLineCount(db: Executor, _scope: SystemScope): Promise<number> {
  const [r] = await db.select({ n: count() }).from(orderItems).where(eq(orderItems.holdState, 'held'));
  return Number(r?.n ?? 0);
}

// ---------------------------------------------------------------- past sales in bulk (history.ts checks them first)

/** One past sale as `insertPastSales` writes it: its buyer, method and ledger account resolved. */
export interface PastSaleRow {
  day: string;
  minute: number;
  venueId: number | null;
  type: string;
  channel: string;
  memberId: number | null;
  buyerName: string | null;
  buyerPhone: string | null;
  method: string;
  flow: string;
  provider: string | null;
  account: string;
  lines: { kind: string; refId: number | null; name: string; quantity: number; unitPriceFen: number }[];
}

/**
 * Writes past sales, each an order paid and used at its local time in `timeZone`, with its lines,
 * its payment and the payment's posting (its method's account debited, `sales` credited), in one
 * statement: document numbers from the same sequence as live ones, stamped with the sale's time.
 * Answers the orders written.
 */
export async function insertPastSales(db: Executor, scope: Scope, orgId: number, timeZone: string, rows: PastSaleRow[]): Promise<number> {
  await assertInScope(db, scope, [orgId]);
  const res = (await db.execute(sql`
    with r as materialized (
      select s.*, (s.day::timestamp + make_interval(mins => s.minute)) at time zone ${timeZone} as at,
             to_char(s.day::timestamp + make_interval(mins => s.minute), 'YYYYMMDDHH24MISS') as stamp,
             (select sum((l ->> 'quantity')::bigint * (l ->> 'unitPriceFen')::bigint) from jsonb_array_elements(s.lines) l) as total,
             (select string_agg(x.l ->> 'name', '、' order by x.line_no) from jsonb_array_elements(s.lines) with ordinality x(l, line_no)) as summary
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as s(day date, minute int, "venueId" bigint, type text, channel text, "memberId" bigint,
             "buyerName" text, "buyerPhone" text, method text, flow text, provider text, account text, lines jsonb)
    ), n as materialized (
      select r.*, r.stamp || lpad((nextval('sport_doc_no_seq') % 1000000)::text, 6, '0') as order_no,
             'P' || r.stamp || lpad((nextval('sport_doc_no_seq') % 1000000)::text, 6, '0') as payment_no
        from r
    ), o as (
      insert into ${orders} (org_id, order_no, type, venue_id, buyer_kind, member_id, buyer_name, buyer_phone, channel,
                               total_fen, discount_fen, payable_fen, paid_fen, refunded_fen, state, item_summary, created_at, paid_at, completed_at)
      select ${orgId}, n.order_no, n.type, n."venueId", case when n."memberId" is null then 'walkin' else 'member' end, n."memberId", n."buyerName", n."buyerPhone",
             n.channel, n.total, 0, n.total, n.total, 0, 'completed', left(n.summary, 200), n.at, n.at, n.at
        from n
      returning id, order_no
    ), i as (
      insert into ${orderItems} (org_id, order_id, line_no, kind, ref_id, name, quantity, unit_price_fen, discount_fen, amount_fen)
      select ${orgId}, o.id, x.line_no, x.l ->> 'kind', (x.l ->> 'refId')::bigint, left(x.l ->> 'name', 64), (x.l ->> 'quantity')::int,
             (x.l ->> 'unitPriceFen')::bigint, 0, (x.l ->> 'quantity')::bigint * (x.l ->> 'unitPriceFen')::bigint
        from o join n on n.order_no = o.order_no cross join jsonb_array_elements(n.lines) with ordinality x(l, line_no)
    ), p as (
      insert into ${payments} (org_id, order_id, payment_no, method, flow, provider, amount_fen, state, created_at, succeeded_at)
      select ${orgId}, o.id, n.payment_no, n.method, n.flow, n.provider, n.total, 'succeeded', n.at, n.at
        from o join n on n.order_no = o.order_no
      returning id, order_id, payment_no, amount_fen
    )
    insert into ${ledgerEntries} (org_id, txn_no, txn_kind, account, side, amount_fen, order_id, payment_id, business_day)
    select ${orgId}, p.payment_no, 'payment', a.account, a.side, p.amount_fen, p.order_id, p.id, n.day
      from p join n on n.payment_no = p.payment_no cross join lateral (values (n.account, 'debit'), ('sales', 'credit')) a(account, side)`)) as unknown as {
    rowCount?: number | null;
  };
  // As after any bulk load: the planner's figures for these tables, which were far smaller. The
  // embedded database has no autovacuum to take them; without them its plans scan the ledger once
  // per order (a settlement day's flow took 8 ms instead of 1).
  await db.execute(sql`analyze ${orders}, ${orderItems}, ${payments}, ${ledgerEntries}`);
  return Math.round((res.rowCount ?? 0) / 2);
}
