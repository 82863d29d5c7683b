import type { OnlineListQuery } from '@venue/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Caller } from '../../platform/http.ts';
import { addMessages } from '../../platform/i18n.ts';
import { orderOf, pageOf } from '../../platform/list.ts';
import { scopeOf } from '../../platform/scope.ts';
import { countOnline, endLiveSessions, onlineDefaultOrder, onlineSorts, pageOnline } from './online.repository.ts';

addMessages({
  'zh-CN': { 'online.self': '不能强制自己当前的会话下线，请使用退出登录' },
  'en-US': { 'online.self': 'You cannot force your own current session offline; sign out instead' },
});

/**
 * Online users are the live sessions (ARCHITECTURE 5): not past their absolute expiry and
 * active within the idle limit. Forcing offline deletes the session rows, so the user's next
 * call answers 401 on every server process.
 */

export async function listOnline(db: Db, cfg: Config, caller: Caller, q: OnlineListQuery) {
  const scope = scopeOf(caller);
  const { limit, offset } = pageOf(q);
  const idle = cfg.session.idleMinutes;
  const [rows, total] = await Promise.all([
    pageOnline(db, scope, idle, q, orderOf(q, onlineSorts, onlineDefaultOrder), limit, offset),
    countOnline(db, scope, idle, q),
  ]);
  return { total, data: rows.map((r) => ({ ...r, current: r.sessionId === caller.sessionId })) };
}

/** Forces the given live sessions offline; every one must be within the caller's organisations. */
export async function forceOffline(db: Db, cfg: Config, caller: Caller, ids: number[]): Promise<number> {
  if (ids.includes(caller.sessionId)) throw new AppError('INVALID', 'online.self');
  return db.transaction(async (tx) => {
    const n = await endLiveSessions(tx, scopeOf(caller), cfg.session.idleMinutes, ids);
    if (n === null) throw notFound();
    return n;
  });
}
