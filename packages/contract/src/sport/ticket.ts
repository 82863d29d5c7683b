import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';
import { rentalAsk } from './goods.ts';
import { seatmapDocument } from './seatmap.ts';
import { couponAsk } from './commerce.ts';

/**
 * Ticketing (issue 13, spec 2.5 ticketManagement): project types, projects, seat maps (versioned
 * documents drawn in the console's designer), sessions with their ticket levels and seats, and
 * tickets sold through the commerce core (item kind `ticket`, order type `ticket`). Every call is
 * under `{sport}ticket/`. Money is integer fen (`price`, `amount` and `priceFen` alike).
 *
 * - A seated session has one seat row per sellable seat of its map version (`unsold` seats are
 *   created `blocked`, `shown` seats not at all); a level sells the seats drawn with its
 *   `levelKeys`. A general-admission session sells each level's `quota`.
 * - Ordering holds seats (free → held) or quota (`held`) until the order is paid (→ sold) or times
 *   out after the session's `holdMinutes` (→ free). A seat or quota already taken answers 100409
 *   `taken`.
 */
const id = fields.id;
const at = fields.instantOut;
const atOrNull = at.nullable();
const fen = fields.fen;
const name = fields.str().trim().min(1).max(64);
const color = fields.str().regex(/^#[0-9a-fA-F]{6}$/, 'error.field.invalid');
const levelKey = fields
  .str()
  .trim()
  .min(1)
  .max(16)
  .regex(/^[A-Za-z0-9_-]+$/, 'error.field.invalid');
const phone = fields
  .str()
  .trim()
  .regex(/^1\d{10}$/, 'error.field.invalid');

/** `none`: anyone buys any number; `per_id`: one ticket per id number per session (stored; checked later). */
export const REAL_NAME_RULES = ['none', 'per_id'] as const;
export const SEAT_STATES = ['free', 'held', 'sold', 'blocked'] as const;
export type SeatState = (typeof SEAT_STATES)[number];
/** held (order pending) → sold (paid) → used (checked in); → refunded; held → cancelled (order cancelled or timed out). */
export const TICKET_STATES = ['held', 'sold', 'used', 'refunded', 'cancelled'] as const;
export type TicketState = (typeof TICKET_STATES)[number];
/** Projects and sessions: 0 normal, 1 disabled (not sold, not listed for sale). */
export const TICKET_STATUS = [0, 1] as const;
/** Minutes a session's unpaid order holds its seats or quota by default. */
export const DEFAULT_HOLD_MINUTES = 10;
/** At most this many seats or general-admission tickets in one order. */
export const TICKET_ORDER_MAX = 50;

// ---------------------------------------------------------------- project types

export const ticketTypeCreate = z.object({
  orgId: id.optional(),
  name,
  /** A child type names its parent (one level deep). */
  parentId: id.nullish(),
  sort: fields.intIn(0, 9999).optional(),
});
export type TicketTypeCreate = z.output<typeof ticketTypeCreate>;
export const ticketTypeUpdate = updateOf(ticketTypeCreate.omit({ orgId: true }));
export type TicketTypeUpdate = z.output<typeof ticketTypeUpdate>;
export const ticketTypeListQuery = pageQuery.extend({ name: fields.str().trim().max(64).optional(), parentId: id.optional() });
export type TicketTypeListQuery = z.output<typeof ticketTypeListQuery>;
export const ticketTypeRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
  sort: z.number(),
  version: z.number(),
  createTime: at,
  updateTime: at,
});
export type TicketTypeRow = z.output<typeof ticketTypeRow>;
export const ticketTypePage = page(ticketTypeRow);

// ---------------------------------------------------------------- projects

const projectFields = {
  name,
  typeId: id.nullish(),
  venueId: id.nullish(),
  posterUrl: fields.optText(500),
  description: fields.optText(10_000),
  /** The project's performers, in billing order (the catalogue's performers; the free-text column is no longer written). */
  performerIds: fields.idArray(50).optional(),
  /** Text of the project's own; the reusable notice it shows buyers is `noticeId`. */
  purchaseNotice: fields.optText(10_000),
  noticeId: id.nullish(),
  /** The ticket template its tickets print with (a session may choose its own). */
  templateId: id.nullish(),
  realName: z.enum(REAL_NAME_RULES).optional(),
  /** Tickets one buyer may take per order (null: no limit). */
  perBuyerLimit: fields.intIn(1, 999).nullish(),
  status: fields.numberOf(TICKET_STATUS).optional(),
};
export const projectCreate = z.object({ orgId: id.optional(), ...projectFields });
export type ProjectCreate = z.output<typeof projectCreate>;
export const projectUpdate = updateOf(z.object(projectFields));
export type ProjectUpdate = z.output<typeof projectUpdate>;
export const projectListQuery = pageQuery.extend({
  name: fields.str().trim().max(64).optional(),
  typeId: id.optional(),
  venueId: id.optional(),
  status: fields.numberOf(TICKET_STATUS).optional(),
});
export type ProjectListQuery = z.output<typeof projectListQuery>;
export const projectRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  typeId: z.number().nullable(),
  typeName: z.string().nullable(),
  venueId: z.number().nullable(),
  posterUrl: z.string().nullable(),
  description: z.string().nullable(),
  /** The performers' names, in billing order ('、' between them), or null. */
  performers: z.string().nullable(),
  performerIds: z.array(z.number()),
  purchaseNotice: z.string().nullable(),
  noticeId: z.number().nullable(),
  templateId: z.number().nullable(),
  realName: fields.textOf(REAL_NAME_RULES),
  perBuyerLimit: z.number().nullable(),
  status: z.number(),
  sessionCount: z.number(),
  version: z.number(),
  createTime: at,
  updateTime: at,
});
export type ProjectRow = z.output<typeof projectRow>;
export const projectPage = page(projectRow);

