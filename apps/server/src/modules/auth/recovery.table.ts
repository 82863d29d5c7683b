import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Fixed-window counters for password recovery (per login name and per address), shared by every process. */
export const recoveryThrottle = pgTable('sys_recover_throttle', {
  key: varchar('key', { length: 160 }).primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  count: integer('count').notNull().default(0),
});
