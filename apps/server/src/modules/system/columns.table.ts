import { bigint } from 'drizzle-orm/pg-core';
import { orgs, users } from './system.table.ts';

/** The organisation a row belongs to (every tenant table has one). */
export const orgId = () =>
  bigint('org_id', { mode: 'number' })
    .notNull()
    .references(() => orgs.id);
/** A user who did something to the row; kept as null when the user is deleted. */
export const userRef = (name: string) => bigint(name, { mode: 'number' }).references(() => users.id, { onDelete: 'set null' });
