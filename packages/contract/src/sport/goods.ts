import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';
import { couponAsk } from './commerce.ts';

/**
 * Goods (issue 27, spec 2.5 goodsMangement: goodsList, classify, stockFlow): what a venue's shop sells
 * (a racket, water, grip tape), in a tree of categories, with its stock per warehouse kept as an
 * append-only ledger of movements. Every venue (stadium) has a default warehouse, made when first
 * needed; more warehouses of a venue take transfers. A good is sold through the commerce core as
 * item kind `goods` (its `refId` the good, its detail where it leaves from), in any order type that
 * lists it; the goods module's own sale is order type `goods`. Money is integer fen; quantities are
 * whole units. Every call is under `{sport}goods`.
 */
const id = fields.id;
const at = fields.instantOut;

/** A good on sale (`on`) or withdrawn (`off`: kept with its history, not sold). */
export const GOODS_STATUS = ['on', 'off'] as const;
export type GoodsStatus = (typeof GOODS_STATUS)[number];

/**
 * Kinds of stock movement. Each row moves one good in one warehouse by a signed quantity (in:
 * positive, out: negative; `adjust` either way) and carries the balance after it.
 * - `purchase_in`: bought in; `sale_out`: sold (a paid order line); `rent_out`: lent (rentals, later);
 * - `return_in`: back on the shelf (an unopened sale refunded, a rental returned);
 * - `damage`: written off with its reason; `adjust`: a stock count's difference with its reason;
 * - `transfer_out` / `transfer_in`: the two rows of one transfer between warehouses (one `transferNo`).
 */
export const STOCK_MOVEMENT_KINDS = ['purchase_in', 'sale_out', 'rent_out', 'return_in', 'damage', 'adjust', 'transfer_out', 'transfer_in'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** A sale line's goods: `held` while its order is pending, `sold` once paid, `released` when cancelled or timed out. */
export const GOODS_SALE_STATES = ['held', 'sold', 'released'] as const;

const code = fields
  .str()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_.-]+$/, 'error.field.invalid');
const barcode = fields
  .str()
  .trim()
  .regex(/^[A-Za-z0-9-]{0,32}$/, 'error.field.invalid')
  .nullish()
  .transform((v) => (v ? v : null));
const name = (max: number) => fields.str().trim().min(1).max(max);

// ---------------------------------------------------------------- categories (classify)

/** `POST {sport}goods/category` (Perm.goodsCategory.add): a category, at the top or under `parentId`. */
export const goodsCategoryCreate = z.object({
  orgId: id.optional(), // default: the caller's organisation
  parentId: id.nullish(),
  name: name(32),
  sort: fields.intIn(0, 9999).default(0),
});
export type GoodsCategoryCreate = z.output<typeof goodsCategoryCreate>;
/** `PUT {sport}goods/category/{id}`: a new name, order or parent (null: to the top; never under itself). */
export const goodsCategoryUpdate = updateOf(goodsCategoryCreate.omit({ orgId: true }));
export type GoodsCategoryUpdate = z.output<typeof goodsCategoryUpdate>;

const categoryFields = {
  id: z.number(),
  orgId: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  sort: z.number(),
  /** Goods directly in the category. */
  goodsCount: z.number(),
  version: z.number(),
  createTime: at,
};
export const goodsCategoryRow = z.object(categoryFields);
/** A category of `GET {sport}goods/category/tree`, with the categories under it. */
export const goodsCategoryNode = goodsCategoryRow.extend({
  get children(): z.ZodArray<typeof goodsCategoryNode> {
    return z.array(goodsCategoryNode);
  },
});
export type GoodsCategoryNode = z.output<typeof goodsCategoryNode>;
export const goodsCategoryTree = z.array(goodsCategoryNode);

// ---------------------------------------------------------------- goods (goodsList)

/**
 * `POST {sport}goods` (Perm.goods.add; a fixed call: `{name, categoryId?, priceFen, unit}` makes a
 * sale item). `code` is made (`G000123`) when not given. The rental prices are kept for rentals
 * (issue 27, later): by the hour, by the day, the deposit and the late fee per hour.
 */
