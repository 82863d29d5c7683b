import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields } from '../fields.ts';

/**
 * The commerce core (issue 10): orders, their items and holds, payments, refunds with review,
 * stored-value accounts and the ledger. Every business module sells through it by registering an
 * item kind on the server; the console's order, refund, capital-flow and merchant screens, the
 * pay component and the public scan page read these shapes. Money is integer fen everywhere.
 */
const id = fields.id;
const at = fields.instantOut;
const fen = fields.fen; // up to ¥100,000,000.00 per amount (and per order: the server checks totals too)
const atOrNull = at.nullable();

/** Order types the console labels (the server's modules register theirs): the order-management tabs (spec 2.5) filter by them. `general` is a free-form sale. */
export const ORDER_TYPES = ['venue', 'card', 'course', 'sparring', 'ticket', 'goods', 'coupon', 'registration', 'general'] as const;
/** An order type's name (open: a module registers its own on the server). */
export type OrderType = string;
/** The spec's order-management tab of each type. */
export const ORDER_TYPE_TABS = {
  venueReservation: 'venue',
  memberCard: 'card',
  courseTopOrder: 'course',
  sparringOrder: 'sparring',
  ticketsForShow: 'ticket',
  rentAndSell: 'goods',
  benefitCoupon: 'coupon',
  sportsRegistration: 'registration',
} as const satisfies Record<string, OrderType>;

