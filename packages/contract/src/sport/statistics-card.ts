import { z } from 'zod';
import { fields } from '../fields.ts';
import { CARD_KINDS } from './card.ts';
import { statisticsRange } from './statistics.ts';

/**
 * How members used their cards (spec 2.5 `memberCard`, monthly usage; issue 31): the member card
 * screen's `cardUsage` tab, under `{sport}statistics/cardUsage`. A use is a check-in or a payment
 * by card (the cards module's usage records); its value is what the ledger's prepaid accounts
 * (`PREPAID_ACCOUNTS`) were debited by it: a stored-value card's payment, a times card's payment
 * or a check-in's share of the card's price (a period card's uses move no money).
 */
export const CARD_USAGE_METRICS = ['uses', 'times', 'valueFen', 'members'] as const;
export type CardUsageMetric = (typeof CARD_USAGE_METRICS)[number];
/** What a card was used for: a check-in, or paying an order. */
export const CARD_USES = ['checkin', 'pay'] as const;

/** A run of business days, optionally one venue (0: uses at no venue). */
export const cardUsageStatsQuery = statisticsRange.extend({ stadiumId: z.union([z.literal(0), fields.id]).optional() });
export type CardUsageStatsQuery = z.output<typeof cardUsageStatsQuery>;

/** The figures of uses: how many, the uses taken off times cards, the value taken off the prepaid accounts, the members who used. */
const figures = {
  uses: z.number().int(),
  times: z.number().int(),
  valueFen: z.number().int(),
  /** Distinct members (a card's holder or sharer); the total's are distinct over the range, not the rows' sum. */
  members: z.number().int(),
};
/** One card type's uses in one month. */
export const cardUsageStatsRow = z.object({
  /** `yyyy-MM`. */
  month: z.string(),
  typeId: z.number().int(),
  typeName: z.string(),
  cardKind: fields.textOf(CARD_KINDS),
  ...figures,
});
export type CardUsageStatsRow = z.output<typeof cardUsageStatsRow>;
export const cardUsageStatsReport = z.object({ data: z.array(cardUsageStatsRow), total: z.object(figures) });
export type CardUsageStatsReport = z.output<typeof cardUsageStatsReport>;

export const cardUsageStatsDrillQuery = cardUsageStatsQuery.extend({
  metric: z.enum(CARD_USAGE_METRICS),
  /** One card type's uses (a row's). */
  typeId: fields.id.optional(),
  pageNum: fields.intIn(1, 1_000_000).default(1),
  pageSize: fields.intIn(1, 500).default(20),
});
export type CardUsageStatsDrillQuery = z.output<typeof cardUsageStatsDrillQuery>;
export const cardUsageStatsDrillExportQuery = cardUsageStatsDrillQuery.omit({ pageNum: true, pageSize: true });
export type CardUsageStatsDrillExportQuery = z.output<typeof cardUsageStatsDrillExportQuery>;

/**
 * A line of a figure: one use (the uses, times and value figures), or one member's uses in all
 * (the members figure: `usedFor` null, the member's cards and types joined, `day` and `time` their last use).
 */
export const cardUsageStatsLine = z.object({
  /** The business day and the local time (`HH:mm:ss`, the organisation's time zone). */
  day: z.string(),
  time: z.string(),
  orgId: z.number().int(),
  stadiumId: z.number().int().nullable(),
  stadiumName: z.string().nullable(),
  cardNo: z.string(),
  typeName: z.string(),
  memberName: z.string().nullable(),
  /** Masked (`138****1234`) unless the caller may see members' private data. */
  memberPhone: z.string().nullable(),
  usedFor: fields.textOf(CARD_USES).nullable(),
  /** What was paid for (the order's lines), or how the member checked in (phone, card, qr). */
  detail: z.string().nullable(),
  orderNo: z.string().nullable(),
  uses: z.number().int(),
  times: z.number().int(),
  amountFen: z.number().int(),
});
export type CardUsageStatsLine = z.output<typeof cardUsageStatsLine>;
/** `total` lines; their uses, times and value over every page (a figure is their sum; the members figure is `total`). */
export const cardUsageStatsDrillPage = z.object({
  total: z.number().int(),
  sumUses: z.number().int(),
  sumTimes: z.number().int(),
  sumFen: z.number().int(),
  data: z.array(cardUsageStatsLine),
});
export type CardUsageStatsDrillPage = z.output<typeof cardUsageStatsDrillPage>;
