import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgs } from '../../system/index.ts';

/**
 * A counter hold on a resource of any module: the stock of a good, a class's seats, a coupon's
 * quota (`resource_kind` names the module's resource, `resource_id` its row; one counter each).
 * `held` goes up and down by conditional updates only (`counters.repository.ts`), and the checks
 * keep `0 <= held <= capacity` in the database as well, whatever the number of servers.
 */
export const resourceCounters = pgTable(
  'sport_resource_counter',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    resourceKind: varchar('resource_kind', { length: 32 }).notNull(),
    resourceId: bigint('resource_id', { mode: 'number' }).notNull(),
    capacity: integer('capacity').notNull(),
    held: integer('held').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sport_resource_counter_resource_uq').on(t.resourceKind, t.resourceId),
    index('sport_resource_counter_org_idx').on(t.orgId),
    check('sport_resource_counter_held_ck', sql`${t.held} >= 0 and ${t.held} <= ${t.capacity}`),
  ],
);
