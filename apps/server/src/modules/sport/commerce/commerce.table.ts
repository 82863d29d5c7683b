import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users, orgId, userRef } from '../../system/index.ts';
import { createdAt, id } from '../../../platform/columns.ts';

/**
 * The commerce core's tables (issue 10). Money is bigint fen. Payments, refunds, refund legs and
 * ledger entries are append-only: only their state (and what the provider said) ever changes.
 * Rows that hold money never cascade away with their organisation.
 */
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const at = (name: string) => timestamp(name, { withTimezone: true });

/** Stored value held for a buyer (member cards of value point at one). The balance never goes below 0. */
export const balanceAccounts = pgTable(
  'sport_balance_account',
  {
    id: id(),
    orgId: orgId(),
    accountNo: varchar('account_no', { length: 32 }).notNull(),
    holderName: varchar('holder_name', { length: 64 }).notNull(),
    holderPhone: varchar('holder_phone', { length: 20 }),
    memberId: bigint('member_id', { mode: 'number' }),
    balanceFen: money('balance_fen'),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sport_balance_account_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_balance_account_no_uq').on(t.accountNo),
    index('sport_balance_account_org_idx').on(t.orgId),
    check('sport_balance_account_nonnegative', sql`${t.balanceFen} >= 0`),
  ],
);

