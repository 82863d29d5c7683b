import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';
import { couponAsk } from './commerce.ts';

/**
 * Venues and booking (issue 11): a venue (the spec's stadium) of an organisation, its sites with
 * opening hours, price rules and booking rules, the templates that copy hours and prices to new
 * sites, and the booking grid. A booking sells through the commerce core as an item of kind
 * `venue`; its slots are claimed as time ranges that the database never lets overlap.
 * Money is integer fen; days (`yyyy-MM-dd`) and times (`HH:mm`) are local to the venue.
 */
const id = fields.id;
const at = fields.instantOut;
const fen = fields.intIn(0, 100_000_000);
const phone = fields
  .str()
  .trim()
  .regex(/^1\d{10}$/, 'error.field.invalid');
const tel = fields
  .str()
  .trim()
  .regex(/^[0-9+\-() ]{5,20}$/, 'error.field.invalid');

/** A wall-clock time `HH:mm` (24:00 is the end of the day). */
export const HHMM_RE = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
export const hhmm = fields.str().regex(HHMM_RE, 'venue.timeInvalid');
export const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
export const hhmmOf = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export const VENUE_SPORTS = ['badminton', 'basketball', 'football', 'tennis', 'table_tennis', 'swimming', 'volleyball', 'fitness', 'golf', 'other'] as const;
export type VenueSport = (typeof VENUE_SPORTS)[number];
export const SLOT_MINUTES = [30, 60] as const;
/** Whether a venue's online shop is open (spec 4: the values are not shown; 1 open, 0 closed). */
export const SHOP_STATUS = [0, 1] as const;
/** A venue's application to join the platform (stadiumApply): the platform approves or rejects it. */
export const APPLY_STATES = ['applied', 'approved', 'rejected'] as const;
/** A site is open for booking (0) or stopped (1). */
export const SITE_STATUS = [0, 1] as const;

/** Days a price rule applies to, beyond its weekdays: any day, normal days only, public holidays, make-up work days. */
export const DAY_KINDS = ['any', 'normal', 'holiday', 'workday'] as const;
export type DayKind = (typeof DAY_KINDS)[number];

/** One day's opening: `day` 1 (Monday) to 7 (Sunday), 8 for a public holiday; a day not listed is closed. */
export const dayHours = z
  .object({ day: fields.intIn(1, 8), open: hhmm, close: hhmm })
  .refine((h) => minutesOf(h.open) < minutesOf(h.close), { message: 'venue.closeAfterOpen', path: ['close'] });
export const weekHours = z
  .array(dayHours)
  .max(8)
  .refine((hs) => new Set(hs.map((h) => h.day)).size === hs.length, { message: 'venue.dayTwice' });
export type WeekHours = z.output<typeof weekHours>;

/** The booking rules of a venue (rule setting). */
export const bookingRules = z.object({
  /** How many days ahead people may book (0: today only). */
  advanceDays: fields.intIn(0, 365),
  /** The least and most slots one booking may take. */
  minSlots: fields.intIn(1, 48),
  maxSlots: fields.intIn(1, 200),
  /** A booking may be cancelled for a full refund up to this many minutes before it starts. */
  cancelDeadlineMinutes: fields.intIn(0, 10_080),
  /** Share (percent) refunded for a cancellation after that deadline; 0 keeps it all as a fee. */
  lateCancelRefundPercent: fields.intIn(0, 100),
  /** A booking may be moved up to this many minutes before it starts. */
  changeDeadlineMinutes: fields.intIn(0, 10_080),
  /** A booking nobody checked in to is recorded as a no-show this many minutes after its start. */
  noShowAfterMinutes: fields.intIn(0, 1440),
  /** Whether a no-show forfeits the money (otherwise the venue may refund it by hand). */
  noShowForfeits: z.boolean(),
});
export type BookingRules = z.output<typeof bookingRules>;
export const DEFAULT_BOOKING_RULES: BookingRules = {
  advanceDays: 30,
  minSlots: 1,
  maxSlots: 16,
  cancelDeadlineMinutes: 120,
  lateCancelRefundPercent: 50,
  changeDeadlineMinutes: 120,
  noShowAfterMinutes: 15,
  noShowForfeits: true,
};

// ---------------------------------------------------------------- venues (spec 7.5, stadium prefix)

