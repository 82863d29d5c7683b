import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Published releases of the console (and its apps): `version/latest` answers the newest one. */
export const appVersions = pgTable(
  'sys_version',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    versionNo: varchar('version_no', { length: 32 }).notNull(),
    platform: varchar('platform', { length: 16 }).notNull().default('web'),
    content: text('content').notNull().default(''),
    force: boolean('force').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: bigint('published_by', { mode: 'number' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_version_platform_no_uq').on(t.platform, t.versionNo), index('sys_version_published_idx').on(t.platform, t.publishedAt)],
);