// ---------------------------------------------------------------- seat maps

/** `POST {sport}ticket/seatmap/list`. */
export const seatmapListQuery = pageQuery.extend({ name: fields.str().trim().max(64).optional(), venueId: id.optional() });
export type SeatmapListQuery = z.output<typeof seatmapListQuery>;
/** A row of the list; `version` is both the map's latest version and its edit version. */
export const seatmapRow = z.object({
  id: z.number(),
  name: z.string(),
  venueId: z.number().nullable(),
  version: z.number(),
  seatCount: z.number(),
  updateTime: at,
});
export type SeatmapRow = z.output<typeof seatmapRow>;
export const seatmapPage = page(seatmapRow);
/** `GET {sport}ticket/seatmap/{id}`, and the answer of `POST`/`PUT`. */
export const seatmapDetail = seatmapRow.extend({ document: seatmapDocument });
export type SeatmapDetail = z.output<typeof seatmapDetail>;
/** `POST {sport}ticket/seatmap`. */
export const seatmapCreate = z.object({ name, venueId: id.nullish(), document: seatmapDocument });
export type SeatmapCreate = z.output<typeof seatmapCreate>;
/** `PUT {sport}ticket/seatmap/{id}`: a new `document` is stored as a new version. */
export const seatmapUpdate = z.object({ name: name.optional(), venueId: id.nullish(), document: seatmapDocument.optional(), version: fields.version });
export type SeatmapUpdate = z.output<typeof seatmapUpdate>;
/** `GET {sport}ticket/seatmap/{id}/versions`: newest first. */
export const seatmapVersions = z.array(z.object({ version: z.number(), seatCount: z.number(), createTime: at, createdBy: z.number().nullable() }));
/** `POST {sport}ticket/seatmap/image` (multipart field `file`, png or jpg by content, at most 5 MB): the url the document's `background.url` takes. */
export const seatmapImageAnswer = z.object({ url: z.string() });

// ---------------------------------------------------------------- sessions and levels

const levelFields = {
  name: fields.str().trim().min(1).max(32),
  priceFen: fen,
  color: color.optional(),
  /** General admission: tickets for sale. */
  quota: fields.intIn(0, 1_000_000).nullish(),
  /** Seated: the map's price areas this level sells. */
  levelKeys: z.array(levelKey).max(50).optional(),
  sort: fields.intIn(0, 9999).optional(),
};
/** A level given with a new session. */
export const levelInput = z.object(levelFields);
export const levelCreate = z.object({ sessionId: id, ...levelFields });
export type LevelCreate = z.output<typeof levelCreate>;
export const levelUpdate = updateOf(z.object(levelFields));
export type LevelUpdate = z.output<typeof levelUpdate>;
export const levelListQuery = pageQuery.extend({ sessionId: id.optional() });
export type LevelListQuery = z.output<typeof levelListQuery>;
export const levelRow = z.object({
  id: z.number(),
  orgId: z.number(),
  sessionId: z.number(),
  name: z.string(),
  priceFen: z.number(),
  color: z.string(),
  quota: z.number().nullable(),
  levelKeys: z.array(z.string()),
  sort: z.number(),
  /** Seats or tickets sold, held (unpaid) and still free. */
  sold: z.number(),
  held: z.number(),
  available: z.number(),
  version: z.number(),
  createTime: at,
  updateTime: at,
});
export type LevelRow = z.output<typeof levelRow>;
export const levelPage = page(levelRow);