/**
 * An optional text of the venue: '' and null clear it (null); left out it stays left out, so an
 * update that does not send it keeps it (`v || null` would clear it on every update).
 */
const cleared = (v: string | null | undefined) => (v === undefined ? undefined : v || null);
const venueFields = {
  stadiumName: fields.str().trim().min(1).max(64),
  mobile: phone.nullish().or(z.literal('')).transform(cleared),
  phone: tel.nullish().or(z.literal('')).transform(cleared),
  address: fields.optText(200),
  longitude: z.number().min(-180).max(180).nullish(),
  latitude: z.number().min(-90).max(90).nullish(),
  timeZone: fields.str().trim().min(1).max(64).optional(),
  sportcatItems: z.array(z.enum(VENUE_SPORTS)).max(VENUE_SPORTS.length).optional(),
  slotMinutes: z.union([z.literal(30), z.literal(60)]).optional(),
  openTime: hhmm.optional(),
  closeTime: hhmm.optional(),
  description: fields.optText(2000),
  contactName: fields.optText(32),
  contactPhone: phone.nullish().or(z.literal('')).transform(cleared),
  email: fields.str().trim().email('error.field.invalid').max(100).nullish().or(z.literal('')).transform(cleared),
  legalPerson: fields.optText(32),
  licenseNo: fields.optText(32),
  partnerName: fields.optText(64),
  partnerPhone: phone.nullish().or(z.literal('')).transform(cleared),
  cooperative: z.boolean().optional(),
  rules: bookingRules.optional(),
  // The platform's service contract with the venue (serviceManagement).
  contractNo: fields.optText(32),
  contractFrom: fields.optDay,
  contractTo: fields.optDay,
  commissionPercent: fields.intIn(0, 100).optional(),
};
/** `POST {stadium}stadiumInfo/insert`. */
export const venueCreate = z.object({ orgId: id.optional(), ...venueFields });
export type VenueCreate = z.output<typeof venueCreate>;
/** `PUT {stadium}stadiumInfo/update`: the id, the changed fields and `version`. */
export const venueUpdate = z.object({ id, version: fields.version, ...venueFields, stadiumName: venueFields.stadiumName.optional() });
export type VenueUpdate = z.output<typeof venueUpdate>;
/** `POST {stadium}stadiumInfo/pagelist`. */
export const venueListQuery = pageQuery.extend({
  stadiumName: fields.str().trim().max(64).optional(),
  orgId: id.optional(),
  shopStatus: fields.intIn(0, 1).optional(),
  applyState: z.enum(APPLY_STATES).optional(),
  cooperative: z.boolean().optional(),
});
export type VenueListQuery = z.output<typeof venueListQuery>;
/** `POST {stadium}stadiumInfo/updateShopStatus`. */
export const venueShopStatus = z.object({ id, shopStatus: fields.intIn(0, 1) });
/** `POST {stadium}stadiumInfo/lock`: the stadium lock dialog; a locked venue takes no new bookings. */
export const venueLock = z.object({ id, locked: z.boolean(), reason: fields.optText(200) });
/** `POST {stadium}stadiumInfo/review`: the platform approves or rejects a venue's application. */
export const venueReview = z.object({ id, approve: z.boolean(), remark: fields.optText(200) });

export const venueRow = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  stadiumName: z.string(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  timeZone: z.string(),
  sportcatItems: z.array(z.string()),
  slotMinutes: z.number(),
  openTime: z.string(),
  closeTime: z.string(),
  description: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  email: z.string().nullable(),
  legalPerson: z.string().nullable(),
  licenseNo: z.string().nullable(),
  partnerName: z.string().nullable(),
  partnerPhone: z.string().nullable(),
  shopStatus: z.number(),
  locked: z.boolean(),
  lockReason: z.string().nullable(),
  cooperative: z.boolean(),
  applyState: fields.textOf(APPLY_STATES),
  reviewRemark: z.string().nullable(),
  rules: bookingRules,
  contractNo: z.string().nullable(),
  contractFrom: z.string().nullable(),
  contractTo: z.string().nullable(),
  commissionPercent: z.number(),
  siteCount: z.number(),
  version: z.number(),
  createTime: at,
  updateTime: at,
});
export type VenueRow = z.output<typeof venueRow>;
export const venuePage = page(venueRow);
/** `GET {stadium}stadiumInfo/list/orgId/{orgId}`: the organisation's venue, or null (spec 4). */
export const venueOfOrg = venueRow.nullable();

