import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';
import { ORDER_CHANNELS } from './commerce.ts';
import { ticketBuyer, TICKET_ORDER_MAX } from './ticket.ts';

/**
 * Ticket distribution (issue 13): distributors, the quota they are given per session level, their
 * sales and settlement; the feed a distributor publishes and the external items pulled from it;
 * package tickets; sales statistics. Every call is under `{sport}ticket/`. Money is integer fen.
 */
const id = fields.id;

/** The `detail` of an order line of kind `dist_ticket`: the seat of a seated quota (`refId` is the quota). */
export const distTicketLineDetail = z.strictObject({ seatId: id.optional() });
export type DistTicketLineDetail = z.output<typeof distTicketLineDetail>;
/** The `detail` of an order line of kind `ticket_pkg`: nothing (`refId` is the package). */
export const ticketPkgLineDetail = z.strictObject({});
const at = fields.instantOut;
const atOrNull = at.nullable();
const fen = fields.fen;
const name = fields.str().trim().min(1).max(64);
const phone = fields
  .str()
  .trim()
  .regex(/^1\d{10}$/, 'error.field.invalid');

// ---------------------------------------------------------------- the feed format

/**
 * The feed: a JSON document (UTF-8, at most `FEED_MAX_BYTES`) a distributor publishes at its
 * `feedUrl`, served with any JSON content type:
 *
 * ```json
 * { "format": "venue-ticket-feed/1", "publisher": "大麦分销", "updatedAt": "2026-11-27T08:00:00Z",
 *   "projects": [ { "id": "P100", "name": "城市马拉松", "venue": "奥体中心",
 *     "sessions": [ { "id": "S1", "name": "全程", "startAt": "2026-12-20T07:30:00+08:00",
 *       "levels": [ { "id": "L1", "name": "普通", "priceFen": 18000, "stock": 120 } ] } ] } ] }
 * ```
 *
 * Ids are the distributor's own (1-64 characters), unique within their parent. `stock` is what
 * the distributor can still sell. Unknown fields are ignored; a missing or malformed field refuses
 * the whole document, naming the field.
 */
export const FEED_FORMAT = 'venue-ticket-feed/1';
export const FEED_MAX_BYTES = 1_000_000;
export const FEED_TIMEOUT_MS = 5_000;
const feedId = z.string().trim().min(1).max(64);
export const feedLevel = z.object({
  id: feedId,
  name: z.string().trim().min(1).max(64),
  priceFen: z.number().int().min(0).max(100_000_000_00),
  stock: z.number().int().min(0).max(10_000_000),
});
export const feedSession = z.object({
  id: feedId,
  name: z.string().trim().min(1).max(64),
  startAt: z.iso.datetime({ offset: true }),
  levels: z.array(feedLevel).max(100),
});
export type FeedSession = z.output<typeof feedSession>;
export const feedProject = z.object({
  id: feedId,
  name: z.string().trim().min(1).max(128),
  venue: z.string().trim().max(128).optional(),
  sessions: z.array(feedSession).max(200),
});
export type FeedProject = z.output<typeof feedProject>;
export const feedDocument = z.object({
  format: z.literal(FEED_FORMAT),
  publisher: z.string().max(128).optional(),
  updatedAt: z.iso.datetime({ offset: true }).optional(),
  projects: z.array(feedProject).max(1000),
});
export type FeedDocument = z.output<typeof feedDocument>;

// ---------------------------------------------------------------- distributors

export const DISTRIBUTOR_STATUS = [0, 1] as const;
export const distributorCreate = z.object({
  orgId: id.optional(),
  name,
  contact: fields.optText(32),
  phone: phone
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  /** Commission, percent of the amount sold (two decimals). */
  commissionPct: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().min(0).max(100).multipleOf(0.01)),
  feedUrl: fields
    .str()
    .trim()
    .max(500)
    .regex(/^https?:\/\/[^\s]+$/i, 'error.field.invalid')
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  status: fields.intIn(0, 1).optional(),
  remark: fields.optText(200),
});
export type DistributorCreate = z.output<typeof distributorCreate>;
export const distributorUpdate = updateOf(distributorCreate.omit({ orgId: true }));
export type DistributorUpdate = z.output<typeof distributorUpdate>;
export const distributorListQuery = pageQuery.extend({ name: fields.str().trim().max(64).optional(), status: fields.intIn(0, 1).optional() });
export type DistributorListQuery = z.output<typeof distributorListQuery>;
export const distributorRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  commissionPct: z.number(),
  feedUrl: z.string().nullable(),
  status: fields.numberOf(DISTRIBUTOR_STATUS),
  remark: z.string().nullable(),
  /** Tickets paid for through the distributor, and their amount (fen). */
  soldCount: z.number(),
  soldFen: z.number(),
  version: z.number(),
  createTime: at,
  updateTime: at,
});
export type DistributorRow = z.output<typeof distributorRow>;