export const goodsCreate = z.object({
  orgId: id.optional(), // default: the caller's organisation
  code: code.optional(),
  barcode,
  name: name(64),
  categoryId: id.nullish(),
  unit: name(8),
  priceFen: fields.fen,
  rentHourFen: fields.fen.nullish(),
  rentDayFen: fields.fen.nullish(),
  depositFen: fields.fen.nullish(),
  lateFeeHourFen: fields.fen.nullish(),
  status: z.enum(GOODS_STATUS).default('on'),
  remark: fields.optText(200),
});
export type GoodsCreate = z.output<typeof goodsCreate>;
/** `PUT {sport}goods/{id}`: the changed fields and `version`. */
export const goodsUpdate = updateOf(goodsCreate.omit({ orgId: true }));
export type GoodsUpdate = z.output<typeof goodsUpdate>;

/** `POST {sport}goods/list` (a fixed call): goods by name, code or barcode, each with the stock that can be sold now. */
export const goodsListQuery = pageQuery.extend({ keyword: fields.str().trim().max(64).optional() });
export type GoodsListQuery = z.output<typeof goodsListQuery>;
/** `stock`: units on hand less those held by pending orders, in all the organisation's warehouses. */
export const goodsListRow = z.object({ id: z.number(), name: z.string(), priceFen: z.number(), stock: z.number() });
export const goodsListAnswer = page(goodsListRow);

