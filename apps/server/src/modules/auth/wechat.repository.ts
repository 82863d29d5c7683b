import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { userWechat } from './wechat.table.ts';

/**
 * sys_user_wechat: owned by a user. Sign-in looks a binding up by the openid WeChat answered
 * (before anyone is known); the signed-in user reads, writes and removes only their own.
 */
export type WechatBinding = typeof userWechat.$inferSelect;

/** The binding of an openid of the app, else of the unionid (the same person through another app of the developer). */
export async function bindingOf(db: Executor, appId: string, openid: string, unionid: string | undefined): Promise<WechatBinding | undefined> {
  const [byOpenid] = await db
    .select()
    .from(userWechat)
    .where(and(eq(userWechat.appId, appId), eq(userWechat.openid, openid)))
    .limit(1);
  if (byOpenid || !unionid) return byOpenid;
  const [byUnionid] = await db.select().from(userWechat).where(eq(userWechat.unionid, unionid)).limit(1);
  return byUnionid;
}

export async function bindingOfUser(db: Executor, userId: number, appId: string): Promise<WechatBinding | undefined> {
  const [row] = await db
    .select()
    .from(userWechat)
    .where(and(eq(userWechat.userId, userId), eq(userWechat.appId, appId)))
    .limit(1);
  return row;
}

/** Binds the user (replacing their earlier binding in the app); false when the openid is another user's. */
export async function putBinding(
  db: Executor,
  values: { userId: number; appId: string; openid: string; unionid: string | null; nickname: string | null },
): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      await tx.delete(userWechat).where(and(eq(userWechat.userId, values.userId), eq(userWechat.appId, values.appId)));
      const inserted = await tx.insert(userWechat).values(values).onConflictDoNothing().returning({ id: userWechat.id });
      if (!inserted.length) throw new OpenidTaken();
      return true;
    })
    .catch((e: unknown) => {
      if (e instanceof OpenidTaken) return false;
      throw e;
    });
}

class OpenidTaken extends Error {}

export async function removeBinding(db: Executor, userId: number, appId: string): Promise<number> {
  const gone = await db
    .delete(userWechat)
    .where(and(eq(userWechat.userId, userId), eq(userWechat.appId, appId)))
    .returning({ id: userWechat.id });
  return gone.length;
}
