import { bigint, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './system.table.ts';

/**
 * A user's own console preferences, one row per kind (`homepage`: the order and hidden cards of
 * the home screen; `favorite`: the favourite menus). They follow the user, whatever organisation
 * they work in: what they may not see there is left out of the answer, never deleted.
 */
export const userPrefs = pgTable(
  'sys_user_pref',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'sys_user_pref_pk', columns: [t.userId, t.kind] })],
);