// ---------------------------------------------------------------- sites

export const siteCreate = z.object({
  venueId: id,
  name: fields.str().trim().min(1).max(32),
  sport: z.enum(VENUE_SPORTS),
  capacity: fields.intIn(1, 100_000).default(1),
  status: fields.intIn(0, 1).default(0),
  sort: fields.intIn(0, 9999).default(0),
  /** Opening hours; default: the venue's open and close times every day. */
  hours: weekHours.optional(),
  /** Copy hours and prices from this template. */
  templateId: id.optional(),
  remark: fields.optText(200),
});
export type SiteCreate = z.output<typeof siteCreate>;
export const siteUpdate = updateOf(siteCreate.omit({ venueId: true, templateId: true }));
export type SiteUpdate = z.output<typeof siteUpdate>;
export const siteListQuery = pageQuery.extend({
  venueId: id.optional(),
  name: fields.str().trim().max(32).optional(),
  sport: z.enum(VENUE_SPORTS).optional(),
  status: fields.intIn(0, 1).optional(),
});
/** Split a site into two halves (each bookable; the full court blocks them and the reverse). */
export const siteSplit = z.object({ names: z.tuple([fields.str().trim().min(1).max(32), fields.str().trim().min(1).max(32)]) });
/** Merge two sites of a venue into a full site over them. */
export const siteMerge = z.object({ siteIds: z.tuple([id, id]), name: fields.str().trim().min(1).max(32) });

export const siteRow = z.object({
  id: z.number(),
  orgId: z.number(),
  venueId: z.number(),
  name: z.string(),
  sport: fields.textOf(VENUE_SPORTS),
  capacity: z.number(),
  status: z.number(),
  sort: z.number(),
  /** The full site this one is half of (null: a site of its own). */
  parentId: z.number().nullable(),
  hours: z.array(z.object({ day: z.number(), open: z.string(), close: z.string() })),
  remark: z.string().nullable(),
  version: z.number(),
  createTime: at,
});
export type SiteRow = z.output<typeof siteRow>;
export const sitePage = page(siteRow);

// ---------------------------------------------------------------- price rules

export const priceRuleCreate = z
  .object({
    venueId: id,
    name: fields.str().trim().min(1).max(64),
    /** One site; or every site of a sport; or (both empty) every site of the venue. */
    siteId: id.nullish(),
    sport: z.enum(VENUE_SPORTS).nullish(),
    /** Weekdays 1 (Monday) to 7; empty: every weekday. */
    weekdays: z.array(fields.intIn(1, 7)).max(7).default([]),
    dayKind: z.enum(DAY_KINDS).default('any'),
    start: hhmm,
    end: hhmm,
    /** Member level (card type code) the price is for; empty: everybody (the walk-in price). */
    level: fields.optText(32),
    priceFen: fen,
    validFrom: fields.optDay,
    validTo: fields.optDay,
    enabled: z.boolean().default(true),
  })
  .refine((r) => minutesOf(r.start) < minutesOf(r.end), { message: 'venue.closeAfterOpen', path: ['end'] })
  .refine((r) => !r.validFrom || !r.validTo || r.validFrom <= r.validTo, { message: 'venue.validToBeforeFrom', path: ['validTo'] });
