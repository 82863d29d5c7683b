import { pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * A started single sign-on: the state (stored as its SHA-256), the PKCE verifier and nonce,
 * and where the console goes afterwards. Kept in the database so any process can finish it.
 */
export const ssoStates = pgTable('sys_sso_state', {
  stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: varchar('nonce', { length: 128 }).notNull(),
  redirect: varchar('redirect', { length: 500 }).notNull().default('/'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
