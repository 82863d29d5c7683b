import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId, userRef } from '../../system/index.ts';
import { orderItems, orders } from '../commerce/index.ts';
import { createdAt, id } from '../../../platform/columns.ts';

/**
 * Sparring (issue 26): price groups, the audit of their changes, and booked coach hours.
 *
 * A price group is what is in force (approved); a change (add, edit, remove) waits in
 * `sport_sparring_price_change` until another user approves it, and only then touches the group.
 * A booked hour is a row here beside its order line: the coach's time is claimed through the coach
 * module (its exclusion-constrained claims), a site's through booking's slot claims. The coach,
 * site and member stay plain ids (checked in scope when booked): a coach, site or member removed
 * later keeps its past sessions on record.
 */

/** One price of a group, as stored (times as `HH:mm`). */
export interface StoredPrice {
  weekdays: number[];
  start: string;
  end: string;
  memberLevel: string | null;
  priceFen: number;
}
/** A group's content: what a change proposes and the group holds. */
export interface GroupContent {
  name: string;
  coachLevels: string[];
  prices: StoredPrice[];
  remark: string | null;
}

export const sparringGroups = pgTable(
  'sport_sparring_price_group',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    coachLevels: jsonb('coach_levels').$type<string[]>().notNull(),
    prices: jsonb('prices').$type<StoredPrice[]>().notNull(),
    remark: varchar('remark', { length: 200 }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sport_sparring_price_group_org_id_uq').on(t.orgId, t.id), uniqueIndex('sport_sparring_price_group_org_name_uq').on(t.orgId, t.name)],
);

/**
 * A proposed change of a price group: `add` (no group yet), `edit` or `remove`, with the group
 * before and after; pending until another user approves (it applies then) or rejects it (with a
 * reason). A group has at most one pending change. The group id is plain (a removed group's
 * changes stay on record); its name is kept for the log.
 */
export const sparringChanges = pgTable(
  'sport_sparring_price_change',
  {
    id: id(),
    orgId: orgId(),
    groupId: bigint('group_id', { mode: 'number' }),
    groupName: varchar('group_name', { length: 64 }).notNull(),
    action: varchar('action', { length: 8 }).notNull(),
    before: jsonb('before').$type<GroupContent | null>(),
    after: jsonb('after').$type<GroupContent | null>(),
    /** The group's version the change was made against (an edit or removal): a group changed since refuses it as stale. */
    baseVersion: integer('base_version'),
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    reason: varchar('reason', { length: 200 }),
    requestedBy: userRef('requested_by'),
    createdAt: createdAt(),
    reviewedBy: userRef('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('sport_sparring_price_change_org_idx').on(t.orgId, t.createdAt),
    uniqueIndex('sport_sparring_price_change_pending_uq')
      .on(t.orgId, t.groupId)
      .where(sql`${t.state} = 'pending' and ${t.groupId} is not null`),
    check('sport_sparring_price_change_action_ck', sql`${t.action} in ('add', 'edit', 'remove')`),
    check('sport_sparring_price_change_state_ck', sql`${t.state} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * A booked coach hour (or hours): one per sparring order line. `held` while its order waits for
 * payment, `booked` once paid, `released` when cancelled, timed out or refunded. The coach's and
 * the site's claims are kept by id (the coach module's and booking's), so release gives back exactly those.
 */
export const sparringSessions = pgTable(
  'sport_sparring_session',
  {
    id: id(),
    orgId: orgId(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    coachId: bigint('coach_id', { mode: 'number' }).notNull(),
    siteId: bigint('site_id', { mode: 'number' }),
    memberId: bigint('member_id', { mode: 'number' }),
    day: date('day', { mode: 'string' }).notNull(),
    startMin: smallint('start_min').notNull(),
    endMin: smallint('end_min').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    state: varchar('state', { length: 16 }).notNull(),
    coachClaimIds: jsonb('coach_claim_ids').$type<number[]>().notNull(),
    siteClaimIds: jsonb('site_claim_ids').$type<number[]>().notNull(),
    remark: varchar('remark', { length: 200 }),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_sparring_session_order_id_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    foreignKey({ name: 'sport_sparring_session_item_id_org_fk', columns: [t.orgId, t.itemId], foreignColumns: [orderItems.orgId, orderItems.id] }),
    uniqueIndex('sport_sparring_session_item_uq').on(t.itemId),
    index('sport_sparring_session_org_day_idx').on(t.orgId, t.day),
    index('sport_sparring_session_coach_idx').on(t.coachId, t.day),
    check('sport_sparring_session_band_ck', sql`${t.startMin} < ${t.endMin}`),
  ],
);
