import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgs, users } from './system.table.ts';

/*
 * What the platform keeps about its accounts' sign-in state. Module system owns these records,
 * as it owns users and organisations: administration ends sessions (freeze, force offline, leave
 * or disable an organisation) and clears locks (password reset). Module auth runs sign-in,
 * session resolution and recovery on them (docs/decisions.md, "Layers").
 */

/** Live sessions. The token is stored as its SHA-256; online users are these rows. */
export const sessions = pgTable(
  'sys_session',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    loginWay: varchar('login_way', { length: 16 }).notNull().default('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Single sign-on: the provider's ID token, sent back as `id_token_hint` when signing out there. */
    idToken: text('id_token'),
  },
  (t) => [uniqueIndex('sys_session_token_uq').on(t.tokenHash), index('sys_session_user_idx').on(t.userId)],
);

/** Failed sign-in counters, one row per account and one per client address. */
export const loginFailures = pgTable('sys_login_failure', {
  key: varchar('key', { length: 160 }).primaryKey(),
  count: integer('count').notNull().default(0),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export type SessionRow = typeof sessions.$inferSelect;