/** `pending` → `paid` → `completed`; `pending` → `cancelled`; `paid` → `part_refunded` / `refunded`. */
export const ORDER_STATES = ['pending', 'paid', 'completed', 'cancelled', 'part_refunded', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/** The states of an order whose money came in (what it sold may be used: a seat attended, a site checked in). */
export const PAID_ORDER_STATES: readonly string[] = ['paid', 'part_refunded', 'completed'];
export const ORDER_CHANNELS = ['console', 'scan', 'distributor', 'reserved'] as const;
export const BUYER_KINDS = ['member', 'walkin'] as const;

/**
 * Item kinds, each registered on the server by the module that sells it (`general` and `recharge`
 * belong to the core; a server test holds every registered kind to this list). The console names
 * each one (its kit's `itemKind` texts, typed by this list).
 */
export const ITEM_KINDS = [
  'general',
  'recharge',
  'venue',
  'card',
  'card_recharge',
  'ticket',
  'course',
  'sparring',
  'goods',
  'rent',
  'coupon',
  'dist_ticket',
  'ticket_pkg',
  'classPackage',
  'registration',
  'bracelet',
] as const;
export type ItemKindName = (typeof ITEM_KINDS)[number];
export const HOLD_STATES = ['none', 'held', 'confirmed', 'released'] as const;

/** `card`: a times card pays by using times (`cardId`, one use per unit sold; see sport/card.ts). */
export const PAY_METHODS = ['cash', 'balance', 'alipay', 'wechat', 'aggregate', 'transfer', 'free', 'card'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
/** Methods that go through a payment provider (merchant settings, notifications). */
export const PROVIDER_METHODS = ['alipay', 'wechat', 'aggregate'] as const;
export type ProviderMethod = (typeof PROVIDER_METHODS)[number];
/** How a provider payment is taken: the customer scans our QR (`qr`), the merchant scans the customer's code (`barcode`), or the public scan page. */
export const PAY_FLOWS = ['direct', 'qr', 'barcode', 'scan'] as const;
export const PAY_STATES = ['created', 'succeeded', 'failed', 'closed'] as const;

export const REFUND_KINDS = ['order', 'non_order'] as const;
export const REFUND_STATES = ['applied', 'approved', 'rejected', 'succeeded', 'failed'] as const;
export const REFUND_TO = ['original', 'balance'] as const;
/** Ways a non-order refund is paid out. */
export const NON_ORDER_METHODS = ['cash', 'transfer', 'balance'] as const;

/** Ledger accounts: money held by method, members' stored value (a liability), uses of times and period cards paid in advance (`prepaid`, a liability), sales, and comps. */
export const LEDGER_ACCOUNTS = ['cash', 'alipay', 'wechat', 'aggregate', 'transfer', 'balance', 'sales', 'comp', 'prepaid'] as const;
export const LEDGER_SIDES = ['debit', 'credit'] as const;
export const TXN_KINDS = ['payment', 'refund', 'non_order_refund', 'recharge'] as const;

/**
 * A name one server module registers (an order type, item kind, payment method, ledger account,
 * transaction kind): open, so a new module adds its own without editing this file. The server
 * checks a name against its registry; the lists above are the names the console labels.
 */
const registered = (max: number) =>
  fields
    .str()
    .trim()
    .max(max)
    .regex(/^[a-z][a-z0-9_]*$/, 'error.field.invalid');

const phone = fields
  .str()
  .trim()
  .regex(/^1\d{10}$/, 'error.field.invalid');

// ---------------------------------------------------------------- orders

export const orderItemInput = z.object({
  kind: registered(16),
  /** The record sold (a site, a card type, a seat …); its kind decides what it means. */
  refId: id.optional(),
  quantity: fields.quantity.default(1),
  /** Only for kinds priced by the operator (`general`, `recharge`); other kinds price themselves. */
  unitPriceFen: fen.optional(),
  /** Only for kinds named by the operator (`general`). */
  name: fields.str().trim().min(1).max(64).optional(),
  /** A manual discount: needs `sport:order:discount`, the order's `discountReason` and the role's limit, whoever makes the order. */
  discountFen: fen.default(0),
  /** Kind-specific detail of what is held (slots, seats …), checked by the kind. */
  detail: z.record(z.string().max(64), z.unknown()).optional(),
});
export type OrderItemInput = z.input<typeof orderItemInput>;
/** One order line as the server reads it. */
export type OrderItem = z.output<typeof orderItemInput>;

/**
 * An order as a selling module makes it on the server (`createOrder`): its own kinds, its channel.
 * No route takes it from a client; the generic sale takes `generalSale`.
 */
/**
 * A coupon offered on an order (issue 28): a shared `couponCode` anyone may use, or `couponIds` the
 * buyer holds. Every order-making call takes them; the coupon module's price adjuster decides.
 */
export const couponAsk = {
  couponCode: fields.str().trim().min(1).max(32).optional(),
  couponIds: fields.idArray(10).min(1).optional(),
};

export const orderCreate = z.object({
  orgId: id.optional(),
  type: registered(16),
  venueId: id.optional(),
  memberId: id.optional(),
  buyerName: fields.optText(64),
  buyerPhone: phone
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  channel: z.enum(ORDER_CHANNELS).default('console'),
  items: z.array(orderItemInput).min(1).max(200),
  remark: fields.optText(200),
  ...couponAsk,
});
export type OrderCreate = z.output<typeof orderCreate>;

/** Order types the generic sale makes (the `general` kind's types). */
export const GENERAL_ORDER_TYPES = ['general', 'goods'] as const satisfies readonly OrderType[];

/** One line of the generic sale: named and priced by the operator. */
export const generalLine = z.object({
  kind: z.literal('general').default('general'),
  name: fields.str().trim().min(1).max(64).optional(),
  unitPriceFen: fen.optional(),
  quantity: fields.quantity.default(1),
  /** Needs the discount permission, within the caller's role limit, and `discountReason`. */
  discountFen: fen.default(0),
});

/**
 * `POST {sport}commerce/order` (accepts `Idempotency-Key`): the generic sale, of `general` lines
 * only (issue 23, point 2). Every other kind is sold by its module's own route, under its
 * permission and rules; the channel is the server's (`console`); a discount needs its permission,
 * stays within the role's limit and gives a reason.
 */
export const generalSale = z.object({
  orgId: id.optional(),
  type: z.enum(GENERAL_ORDER_TYPES).default('general'),
  venueId: id.optional(),
  memberId: id.optional(),
  buyerName: fields.optText(64),
  buyerPhone: phone
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  items: z.array(generalLine).min(1).max(200),
  /** Why a discount was given (required with one). */
  discountReason: fields.optText(200),
  remark: fields.optText(200),
  ...couponAsk,
});
export type GeneralSale = z.output<typeof generalSale>;

/** `POST {sport}commerce/account/{id}/recharge` (accepts `Idempotency-Key`): a pending recharge order of the account, paid like any sale. */
export const accountRecharge = z.object({
  amountFen: fields.positiveFen,
  /** The venue it is taken at (the venue's account tab). */
  venueId: id.optional(),
});
export type AccountRecharge = z.output<typeof accountRecharge>;

export const orderListQuery = pageQuery.extend({
  orderNo: fields.str().trim().max(40).optional(),
  type: registered(16).optional(),
  state: z.enum(ORDER_STATES).optional(),
  channel: z.enum(ORDER_CHANNELS).optional(),
  /** Buyer name or phone contains. */
  buyer: fields.str().trim().max(64).optional(),
  venueId: id.optional(),
  memberId: id.optional(),
  createdFrom: fields.instant.optional(),
  createdTo: fields.instant.optional(),
});
export type OrderListQuery = z.output<typeof orderListQuery>;

export const orderCancel = z.object({ reason: fields.optText(200) });

export const orderRow = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  orderNo: z.string(),
  type: z.string(),
  venueId: z.number().nullable(),
  buyerKind: fields.textOf(BUYER_KINDS),
  memberId: z.number().nullable(),
  buyerName: z.string().nullable(),
  buyerPhone: z.string().nullable(),
  /** A member's order: the member's name and masked phone (138****1234), as the members module holds them now. */
  memberName: z.string().nullable(),
  memberPhoneMasked: z.string().nullable(),
  channel: fields.textOf(ORDER_CHANNELS),
  totalFen: z.number(),
  discountFen: z.number(),
  payableFen: z.number(),
  paidFen: z.number(),
  refundedFen: z.number(),
  /** Why the discount was given (a generic sale with a discount). */
  discountReason: z.string().nullable(),
  state: fields.textOf(ORDER_STATES),
  /** Paid after its holds were gone: the money goes back automatically. */
  overpaid: z.boolean(),
  expiresAt: atOrNull,
  remark: z.string().nullable(),
  itemSummary: z.string(),
  createdByName: z.string().nullable(),
  createTime: at,
  paidAt: atOrNull,
  cancelledAt: atOrNull,
  cancelReason: z.string().nullable(),
  completedAt: atOrNull,
  version: z.number(),
});
export type OrderRow = z.output<typeof orderRow>;

