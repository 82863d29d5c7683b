import { bigint, index, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

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