// ---------------------------------------------------------------- quotas

/** `POST ticket/dist-quota`: give a distributor a level's quota (general admission: `quantity`; seated: `seatIds`, free seats of that level). Giving more to the same level adds to it. */
export const quotaGive = z.object({
  distributorId: id,
  levelId: id,
  quantity: fields.intIn(1, 1_000_000).optional(),
  seatIds: fields.idArray(5_000).min(1).optional(),
});
export type QuotaGive = z.output<typeof quotaGive>;
/** `POST ticket/dist-quota/{id}/return`: unused quota back to the level (`quantity`, or the seats `seatIds`; neither: all that is unused). */
export const quotaReturn = z.object({ quantity: fields.intIn(1, 1_000_000).optional(), seatIds: fields.idArray(5_000).min(1).optional() });
export type QuotaReturn = z.output<typeof quotaReturn>;
export const quotaListQuery = pageQuery.extend({ distributorId: id.optional(), sessionId: id.optional() });
export type QuotaListQuery = z.output<typeof quotaListQuery>;
export const quotaRow = z.object({
  id: z.number(),
  orgId: z.number(),
  distributorId: z.number(),
  distributorName: z.string(),
  sessionId: z.number(),
  sessionName: z.string(),
  projectName: z.string(),
  startAt: at,
  levelId: z.number(),
  levelName: z.string(),
  priceFen: z.number(),
  seated: z.boolean(),
  quota: z.number(),
  sold: z.number(),
  held: z.number(),
  available: z.number(),
  /** Seated: the seats given (id and label). */
  seats: z.array(z.object({ id: z.number(), label: z.string(), state: z.string() })),
  version: z.number(),
});
export type QuotaRow = z.output<typeof quotaRow>;

/** `POST ticket/distributor/{id}/order` (accepts `Idempotency-Key`): an order of channel `distributor` sold from one of its quotas. */
export const distOrder = z
  .object({
    quotaId: id,
    quantity: fields.intIn(1, TICKET_ORDER_MAX).optional(),
    seatIds: fields.idArray(TICKET_ORDER_MAX).min(1).optional(),
    buyer: ticketBuyer.optional(),
    remark: fields.optText(200),
  })
  .refine((o) => o.seatIds || o.quantity, { message: 'error.field.required', path: ['quantity'] });
export type DistOrder = z.output<typeof distOrder>;

/** `POST ticket/distributor/sales`: orders sold through distributors. */
export const distSalesQuery = pageQuery.extend({ distributorId: id.optional(), from: fields.instant.optional(), to: fields.instant.optional() });
export type DistSalesQuery = z.output<typeof distSalesQuery>;
export const distSaleRow = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  distributorId: z.number(),
  distributorName: z.string(),
  itemSummary: z.string(),
  state: z.string(),
  payableFen: z.number(),
  paidFen: z.number(),
  refundedFen: z.number(),
  commissionPct: z.number(),
  createTime: at,
});
export type DistSaleRow = z.output<typeof distSaleRow>;

/** `POST ticket/distributor/settlement`: per distributor, orders paid within [from, to). */
export const settlementQuery = z.object({ distributorId: id.optional(), from: fields.instant, to: fields.instant });
export type SettlementQuery = z.output<typeof settlementQuery>;
export const settlementRow = z.object({
  distributorId: z.number(),
  distributorName: z.string(),
  commissionPct: z.number(),
  orders: z.number(),
  tickets: z.number(),
  /** Paid, less refunded (fen). */
  soldFen: z.number(),
  refundedFen: z.number(),
  commissionFen: z.number(),
  /** What the distributor owes the venue: sold less commission. */
  netDueFen: z.number(),
});
export const settlementAnswer = z.object({ rows: z.array(settlementRow) });

// ---------------------------------------------------------------- feed and external items

/** `POST ticket/distributor/{id}/feed`: the distributor's feed as it is now, with what has been pulled already. */
export const feedPreview = z.object({
  publisher: z.string().nullable(),
  projects: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      venue: z.string().nullable(),
      sessions: z.number(),
      stock: z.number(),
      minPriceFen: z.number(),
      maxPriceFen: z.number(),
      pulled: z.boolean(),
    }),
  ),
});
/** `POST ticket/distributor/{id}/pull`: import the chosen projects of the feed as external items (pulled again: refreshed). */
export const feedPull = z.object({ externalIds: z.array(feedId).min(1).max(1000) });
export const feedPullAnswer = z.object({ pulled: z.number(), refreshed: z.number() });
/** `POST ticket/external-item/refresh`: stock and prices of the given items (none: all of the distributor's, or all) from their feeds. */
export const externalRefresh = z.object({ ids: fields.idArray(1000).optional(), distributorId: id.optional() });
export const externalRefreshAnswer = z.object({ refreshed: z.number(), missing: z.number() });
export const externalListQuery = pageQuery.extend({ distributorId: id.optional(), name: fields.str().trim().max(64).optional() });
export type ExternalListQuery = z.output<typeof externalListQuery>;
export const externalItemRow = z.object({
  id: z.number(),
  orgId: z.number(),
  distributorId: z.number(),
  distributorName: z.string(),
  externalId: z.string(),
  name: z.string(),
  venueName: z.string().nullable(),
  sessions: z.array(feedSession),
  stock: z.number(),
  minPriceFen: z.number(),
  maxPriceFen: z.number(),
  sourceUrl: z.string(),
  missing: z.boolean(),
  refreshTime: at,
});
export type ExternalItemRow = z.output<typeof externalItemRow>;