/**
 * What made an order line cheaper, as the server priced it (issue 24, point 3): its source (the
 * adjuster: `member` a member level, `manual` the seller's discount, a coupon module's), why, and
 * how much; `inPrice` when the line's unit price already has it (a member price the kind set).
 */
export const orderItemAdjustmentRow = z.object({ source: z.string(), reason: z.string().nullable(), amountFen: z.number(), inPrice: z.boolean() });

export const orderItemRow = z.object({
  id: z.number(),
  lineNo: z.number(),
  kind: z.string(),
  refId: z.number().nullable(),
  name: z.string(),
  spec: z.string().nullable(),
  quantity: z.number(),
  unitPriceFen: z.number(),
  /** The sum of its adjustments not already in the unit price. */
  discountFen: z.number(),
  amountFen: z.number(),
  refundedQty: z.number(),
  refundedFen: z.number(),
  holdState: fields.textOf(HOLD_STATES),
  adjustments: z.array(orderItemAdjustmentRow),
});
export type OrderItemRow = z.output<typeof orderItemRow>;

export const paymentRow = z.object({
  id: z.number(),
  paymentNo: z.string(),
  orderId: z.number(),
  method: z.string(),
  flow: fields.textOf(PAY_FLOWS),
  amountFen: z.number(),
  /** Cash handed over, and the change given back. */
  receivedFen: z.number().nullable(),
  changeFen: z.number().nullable(),
  accountId: z.number().nullable(),
  providerTradeNo: z.string().nullable(),
  /** The QR code text to show (qr flow), while the payment is open. */
  qrCode: z.string().nullable(),
  state: fields.textOf(PAY_STATES),
  error: z.string().nullable(),
  operatorName: z.string().nullable(),
  createTime: at,
  succeededAt: atOrNull,
  closedAt: atOrNull,
});
export type PaymentRow = z.output<typeof paymentRow>;

