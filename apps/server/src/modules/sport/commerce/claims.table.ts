import { bigint, customType, index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { orgs, users } from '../../system/index.ts';

/** A PostgreSQL `tstzrange`, written as `[start,end)` text. */
const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' });

/**
 * A time-range claim on a resource of any module: a coach, a bay, a room (`resource_kind` names
 * the module's resource, `resource_id` its row). The exclusion constraint
 * `sport_resource_claim_no_overlap` (in the migration, by hand: Drizzle cannot express it) lets no
 * two live claims (`released_at` null) of one resource overlap, so the database refuses a second
 * holder whatever the number of servers and operators. `holder_kind`/`holder_id` say what holds
 * it (an order line, a lock), for the module's own reads.
 */
export const resourceClaims = pgTable(
  'sport_resource_claim',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    resourceKind: varchar('resource_kind', { length: 32 }).notNull(),
    resourceId: bigint('resource_id', { mode: 'number' }).notNull(),
    during: tstzrange('during').notNull(),
    holderKind: varchar('holder_kind', { length: 32 }).notNull(),
    holderId: bigint('holder_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [index('sport_resource_claim_holder_idx').on(t.holderKind, t.holderId), index('sport_resource_claim_org_idx').on(t.orgId)],
);