const sessionFields = {
  name,
  startAt: fields.instant,
  endAt: fields.instant.nullish(),
  holdMinutes: fields.intIn(1, 1440).optional(),
  /** The gate window: gates admit from this many minutes before the start (default 120) … */
  gateOpenMinutes: fields.intIn(0, 10080).optional(),
  /** … to this many minutes after the end (default 0; no end: 3 hours after the start). */
  gateCloseMinutes: fields.intIn(0, 10080).optional(),
  onSale: z.boolean().optional(),
  status: fields.numberOf(TICKET_STATUS).optional(),
  /** The ticket template of its tickets (else the project's). */
  templateId: id.nullish(),
};
export const sessionCreate = z
  .object({
    projectId: id,
    ...sessionFields,
    /** Seated: its seats are made from the map's latest version (or `seatmapVersion`). */
    seated: z.boolean().default(false),
    seatmapId: id.nullish(),
    seatmapVersion: fields.intIn(1, 2_147_483_647).nullish(),
    levels: z.array(levelInput).max(50).optional(),
  })
  .refine((s) => !s.seated || s.seatmapId, { message: 'error.field.required', path: ['seatmapId'] });
export type SessionCreate = z.output<typeof sessionCreate>;
export const sessionUpdate = updateOf(z.object(sessionFields));
export type SessionUpdate = z.output<typeof sessionUpdate>;

/**
 * `POST {sport}ticket/session/list` (a fixed call: `{pageNum, pageSize}` answers exactly the rows
 * below). The console's extras: filters, and with `detail` each row's session settings too.
 */
export const sessionListQuery = pageQuery.extend({
  projectId: id.optional(),
  name: fields.str().trim().max(64).optional(),
  detail: z.boolean().optional(),
});
export type SessionListQuery = z.output<typeof sessionListQuery>;
export const sessionListLevel = z.object({ id: z.number(), name: z.string(), price: z.number(), available: z.number() });
export const sessionListRow = z.object({
  id: z.number(),
  projectId: z.number(),
  name: z.string(),
  startAt: at,
  seated: z.boolean(),
  /** Seats (not blocked) or the levels' quotas. */
  capacity: z.number(),
  /** Free seats with a level, or quota neither sold nor held. */
  available: z.number(),
  levels: z.array(sessionListLevel),
  // With `detail`:
  orgId: z.number().optional(),
  projectName: z.string().optional(),
  /** The project's sale rules: real-name (a viewer per ticket) and the per-buyer limit. */
  realName: fields.textOf(REAL_NAME_RULES).optional(),
  perBuyerLimit: z.number().nullable().optional(),
  endAt: atOrNull.optional(),
  seatmapId: z.number().nullable().optional(),
  seatmapVersion: z.number().nullable().optional(),
  holdMinutes: z.number().optional(),
  gateOpenMinutes: z.number().optional(),
  gateCloseMinutes: z.number().optional(),
  templateId: z.number().nullable().optional(),
  onSale: z.boolean().optional(),
  status: z.number().optional(),
  sold: z.number().optional(),
  held: z.number().optional(),
  version: z.number().optional(),
  createTime: at.optional(),
  updateTime: at.optional(),
});
export type SessionListRow = z.output<typeof sessionListRow>;
export const sessionPage = page(sessionListRow);
/** `GET {sport}ticket/session/{id}` and the answer of `POST`/`PUT`: every field of the list's `detail` row. */
export const sessionRow = sessionListRow.required();
export type SessionRow = z.output<typeof sessionRow>;

/** `POST {sport}ticket/session/{sessionId}/seats` (a fixed call). The console's extra: `detail` adds each seat's key, order and kind. */
export const sessionSeatsQuery = z.object({ detail: z.boolean().optional() });
export const sessionSeat = z.object({
  id: z.number(),
  zone: z.string(),
  row: z.string(),
  no: z.string(),
  levelId: z.number().nullable(),
  state: fields.textOf(SEAT_STATES),
  price: z.number(),
  // With `detail`:
  seatKey: z.string().optional(),
  levelKey: z.string().nullable().optional(),
  orderId: z.number().nullable().optional(),
});
export const sessionSeatsAnswer = z.object({ seats: z.array(sessionSeat) });
export type SessionSeat = z.output<typeof sessionSeat>;
export const sessionIdParams = z.object({ sessionId: id });

/** `POST {sport}ticket/session/{sessionId}/seats/{block|release|relevel}`: this session's seats only. */
export const seatChange = z.object({ seatIds: fields.idArray(20_000).min(1) });
export const seatRelevel = z.object({ seatIds: fields.idArray(20_000).min(1), levelId: id });
export const seatChangeAnswer = z.object({ changed: z.number() });

// ---------------------------------------------------------------- selling

/**
 * A real-name ticket's viewer: `idType` '1' (default) is a resident identity card, checked by its
 * checksum. Or `memberId`: a member of the session's organisation, whose record gives the name and
 * id number (the console never reads the number).
 */
