import { bigint, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgs, users } from '../system/system.table.ts';

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

/** Image captchas; kept in the database so any server process can check them. */
export const captchas = pgTable('sys_captcha', {
  id: varchar('id', { length: 64 }).primaryKey(),
  answerHash: varchar('answer_hash', { length: 64 }).notNull(),
  loginName: varchar('login_name', { length: 64 }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One-time codes sent by SMS or mail (login, password recovery). */
export const verificationCodes = pgTable(
  'sys_verification_code',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    target: varchar('target', { length: 128 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sys_verification_code_target_idx').on(t.target, t.purpose, t.createdAt)],
);

export type SessionRow = typeof sessions.$inferSelect;
