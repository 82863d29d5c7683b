import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orgs } from './system.table.ts';

/**
 * The holiday calendar of an organisation: one row per day that has been decided.
 * kind 0 work day, 1 non-work day, 2 pending; a day without a row is pending.
 */
export const holidays = pgTable(
  'sys_holiday',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: smallint('kind').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_holiday_org_day_uq').on(t.orgId, t.day),
    index('sys_holiday_day_idx').on(t.day),
    check('sys_holiday_kind_ck', sql`${t.kind} in (0, 1, 2)`),
  ],
);
