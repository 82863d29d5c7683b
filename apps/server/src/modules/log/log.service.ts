import { and, count, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@venue/contract';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Caller } from '../../platform/http.ts';
import { orderOf, pageOf } from '../../platform/list.ts';
import { orgScope } from '../../platform/scope.ts';
import { orgs } from '../system/system.table.ts';
import { contains, getConfigNumber, LOG_RETENTION_KEY } from '../system/config.service.ts';
import { loginLogs, operLogs } from './log.table.ts';
import './log.messages.ts';

/**
 * Login log and operation log: search, detail, export, clean, and the retention purge
 * (`purgeLogs`, run daily by the job scheduler's bean job). Rows carry the organisation of
 * the session (or of the user, for sign-ins): a caller sees their organisations' rows;
 * the platform sees all, including sign-ins of unknown login names.
 */

export const EXPORT_MAX = 50_000;

interface TimeRange {
  beginTime?: Date;
  endTime?: Date;
}

function timeRange(column: typeof loginLogs.createdAt | typeof operLogs.createdAt, q: TimeRange): SQL | undefined {
  if (q.beginTime && q.endTime && q.endTime < q.beginTime) {
    throw new AppError('INVALID', 'log.timeRange', undefined, [{ field: 'endTime', message: 'log.timeRange' }]);
  }
  return and(q.beginTime ? gte(column, q.beginTime) : undefined, q.endTime ? lte(column, q.endTime) : undefined);
}

export interface LoginLogFilter extends PageQuery, TimeRange {
  loginName?: string;
  ip?: string;
  loginWay?: string;
  success?: boolean;
  code?: number;
}

// Failed sign-ins carry no session organisation: they belong to the organisation of the account tried.
const loginOrg = sql`coalesce("sys_login_log"."org_id", (select u.org_id from sys_user u where u.id = "sys_login_log"."user_id"))`;

function loginWhere(caller: Caller, q: LoginLogFilter): SQL | undefined {
  return and(
    orgScope(caller, loginOrg),
    q.loginName ? ilike(loginLogs.loginName, contains(q.loginName)) : undefined,
    q.ip ? ilike(loginLogs.ip, contains(q.ip)) : undefined,
    q.loginWay ? eq(loginLogs.loginWay, q.loginWay) : undefined,
    q.success === undefined ? undefined : eq(loginLogs.success, q.success),
    q.code === undefined ? undefined : eq(loginLogs.code, q.code),
    timeRange(loginLogs.createdAt, q),
  );
}

const loginColumns = {
  id: loginLogs.id,
  loginName: loginLogs.loginName,
  userId: loginLogs.userId,
  orgId: loginLogs.orgId,
  orgName: orgs.name,
  ip: loginLogs.ip,
  userAgent: loginLogs.userAgent,
  loginWay: loginLogs.loginWay,
  success: loginLogs.success,
  code: loginLogs.code,
  msg: loginLogs.msg,
  createdAt: loginLogs.createdAt,
};
const loginSort = { createdAt: loginLogs.createdAt, loginName: loginLogs.loginName, ip: loginLogs.ip, code: loginLogs.code };

export async function listLoginLogs(db: Db, caller: Caller, q: LoginLogFilter) {
  const where = loginWhere(caller, q);
  const { limit, offset } = pageOf(q);
  const [data, [total]] = await Promise.all([
    db
      .select(loginColumns)
      .from(loginLogs)
      .leftJoin(orgs, eq(orgs.id, loginLogs.orgId))
      .where(where)
      .orderBy(...orderOf(q, loginSort, desc(loginLogs.createdAt)), desc(loginLogs.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(loginLogs).where(where),
  ]);
  return { total: Number(total?.n ?? 0), data };
}

export async function getLoginLog(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select(loginColumns)
    .from(loginLogs)
    .leftJoin(orgs, eq(orgs.id, loginLogs.orgId))
    .where(and(eq(loginLogs.id, id), orgScope(caller, loginOrg)));
  if (!row) throw notFound();
  return row;
}

async function capped(db: Db, table: typeof loginLogs | typeof operLogs, where: SQL | undefined) {
  const [n] = await db.select({ n: count() }).from(table).where(where);
  if (Number(n?.n ?? 0) > EXPORT_MAX) throw new AppError('INVALID', 'log.exportTooMany', { max: EXPORT_MAX });
}

export async function loginLogsForExport(db: Db, caller: Caller, q: LoginLogFilter) {
  const where = loginWhere(caller, q);
  await capped(db, loginLogs, where);
  return db
    .select(loginColumns)
    .from(loginLogs)
    .leftJoin(orgs, eq(orgs.id, loginLogs.orgId))
    .where(where)
    .orderBy(...orderOf(q, loginSort, desc(loginLogs.createdAt)), desc(loginLogs.id));
}

export interface OperLogFilter extends PageQuery, TimeRange {
  userName?: string;
  module?: string;
  action?: string;
  path?: string;
  code?: number;
  success?: boolean;
}

function operWhere(caller: Caller, q: OperLogFilter): SQL | undefined {
  return and(
    orgScope(caller, operLogs.orgId),
    q.userName ? ilike(operLogs.userName, contains(q.userName)) : undefined,
    q.module ? eq(operLogs.module, q.module) : undefined,
    q.action ? eq(operLogs.action, q.action) : undefined,
    q.path ? ilike(operLogs.path, contains(q.path)) : undefined,
    q.code === undefined ? undefined : eq(operLogs.code, q.code),
    q.success === undefined ? undefined : q.success ? sql`${operLogs.code} in (0, 103005)` : sql`coalesce(${operLogs.code}, -1) not in (0, 103005)`,
    timeRange(operLogs.createdAt, q),
  );
}

const operColumns = {
  id: operLogs.id,
  userId: operLogs.userId,
  userName: operLogs.userName,
  orgId: operLogs.orgId,
  orgName: orgs.name,
  module: operLogs.module,
  action: operLogs.action,
  method: operLogs.method,
  path: operLogs.path,
  code: operLogs.code,
  durationMs: operLogs.durationMs,
  ip: operLogs.ip,
  createdAt: operLogs.createdAt,
};
const operSort = { createdAt: operLogs.createdAt, userName: operLogs.userName, module: operLogs.module, code: operLogs.code, durationMs: operLogs.durationMs };

export async function listOperLogs(db: Db, caller: Caller, q: OperLogFilter) {
  const where = operWhere(caller, q);
  const { limit, offset } = pageOf(q);
  const [data, [total]] = await Promise.all([
    db
      .select(operColumns)
      .from(operLogs)
      .leftJoin(orgs, eq(orgs.id, operLogs.orgId))
      .where(where)
      .orderBy(...orderOf(q, operSort, desc(operLogs.createdAt)), desc(operLogs.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(operLogs).where(where),
  ]);
  return { total: Number(total?.n ?? 0), data };
}

/** One operation with its (redacted) parameters. */
export async function getOperLog(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select({ ...operColumns, params: operLogs.params })
    .from(operLogs)
    .leftJoin(orgs, eq(orgs.id, operLogs.orgId))
    .where(and(eq(operLogs.id, id), orgScope(caller, operLogs.orgId)));
  if (!row) throw notFound();
  return row;
}

export async function operLogsForExport(db: Db, caller: Caller, q: OperLogFilter) {
  const where = operWhere(caller, q);
  await capped(db, operLogs, where);
  return db
    .select({ ...operColumns, params: operLogs.params })
    .from(operLogs)
    .leftJoin(orgs, eq(orgs.id, operLogs.orgId))
    .where(where)
    .orderBy(...orderOf(q, operSort, desc(operLogs.createdAt)), desc(operLogs.id));
}

/** Deletes log rows older than `before` (all rows when not given), in batches so locks stay short. */
async function deleteOlder(db: Db, table: 'sys_login_log' | 'sys_oper_log', before: Date | null): Promise<number> {
  let total = 0;
  for (;;) {
    const res = (await db.execute(sql`delete from ${sql.identifier(table)} where id in (
        select id from ${sql.identifier(table)} where ${before ? sql`created_at < ${before.toISOString()}::timestamptz` : sql`true`} order by id limit 5000)
      returning id`)) as unknown as { rows: unknown[] };
    total += res.rows.length;
    if (res.rows.length < 5000) return total;
  }
}

export const cleanLoginLogs = (db: Db, before: Date | null) => deleteOlder(db, 'sys_login_log', before);
export const cleanOperLogs = (db: Db, before: Date | null) => deleteOlder(db, 'sys_oper_log', before);

/**
 * The retention purge: removes login and operation log rows older than the
 * `log.retentionDays` parameter (0 keeps them for ever). Safe to run from several
 * processes at once. The job scheduler calls it daily.
 */
export async function purgeLogs(db: Db): Promise<{ retentionDays: number; loginLog: number; operLog: number }> {
  const days = await getConfigNumber(db, LOG_RETENTION_KEY, 180);
  if (!(days > 0)) return { retentionDays: 0, loginLog: 0, operLog: 0 };
  const before = new Date(Date.now() - days * 86400_000);
  return { retentionDays: days, loginLog: await cleanLoginLogs(db, before), operLog: await cleanOperLogs(db, before) };
}
