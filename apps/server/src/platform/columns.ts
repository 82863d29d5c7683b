import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns every table writes the same way: a generated bigint id, creation and change times,
 * and the version an edit must name (optimistic locking). Organisation and user references are
 * the system module's (`orgId`, `userRef`), since they point at its tables.
 */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const version = () => integer('version').notNull().default(1);