/** `POST {sport}goods/page`: the console's goods list (every column, by category and status). */
export const goodsPageQuery = pageQuery.extend({
  keyword: fields.str().trim().max(64).optional(),
  /** The category and every category under it. */
  categoryId: id.optional(),
  status: z.enum(GOODS_STATUS).optional(),
  /** A venue: on hand and held are then its warehouses' only (the venue's goods list). */
  stadiumId: id.optional(),
  /** Only goods with a rent by the hour or the day (what a sale screen can rent out). */
  rentable: z.boolean().optional(),
});
export type GoodsPageQuery = z.output<typeof goodsPageQuery>;
export const goodsRow = z.object({
  id: z.number(),
  orgId: z.number(),
  code: z.string(),
  barcode: z.string().nullable(),
  name: z.string(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  unit: z.string(),
  priceFen: z.number(),
  rentHourFen: z.number().nullable(),
  rentDayFen: z.number().nullable(),
  depositFen: z.number().nullable(),
  lateFeeHourFen: z.number().nullable(),
  status: fields.textOf(GOODS_STATUS),
  remark: z.string().nullable(),
  /** On the shelves, in all warehouses (or the venue's, when the query names one). */
  onHand: z.number(),
  /** Held by pending orders. */
  held: z.number(),
  /** What can be sold now: on hand less held. */
  available: z.number(),
  version: z.number(),
  createTime: at,
  updateTime: at,
});
export type GoodsRow = z.output<typeof goodsRow>;

/** A good's stock in one warehouse. */
export const goodsStockRow = z.object({
  goodsId: z.number(),
  goodsName: z.string(),
  goodsCode: z.string(),
  unit: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  stadiumId: z.number(),
  onHand: z.number(),
  held: z.number(),
  available: z.number(),
  updateTime: at,
});
/** `GET {sport}goods/{id}`: the good and its stock in each warehouse. */
export const goodsDetail = goodsRow.extend({ stocks: z.array(goodsStockRow) });

// ---------------------------------------------------------------- warehouses

/** `POST {sport}goods/warehouse/list`: the warehouses of a venue (none until its first stock movement makes the default one), or of every venue. */
export const warehouseListQuery = z.object({ stadiumId: id.optional() });
export const warehouseRow = z.object({
  id: z.number(),
  orgId: z.number(),
  stadiumId: z.number(),
  name: z.string(),
  isDefault: z.boolean(),
  version: z.number(),
  createTime: at,
});
export const warehouseList = z.array(warehouseRow);
/** `POST {sport}goods/warehouse` (Perm.goodsStock.warehouse): another warehouse of a venue (a back store). */
export const warehouseCreate = z.object({ stadiumId: id, name: name(32) });
export const warehouseUpdate = z.object({ name: name(32), version: fields.version });

// ---------------------------------------------------------------- stock

/**
 * Where stock is: a warehouse, or a venue (its default warehouse). A call that names both takes the
 * warehouse, which must be the venue's.
 */
const place = { stadiumId: id.optional(), warehouseId: id.optional() };

/** `POST {sport}goods/stock/in` (a fixed call, Perm.goodsStock.in): goods bought in to a venue's warehouse. Answers the movement. */
export const stockIn = z.object({
  goodsId: id,
  stadiumId: id,
  warehouseId: id.optional(),
  quantity: fields.quantity,
  remark: fields.optText(200),
});
export type StockIn = z.output<typeof stockIn>;

/** `POST {sport}goods/stock/adjust` (Perm.goodsStock.adjust): a stock count. `counted` units are on the shelf; the difference is booked with its reason. */
export const stockAdjust = z.object({
  goodsId: id,
  ...place,
  counted: fields.intIn(0, 999_999),
  reason: name(100),
  remark: fields.optText(200),
});
export type StockAdjust = z.output<typeof stockAdjust>;

/** `POST {sport}goods/stock/damage` (Perm.goodsStock.adjust): units written off (broken, expired), with the reason. */
export const stockDamage = z.object({
  goodsId: id,
  ...place,
  quantity: fields.quantity,
  reason: name(100),
  remark: fields.optText(200),
});
export type StockDamage = z.output<typeof stockDamage>;

/** `POST {sport}goods/stock/transfer` (Perm.goodsStock.transfer): units moved from one warehouse to another (two movements, one transfer number). */
export const stockTransfer = z.object({
  goodsId: id,
  fromWarehouseId: id,
  toWarehouseId: id,
  quantity: fields.quantity,
  remark: fields.optText(200),
});
export type StockTransfer = z.output<typeof stockTransfer>;

export const stockMovementRow = z.object({
  id: z.number(),
  orgId: z.number(),
  goodsId: z.number(),
  goodsName: z.string(),
  goodsCode: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  stadiumId: z.number(),
  kind: fields.textOf(STOCK_MOVEMENT_KINDS),
  /** Signed: in positive, out negative. */
  quantity: z.number(),
  /** On hand in the warehouse once this movement was made. */
  balanceAfter: z.number(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  transferNo: z.string().nullable(),
  reason: z.string().nullable(),
  remark: z.string().nullable(),
  operatorName: z.string().nullable(),
  occurredAt: at,
});
export type StockMovementRow = z.output<typeof stockMovementRow>;
export const stockTransferAnswer = z.object({ transferNo: z.string(), out: stockMovementRow, in: stockMovementRow });

/** `POST {sport}goods/stock/flow` (the stockFlow screen): movements by good, venue, warehouse, kind and period, newest first. */
export const stockFlowQuery = pageQuery.extend({
  goodsId: id.optional(),
  ...place,
  kind: z.enum(STOCK_MOVEMENT_KINDS).optional(),
  /** From this instant (inclusive) to `to` (exclusive). */
  from: fields.instant.optional(),
  to: fields.instant.optional(),
});
export type StockFlowQuery = z.output<typeof stockFlowQuery>;

/** `POST {sport}goods/stock/list`: stock rows by good (name, code, barcode), category, venue and warehouse. */
export const stockListQuery = pageQuery.extend({
  keyword: fields.str().trim().max(64).optional(),
  categoryId: id.optional(),
  ...place,
  /** Only rows with at most this many available. */
  availableAtMost: fields.intIn(0, 999_999).optional(),
});
export type StockListQuery = z.output<typeof stockListQuery>;

/** `POST {sport}goods/stock/at`: how many units of a good were on hand at an instant (in each warehouse, and in all). */
export const stockAtQuery = z.object({ goodsId: id, at: fields.instant, ...place });
export type StockAtQuery = z.output<typeof stockAtQuery>;
export const stockAtAnswer = z.object({
  goodsId: z.number(),
  at,
  quantity: z.number(),
  warehouses: z.array(z.object({ warehouseId: z.number(), warehouseName: z.string(), stadiumId: z.number(), quantity: z.number() })),
});

// ---------------------------------------------------------------- selling

/**
 * `POST {sport}goods/order` (a fixed call, Perm.goods.sell; accepts `Idempotency-Key`): a pending
 * order of goods from the venue's default warehouse. Each unit is held until the order is paid
 * (then sold), cancelled or timed out (then given back). Too little stock answers 100409 `stock`.
 */
export const goodsOrder = z.object({
  stadiumId: id,
  items: z
    .array(z.object({ goodsId: id, quantity: fields.quantity }))
    .min(1)
    .max(50),
  memberId: id.optional(),
  ...couponAsk,
});
export type GoodsOrder = z.output<typeof goodsOrder>;
export const goodsOrderAnswer = z.object({ orderNo: z.string(), orderId: z.number(), amount: z.number(), state: z.string(), expiresAt: at.nullable() });

/**
 * The `detail` of an order line of item kind `goods` (its `refId` is the good): where the units
 * leave from, a warehouse or a venue's default one (one of them is needed).
 */
export const goodsLineDetail = z.strictObject({ stadiumId: id.optional(), warehouseId: id.optional() });
export type GoodsLineDetail = z.output<typeof goodsLineDetail>;

/** `POST {sport}goods/sale/list`: goods order lines (for the rent-and-sale screen), by order, good or venue. */
export const goodsSaleQuery = pageQuery.extend({
  orderId: id.optional(),
  goodsId: id.optional(),
  stadiumId: id.optional(),
  state: z.enum(GOODS_SALE_STATES).optional(),
});
export type GoodsSaleQuery = z.output<typeof goodsSaleQuery>;
export const goodsSaleRow = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  itemId: z.number(),
  goodsId: z.number(),
  goodsName: z.string(),
  warehouseId: z.number(),
  quantity: z.number(),
  state: fields.textOf(GOODS_SALE_STATES),
  /** Units opened (used): not refundable. */
  openedQty: z.number(),
  /** Units refunded and back in stock. */
  returnedQty: z.number(),
  createTime: at,
});
/**
 * `POST {sport}goods/sale/{id}/open` (Perm.goods.sell): units of a sale line were opened or used
 * (water drunk, a tube of shuttlecocks opened). Opened units are not refundable; the rest are, and
 * a refund puts them back on the shelf.
 */