export const refundLegRow = z.object({
  id: z.number(),
  outRefundNo: z.string(),
  paymentNo: z.string().nullable(),
  method: z.string(),
  amountFen: z.number(),
  state: fields.textOf(['processing', 'succeeded', 'failed'] as const),
  error: z.string().nullable(),
});

export const refundRow = z.object({
  id: z.number(),
  orgId: z.number(),
  refundNo: z.string(),
  kind: fields.textOf(REFUND_KINDS),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  amountFen: z.number(),
  items: z.array(z.object({ itemId: z.number(), quantity: z.number(), amountFen: z.number() })),
  to: fields.textOf(REFUND_TO),
  method: z.string().nullable(),
  accountId: z.number().nullable(),
  payeeName: z.string().nullable(),
  payeePhone: z.string().nullable(),
  /** A refund of a member's order: the member, their name and masked phone (138****1234), as orders show them. */
  memberId: z.number().nullable(),
  memberName: z.string().nullable(),
  memberPhoneMasked: z.string().nullable(),
  reason: z.string(),
  state: fields.textOf(REFUND_STATES),
  /** Made by the core itself (an order paid after its holds were gone), not by an operator. */
  automatic: z.boolean(),
  /** The applicant's user id: the console offers the review only to someone else. */
  appliedBy: z.number().nullable(),
  appliedByName: z.string().nullable(),
  applyTime: at,
  reviewedByName: z.string().nullable(),
  reviewTime: atOrNull,
  reviewRemark: z.string().nullable(),
  completedAt: atOrNull,
  error: z.string().nullable(),
  legs: z.array(refundLegRow),
});
export type RefundRow = z.output<typeof refundRow>;

export const ledgerRow = z.object({
  id: z.number(),
  txnNo: z.string(),
  txnKind: z.string(),
  account: z.string(),
  side: fields.textOf(LEDGER_SIDES),
  amountFen: z.number(),
  orderNo: z.string().nullable(),
  paymentNo: z.string().nullable(),
  refundNo: z.string().nullable(),
  accountId: z.number().nullable(),
  businessDay: z.string(),
  createTime: at,
});
export type LedgerRow = z.output<typeof ledgerRow>;

export const orderDetail = orderRow.extend({
  items: z.array(orderItemRow),
  payments: z.array(paymentRow),
  refunds: z.array(refundRow),
  ledger: z.array(ledgerRow),
  /** What is still to pay: payable − succeeded payments (never negative). */
  dueFen: z.number(),
  /** The public scan-to-pay page of this order, while it is pending. */
  scanUrl: z.string().nullable(),
});
export type OrderDetail = z.output<typeof orderDetail>;

// ---------------------------------------------------------------- payments

/** `POST {sport}commerce/order/{id}/pay` (accepts `Idempotency-Key`): one payment of a (possibly mixed) payment. */
export const paymentStart = z
  .object({
    method: registered(16),
    amountFen: fen,
    /** Provider methods: `qr` shows a code, `barcode` takes the customer's code. */
    flow: z.enum(['qr', 'barcode'] as const).optional(),
    /** The customer's payment code, read by a scanner (barcode flow). */
    authCode: fields
      .str()
      .trim()
      .regex(/^\d{10,32}$/, 'error.field.invalid')
      .optional(),
    /** Cash handed over (at least the amount); the change is worked out. */
    receivedFen: fen.optional(),
    /** The stored-value account (balance). */
    accountId: id.optional(),
    /** The times card (card). */
    cardId: id.optional(),
  })
  .refine((v) => !(v.method === 'cash' && v.receivedFen !== undefined && v.receivedFen < v.amountFen), {
    message: 'commerce.receivedTooLittle',
    path: ['receivedFen'],
  })
  .refine((v) => v.method !== 'balance' || v.accountId !== undefined, { message: 'error.field.required', path: ['accountId'] })
  .refine((v) => v.method !== 'card' || v.cardId !== undefined, { message: 'error.field.required', path: ['cardId'] })
  .refine((v) => !(v.flow === 'barcode' && !v.authCode), { message: 'error.field.required', path: ['authCode'] });
export type PaymentStart = z.output<typeof paymentStart>;

export const paymentAnswer = z.object({ payment: paymentRow, order: orderRow });
export type PaymentAnswer = z.output<typeof paymentAnswer>;

// ---------------------------------------------------------------- refunds