export type PriceRuleCreate = z.output<typeof priceRuleCreate>;
export const priceRuleUpdate = z.object({
  name: fields.str().trim().min(1).max(64).optional(),
  siteId: id.nullish(),
  sport: z.enum(VENUE_SPORTS).nullish(),
  weekdays: z.array(fields.intIn(1, 7)).max(7).optional(),
  dayKind: z.enum(DAY_KINDS).optional(),
  start: hhmm.optional(),
  end: hhmm.optional(),
  level: fields.optText(32),
  priceFen: fen.optional(),
  validFrom: fields.optDay,
  validTo: fields.optDay,
  enabled: z.boolean().optional(),
  version: fields.version,
});
export type PriceRuleUpdate = z.output<typeof priceRuleUpdate>;
export const priceRuleListQuery = pageQuery.extend({ venueId: id.optional(), siteId: id.optional(), sport: z.enum(VENUE_SPORTS).optional() });
export const priceRuleRow = z.object({
  id: z.number(),
  orgId: z.number(),
  venueId: z.number(),
  name: z.string(),
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
  sport: z.string().nullable(),
  weekdays: z.array(z.number()),
  dayKind: fields.textOf(DAY_KINDS),
  start: z.string(),
  end: z.string(),
  level: z.string().nullable(),
  priceFen: z.number(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  enabled: z.boolean(),
  version: z.number(),
  createTime: at,
});
export type PriceRuleRow = z.output<typeof priceRuleRow>;
export const priceRulePage = page(priceRuleRow);

// ---------------------------------------------------------------- templates

const templatePrice = z.object({
  weekdays: z.array(fields.intIn(1, 7)).max(7).default([]),
  dayKind: z.enum(DAY_KINDS).default('any'),
  start: hhmm,
  end: hhmm,
  level: fields.optText(32),
  priceFen: fen,
});
export const templateCreate = z.object({
  venueId: id,
  name: fields.str().trim().min(1).max(64),
  hours: weekHours,
  prices: z.array(templatePrice).max(50).default([]),
});
export type TemplateCreate = z.output<typeof templateCreate>;
export const templateUpdate = updateOf(templateCreate.omit({ venueId: true }));
export const templateListQuery = pageQuery.extend({ venueId: id.optional(), name: fields.str().trim().max(64).optional() });
/** Copies the template's hours and prices onto these sites (their own price rules are replaced). */
export const templateApply = z.object({ siteIds: fields.idArray(500).min(1) });
export const templateRow = z.object({
  id: z.number(),
  orgId: z.number(),
  venueId: z.number(),
  name: z.string(),
  hours: z.array(z.object({ day: z.number(), open: z.string(), close: z.string() })),
  prices: z.array(
    z.object({ weekdays: z.array(z.number()), dayKind: z.string(), start: z.string(), end: z.string(), level: z.string().nullable(), priceFen: z.number() }),
  ),
  version: z.number(),
  createTime: at,
});
export type TemplateRow = z.output<typeof templateRow>;
export const templatePage = page(templateRow);

// ---------------------------------------------------------------- booking

export const SLOT_STATES = ['free', 'held', 'booked', 'locked', 'closed', 'past'] as const;
export type SlotState = (typeof SLOT_STATES)[number];
/** Kinds of claim on a slot: a booking's (held until paid), an operator's lock, a closure. */
export const CLAIM_KINDS = ['booking', 'lock', 'closure'] as const;
/** A booking's claim: held (unpaid), booked (paid), used (checked in), no_show, released (cancelled, expired, refunded). */
export const CLAIM_STATES = ['held', 'booked', 'used', 'no_show', 'locked', 'released'] as const;

/** `POST {sport}booking/grid` (a fixed call: its body and answer are kept exactly). */
export const gridQuery = z.object({
  stadiumId: id,
  date: fields.day,
  /** The console's extras: a week from `date` (7), and who holds each slot and which rule priced it. */
  days: z.union([z.literal(1), z.literal(7)]).optional(),
  detail: z.boolean().optional(),
  /** Price free slots for this member's level. */
  memberId: id.optional(),
});
export type GridQuery = z.output<typeof gridQuery>;
/** A course lesson holding a grid cell: its course, class, coach, time and seats (the course module describes it). */
export const gridLesson = z.object({
  lessonId: z.number(),
  courseId: z.number(),
  courseName: z.string(),
  classId: z.number(),
  className: z.string(),
  coachName: z.string().nullable(),
  /** The lesson's local day and wall-clock times. */
  date: z.string(),
  start: z.string(),
  end: z.string(),
  enrolled: z.number(),
  capacity: z.number(),
  state: z.string(),
});
export type GridLesson = z.output<typeof gridLesson>;
export const gridSlot = z.object({
  siteId: z.number(),
  start: z.string(),
  end: z.string(),
  state: fields.textOf(SLOT_STATES),
  price: z.number(),
  // With `detail` (or `days`):
  date: z.string().optional(),
  ruleId: z.number().nullable().optional(),
  ruleName: z.string().nullable().optional(),
  claimId: z.number().nullable().optional(),
  orderId: z.number().nullable().optional(),
  orderNo: z.string().nullable().optional(),
  buyer: z.string().nullable().optional(),
  /** A member's booking: the member's masked phone (138****1234) and the order line (to move or cancel it alone). */
  buyerPhone: z.string().nullable().optional(),
  memberId: z.number().nullable().optional(),
  itemId: z.number().nullable().optional(),
  reason: z.string().nullable().optional(),
  /** A cell a course lesson holds (its site claimed for the lesson): what the "view course" dialog shows. */
  lesson: gridLesson.nullable().optional(),
});
export type GridSlot = z.output<typeof gridSlot>;
export const gridAnswer = z.object({
  sites: z.array(z.object({ id: z.number(), name: z.string(), sport: z.string().optional(), parentId: z.number().nullable().optional() })),
  slots: z.array(gridSlot),
});
export type GridAnswer = z.output<typeof gridAnswer>;

const cell = z.object({ siteId: id, start: hhmm, end: hhmm });
/**
 * The `detail` of an order line of item kind `venue` (a booked slot; the line's refId is its site):
 * the venue's local day and wall-clock times, and the fixed series it belongs to. The commerce core
 * parses it with this schema before the kind prices the line, and keeps it as the line's hold.
 */
export const venueSlotDetail = z.object({ date: fields.day, start: hhmm, end: hhmm, seriesId: id.optional() });
export type VenueSlotDetail = z.output<typeof venueSlotDetail>;
/** `POST {sport}booking/order` (a fixed call; accepts `Idempotency-Key`). */
export const bookingOrder = z.object({
  stadiumId: id,
  date: fields.day,
  items: z.array(cell).min(1).max(200),
  memberId: id.optional(),
  /** A coach for the booked time (from the first start to the last end): a sparring line in the same order, the coach's time held with the sites'. */
  coachId: id.optional(),
  /**
   * Goods sold with the booking (rackets, shuttlecocks, water): lines of item kind `goods` on the
   * same order, from the venue's default warehouse. A cancel of the booking refunds them by their
   * own rule (unopened in full, opened not at all), whatever the booking's late-cancel share.
   */
  goods: z
    .array(z.object({ goodsId: id, quantity: fields.quantity }))
    .max(20)
    .optional(),
  buyerName: fields.optText(64),
  buyerPhone: phone
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  remark: fields.optText(200),
  ...couponAsk,
});
export type BookingOrder = z.output<typeof bookingOrder>;
export const bookingOrderAnswer = z.object({
  orderNo: z.string(),
  orderId: z.number(),
  amount: z.number(),
  state: z.string(),
  expiresAt: at.nullable(),
});

/** `POST {sport}booking/lock`: slots locked for maintenance or an event (not an order). */
export const bookingLock = z.object({ stadiumId: id, date: fields.day, items: z.array(cell).min(1).max(500), reason: fields.str().trim().min(1).max(200) });
export const bookingUnlock = z.object({ claimIds: fields.idArray(500).min(1) });
export const lockAnswer = z.object({ claimIds: z.array(z.number()) });

/** `POST {sport}booking/cancel`: a pending booking is cancelled; a paid one refunded by the venue's rule. */
export const bookingCancel = z.object({
  orderId: id,
  reason: fields.optText(200),
  /** One line only (one court of two): the others stay booked and paid. */
  itemId: id.optional(),
});
export const bookingCancelAnswer = z.object({ orderId: z.number(), state: z.string(), refundFen: z.number(), feeFen: z.number() });
/** `POST {sport}booking/cancel/quote`: what a cancel would give back, before it is confirmed (nothing changes). */
export const bookingCancelQuote = z.object({ orderId: id, itemId: id.optional() });
export const bookingCancelQuoteAnswer = z.object({
  orderId: z.number(),
  orderState: z.string(),
  lines: z.array(z.object({ itemId: z.number(), name: z.string(), spec: z.string().nullable(), amountFen: z.number(), refundFen: z.number() })),
  amountFen: z.number(),
  refundFen: z.number(),
  feeFen: z.number(),
  /** 100 up to the venue's cancel deadline, its late-cancel share after. */
  percent: z.number(),
  /** The methods the refund goes back to (the order's payments). */
  methods: z.array(z.string()),
});

/** `POST {sport}booking/checkin`: by order number or the QR code's text (the order number). */
export const bookingCheckin = z.object({ code: fields.str().trim().min(1).max(64) });
/** `POST {sport}booking/plan`: a venue's bookings of a day (the order plan, arrivals). */
export const bookingPlanQuery = z.object({ stadiumId: id, date: fields.day });
export const bookingRow = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  orderState: z.string(),
  buyer: z.string().nullable(),
  buyerPhone: z.string().nullable(),
  memberId: z.number().nullable(),
  date: z.string(),
  slots: z.array(
    z.object({ claimId: z.number(), siteId: z.number(), siteName: z.string(), start: z.string(), end: z.string(), state: fields.textOf(CLAIM_STATES) }),
  ),
  amountFen: z.number(),
  paidFen: z.number(),
  checkedInAt: at.nullable(),
});
export type BookingRow = z.output<typeof bookingRow>;
export const bookingPlan = z.object({ bookings: z.array(bookingRow) });

