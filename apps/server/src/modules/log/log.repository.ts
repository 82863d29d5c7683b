import { and, count, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { LoginLogQuery, OperLogQuery, PageQuery } from '@venue/contract';
import type { Executor } from '../../platform/db.ts';
import { assertInScope, inScope, inScopeSql, type Scope } from '../../platform/scope.ts';
import { orgs, contains } from '../system/index.ts';
import { loginLogs, operLogs } from './log.table.ts';

/**
 * Login and operation log rows. A row belongs to the organisation of the session (or, for a
 * failed sign-in, of the account tried); rows of unknown login names belong to no organisation
 * and only a platform-wide scope sees them.
 */

export interface TimeRange {
  beginTime?: Date;
  endTime?: Date;
}

function timeRange(column: typeof loginLogs.createdAt | typeof operLogs.createdAt, q: TimeRange): SQL | undefined {
  return and(q.beginTime ? gte(column, q.beginTime) : undefined, q.endTime ? lte(column, q.endTime) : undefined);
}

/** Inserts a sign-in record; its organisation, when it has one, lies in the scope. */
export async function insertLoginLog(db: Executor, scope: Scope, row: typeof loginLogs.$inferInsert): Promise<void> {
  if (row.orgId != null) await assertInScope(db, scope, [row.orgId]);
  await db.insert(loginLogs).values({ ...row, loginName: row.loginName.slice(0, 128), ip: row.ip?.slice(0, 64), userAgent: row.userAgent?.slice(0, 512) });
}

/** The filters of `POST loginLog/list` and `loginLog/export` (paging and sort are the caller's). */
export type LoginLogFilter = Omit<LoginLogQuery, keyof PageQuery>;

// Failed sign-ins carry no session organisation: they belong to the organisation of the account tried.
const loginOrg = sql`coalesce("sys_login_log"."org_id", (select u.org_id from sys_user u where u.id = "sys_login_log"."user_id"))`;

function loginWhere(scope: Scope, q: LoginLogFilter): SQL | undefined {
  return and(
    inScope(scope, loginOrg),
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
export const loginSorts = { createdAt: loginLogs.createdAt, loginName: loginLogs.loginName, ip: loginLogs.ip, code: loginLogs.code };
export const loginDefaultOrder = desc(loginLogs.createdAt);

export async function countLoginLogs(db: Executor, scope: Scope, q: LoginLogFilter): Promise<number> {
  const [n] = await db.select({ n: count() }).from(loginLogs).where(loginWhere(scope, q));
  return Number(n?.n ?? 0);
}

/** Sign-in records of the scope, in the given order (all of them when no limit is given). */
export async function selectLoginLogs(db: Executor, scope: Scope, q: LoginLogFilter, order: SQL[], limit?: number, offset = 0) {
  const query = db
    .select(loginColumns)
    .from(loginLogs)
    .leftJoin(orgs, eq(orgs.id, loginLogs.orgId))
    .where(loginWhere(scope, q))
    .orderBy(...order, desc(loginLogs.id));
  return limit === undefined ? query : query.limit(limit).offset(offset);
}

export async function findLoginLog(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select(loginColumns)
    .from(loginLogs)
    .leftJoin(orgs, eq(orgs.id, loginLogs.orgId))
    .where(and(eq(loginLogs.id, id), inScope(scope, loginOrg)));
  return row;
}

/** The filters of `POST operLog/list` and `operLog/export` (paging and sort are the caller's). */
export type OperLogFilter = Omit<OperLogQuery, keyof PageQuery>;

function operWhere(scope: Scope, q: OperLogFilter): SQL | undefined {
  return and(
    inScope(scope, operLogs.orgId),
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
export const operSorts = {
  createdAt: operLogs.createdAt,
  userName: operLogs.userName,
  module: operLogs.module,
  code: operLogs.code,
  durationMs: operLogs.durationMs,
};
export const operDefaultOrder = desc(operLogs.createdAt);

export async function countOperLogs(db: Executor, scope: Scope, q: OperLogFilter): Promise<number> {
  const [n] = await db.select({ n: count() }).from(operLogs).where(operWhere(scope, q));
  return Number(n?.n ?? 0);
}

/** Operations of the scope; with `withParams`, their (redacted) parameters too. */
export async function selectOperLogs(
  db: Executor,
  scope: Scope,
  q: OperLogFilter,
  order: SQL[],
  opts: { limit?: number; offset?: number; withParams?: boolean } = {},
) {
  const query = db
    .select({ ...operColumns, ...(opts.withParams ? { params: operLogs.params } : {}) })
    .from(operLogs)
    .leftJoin(orgs, eq(orgs.id, operLogs.orgId))
    .where(operWhere(scope, q))
    .orderBy(...order, desc(operLogs.id));
  return opts.limit === undefined ? query : query.limit(opts.limit).offset(opts.offset ?? 0);
}

/** One operation of the scope with its (redacted) parameters. */
export async function findOperLog(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select({ ...operColumns, params: operLogs.params })
    .from(operLogs)
    .leftJoin(orgs, eq(orgs.id, operLogs.orgId))
    .where(and(eq(operLogs.id, id), inScope(scope, operLogs.orgId)));
  return row;
}

/** Deletes log rows of the scope older than `before` (all rows when not given), in batches so locks stay short. */
export async function deleteOlderLogs(db: Executor, scope: Scope, log: 'login' | 'oper', before: Date | null): Promise<number> {
  const table = log === 'login' ? 'sys_login_log' : 'sys_oper_log';
  const org = log === 'login' ? loginOrg : sql`org_id`;
  let total = 0;
  for (;;) {
    const res = (await db.execute(sql`delete from ${sql.identifier(table)} where id in (
        select id from ${sql.identifier(table)} where ${before ? sql`created_at < ${before.toISOString()}::timestamptz` : sql`true`} and ${inScopeSql(scope, org)}
        order by id limit 5000)
      returning id`)) as unknown as { rows: unknown[] };
    total += res.rows.length;
    if (res.rows.length < 5000) return total;
  }
}