export const orders = pgTable(
  'sport_order',
  {
    id: id(),
    orgId: orgId(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    /** The venue (stadium) it was sold at; the venue module adds the foreign key. */
    venueId: bigint('venue_id', { mode: 'number' }),
    buyerKind: varchar('buyer_kind', { length: 8 }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }),
    buyerName: varchar('buyer_name', { length: 64 }),
    buyerPhone: varchar('buyer_phone', { length: 20 }),
    channel: varchar('channel', { length: 16 }).notNull(),
    totalFen: money('total_fen'),
    discountFen: money('discount_fen'),
    /** Why the discount was given (a generic sale's discount needs one: issue 23). */
    discountReason: varchar('discount_reason', { length: 200 }),
    payableFen: money('payable_fen'),
    paidFen: money('paid_fen'),
    refundedFen: money('refunded_fen'),
    state: varchar('state', { length: 16 }).notNull(),
    overpaid: boolean('overpaid').notNull().default(false),
    expiresAt: at('expires_at'),
    remark: varchar('remark', { length: 200 }),
    itemSummary: varchar('item_summary', { length: 200 }).notNull(),
    /** The public scan-to-pay page's key (unguessable). */
    scanToken: varchar('scan_token', { length: 64 }),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    paidAt: at('paid_at'),
    cancelledAt: at('cancelled_at'),
    cancelReason: varchar('cancel_reason', { length: 200 }),
    completedAt: at('completed_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('sport_order_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_order_no_uq').on(t.orderNo),
    uniqueIndex('sport_order_scan_token_uq').on(t.scanToken),
    index('sport_order_org_created_idx').on(t.orgId, t.createdAt),
    index('sport_order_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'pending'`),
    check(
      'sport_order_amounts',
      sql`${t.totalFen} >= 0 and ${t.discountFen} >= 0 and ${t.payableFen} = ${t.totalFen} - ${t.discountFen} and ${t.paidFen} >= 0 and ${t.refundedFen} >= 0 and ${t.refundedFen} <= ${t.paidFen}`,
    ),
    check('sport_order_state', sql`${t.state} in ('pending','paid','completed','cancelled','part_refunded','refunded')`),
  ],
);

export const orderItems = pgTable(
  'sport_order_item',
  {
    id: id(),
    orgId: orgId(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    lineNo: smallint('line_no').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    refId: bigint('ref_id', { mode: 'number' }),
    /** Name and price as sold: later edits of the thing sold never change an order. */
    name: varchar('name', { length: 64 }).notNull(),
    spec: varchar('spec', { length: 200 }),
    quantity: integer('quantity').notNull(),
    unitPriceFen: money('unit_price_fen'),
    discountFen: money('discount_fen'),
    amountFen: money('amount_fen'),
    refundedQty: integer('refunded_qty').notNull().default(0),
    refundedFen: money('refunded_fen'),
    /** What the kind reserved until payment (slots, seats, quota, stock), as the kind describes it. */
    hold: jsonb('hold'),
    holdState: varchar('hold_state', { length: 16 }).notNull().default('none'),
  },
  (t) => [
    foreignKey({ name: 'sport_order_item_order_id_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    uniqueIndex('sport_order_item_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_order_item_line_uq').on(t.orderId, t.lineNo),
    index('sport_order_item_org_idx').on(t.orgId),
    check(
      'sport_order_item_amounts',
      sql`${t.quantity} > 0 and ${t.unitPriceFen} >= 0 and ${t.discountFen} >= 0 and ${t.amountFen} = ${t.quantity} * ${t.unitPriceFen} - ${t.discountFen} and ${t.refundedQty} between 0 and ${t.quantity} and ${t.refundedFen} between 0 and ${t.amountFen}`,
    ),
  ],
);

export const payments = pgTable(
  'sport_payment',
  {
    id: id(),
    orgId: orgId(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    /** Our trade number: the provider's out_trade_no. */
    paymentNo: varchar('payment_no', { length: 32 }).notNull(),
    method: varchar('method', { length: 16 }).notNull(),
    flow: varchar('flow', { length: 16 }).notNull(),
    /** The provider (null for cash, balance, transfer, free). */
    provider: varchar('provider', { length: 16 }),
    amountFen: money('amount_fen'),
    receivedFen: bigint('received_fen', { mode: 'number' }),
    changeFen: bigint('change_fen', { mode: 'number' }),
    accountId: bigint('account_id', { mode: 'number' }),
    providerTradeNo: varchar('provider_trade_no', { length: 64 }),
    qrCode: varchar('qr_code', { length: 500 }),
    state: varchar('state', { length: 16 }).notNull(),
    /** The provider's notification or query answer that settled it, as received. */
    raw: jsonb('raw'),
    error: varchar('error', { length: 300 }),
    operatorId: userRef('operator_id'),
    createdAt: createdAt(),
    succeededAt: at('succeeded_at'),
    closedAt: at('closed_at'),
    /** A barcode payment still waiting for the customer is closed or reversed after this. */
    expiresAt: at('expires_at'),
  },
  (t) => [
    foreignKey({ name: 'sport_payment_account_id_org_fk', columns: [t.orgId, t.accountId], foreignColumns: [balanceAccounts.orgId, balanceAccounts.id] }),
    foreignKey({ name: 'sport_payment_order_id_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    uniqueIndex('sport_payment_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_payment_no_uq').on(t.paymentNo),
    uniqueIndex('sport_payment_provider_trade_uq').on(t.provider, t.providerTradeNo),
    index('sport_payment_order_idx').on(t.orderId),
    index('sport_payment_open_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'created'`),
    check('sport_payment_amount', sql`${t.amountFen} >= 0`),
    check('sport_payment_state', sql`${t.state} in ('created','succeeded','failed','closed')`),
  ],
);

export const refunds = pgTable(
  'sport_refund',
  {
    id: id(),
    orgId: orgId(),
    refundNo: varchar('refund_no', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    amountFen: money('amount_fen'),
    /** Items refunded: [{itemId, quantity, amountFen}]. */
    items: jsonb('items').$type<{ itemId: number; quantity: number; amountFen: number }[]>().notNull().default([]),
    to: varchar('to_kind', { length: 16 }).notNull(),
    /** Non-order refunds: how it is paid out. */
    method: varchar('method', { length: 16 }),
    accountId: bigint('account_id', { mode: 'number' }),
    payeeName: varchar('payee_name', { length: 64 }),
    payeePhone: varchar('payee_phone', { length: 20 }),
    reason: varchar('reason', { length: 200 }).notNull(),
    state: varchar('state', { length: 16 }).notNull(),
    automatic: boolean('automatic').notNull().default(false),
    appliedBy: userRef('applied_by'),
    createdAt: createdAt(),
    reviewedBy: userRef('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    reviewRemark: varchar('review_remark', { length: 200 }),
    completedAt: at('completed_at'),
    error: varchar('error', { length: 300 }),
  },
  (t) => [
    foreignKey({ name: 'sport_refund_account_id_org_fk', columns: [t.orgId, t.accountId], foreignColumns: [balanceAccounts.orgId, balanceAccounts.id] }),
    foreignKey({ name: 'sport_refund_order_id_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    uniqueIndex('sport_refund_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_refund_no_uq').on(t.refundNo),
    index('sport_refund_org_created_idx').on(t.orgId, t.createdAt),
    index('sport_refund_order_idx').on(t.orderId),
    // 0: items of a zero-priced order given back (issue 23); money refunds are at least 1 fen by the contract.
    check('sport_refund_amount', sql`${t.amountFen} >= 0`),
    check('sport_refund_state', sql`${t.state} in ('applied','approved','rejected','succeeded','failed')`),
  ],
);

/** One refund paid back through one payment (a mixed payment is refunded leg by leg). */
export const refundLegs = pgTable(
  'sport_refund_leg',
  {
    id: id(),
    orgId: orgId(),
    refundId: bigint('refund_id', { mode: 'number' }).notNull(),
    paymentId: bigint('payment_id', { mode: 'number' }),
    /** Our refund number: the provider's out_refund_no. */
    outRefundNo: varchar('out_refund_no', { length: 32 }).notNull(),
    method: varchar('method', { length: 16 }).notNull(),
    provider: varchar('provider', { length: 16 }),
    accountId: bigint('account_id', { mode: 'number' }),
    amountFen: money('amount_fen'),
    state: varchar('state', { length: 16 }).notNull(),
    providerRefundNo: varchar('provider_refund_no', { length: 64 }),
    raw: jsonb('raw'),
    error: varchar('error', { length: 300 }),
    createdAt: createdAt(),
    completedAt: at('completed_at'),
  },
  (t) => [
    foreignKey({ name: 'sport_refund_leg_account_id_org_fk', columns: [t.orgId, t.accountId], foreignColumns: [balanceAccounts.orgId, balanceAccounts.id] }),
    foreignKey({ name: 'sport_refund_leg_payment_id_org_fk', columns: [t.orgId, t.paymentId], foreignColumns: [payments.orgId, payments.id] }),
    foreignKey({ name: 'sport_refund_leg_refund_id_org_fk', columns: [t.orgId, t.refundId], foreignColumns: [refunds.orgId, refunds.id] }),
    uniqueIndex('sport_refund_leg_no_uq').on(t.provider, t.outRefundNo),
    index('sport_refund_leg_refund_idx').on(t.refundId),
    index('sport_refund_leg_payment_idx').on(t.paymentId),
    check('sport_refund_leg_amount', sql`${t.amountFen} > 0`),
    check('sport_refund_leg_state', sql`${t.state} in ('processing','succeeded','failed')`),
  ],
);

/**
 * Double-entry capital flow: each transaction (`txn_no`) is a set of entries whose debits equal
 * their credits. Debits of a money account are money in; credits are money out.
 */
export const ledgerEntries = pgTable(
  'sport_ledger_entry',
  {
    id: id(),
    orgId: orgId(),
    txnNo: varchar('txn_no', { length: 40 }).notNull(),
    txnKind: varchar('txn_kind', { length: 24 }).notNull(),
    account: varchar('account', { length: 16 }).notNull(),
    side: varchar('side', { length: 8 }).notNull(),
    amountFen: money('amount_fen'),
    orderId: bigint('order_id', { mode: 'number' }),
    paymentId: bigint('payment_id', { mode: 'number' }),
    refundId: bigint('refund_id', { mode: 'number' }),
    accountId: bigint('account_id', { mode: 'number' }),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_ledger_entry_account_id_org_fk', columns: [t.orgId, t.accountId], foreignColumns: [balanceAccounts.orgId, balanceAccounts.id] }),
    foreignKey({ name: 'sport_ledger_entry_refund_id_org_fk', columns: [t.orgId, t.refundId], foreignColumns: [refunds.orgId, refunds.id] }),
    foreignKey({ name: 'sport_ledger_entry_payment_id_org_fk', columns: [t.orgId, t.paymentId], foreignColumns: [payments.orgId, payments.id] }),
    foreignKey({ name: 'sport_ledger_entry_order_id_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    index('sport_ledger_org_day_idx').on(t.orgId, t.businessDay),
    index('sport_ledger_txn_idx').on(t.txnNo),
    index('sport_ledger_order_idx').on(t.orderId),
    check('sport_ledger_amount', sql`${t.amountFen} > 0`),
    check('sport_ledger_side', sql`${t.side} in ('debit','credit')`),
  ],
);

/** Every provider notification received, keyed so that a replay is recognised and credits nothing. */
export const payNotifications = pgTable(
  'sport_pay_notify',
  {
    id: id(),
    orgId: orgId(),
    provider: varchar('provider', { length: 16 }).notNull(),
    notifyId: varchar('notify_id', { length: 128 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    outTradeNo: varchar('out_trade_no', { length: 64 }),
    outRefundNo: varchar('out_refund_no', { length: 64 }),
    amountFen: bigint('amount_fen', { mode: 'number' }),
    /** What we made of it: credited, duplicate, refunded_late, amount_mismatch, unknown_trade … */
    outcome: varchar('outcome', { length: 32 }).notNull(),
    raw: jsonb('raw'),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('sport_pay_notify_uq').on(t.provider, t.notifyId), index('sport_pay_notify_org_idx').on(t.orgId, t.receivedAt)],
);

/** An organisation's merchant settings per provider; secrets are AES-256-GCM ciphertext, never answered. */
export const payMerchants = pgTable(
  'sport_pay_merchant',
  {
    id: id(),
    orgId: orgId(),
    provider: varchar('provider', { length: 16 }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    gateway: varchar('gateway', { length: 300 }).notNull(),
    /** The value a notification names the merchant by (Alipay app id, WeChat platform serial, aggregate mch id). */
    merchantKey: varchar('merchant_key', { length: 128 }),
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    secretsEnc: text('secrets_enc'),
    version: integer('version').notNull().default(1),
    updatedBy: userRef('updated_by'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sport_pay_merchant_org_uq').on(t.orgId, t.provider), index('sport_pay_merchant_key_idx').on(t.provider, t.merchantKey)],
);

/** The first answer of a call made with an `Idempotency-Key`: a retry gets it again. */
export const idempotencyKeys = pgTable(
  'sport_idempotency',
  {
    id: id(),
    orgId: orgId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    route: varchar('route', { length: 64 }).notNull(),
    idemKey: varchar('idem_key', { length: 64 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    answer: jsonb('answer'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sport_idempotency_uq').on(t.userId, t.route, t.idemKey), index('sport_idempotency_created_idx').on(t.createdAt)],
);

/**
 * What made an order line cheaper (issue 24, point 3): one row per adjustment, with its source (the
 * adjuster's name: `member`, `manual`, a coupon module's), why, and how much. The line's
 * `discount_fen` is the sum of its rows not `in_price`; an `in_price` row records a member level
 * the line's kind already priced (kept in its unit price).
 */
export const orderItemAdjustments = pgTable(
  'sport_order_item_adjustment',
  {
    id: id(),
    orgId: orgId(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    source: varchar('source', { length: 32 }).notNull(),
    reason: varchar('reason', { length: 200 }),
    amountFen: money('amount_fen'),
    inPrice: boolean('in_price').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_order_item_adjustment_item_id_org_fk', columns: [t.orgId, t.itemId], foreignColumns: [orderItems.orgId, orderItems.id] }),
    foreignKey({ name: 'sport_order_item_adjustment_order_id_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    index('sport_order_item_adjustment_order_idx').on(t.orderId),
    index('sport_order_item_adjustment_org_idx').on(t.orgId),
    check('sport_order_item_adjustment_amount', sql`${t.amountFen} > 0`),
  ],
);
