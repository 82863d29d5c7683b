import { bigint, boolean, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Every sign-in attempt, successful or not. */
export const loginLogs = pgTable(
  'sys_login_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    loginName: varchar('login_name', { length: 128 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    orgId: bigint('org_id', { mode: 'number' }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    loginWay: varchar('login_way', { length: 16 }).notNull(),
    success: boolean('success').notNull(),
    code: integer('code').notNull(),
    msg: varchar('msg', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_login_log_time_idx').on(t.createdAt), index('sys_login_log_name_idx').on(t.loginName)],
);

/** Every state-changing call (ARCHITECTURE section 5). Params are redacted. */
export const operLogs = pgTable(
  'sys_oper_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }),
    userName: varchar('user_name', { length: 64 }),
    orgId: bigint('org_id', { mode: 'number' }),
    module: varchar('module', { length: 64 }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    path: varchar('path', { length: 300 }).notNull(),
    params: jsonb('params'),
    // Written before the action runs and completed after it: null while running, and for an
    // action whose process died before it answered.
    code: integer('code'),
    durationMs: integer('duration_ms'),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_oper_log_time_idx').on(t.createdAt), index('sys_oper_log_org_idx').on(t.orgId, t.createdAt)],
);
