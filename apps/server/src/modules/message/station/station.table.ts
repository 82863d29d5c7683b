import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgs, users } from '../../system/index.ts';
import { id } from '../../../platform/columns.ts';

/**
 * Station messages (issue 14): one row per recipient, read only by that user. `source_key` makes a
 * redelivery of the same business event a no-op (the send queue may retry after a crash).
 */
const ref = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

export const stationMessages = pgTable(
  'sys_station_message',
  {
    id: id(),
    orgId: ref('org_id')
      .notNull()
      .references(() => orgs.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 64 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull().default(''),
    /** A console path of the business record the message is about. */
    link: varchar('link', { length: 500 }),
    sourceKey: varchar('source_key', { length: 200 }),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_station_message_source_uq').on(t.userId, t.sourceKey),
    index('sys_station_message_user_idx').on(t.userId, t.id),
    // The bell's count: a user's unread rows only.
    index('sys_station_message_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('sys_station_message_org_idx').on(t.orgId),
  ],
);
