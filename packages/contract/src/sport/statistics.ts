import { z } from 'zod';
import { fields } from '../fields.ts';

/**
 * Statistics (issue 31): figures read from daily aggregates per organisation, venue, business day
 * (the venue's time zone) and item kind, kept from commerce's events and rebuilt from the ledger
 * and the orders on demand. Calls under `{sport}statistics`; money is integer fen; days are
 * `YYYY-MM-DD`, both ends included.
 */

/** A run of business days, at most 366, optionally one venue (stadium). */
export const statisticsRange = z.object({
  stadiumId: fields.id.optional(),
  from: fields.day,
  to: fields.day,
});
export type StatisticsRange = z.output<typeof statisticsRange>;

/** The figures of a range: money from the ledger, counts from the orders and their items. */
export const statisticsSummary = z.object({
  /** Succeeded payments (the capital flow's takings). */
  revenueFen: z.number().int(),
  /** Succeeded refunds (the capital flow's refunds). */
  refundFen: z.number().int(),
  /** Orders paid. */
  orders: z.number().int(),
  /** Venue booking lines paid. */
  bookings: z.number().int(),
  /** Tickets paid (box office, distribution, packages). */
  ticketsSold: z.number().int(),
  /** Member cards sold. */
  cardsSold: z.number().int(),
  /** Members registered (an organisation's members belong to no venue: the venue filter leaves them alone). */
  newMembers: z.number().int(),
});
export type StatisticsSummary = z.output<typeof statisticsSummary>;

export const STATISTICS_METRICS = ['revenueFen', 'refundFen', 'orders', 'bookings', 'ticketsSold', 'cardsSold', 'newMembers'] as const;
export type StatisticsMetric = (typeof STATISTICS_METRICS)[number];

export const statisticsDrillQuery = statisticsRange.extend({
  metric: z.enum(STATISTICS_METRICS),
  pageNum: fields.intIn(1, 1_000_000).default(1),
  pageSize: fields.intIn(1, 500).default(20),
});
export type StatisticsDrillQuery = z.output<typeof statisticsDrillQuery>;

/** One line a figure adds up: a payment, a refund, an order, an order line, a member. */
export const statisticsDrillLine = z.object({
  day: z.string(),
  orgId: z.number().int(),
  stadiumId: z.number().int().nullable(),
  /** The document: payment, refund or order number; a member's name. */
  ref: z.string(),
  orderNo: z.string().nullable(),
  /** Payment or refund method, item kind, or null. */
  kind: z.string().nullable(),
  name: z.string().nullable(),
  amountFen: z.number().int(),
  /** What the line adds to a count figure (an order line's quantity; 1 otherwise). */
  quantity: z.number().int(),
});
export type StatisticsDrillLine = z.output<typeof statisticsDrillLine>;

/** `total` lines in all; `sumFen` their money and `sumQuantity` their count, over every page. */
export const statisticsDrillPage = z.object({
  total: z.number().int(),
  sumFen: z.number().int(),
  sumQuantity: z.number().int(),
  data: z.array(statisticsDrillLine),
});
export type StatisticsDrillPage = z.output<typeof statisticsDrillPage>;

/** The dashboard's days by item kind: money and counts per business day. */
export const statisticsDayRow = z.object({
  day: z.string(),
  kind: z.string(),
  revenueFen: z.number().int(),
  refundFen: z.number().int(),
  orders: z.number().int(),
  items: z.number().int(),
});
export const statisticsDays = z.object({ data: z.array(statisticsDayRow) });
export type StatisticsDayRow = z.output<typeof statisticsDayRow>;

/** What a rebuild did: the organisations it covered and the aggregate rows it wrote. */
export const statisticsRebuilt = z.object({ orgs: z.number().int(), rows: z.number().int() });
