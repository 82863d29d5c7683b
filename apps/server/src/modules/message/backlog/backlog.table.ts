import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgs, users } from '../../system/index.ts';
import { id } from '../../../platform/columns.ts';

/**
 * To-do messages (issue 14, spec 3 "Todo message"): a task for one user, open until they complete
 * it. `source_key` makes adding the same business to-do twice a no-op.
 */
const ref = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

export const backlogs = pgTable(
  'sys_backlog',
  {
    id: id(),
    orgId: ref('org_id')
      .notNull()
      .references(() => orgs.id),
    /** Who has to do it. */
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who asked for it: a user, or none for the system; the name is kept as it was. */
    initiatorId: ref('initiator_id').references(() => users.id, { onDelete: 'set null' }),
    initiatorName: varchar('initiator_name', { length: 64 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull().default(''),
    link: varchar('link', { length: 500 }),
    sourceKey: varchar('source_key', { length: 200 }),
    /** 0 incomplete, 1 complete. */
    status: smallint('status').notNull().default(0),
    startTime: at('start_time').notNull().defaultNow(),
    completeTime: at('complete_time'),
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_backlog_source_uq').on(t.userId, t.sourceKey),
    index('sys_backlog_user_idx').on(t.userId, t.status, t.id),
    index('sys_backlog_org_idx').on(t.orgId),
    check('sys_backlog_status_ck', sql`${t.status} in (0, 1)`),
    check('sys_backlog_complete_ck', sql`(${t.status} = 1) = (${t.completeTime} is not null)`),
  ],
);
