import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, pgSequence, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId, userRef } from '../../system/index.ts';
import { orderItems, orders } from '../commerce/index.ts';
import { venues } from '../venue/index.ts';
import { createdAt, id, updatedAt, version } from '../../../platform/columns.ts';

/**
 * Goods (issue 27): categories as a tree, goods, the warehouses of venues, stock per good and
 * warehouse, the append-only ledger of stock movements, and the goods of each order line (what a
 * sale holds, sold, and what of it was opened or returned). docs/decisions.md, "Goods and stock".
 */

/** Makes the code of a good added without one: `G000123`. */
export const goodsCodeSeq = pgSequence('sport_goods_code_seq');

export const goodsCategories = pgTable(
  'sport_goods_category',
  {
    id: id(),
    orgId: orgId(),
    /** The category above (null: top level), of the same organisation. */
    parentId: bigint('parent_id', { mode: 'number' }),
    name: varchar('name', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_goods_category_org_id_uq').on(t.orgId, t.id),
    // One name per level of one organisation's tree.
    uniqueIndex('sport_goods_category_name_uq').on(t.orgId, sql`coalesce(${t.parentId}, 0)`, t.name),
    foreignKey({ name: 'sport_goods_category_parent_org_fk', columns: [t.orgId, t.parentId], foreignColumns: [t.orgId, t.id] }),
  ],
);

export const goods = pgTable(
  'sport_goods',
  {
    id: id(),
    orgId: orgId(),
    code: varchar('code', { length: 32 })
      .notNull()
      .default(sql`('G' || lpad(nextval('sport_goods_code_seq')::text, 6, '0'))`),
    barcode: varchar('barcode', { length: 32 }),
    name: varchar('name', { length: 64 }).notNull(),
    categoryId: bigint('category_id', { mode: 'number' }),
    unit: varchar('unit', { length: 8 }).notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    /** Rentals (issue 27, later): the price by the hour and by the day, the deposit, the late fee per hour; null: not rented. */
    rentHourFen: bigint('rent_hour_fen', { mode: 'number' }),
    rentDayFen: bigint('rent_day_fen', { mode: 'number' }),
    depositFen: bigint('deposit_fen', { mode: 'number' }),
    lateFeeHourFen: bigint('late_fee_hour_fen', { mode: 'number' }),
    /** on | off (withdrawn: kept with its history, not sold). */
    status: varchar('status', { length: 4 }).notNull().default('on'),
    remark: varchar('remark', { length: 200 }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_goods_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_goods_code_uq').on(t.orgId, t.code),
    uniqueIndex('sport_goods_barcode_uq')
      .on(t.orgId, t.barcode)
      .where(sql`${t.barcode} is not null`),
    index('sport_goods_category_idx').on(t.categoryId),
    foreignKey({ name: 'sport_goods_category_org_fk', columns: [t.orgId, t.categoryId], foreignColumns: [goodsCategories.orgId, goodsCategories.id] }),
    check(
      'sport_goods_money_ck',
      sql`${t.priceFen} >= 0 and coalesce(${t.rentHourFen}, 0) >= 0 and coalesce(${t.rentDayFen}, 0) >= 0 and coalesce(${t.depositFen}, 0) >= 0 and coalesce(${t.lateFeeHourFen}, 0) >= 0`,
    ),
    check('sport_goods_status_ck', sql`${t.status} in ('on', 'off')`),
  ],
);

/** A venue's stock room. Each venue has one default warehouse (made when first needed); more take transfers. */
export const goodsWarehouses = pgTable(
  'sport_goods_warehouse',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_goods_warehouse_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_goods_warehouse_name_uq').on(t.venueId, t.name),
    uniqueIndex('sport_goods_warehouse_default_uq')
      .on(t.venueId)
      .where(sql`${t.isDefault}`),
    foreignKey({ name: 'sport_goods_warehouse_venue_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
  ],
);

/**
 * A good's stock in one warehouse: `on_hand` units on the shelf, `held` of them promised to pending
 * orders. Every change is one conditional write on this row (the row's lock orders its movements);
 * the check holds stock never negative and never more held than on hand, whatever the code above.
 */
export const goodsStocks = pgTable(
  'sport_goods_stock',
  {
    id: id(),
    orgId: orgId(),
    goodsId: bigint('goods_id', { mode: 'number' }).notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    onHand: integer('on_hand').notNull().default(0),
    held: integer('held').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_goods_stock_uq').on(t.warehouseId, t.goodsId),
    index('sport_goods_stock_goods_idx').on(t.goodsId),
    foreignKey({ name: 'sport_goods_stock_goods_org_fk', columns: [t.orgId, t.goodsId], foreignColumns: [goods.orgId, goods.id] }),
    foreignKey({ name: 'sport_goods_stock_warehouse_org_fk', columns: [t.orgId, t.warehouseId], foreignColumns: [goodsWarehouses.orgId, goodsWarehouses.id] }),
    check('sport_goods_stock_never_negative', sql`${t.onHand} >= 0 and ${t.held} >= 0 and ${t.held} <= ${t.onHand}`),
  ],
);

/**
 * The stock ledger: one row per movement of one good in one warehouse, never changed or deleted (a
 * trigger refuses both). `balance_after` is the warehouse's on hand once the movement was made,
 * written under the stock row's lock, and `occurred_at` is the database's clock at that moment, so
 * the quantity at any instant is the balance of the last movement at or before it: one lookup of
 * the (goods, warehouse, occurred_at, id) index.
 */
export const goodsMovements = pgTable(
  'sport_goods_movement',
  {
    id: id(),
    orgId: orgId(),
    goodsId: bigint('goods_id', { mode: 'number' }).notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** Signed: in positive, out negative (an adjustment either, or 0 when a count found the figure right). */
    quantity: integer('quantity').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** The order whose line moved the goods (a sale, a refund). */
    orderId: bigint('order_id', { mode: 'number' }),
    /** The two rows of one transfer share it. */
    transferNo: varchar('transfer_no', { length: 24 }),
    /** Why (a count's difference, a write-off): required for those. */
    reason: varchar('reason', { length: 100 }),
    remark: varchar('remark', { length: 200 }),
    operatorId: userRef('operator_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    // Stock at a moment: the last movement of a good in a warehouse at or before it.
    index('sport_goods_movement_at_idx').on(t.goodsId, t.warehouseId, t.occurredAt, t.id),
    index('sport_goods_movement_org_at_idx').on(t.orgId, t.occurredAt),
    index('sport_goods_movement_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    foreignKey({ name: 'sport_goods_movement_goods_org_fk', columns: [t.orgId, t.goodsId], foreignColumns: [goods.orgId, goods.id] }),
    foreignKey({
      name: 'sport_goods_movement_warehouse_org_fk',
      columns: [t.orgId, t.warehouseId],
      foreignColumns: [goodsWarehouses.orgId, goodsWarehouses.id],
    }),
    foreignKey({ name: 'sport_goods_movement_order_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    check(
      'sport_goods_movement_kind_ck',
      sql`${t.kind} in ('purchase_in', 'sale_out', 'rent_out', 'return_in', 'damage', 'adjust', 'transfer_out', 'transfer_in')`,
    ),
    check(
      'sport_goods_movement_sign_ck',
      sql`case when ${t.kind} in ('purchase_in', 'return_in', 'transfer_in') then ${t.quantity} > 0 when ${t.kind} = 'adjust' then true else ${t.quantity} < 0 end`,
    ),
    check('sport_goods_movement_balance_ck', sql`${t.balanceAfter} >= 0`),
    check('sport_goods_movement_reason_ck', sql`${t.kind} not in ('adjust', 'damage') or ${t.reason} is not null`),
  ],
);

/**
 * The goods of one order line (item kind `goods`): `held` while its order is pending, `sold` once
 * paid, `released` when cancelled or timed out. `opened_qty` units were opened or used (not
 * refundable); `returned_qty` units were refunded and put back on the shelf.
 */
export const goodsSales = pgTable(
  'sport_goods_sale',
  {
    id: id(),
    orgId: orgId(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    goodsId: bigint('goods_id', { mode: 'number' }).notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    state: varchar('state', { length: 8 }).notNull().default('held'),
    openedQty: integer('opened_qty').notNull().default(0),
    returnedQty: integer('returned_qty').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_goods_sale_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_goods_sale_item_uq').on(t.itemId),
    index('sport_goods_sale_order_idx').on(t.orderId),
    index('sport_goods_sale_goods_idx').on(t.goodsId),
    foreignKey({ name: 'sport_goods_sale_order_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    foreignKey({ name: 'sport_goods_sale_item_org_fk', columns: [t.orgId, t.itemId], foreignColumns: [orderItems.orgId, orderItems.id] }),
    foreignKey({ name: 'sport_goods_sale_goods_org_fk', columns: [t.orgId, t.goodsId], foreignColumns: [goods.orgId, goods.id] }),
    foreignKey({ name: 'sport_goods_sale_warehouse_org_fk', columns: [t.orgId, t.warehouseId], foreignColumns: [goodsWarehouses.orgId, goodsWarehouses.id] }),
    check('sport_goods_sale_state_ck', sql`${t.state} in ('held', 'sold', 'released')`),
    check(
      'sport_goods_sale_qty_ck',
      sql`${t.quantity} > 0 and ${t.openedQty} >= 0 and ${t.returnedQty} >= 0 and ${t.openedQty} + ${t.returnedQty} <= ${t.quantity}`,
    ),
  ],
);

/**
 * A rental line (item kind `rent`): `quantity` units of a good lent from a warehouse for a term,
 * with the per-unit rent, deposit and late fee fixed when it was sold. `held` while its order is
 * pending, `out` from payment (units left the shelf, `due_at` set), `returned` once every unit is
 * back or settled as lost, `released` when its order was cancelled or timed out. Each return is a
 * row of `sport_goods_rental_return`; the counters here are their sums, moved by one conditional
 * write so two operators never settle one unit twice.
 */
export const goodsRentals = pgTable(
  'sport_goods_rental',
  {
    id: id(),
    orgId: orgId(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    goodsId: bigint('goods_id', { mode: 'number' }).notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }),
    quantity: integer('quantity').notNull(),
    returnedQty: integer('returned_qty').notNull().default(0),
    damagedQty: integer('damaged_qty').notNull().default(0),
    lostQty: integer('lost_qty').notNull().default(0),
    basis: varchar('basis', { length: 4 }).notNull(),
    duration: integer('duration').notNull(),
    rentFen: bigint('rent_fen', { mode: 'number' }).notNull(),
    depositFen: bigint('deposit_fen', { mode: 'number' }).notNull(),
    lateFeeHourFen: bigint('late_fee_hour_fen', { mode: 'number' }).notNull(),
    state: varchar('state', { length: 8 }).notNull().default('held'),
    startAt: timestamp('start_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** The last overdue reminder sent (one a day at most). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_goods_rental_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_goods_rental_item_uq').on(t.itemId),
    index('sport_goods_rental_order_idx').on(t.orderId),
    // The overdue list and the reminder job: rentals out, by due time.
    index('sport_goods_rental_out_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 'out'`),
    foreignKey({ name: 'sport_goods_rental_order_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    foreignKey({ name: 'sport_goods_rental_item_org_fk', columns: [t.orgId, t.itemId], foreignColumns: [orderItems.orgId, orderItems.id] }),
    foreignKey({ name: 'sport_goods_rental_goods_org_fk', columns: [t.orgId, t.goodsId], foreignColumns: [goods.orgId, goods.id] }),
    foreignKey({ name: 'sport_goods_rental_warehouse_org_fk', columns: [t.orgId, t.warehouseId], foreignColumns: [goodsWarehouses.orgId, goodsWarehouses.id] }),
    check('sport_goods_rental_state_ck', sql`${t.state} in ('held', 'out', 'returned', 'released')`),
    check('sport_goods_rental_basis_ck', sql`${t.basis} in ('hour', 'day') and ${t.duration} > 0`),
    check(
      'sport_goods_rental_qty_ck',
      sql`${t.quantity} > 0 and ${t.returnedQty} >= 0 and ${t.lostQty} >= 0 and ${t.damagedQty} >= 0 and ${t.damagedQty} <= ${t.returnedQty} and ${t.returnedQty} + ${t.lostQty} <= ${t.quantity}`,
    ),
    check('sport_goods_rental_money_ck', sql`${t.rentFen} >= 0 and ${t.depositFen} >= 0 and ${t.lateFeeHourFen} >= 0`),
    check('sport_goods_rental_out_ck', sql`${t.state} in ('held', 'released') or (${t.startAt} is not null and ${t.dueAt} is not null)`),
  ],
);

/** One return of a rental: the units back, damaged and lost, the fees taken from their deposit, and the refund of the rest. */
export const goodsRentalReturns = pgTable(
  'sport_goods_rental_return',
  {
    id: id(),
    orgId: orgId(),
    rentalId: bigint('rental_id', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    damagedQty: integer('damaged_qty').notNull(),
    lostQty: integer('lost_qty').notNull(),
    lateHours: integer('late_hours').notNull(),
    lateFeeFen: bigint('late_fee_fen', { mode: 'number' }).notNull(),
    damageFen: bigint('damage_fen', { mode: 'number' }).notNull(),
    depositFen: bigint('deposit_fen', { mode: 'number' }).notNull(),
    chargeFen: bigint('charge_fen', { mode: 'number' }).notNull(),
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull(),
    /** The refund that pays back the rest of the deposit (null: nothing to pay back). */
    refundNo: varchar('refund_no', { length: 32 }),
    remark: varchar('remark', { length: 200 }),
    operatorId: userRef('operator_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sport_goods_rental_return_rental_idx').on(t.rentalId),
    index('sport_goods_rental_return_refund_idx')
      .on(t.refundNo)
      .where(sql`${t.refundNo} is not null`),
    foreignKey({ name: 'sport_goods_rental_return_rental_org_fk', columns: [t.orgId, t.rentalId], foreignColumns: [goodsRentals.orgId, goodsRentals.id] }),
    check(
      'sport_goods_rental_return_ck',
      sql`${t.quantity} + ${t.lostQty} > 0 and ${t.damagedQty} <= ${t.quantity} and ${t.chargeFen} + ${t.refundFen} = ${t.depositFen} and ${t.chargeFen} >= 0 and ${t.refundFen} >= 0`,
    ),
  ],
);