export const goodsSaleOpen = z.object({ quantity: fields.quantity });

// ---------------------------------------------------------------- rentals (rent and sale)

/** A rental's term is priced by the hour (`rentHourFen`) or by the day (`rentDayFen`) of the good. */
export const RENT_BASES = ['hour', 'day'] as const;
/**
 * A rental line's units: `held` while its order is pending, `out` once paid (handed over, due back
 * at `dueAt`), `returned` when every unit is back or settled as lost, `released` when its order was
 * cancelled or timed out before payment.
 */
export const RENTAL_STATES = ['held', 'out', 'returned', 'released'] as const;
/** Minutes after the due time before late fees start (a customer a few minutes late pays nothing). */
export const RENT_GRACE_MINUTES = 10;
/** The longest term of one rental line: 72 hours, or 30 days. */
export const RENT_MAX_DURATION = { hour: 72, day: 30 } as const;

/**
 * The `detail` of an order line of item kind `rent` (its `refId` is the good, `quantity` the units):
 * where the units leave from (a warehouse, or a venue's default one) and the term. The line's unit
 * price is the rent for the term plus the deposit; the deposit is held as a liability until the
 * units come back.
 */
export const rentLineDetail = z.strictObject({
  stadiumId: id.optional(),
  warehouseId: id.optional(),
  basis: z.enum(RENT_BASES),
  duration: fields.intIn(1, RENT_MAX_DURATION.hour),
});
export type RentLineDetail = z.output<typeof rentLineDetail>;

/** Units of a good rented out with a sale (the counter's, a ticket order's): how many, by the hour or the day, for how long. */
export const rentalAsk = z.object({ goodsId: id, quantity: fields.quantity, basis: z.enum(RENT_BASES), duration: fields.intIn(1, RENT_MAX_DURATION.hour) });
export type RentalAsk = z.output<typeof rentalAsk>;

/**
 * `POST {sport}goods/counter/order` (Perm.goodsRental.rent; accepts `Idempotency-Key`): the counter's
 * pending `goods` order of goods sold and goods rented from the venue's default warehouse, for a
 * member or a walk-in customer. Answers like `goods/order`.
 */
export const counterOrder = z
  .object({
    stadiumId: id,
    memberId: id.optional(),
    sales: z
      .array(z.object({ goodsId: id, quantity: fields.quantity }))
      .max(50)
      .default([]),
    rentals: z.array(rentalAsk).max(20).default([]),
    ...couponAsk,
  })
  .refine((o) => o.sales.length + o.rentals.length > 0, { path: ['sales'], message: 'goods.counterEmpty' });