// ---------------------------------------------------------------- fixed bookings (venueFixedManage)

export const SERIES_BILLING = ['series', 'month'] as const;
/** A weekly pattern of sites and a time over a date range. */
export const seriesPattern = z
  .object({
    stadiumId: id,
    siteIds: fields.idArray(50).min(1),
    weekdays: z.array(fields.intIn(1, 7)).min(1).max(7),
    start: hhmm,
    end: hhmm,
    dateFrom: fields.day,
    dateTo: fields.day,
  })
  .refine((p) => minutesOf(p.start) < minutesOf(p.end), { message: 'venue.closeAfterOpen', path: ['end'] })
  .refine((p) => p.dateFrom <= p.dateTo, { message: 'venue.validToBeforeFrom', path: ['dateTo'] });
export type SeriesPattern = z.output<typeof seriesPattern>;
/** `POST {sport}booking/fixed/preview`: every occurrence, booked or in conflict (with what). */
export const seriesOccurrence = z.object({
  date: z.string(),
  siteId: z.number(),
  siteName: z.string(),
  start: z.string(),
  end: z.string(),
  priceFen: z.number(),
  conflict: z.string().nullable(),
});
export const seriesPreview = z.object({ occurrences: z.array(seriesOccurrence), totalFen: z.number(), conflicts: z.number() });
/** `POST {sport}booking/fixed`: made with conflicts skipped, or refused whole. */
export const seriesCreate = z.object({
  pattern: seriesPattern,
  name: fields.str().trim().min(1).max(64),
  memberId: id.optional(),
  buyerName: fields.optText(64),
  buyerPhone: phone
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  onConflict: z.enum(['skip', 'refuse']),
  billing: z.enum(SERIES_BILLING),
  remark: fields.optText(200),
});
export type SeriesCreate = z.output<typeof seriesCreate>;
export const seriesRow = z.object({
  id: z.number(),
  orgId: z.number(),
  venueId: z.number(),
  name: z.string(),
  memberId: z.number().nullable(),
  buyerName: z.string().nullable(),
  buyerPhone: z.string().nullable(),
  siteIds: z.array(z.number()),
  weekdays: z.array(z.number()),
  start: z.string(),
  end: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  billing: fields.textOf(SERIES_BILLING),
  skipped: z.array(z.object({ date: z.string(), siteId: z.number(), reason: z.string() })),
  state: z.string(),
  remark: z.string().nullable(),
  /** Occurrences still booked or held, and the orders that bill them. */
  live: z.number(),
  orders: z.array(z.object({ orderId: z.number(), orderNo: z.string(), state: z.string(), payableFen: z.number(), paidFen: z.number() })),
  createTime: at,
});
export type SeriesRow = z.output<typeof seriesRow>;
export const seriesPage = page(seriesRow);
export const seriesListQuery = pageQuery.extend({ stadiumId: id.optional(), name: fields.str().trim().max(64).optional() });
/** `POST {sport}booking/fixed/{id}/cancel`: single occurrences (their claims), or every occurrence from a day on. */
export const seriesCancel = z.object({ claimIds: fields.idArray(500).optional(), from: fields.day.optional(), reason: fields.optText(200) });
export const seriesCancelAnswer = z.object({ cancelled: z.number(), refundFen: z.number() });

