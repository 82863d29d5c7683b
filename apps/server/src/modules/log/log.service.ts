import type { LoginLogQuery, OperLogQuery } from '@venue/contract';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Caller } from '../../platform/http.ts';
import type { ListPages } from '../../platform/xlsx.ts';
import { orderOf, pageOf } from '../../platform/list.ts';
import { scopeOf, SYSTEM_SCOPE, type Scope } from '../../platform/scope.ts';
import { getConfigNumber, LOG_RETENTION_KEY } from '../system/index.ts';
import {
  countLoginLogs,
  countOperLogs,
  deleteOlderLogs,
  findLoginLog,
  findOperLog,
  loginDefaultOrder,
  loginSorts,
  operDefaultOrder,
  operSorts,
  selectLoginLogs,
  selectOperLogs,
  type TimeRange,
} from './log.repository.ts';
import './log.messages.ts';

/**
 * Login log and operation log: search, detail, export, clean, and the retention purge
 * (`purgeLogs`, run daily by the job scheduler's bean job). Rows carry the organisation of
 * the session (or of the user, for sign-ins): a caller sees their organisations' rows;
 * the platform sees all, including sign-ins of unknown login names.
 */

export const EXPORT_MAX = 50_000;

function checkRange(q: TimeRange): void {
  if (q.beginTime && q.endTime && q.endTime < q.beginTime) {
    throw new AppError('INVALID', 'log.timeRange', undefined, [{ field: 'endTime', message: 'log.timeRange' }]);
  }
}

export async function listLoginLogs(db: Db, caller: Caller, q: LoginLogQuery) {
  checkRange(q);
  const scope = scopeOf(caller);
  const { limit, offset } = pageOf(q);
  const [data, total] = await Promise.all([
    selectLoginLogs(db, scope, q, orderOf(q, loginSorts, loginDefaultOrder), limit, offset),
    countLoginLogs(db, scope, q),
  ]);
  return { total, data };
}

export async function getLoginLog(db: Db, caller: Caller, id: number) {
  const row = await findLoginLog(db, scopeOf(caller), id);
  if (!row) throw notFound();
  return row;
}

function capped(total: number): number {
  if (total > EXPORT_MAX) throw new AppError('INVALID', 'log.exportTooMany', { max: EXPORT_MAX });
  return total;
}

/** The sign-ins of the filters for their export, read a batch at a time (refused past `EXPORT_MAX`). */
export function loginLogsForExport(db: Db, caller: Caller, q: LoginLogQuery) {
  checkRange(q);
  const scope = scopeOf(caller);
  const order = orderOf(q, loginSorts, loginDefaultOrder);
  return {
    db,
    count: async (tx) => capped(await countLoginLogs(tx, scope, q)),
    page: async (tx, p) => (await selectLoginLogs(tx, scope, q, order, p.limit, p.offset)).map((r) => ({ ...r, success: String(r.success) })),
  } satisfies ListPages<object>;
}

export async function listOperLogs(db: Db, caller: Caller, q: OperLogQuery) {
  checkRange(q);
  const scope = scopeOf(caller);
  const { limit, offset } = pageOf(q);
  const [data, total] = await Promise.all([
    selectOperLogs(db, scope, q, orderOf(q, operSorts, operDefaultOrder), { limit, offset }),
    countOperLogs(db, scope, q),
  ]);
  return { total, data };
}

/** One operation with its (redacted) parameters. */
export async function getOperLog(db: Db, caller: Caller, id: number) {
  const row = await findOperLog(db, scopeOf(caller), id);
  if (!row) throw notFound();
  return row;
}

/** The operations of the filters with their parameters for their export, read a batch at a time (refused past `EXPORT_MAX`). */
export function operLogsForExport(db: Db, caller: Caller, q: OperLogQuery) {
  checkRange(q);
  const scope = scopeOf(caller);
  const order = orderOf(q, operSorts, operDefaultOrder);
  return {
    db,
    count: async (tx) => capped(await countOperLogs(tx, scope, q)),
    page: async (tx, p) =>
      (await selectOperLogs(tx, scope, q, order, { ...p, withParams: true })).map((r) => ({
        ...r,
        params: r.params === null || r.params === undefined ? '' : JSON.stringify(r.params).slice(0, 30000),
      })),
  } satisfies ListPages<object>;
}

/** Deletes the scope's log rows older than `before` (all of them when not given). */
export const cleanLoginLogs = (db: Db, scope: Scope, before: Date | null) => deleteOlderLogs(db, scope, 'login', before);
export const cleanOperLogs = (db: Db, scope: Scope, before: Date | null) => deleteOlderLogs(db, scope, 'oper', before);

/**
 * The retention purge: removes login and operation log rows older than the
 * `log.retentionDays` parameter (0 keeps them for ever). Safe to run from several
 * processes at once. The job scheduler calls it daily, for every organisation.
 */
export async function purgeLogs(db: Db): Promise<{ retentionDays: number; loginLog: number; operLog: number }> {
  const days = await getConfigNumber(db, LOG_RETENTION_KEY, 180);
  if (!(days > 0)) return { retentionDays: 0, loginLog: 0, operLog: 0 };
  const before = new Date(Date.now() - days * 86400_000);
  return { retentionDays: days, loginLog: await cleanLoginLogs(db, SYSTEM_SCOPE, before), operLog: await cleanOperLogs(db, SYSTEM_SCOPE, before) };
}