export type CounterOrder = z.output<typeof counterOrder>;

/** `POST {sport}goods/rental/list`: rentals by venue, state, member, order and good; `overdue` only those out past their due time. */
export const rentalQuery = pageQuery.extend({
  stadiumId: id.optional(),
  state: z.enum(RENTAL_STATES).optional(),
  overdue: z.boolean().optional(),
  orderId: id.optional(),
  memberId: id.optional(),
  /** An order number, a good's name or a member's name or phone. */
  keyword: fields.str().trim().max(64).optional(),
});
export type RentalQuery = z.output<typeof rentalQuery>;

/** What one return settled: the units back, damaged and lost, the fees taken from the deposit and what was refunded. */
export const rentalReturnRow = z.object({
  id: z.number(),
  /** Units handed back (the damaged among them). */
  quantity: z.number(),
  damagedQty: z.number(),
  lostQty: z.number(),
  /** Whole hours late past the grace (0: on time). */
  lateHours: z.number(),
  lateFeeFen: z.number(),
  damageFen: z.number(),
  /** The deposit of the units settled. */
  depositFen: z.number(),
  /** Taken from that deposit: the late fee and the damage, never more than the deposit. */
  chargeFen: z.number(),
  /** Paid back to the original payment. */
  refundFen: z.number(),
  refundNo: z.string().nullable(),
  remark: z.string().nullable(),
  operatorName: z.string().nullable(),
  createTime: at,
});
export type RentalReturnRow = z.output<typeof rentalReturnRow>;

export const rentalRow = z.object({
  id: z.number(),
  orgId: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  itemId: z.number(),
  goodsId: z.number(),
  goodsName: z.string(),
  unit: z.string(),
  stadiumId: z.number(),
  memberId: z.number().nullable(),
  memberName: z.string().nullable(),
  memberPhone: z.string().nullable(),
  quantity: z.number(),
  /** Units handed back so far (the damaged among them). */
  returnedQty: z.number(),
  damagedQty: z.number(),
  lostQty: z.number(),
  /** Units still out: quantity less returned and lost. */
  outQty: z.number(),
  basis: fields.textOf(RENT_BASES),
  duration: z.number(),
  /** Per unit: the rent for the term, the deposit, the late fee per hour. */
  rentFen: z.number(),
  depositFen: z.number(),
  lateFeeHourFen: z.number(),
  state: fields.textOf(RENTAL_STATES),
  startAt: at.nullable(),
  dueAt: at.nullable(),
  /** Out past the due time and its grace. */
  overdue: z.boolean(),
  remindedAt: at.nullable(),
  version: z.number(),
  createTime: at,
});
export type RentalRow = z.output<typeof rentalRow>;
/** `GET {sport}goods/rental/{id}`: the rental and its returns. */
export const rentalDetail = rentalRow.extend({ returns: z.array(rentalReturnRow) });

/**
 * `POST {sport}goods/rental/{id}/return` (Perm.goodsRental.back) and `…/quote` (what it would settle,
 * changing nothing): `quantity` units handed back (`damagedQty` of them broken: written off), and
 * `lostQty` units that will not come back. Late fees (per unit settled, by the whole hour past due
 * and its grace) and `damageFen` are taken from the deposit of the units settled; the rest is paid
 * back to the original payment. `version` is the rental's, so two operators never settle one unit twice.
 */
export const rentalReturn = z
  .object({
    quantity: fields.intIn(0, 999),
    damagedQty: fields.intIn(0, 999).default(0),
    lostQty: fields.intIn(0, 999).default(0),
    damageFen: fields.fen.default(0),
    remark: fields.optText(200),
    version: fields.version,
  })
  .refine((r) => r.quantity + r.lostQty > 0, { path: ['quantity'], message: 'goods.returnNothing' })
  .refine((r) => r.damagedQty <= r.quantity, { path: ['damagedQty'], message: 'goods.damagedOverReturned' });
export type RentalReturn = z.output<typeof rentalReturn>;
/** What a return would settle now (`…/quote`); the return itself answers the rental with its returns. */
export const rentalQuote = rentalReturnRow.pick({ lateHours: true, lateFeeFen: true, damageFen: true, depositFen: true, chargeFen: true, refundFen: true });
export type RentalQuote = z.output<typeof rentalQuote>;
