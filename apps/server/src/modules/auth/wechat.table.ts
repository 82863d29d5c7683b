import { bigint, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../system/index.ts';

/**
 * A user's WeChat account (WeChat Open Platform, website application): the openid WeChat gives
 * that user in the configured app, and the unionid shared by the apps of one developer account.
 * One binding per user and app, one user per openid of an app. Bound by the signed-in user only.
 */
export const userWechat = pgTable(
  'sys_user_wechat',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: varchar('app_id', { length: 64 }).notNull(),
    openid: varchar('openid', { length: 128 }).notNull(),
    unionid: varchar('unionid', { length: 128 }),
    nickname: varchar('nickname', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_user_wechat_app_openid_uq').on(t.appId, t.openid), uniqueIndex('sys_user_wechat_user_app_uq').on(t.userId, t.appId)],
);