/** `POST {sport}commerce/refund` (accepts `Idempotency-Key`): refund some items, or part of the amount, of an order. */
export const refundApply = z
  .object({
    orderId: id,
    items: z
      .array(z.object({ itemId: id, quantity: fields.quantity }))
      .max(200)
      .optional(),
    /** Without items: this much of the order's paid amount. With items: their amounts unless given. */
    amountFen: fields.positiveFen.optional(),
    to: z.enum(REFUND_TO).default('original'),
    accountId: id.optional(),
    reason: fields.str().trim().min(1).max(200),
  })
  .refine((v) => (v.items?.length ?? 0) > 0 || v.amountFen !== undefined, { message: 'error.field.required', path: ['amountFen'] })
  .refine((v) => v.to !== 'balance' || v.accountId !== undefined, { message: 'error.field.required', path: ['accountId'] });
export type RefundApply = z.output<typeof refundApply>;

/** `POST {sport}commerce/refund/nonOrder`: money paid back that no order holds (spec nonOrderRefund). */
export const nonOrderRefundApply = z
  .object({
    orgId: id.optional(),
    payeeName: fields.str().trim().min(1).max(64),
    payeePhone: phone.optional(),
    amountFen: fields.positiveFen,
    method: z.enum(NON_ORDER_METHODS),
    accountId: id.optional(),
    reason: fields.str().trim().min(1).max(200),
  })
  .refine((v) => v.method !== 'balance' || v.accountId !== undefined, { message: 'error.field.required', path: ['accountId'] });
export type NonOrderRefundApply = z.output<typeof nonOrderRefundApply>;

export const refundReview = z.object({ approve: z.boolean(), remark: fields.str().trim().min(1).max(200) });
export type RefundReview = z.output<typeof refundReview>;

export const refundListQuery = pageQuery.extend({
  refundNo: fields.str().trim().max(40).optional(),
  orderNo: fields.str().trim().max(40).optional(),
  kind: z.enum(REFUND_KINDS).optional(),
  state: z.enum(REFUND_STATES).optional(),
  /** Refunds of orders that hold an item of this kind (returned coupons: `coupon`). */
  itemKind: registered(16).optional(),
  createdFrom: fields.instant.optional(),
  createdTo: fields.instant.optional(),
});
export type RefundListQuery = z.output<typeof refundListQuery>;

// ---------------------------------------------------------------- stored-value accounts

