import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';

/**
 * Marketing campaigns (issue 28, spec 2.5 operatManagement/marketingManagement): four kinds, each
 * with dates, venues and a budget in fen that is a hard limit (a redemption past it answers 100409
 * `budget`). Calls under `{sport}marketing`.
 * - `rechargeBonus`: recharging a value card by at least a tier's `minFen` adds its `bonusFen`;
 * - `firstBooking`: a member's first booking order gets an amount or a percent off;
 * - `couponPack`: a paid registration or card purchase gives the member the pack's coupon templates;
 * - `timeBand`: booking lines of the sports and the time band get an amount or a percent off.
 */
const at = fields.instantOut;

export const CAMPAIGN_KINDS = ['rechargeBonus', 'firstBooking', 'couponPack', 'timeBand'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];
/** What an operator sets: running (`on`), `paused`, `ended` (for good). */
export const CAMPAIGN_STATUSES = ['on', 'paused', 'ended'] as const;
/** What the list shows: the status with the dates and the budget read in. */
export const CAMPAIGN_STATES = ['scheduled', 'running', 'paused', 'ended', 'exhausted'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];
/** A discount: `amount` fen off, or `percent` off (half up to the fen, at most `capFen`). */
export const CAMPAIGN_OFF_KINDS = ['amount', 'percent'] as const;
/** What order a coupon pack follows: a sports registration, or a card purchase. */
export const CAMPAIGN_TRIGGERS = ['registration', 'card'] as const;
/** held (the pending order counts against the budget), used (paid), released (cancelled, timed out, refunded: given back). */
export const CAMPAIGN_USE_STATES = ['held', 'used', 'released'] as const;
/** What a use is: a time band's discount, a first booking's, a recharge's bonus, a pack issued (no money), a pack's coupon used. */
export const CAMPAIGN_USE_WHATS = ['discount', 'first', 'bonus', 'pack', 'coupon'] as const;

const hhmm = fields
  .str()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'error.field.invalid');

export const campaignTier = z.strictObject({ minFen: fields.positiveFen, bonusFen: fields.positiveFen });

const campaignFields = {
  name: fields.str().trim().min(1).max(64),
  kind: z.enum(CAMPAIGN_KINDS),
  /** A day (the whole day in the organisation's time zone) or an instant. */
  validFrom: fields.instantInput,
  validTo: fields.instantInput,
  /** Venues it applies at; empty: every venue. */
  venueIds: fields.idArray(50).default([]),
  /** The hard limit, in fen. */
  budgetFen: fields.positiveFen,
  /** rechargeBonus: the tiers (the highest one reached applies). */
  tiers: z.array(campaignTier).max(10).default([]),
  /** firstBooking, timeBand: the discount. */
  offKind: z.enum(CAMPAIGN_OFF_KINDS).nullish(),
  /** Fen off (`amount`) or percent off, 1–100 (`percent`). */
  offValue: fields.intIn(1, 100_000_000).nullish(),
  capFen: fields.positiveFen.nullish(),
  /** timeBand: the sports (empty: every sport) and the band the line's start lies in. */
  sports: z.array(fields.str().trim().min(1).max(32)).max(20).default([]),
  bandStart: hhmm.nullish(),
  bandEnd: hhmm.nullish(),
  /** couponPack: the order that gives it, and the coupon templates given (one coupon each). */
  trigger: z.enum(CAMPAIGN_TRIGGERS).nullish(),
  templateIds: fields.idArray(10).default([]),
  remark: fields.optText(200),
};

export const campaignCreate = z.object(campaignFields);
export type CampaignCreate = z.output<typeof campaignCreate>;
/** An edit: the kind stays what it was. */
export const campaignUpdate = updateOf(campaignCreate.omit({ kind: true }));
export type CampaignUpdate = z.output<typeof campaignUpdate>;

export const campaignRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  kind: fields.textOf(CAMPAIGN_KINDS),
  status: fields.textOf(CAMPAIGN_STATUSES),
  state: fields.textOf(CAMPAIGN_STATES),
  validFrom: at,
  validTo: at,
  venueIds: z.array(z.number()),
  budgetFen: z.number(),
  /** What held and used uses take of the budget now. */
  usedFen: z.number(),
  tiers: z.array(z.object({ minFen: z.number(), bonusFen: z.number() })),
  offKind: fields.textOf(CAMPAIGN_OFF_KINDS).nullable(),
  offValue: z.number().nullable(),
  capFen: z.number().nullable(),
  sports: z.array(z.string()),
  bandStart: z.string().nullable(),
  bandEnd: z.string().nullable(),
  trigger: fields.textOf(CAMPAIGN_TRIGGERS).nullable(),
  templateIds: z.array(z.number()),
  remark: z.string().nullable(),
  version: z.number(),
  createTime: at,
});
export type CampaignRow = z.output<typeof campaignRow>;

export const campaignQuery = pageQuery.extend({
  name: fields.str().trim().max(64).optional(),
  kind: z.enum(CAMPAIGN_KINDS).optional(),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
});
export type CampaignQuery = z.output<typeof campaignQuery>;
export const campaignPage = page(campaignRow);

/** `PUT marketing/campaign/{id}/status`: pause, run again, or end (for good). */
export const campaignStatusChange = z.strictObject({ status: z.enum(CAMPAIGN_STATUSES), version: fields.version });

export const campaignUseRow = z.object({
  id: z.number(),
  campaignId: z.number(),
  what: fields.textOf(CAMPAIGN_USE_WHATS),
  state: fields.textOf(CAMPAIGN_USE_STATES),
  orderId: z.number(),
  orderNo: z.string().nullable(),
  memberId: z.number().nullable(),
  memberName: z.string().nullable(),
  amountFen: z.number(),
  createTime: at,
  settleTime: at.nullable(),
});
export type CampaignUseRow = z.output<typeof campaignUseRow>;
export const campaignUseQuery = pageQuery.extend({ campaignId: fields.id, state: z.enum(CAMPAIGN_USE_STATES).optional() });
export const campaignUsePage = page(campaignUseRow);