export const ticketViewer = z
  .object({
    memberId: id.optional(),
    name: fields.str().trim().min(1).max(64).optional(),
    idType: fields
      .str()
      .trim()
      .regex(/^[0-9A-Za-z_]{1,8}$/, 'error.field.invalid')
      .optional(),
    idNo: fields
      .str()
      .trim()
      .toUpperCase()
      .regex(/^[0-9A-Z-]{4,32}$/, 'error.field.invalid')
      .optional(),
  })
  .refine((v) => v.memberId || v.idNo, { message: 'error.field.required', path: ['idNo'] });
export type TicketViewer = z.output<typeof ticketViewer>;
export const ticketBuyer = z.object({
  name: fields.str().trim().max(64).optional(),
  phone: phone
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  idNo: fields.str().trim().max(32).optional(),
});
/** `POST {sport}ticket/order` (a fixed call; accepts `Idempotency-Key`): seats, or a quantity of one level. */
export const ticketOrder = z
  .object({
    sessionId: id,
    seatIds: fields.idArray(TICKET_ORDER_MAX).min(1).optional(),
    levelId: id.optional(),
    quantity: fields.intIn(1, TICKET_ORDER_MAX).optional(),
    buyer: ticketBuyer.optional(),
    /** A real-name project's viewers, one per ticket (seats in the order given; a lone ticket may take `buyer.idNo`). */
    viewers: z.array(ticketViewer).min(1).max(TICKET_ORDER_MAX).optional(),
    // The console's extras:
    memberId: id.optional(),
    remark: fields.optText(200),
    /**
     * Goods sold with the tickets (water, a programme, a cushion): lines of item kind `goods` on the
     * same order, from the session's venue's default warehouse; refunded by their own rule.
     */
    goods: z
      .array(z.object({ goodsId: id, quantity: fields.quantity }))
      .max(20)
      .optional(),
    /**
     * Goods rented with the tickets (binoculars, a cushion for the evening): lines of item kind
     * `rent`, rent and deposit paid with the tickets, returned at the rent and sale screen.
     */
    rentals: z.array(rentalAsk).max(20).optional(),
    ...couponAsk,
  })
  .refine((o) => o.seatIds || o.levelId, { message: 'error.field.required', path: ['seatIds'] });
export type TicketOrder = z.output<typeof ticketOrder>;
/** A viewer as an order line carries it (checked by the ticket kind: a valid number, no one twice). */
const lineViewer = z.strictObject({ name: fields.str().max(64), idType: fields.str().max(8).optional(), idNo: fields.str().max(32) });
/**
 * The `detail` of an order line of kind `ticket`: its session; `seat` for a seat line (`refId` the
 * session's seat, quantity 1), else `refId` is a level; the buyer's id number the per-buyer limit
 * keeps; and a real-name line's viewers (`viewer` of a seat, `viewers` of a level's quantity).
 */
export const ticketLineDetail = z.strictObject({
  sessionId: id,
  seat: z.literal(true).optional(),
  buyerIdNo: fields.str().max(32).optional(),
  viewer: lineViewer.optional(),
  viewers: z.array(lineViewer).max(TICKET_ORDER_MAX).optional(),
});
export type TicketLineDetail = z.output<typeof ticketLineDetail>;

export const ticketOrderAnswer = z.object({
  orderNo: z.string(),
  orderId: z.number(),
  /** Fen. */
  amount: z.number(),
  state: z.string(),
  expiresAt: atOrNull,
});

/** `POST {sport}ticket/list`: the tickets sold. */
export const ticketListQuery = pageQuery.extend({
  sessionId: id.optional(),
  orderId: id.optional(),
  code: fields.str().trim().max(32).optional(),
  state: z.enum(TICKET_STATES).optional(),
});
export type TicketListQuery = z.output<typeof ticketListQuery>;
export const ticketRow = z.object({
  id: z.number(),
  orgId: z.number(),
  code: z.string(),
  sessionId: z.number(),
  sessionName: z.string(),
  projectName: z.string(),
  levelId: z.number(),
  levelName: z.string(),
  seatId: z.number().nullable(),
  seatLabel: z.string().nullable(),
  orderId: z.number(),
  orderNo: z.string(),
  itemId: z.number(),
  state: fields.textOf(TICKET_STATES),
  buyerName: z.string().nullable(),
  buyerPhone: z.string().nullable(),
  priceFen: z.number(),
  /** The order's channel (`reserved`: issued by reservation). */
  channel: z.string(),
  /** A real-name ticket's viewer (the id number masked). */
  viewerName: z.string().nullable(),
  viewerIdNo: z.string().nullable(),
  /** The refund applied for the ticket, if any. */
  refundNo: z.string().nullable(),
  createTime: at,
  soldAt: atOrNull,
  /** The first print (or PDF); null: not printed yet (a print, no reason), else later prints are reprints. */
  printedAt: atOrNull,
});
export type TicketRow = z.output<typeof ticketRow>;
export const ticketPage = page(ticketRow);