export const ACCOUNT_STATUS = ['active', 'frozen', 'closed'] as const;
export const balanceAccountRow = z.object({
  id: z.number(),
  orgId: z.number(),
  accountNo: z.string(),
  holderName: z.string(),
  holderPhone: z.string().nullable(),
  memberId: z.number().nullable(),
  balanceFen: z.number(),
  status: fields.textOf(ACCOUNT_STATUS),
  createTime: at,
  version: z.number(),
  /**
   * The account list only: the member card the account belongs to (null: a plain account), with its
   * type name, kind, state and why it cannot pay today (`frozen`, `expired`, `refunded`, `notActive`, `notYet`).
   */
  card: z
    .object({
      cardNo: z.string(),
      typeName: z.string(),
      kind: z.string(),
      status: z.string(),
      validTo: z.string().nullable(),
      refusal: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type BalanceAccountRow = z.output<typeof balanceAccountRow>;
export const accountListQuery = pageQuery.extend({
  /** Holder name, phone or account number contains. */
  keyword: fields.str().trim().max(64).optional(),
  memberId: id.optional(),
});
export type AccountListQuery = z.output<typeof accountListQuery>;
/** `POST {sport}commerce/account`: opens an empty account (money comes in through a recharge order). */
export const accountCreate = z.object({
  orgId: id.optional(),
  holderName: fields.str().trim().min(1).max(64),
  holderPhone: phone.optional(),
  memberId: id.optional(),
});
export type AccountCreate = z.output<typeof accountCreate>;

// ---------------------------------------------------------------- ledger (finance capital flow)

export const ledgerListQuery = pageQuery.extend({
  account: registered(16).optional(),
  txnKind: registered(24).optional(),
  orderNo: fields.str().trim().max(40).optional(),
  dayFrom: fields.day.optional(),
  dayTo: fields.day.optional(),
});
export type LedgerListQuery = z.output<typeof ledgerListQuery>;

export const ledgerSummaryQuery = z.object({ dayFrom: fields.day, dayTo: fields.day });
export type LedgerSummaryQuery = z.output<typeof ledgerSummaryQuery>;
/** Money in (debits) and out (credits) of one account (method), per day and in all. */
export const ledgerSummary = z.object({
  days: z.array(z.object({ day: z.string(), account: z.string(), inFen: z.number(), outFen: z.number(), netFen: z.number() })),
  totals: z.array(z.object({ account: z.string(), inFen: z.number(), outFen: z.number(), netFen: z.number() })),
});
export type LedgerSummary = z.output<typeof ledgerSummary>;

// ---------------------------------------------------------------- merchant settings (payInfoManage)

/** The fields of each provider's settings: public ones are shown, secret ones only as set / not set. */
export const MERCHANT_FIELDS = {
  alipay: { settings: ['appId', 'alipayPublicKey'], secrets: ['privateKey'] },
  wechat: {
    settings: ['mchId', 'appId', 'serialNo', 'platformSerial', 'platformPublicKey', 'apiClientCert', 'clientIp', 'v2SignType'],
    secrets: ['privateKey', 'apiV3Key', 'apiV2Key'],
  },
  aggregate: { settings: ['mchId', 'signType', 'amountUnit'], secrets: ['key'] },
} as const satisfies Record<ProviderMethod, { settings: readonly string[]; secrets: readonly string[] }>;

export const merchantRow = z.object({
  provider: fields.textOf(PROVIDER_METHODS),
  orgId: z.number(),
  enabled: z.boolean(),
  gateway: z.string(),
  settings: z.record(z.string(), z.string()),
  /** Each secret field: true when set. The values never leave the server. */
  secretsSet: z.record(z.string(), z.boolean()),
  version: z.number(),
  updateTime: atOrNull,
});
export type MerchantRow = z.output<typeof merchantRow>;

export const merchantParams = z.object({ provider: z.enum(PROVIDER_METHODS) });
/** `PUT {sport}commerce/merchant/{provider}`: secrets left out stay as they are. */
export const merchantSave = z.object({
  enabled: z.boolean(),
  gateway: fields.str().trim().url().max(300),
  settings: z.record(z.string().max(32), fields.str().max(4000)),
  secrets: z.record(z.string().max(32), fields.str().max(8000)).optional(),
  /** 0 for settings not saved before. */
  version: fields.intIn(0, 2_147_483_647),
});
export type MerchantSave = z.output<typeof merchantSave>;

// ---------------------------------------------------------------- the public scan page

export const scanParams = z.object({ token: fields.str().regex(/^[A-Za-z0-9_-]{16,64}$/, 'error.field.invalid') });
/** What a customer sees on `/thirdScanPage`: no buyer data, only what to pay. */
export const scanOrder = z.object({
  orderNo: z.string(),
  orgName: z.string(),
  subject: z.string(),
  payableFen: z.number(),
  dueFen: z.number(),
  state: fields.textOf(ORDER_STATES),
  expiresAt: atOrNull,
  methods: z.array(fields.textOf(PROVIDER_METHODS)),
});
export type ScanOrder = z.output<typeof scanOrder>;
export const scanPay = z.object({ method: z.enum(PROVIDER_METHODS), returnUrl: fields.str().trim().url().max(500).optional() });
/** Where the customer's browser goes to pay (the provider's cashier page). */
export const scanPayAnswer = z.object({ payUrl: z.string(), paymentNo: z.string() });

export const providerParams = z.object({ provider: z.enum(PROVIDER_METHODS) });
export const orderPage = page(orderRow);

/**
 * `GET {sport}commerce/order/types`: the order types the loaded modules sell in now, each with the
 * module that declared it (issue 25, point 10): the console shows an order tab only for these.
 */
export const orderTypeList = z.array(z.object({ type: z.string(), module: z.string() }));
export type OrderTypeEntry = z.output<typeof orderTypeList>[number];
export const refundPage = page(refundRow);
export const ledgerPage = page(ledgerRow);
export const accountPage = page(balanceAccountRow);
