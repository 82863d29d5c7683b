import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId, userRef } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { createdAt, id, updatedAt, version } from '../../../platform/columns.ts';

/**
 * Marketing campaigns (issue 28): a campaign of one of four kinds with its budget, and each use
 * of it by an order. The budget is a hard limit the database holds: `used_fen` never passes
 * `budget_fen` (a check), and every taking is one conditional update `used_fen + x <= budget_fen`
 * in the order's transaction. docs/decisions.md, "Marketing campaigns".
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const campaigns = pgTable(
  'sport_campaign',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    /** rechargeBonus | firstBooking | couponPack | timeBand. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** on | paused | ended. */
    status: varchar('status', { length: 8 }).notNull().default('on'),
    validFrom: at('valid_from').notNull(),
    validTo: at('valid_to').notNull(),
    venueIds: jsonb('venue_ids').$type<number[]>().notNull().default([]),
    budgetFen: bigint('budget_fen', { mode: 'number' }).notNull(),
    /** What held and used uses take of the budget now. */
    usedFen: bigint('used_fen', { mode: 'number' }).notNull().default(0),
    tiers: jsonb('tiers').$type<{ minFen: number; bonusFen: number }[]>().notNull().default([]),
    /** amount | percent (firstBooking, timeBand). */
    offKind: varchar('off_kind', { length: 8 }),
    offValue: bigint('off_value', { mode: 'number' }),
    capFen: bigint('cap_fen', { mode: 'number' }),
    sports: jsonb('sports').$type<string[]>().notNull().default([]),
    /** The band a booked line's start lies in, minutes of the day (timeBand). */
    bandStartMin: smallint('band_start_min'),
    bandEndMin: smallint('band_end_min'),
    /** registration | card (couponPack). */
    trigger: varchar('trigger', { length: 16 }),
    templateIds: jsonb('template_ids').$type<number[]>().notNull().default([]),
    remark: varchar('remark', { length: 200 }),
    createdBy: userRef('created_by'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_campaign_org_id_uq').on(t.orgId, t.id),
    index('sport_campaign_org_kind_idx').on(t.orgId, t.kind, t.status),
    check('sport_campaign_kind_ck', sql`${t.kind} in ('rechargeBonus','firstBooking','couponPack','timeBand')`),
    check('sport_campaign_status_ck', sql`${t.status} in ('on','paused','ended')`),
    check('sport_campaign_budget_ck', sql`${t.budgetFen} > 0 and ${t.usedFen} >= 0 and ${t.usedFen} <= ${t.budgetFen}`),
    check('sport_campaign_dates_ck', sql`${t.validFrom} < ${t.validTo}`),
  ],
);

/** A use of a campaign by an order: what it took of the budget, and where it stands. */
export const campaignUses = pgTable(
  'sport_campaign_use',
  {
    id: id(),
    orgId: orgId(),
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    /** discount (a time band's) | first (a first booking's) | bonus | pack | coupon. */
    what: varchar('what', { length: 8 }).notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'set null' }),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** A pack: the coupon batch it issued; a pack's coupon used: that coupon. */
    batchId: bigint('batch_id', { mode: 'number' }),
    couponId: bigint('coupon_id', { mode: 'number' }),
    /** held | used | released. */
    state: varchar('state', { length: 8 }).notNull().default('held'),
    createdAt: createdAt(),
    settledAt: at('settled_at'),
  },
  (t) => [
    index('sport_campaign_use_order_idx').on(t.orderId),
    index('sport_campaign_use_campaign_idx').on(t.campaignId, t.createdAt),
    index('sport_campaign_use_batch_idx')
      .on(t.batchId)
      .where(sql`${t.batchId} is not null`),
    // A member's first booking is discounted once per campaign, also when two first bookings race.
    uniqueIndex('sport_campaign_use_first_uq')
      .on(t.campaignId, t.memberId)
      .where(sql`${t.what} = 'first' and ${t.state} <> 'released'`),
    foreignKey({ name: 'sport_campaign_use_campaign_org_fk', columns: [t.orgId, t.campaignId], foreignColumns: [campaigns.orgId, campaigns.id] }).onDelete(
      'cascade',
    ),
    check('sport_campaign_use_state_ck', sql`${t.state} in ('held','used','released')`),
    check('sport_campaign_use_what_ck', sql`${t.what} in ('discount','first','bonus','pack','coupon')`),
    check('sport_campaign_use_amount_ck', sql`${t.amountFen} >= 0`),
  ],
);