// ---------------------------------------------------------------- packages

export const packagePart = z.object({ levelId: id });
export const packageCreate = z.object({
  orgId: id.optional(),
  name,
  priceFen: fen,
  stock: fields.intIn(0, 1_000_000),
  onSale: z.boolean().optional(),
  remark: fields.optText(200),
  /** At least two levels, of different sessions or levels. */
  parts: z.array(packagePart).min(2).max(10),
});
export type PackageCreate = z.output<typeof packageCreate>;
export const packageUpdate = z.object({
  name: name.optional(),
  priceFen: fen.optional(),
  stock: fields.intIn(0, 1_000_000).optional(),
  onSale: z.boolean().optional(),
  remark: fields.optText(200),
  version: fields.version,
});
export type PackageUpdate = z.output<typeof packageUpdate>;
export const packageListQuery = pageQuery.extend({ name: fields.str().trim().max(64).optional() });
export type PackageListQuery = z.output<typeof packageListQuery>;
export const packageRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  priceFen: z.number(),
  stock: z.number(),
  sold: z.number(),
  held: z.number(),
  available: z.number(),
  onSale: z.boolean(),
  remark: z.string().nullable(),
  parts: z.array(
    z.object({
      levelId: z.number(),
      levelName: z.string(),
      sessionId: z.number(),
      sessionName: z.string(),
      projectName: z.string(),
      startAt: at,
      priceFen: z.number(),
      seated: z.boolean(),
    }),
  ),
  version: z.number(),
  createTime: at,
});
export type PackageRow = z.output<typeof packageRow>;
/** `POST ticket/package/{id}/order` (accepts `Idempotency-Key`): `quantity` packages; a seated part takes the level's first free seat. */
export const packageOrder = z.object({ quantity: fields.intIn(1, 20).optional(), buyer: ticketBuyer.optional(), remark: fields.optText(200) });
export type PackageOrder = z.output<typeof packageOrder>;

// ---------------------------------------------------------------- statistics

/** `POST ticket/stats` (projectSalesStatistics): tickets paid for (sold or used), by project, session, level, channel and distributor. */
export const statsQuery = z.object({ projectId: id.optional(), sessionId: id.optional(), from: fields.instant.optional(), to: fields.instant.optional() });
export type StatsQuery = z.output<typeof statsQuery>;
const bucket = z.object({ key: z.string(), name: z.string(), count: z.number(), amountFen: z.number() });
export type StatsBucket = z.output<typeof bucket>;
export const statsAnswer = z.object({
  total: z.object({ count: z.number(), amountFen: z.number(), refunded: z.number() }),
  byProject: z.array(bucket),
  bySession: z.array(bucket),
  byLevel: z.array(bucket),
  byChannel: z.array(bucket),
  byDistributor: z.array(bucket),
  /** Per session: seats or tickets sold, held by unpaid orders, given to distributors and unsold, and free. */
  sessions: z.array(
    z.object({
      sessionId: z.number(),
      name: z.string(),
      projectName: z.string(),
      startAt: at,
      sold: z.number(),
      held: z.number(),
      distributed: z.number(),
      free: z.number(),
    }),
  ),
});
export type StatsAnswer = z.output<typeof statsAnswer>;
/** `POST ticket/sales` (projectSales): tickets sold, newest first. */
export const salesQuery = pageQuery.extend({
  projectId: id.optional(),
  sessionId: id.optional(),
  channel: z.enum(ORDER_CHANNELS).optional(),
  distributorId: id.optional(),
});
export type SalesQuery = z.output<typeof salesQuery>;
export const salesRow = z.object({
  id: z.number(),
  code: z.string(),
  projectName: z.string(),
  sessionName: z.string(),
  levelName: z.string(),
  orderId: z.number(),
  orderNo: z.string(),
  channel: z.string(),
  distributorName: z.string().nullable(),
  packageName: z.string().nullable(),
  state: z.string(),
  priceFen: z.number(),
  soldAt: atOrNull,
});
export type SalesRow = z.output<typeof salesRow>;