// ---------------------------------------------------------------- closures (closedManagement)

/** A local date-time of the venue: `yyyy-MM-dd HH:mm`. */
const localDateTime = fields.str().regex(/^\d{4}-\d{2}-\d{2} (([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'error.field.invalid');
export const closureRange = z
  .object({ stadiumId: id, siteIds: fields.idArray(500).min(1), from: localDateTime, to: localDateTime })
  .refine((c) => c.from < c.to, { message: 'venue.closeAfterOpen', path: ['to'] });
export type ClosureRange = z.output<typeof closureRange>;
export const closureImpact = z.object({
  bookings: z.array(
    z.object({
      orderId: z.number(),
      orderNo: z.string(),
      orderState: z.string(),
      buyer: z.string().nullable(),
      phone: z.string().nullable(),
      memberId: z.number().nullable(),
      slots: z.array(z.string()),
      paidFen: z.number(),
      refundFen: z.number(),
    }),
  ),
  refundFen: z.number(),
  locks: z.number(),
});
export const closureCreate = z.object({ range: closureRange, reason: fields.str().trim().min(1).max(200), reviewRefunds: z.boolean().default(false) });
/** Only forward in time: a new end (not before now), and the reason. */
export const closureUpdate = z.object({ to: localDateTime.optional(), reason: fields.str().trim().min(1).max(200).optional(), version: fields.version });
export const closureListQuery = pageQuery.extend({ stadiumId: id.optional(), state: z.enum(['active', 'cancelled']).optional() });
export const closureRow = z.object({
  id: z.number(),
  orgId: z.number(),
  venueId: z.number(),
  siteIds: z.array(z.number()),
  siteNames: z.array(z.string()),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  reviewRefunds: z.boolean(),
  notices: z.array(
    z.object({
      orderId: z.number(),
      orderNo: z.string(),
      buyer: z.string().nullable(),
      phone: z.string().nullable(),
      memberId: z.number().nullable(),
      refundFen: z.number(),
      message: z.string(),
    }),
  ),
  state: z.string(),
  version: z.number(),
  createTime: at,
});
export type ClosureRow = z.output<typeof closureRow>;
export const closurePage = page(closureRow);

// ---------------------------------------------------------------- change (adjustment)

/** `POST {sport}booking/change`: one booked line moved to another site or time; the difference is paid or refunded. */
export const bookingChange = z.object({ orderId: id, itemId: id, siteId: id, date: fields.day, start: hhmm, end: hhmm });
export const bookingChangeAnswer = z.object({
  orderId: z.number(),
  /** More to pay: a new order for the difference (pay it as any order). */
  differenceOrderId: z.number().nullable(),
  differenceFen: z.number(),
  /** Less to pay: refunded at once. */
  refundFen: z.number(),
});
/** `POST {sport}booking/change/quote`: the price difference of a change before it is confirmed (nothing changes; a taken target answers 100409). */
export const bookingChangeQuoteAnswer = z.object({
  /** What the line is worth now (its price, plus a paid difference of an earlier change). */
  worthFen: z.number(),
  priceFen: z.number(),
  /** More to pay (positive) or to refund (negative). */
  differenceFen: z.number(),
});

// ---------------------------------------------------------------- workbench shifts

/** open → counted (the cash counted blind, takings frozen) → handed (with a note when over or short) → signed. */
export const SHIFT_STATES = ['open', 'counted', 'handed', 'signed'] as const;
export const shiftRow = z.object({
  id: z.number(),
  venueId: z.number(),
  userId: z.number(),
  userName: z.string(),
  openedAt: at,
  closedAt: at.nullable(),
  /**
   * Takings by payment method, net of refunds paid out (live while the shift is open). The count is
   * blind: until the cash is counted, cash is left out here and `totalFen` and `cashFen` are null.
   */
  takings: z.record(z.string(), z.number()),
  totalFen: z.number().nullable(),
  /** The cash the drawer should hold (taken less paid out in cash), once the count is recorded. */
  cashFen: z.number().nullable(),
  /** The cash counted. */
  handedFen: z.number().nullable(),
  remark: z.string().nullable(),
  signedByName: z.string().nullable(),
  signedAt: at.nullable(),
  state: fields.textOf(SHIFT_STATES),
  version: z.number(),
});
export type ShiftRow = z.output<typeof shiftRow>;
export const shiftPage = page(shiftRow);
export const shiftCurrentQuery = z.object({ stadiumId: id });
/** The blind count: recorded once, before the expected cash is shown. */
export const shiftCount = z.object({ countedFen: fen, version: fields.version });
/** Hands a counted shift over; over or short needs a remark. `handedFen`, when sent, must be the count recorded. */
export const shiftHand = z.object({ handedFen: fen.optional(), remark: fields.optText(200), version: fields.version });
export const shiftListQuery = pageQuery.extend({ stadiumId: id.optional(), state: z.enum(SHIFT_STATES).optional() });
