import { BACKLOG_CONFIG_CODE, STATION_LINK, type BacklogListQuery, type BacklogRow, type BacklogStatusBody } from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { AppError, conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { pageOf } from '../../../platform/list.ts';
import { oneOrgScope, scopeOf } from '../../../platform/scope.ts';
import { getConfigValue, registerConfigValidator } from '../../system/index.ts';
import { insertBacklog, openBacklogCount, ownBacklogIds, pageBacklog, setBacklogStatus, type BacklogRecord } from './backlog.repository.ts';
import './backlog.messages.ts';

// The switch is a system parameter an administrator edits: only true or false.
registerConfigValidator(BACKLOG_CONFIG_CODE, (value) => {
  const v = value.trim().toLowerCase();
  if (v !== 'true' && v !== 'false') throw invalid('value', 'backlog.flagValue');
  return v;
});

/** Whether to-do messages are on (system parameter `message.backlog.enabled`; published as `backlog` in /config.json). */
export async function backlogEnabled(db: Db): Promise<boolean> {
  return (await getConfigValue(db, BACKLOG_CONFIG_CODE))?.trim().toLowerCase() === 'true';
}

async function assertEnabled(db: Db): Promise<void> {
  if (!(await backlogEnabled(db))) throw conflict('state', 'backlog.disabled');
}

function backlogRowOf(r: BacklogRecord): BacklogRow {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    link: r.link,
    initiator: r.initiatorName,
    status: r.status === 1 ? 'complete' : 'incomplete',
    startTime: r.startTime.toISOString(),
    completeTime: r.completeTime?.toISOString() ?? null,
    version: r.version,
  };
}

export async function listBacklog(db: Db, caller: Caller, q: BacklogListQuery) {
  await assertEnabled(db);
  const status = q.status === 'all' ? undefined : q.status === 'complete' ? 1 : 0;
  const { total, rows } = await pageBacklog(db, scopeOf(caller), caller.userId, { status, title: q.title || undefined }, pageOf(q));
  return { total, data: rows.map(backlogRowOf) };
}

/** Completes (or opens again) the caller's to-dos: all of them the caller's, or 100404 and nothing changes. */
export async function updateBacklogStatus(db: Db, caller: Caller, body: BacklogStatusBody): Promise<{ updated: number; incomplete: number }> {
  await assertEnabled(db);
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    const ids = [...new Set(body.ids)];
    if ((await ownBacklogIds(tx, scope, caller.userId, ids)).length !== ids.length) throw notFound();
    const updated = await setBacklogStatus(tx, scope, caller.userId, ids, body.status === 'complete' ? 1 : 0);
    return { updated, incomplete: await openBacklogCount(tx, scope, caller.userId) };
  });
}

export interface NewBacklog {
  orgId: number;
  /** Who has to do it. */
  userId: number;
  title: string;
  content?: string;
  /** A console path of the record to work on. */
  link?: string | null;
  /** Who asks for it; absent: the system. */
  initiator?: { id: number; name: string };
  /** The business record's key: adding the same to-do again is a no-op. */
  sourceKey?: string;
}

/**
 * Adds a to-do for a user: the one call a business module makes (in its own transaction, so the
 * to-do exists exactly when the business change does). Answers the new to-do's id, or undefined
 * when one with the same source key was there already.
 */
export async function addBacklog(tx: Executor, b: NewBacklog): Promise<number | undefined> {
  if (b.link && !STATION_LINK.test(b.link)) throw new AppError('INVALID', 'station.badLink');
  const row = await insertBacklog(tx, oneOrgScope(b.orgId), {
    orgId: b.orgId,
    userId: b.userId,
    title: b.title.slice(0, 200),
    content: b.content ?? '',
    link: b.link ?? null,
    initiatorId: b.initiator?.id ?? null,
    initiatorName: (b.initiator?.name ?? '').slice(0, 64),
    sourceKey: b.sourceKey ?? null,
  });
  return row?.id;
}
