import type { z } from 'zod';
import type { OpenAppCreate, OpenAppListQuery, OpenAppUpdate, OpenApiUpdate, OpenCallLogQuery, PageQuery, openAppRow } from '@venue/contract';
import type { Db } from '../../platform/db.ts';
import { notFound, invalid } from '../../platform/errors.ts';
import type { Caller } from '../../platform/http.ts';
import { randomToken, sealSecret } from '../../platform/keys.ts';
import { pageOf } from '../../platform/list.ts';
import { scopeOf } from '../../platform/scope.ts';
import { forgetOpenApps } from './open.gateway.ts';
import * as repo from './open.repository.ts';

/** Third-party applications, their grants, the open interfaces and the call log (administration). */

/** A row as the route answers it (instants as Dates, written as ISO text). */
type OpenAppRow = z.input<typeof openAppRow>;

type AppJoin = NonNullable<Awaited<ReturnType<typeof repo.appById>>>;

function appRow(r: AppJoin, apiIds: number[]): OpenAppRow {
  const a = r.app;
  return {
    id: a.id,
    orgId: a.orgId,
    orgName: r.orgName,
    name: a.name,
    appKey: a.appKey,
    status: a.status,
    restriction: a.restriction as OpenAppRow['restriction'],
    ipRules: a.ipRules,
    ratePerMinute: a.ratePerMinute,
    remark: a.remark,
    previousSecretUntil: a.previousSealed && a.previousUntil && a.previousUntil > new Date() ? a.previousUntil : null,
    apiIds,
    version: a.version,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

/** A new key: readable, unguessable enough to be an identifier (the secret is what proves). */
const newAppKey = () => `app_${randomToken(12)}`;
const newSecret = () => randomToken(32);

export async function listApps(db: Db, caller: Caller, q: OpenAppListQuery) {
  const scope = scopeOf(caller);
  const { total, rows } = await repo.pageApps(db, scope, q, pageOf(q));
  const grants = await repo.grantsOf(
    db,
    scope,
    rows.map((r) => r.app.id),
  );
  return { total, data: rows.map((r) => appRow(r, grants.get(r.app.id) ?? [])) };
}

export async function getApp(db: Db, caller: Caller, id: number): Promise<OpenAppRow> {
  const scope = scopeOf(caller);
  const row = await repo.appById(db, scope, id);
  if (!row) throw notFound();
  const grants = await repo.grantsOf(db, scope, [id]);
  return appRow(row, grants.get(id) ?? []);
}

export async function createApp(db: Db, caller: Caller, secretKey: Buffer, input: OpenAppCreate) {
  const scope = scopeOf(caller);
  const secret = newSecret();
  const app = await repo.insertApp(db, scope, {
    orgId: input.orgId ?? caller.orgId,
    name: input.name,
    appKey: newAppKey(),
    secretSealed: sealSecret(secretKey, secret),
    status: input.status,
    restriction: input.restriction,
    ipRules: input.ipRules,
    ratePerMinute: input.ratePerMinute,
    remark: input.remark ?? null,
  });
  return { ...(await getApp(db, caller, app.id)), secret };
}

export async function editApp(db: Db, caller: Caller, id: number, input: OpenAppUpdate): Promise<OpenAppRow> {
  const scope = scopeOf(caller);
  if (!(await repo.appById(db, scope, id))) throw notFound();
  const { version, ...values } = input;
  await repo.updateApp(db, scope, id, version, values);
  forgetOpenApps();
  return getApp(db, caller, id);
}

/** A new secret, shown once; the previous one is still accepted for `graceMinutes`. */
export async function rotateSecret(db: Db, caller: Caller, secretKey: Buffer, id: number, input: { graceMinutes: number; version: number }) {
  const scope = scopeOf(caller);
  const row = await repo.appById(db, scope, id);
  if (!row) throw notFound();
  const secret = newSecret();
  const grace = input.graceMinutes > 0;
  await repo.updateApp(db, scope, id, input.version, {
    secretSealed: sealSecret(secretKey, secret),
    previousSealed: grace ? row.app.secretSealed : null,
    previousUntil: grace ? new Date(Date.now() + input.graceMinutes * 60_000) : null,
  });
  forgetOpenApps();
  return { ...(await getApp(db, caller, id)), secret };
}

/** All or nothing: an id outside the caller's organisations (or gone) answers 100404 and removes none. */
export async function removeApps(db: Db, caller: Caller, ids: number[]) {
  const unique = [...new Set(ids)];
  const removed = await db.transaction(async (tx) => {
    const n = await repo.deleteApps(tx, scopeOf(caller), unique);
    if (n !== unique.length) throw notFound();
    return n;
  });
  forgetOpenApps();
  return { deleted: removed };
}

export async function setGrants(db: Db, caller: Caller, id: number, apiIds: number[]): Promise<OpenAppRow> {
  const scope = scopeOf(caller);
  const row = await repo.appById(db, scope, id);
  if (!row) throw notFound();
  const unique = [...new Set(apiIds)];
  const known = new Set(await repo.apiIdsExisting(db, unique));
  const unknown = unique.findIndex((a) => !known.has(a));
  if (unknown >= 0) throw invalid(`apiIds.${unknown}`, 'openApp.unknownApi');
  await db.transaction((tx) => repo.replaceGrants(tx, scope, row.app, unique));
  forgetOpenApps();
  return getApp(db, caller, id);
}

// ---------------------------------------------------------------- interfaces

const apiRow = ({ createdAt: _created, ...row }: repo.OpenApiRecord) => ({ ...row, tokenCategory: row.tokenCategory as 'signature' | 'none' });

export async function listApis(db: Db, q: PageQuery & { name?: string; code?: string; status?: number }) {
  const { total, rows } = await repo.pageApis(db, q, pageOf(q));
  return { total, data: rows.map(apiRow) };
}

export async function editApi(db: Db, id: number, input: OpenApiUpdate) {
  if (!(await repo.apiById(db, id))) throw notFound();
  const { version, ...values } = input;
  const row = await repo.updateApi(db, id, version, { ...values, description: values.description ?? null });
  forgetOpenApps();
  return apiRow(row);
}

// ---------------------------------------------------------------- call log

export async function listCallLogs(db: Db, caller: Caller, q: OpenCallLogQuery) {
  const { total, rows } = await repo.pageCallLogs(db, scopeOf(caller), q, pageOf(q));
  return {
    total,
    data: rows.map(({ log, appName }) => ({
      id: log.id,
      appId: log.appId,
      appName,
      appKey: log.appKey,
      apiCode: log.apiCode,
      method: log.method,
      path: log.path,
      ip: log.ip,
      code: log.code,
      durationMs: log.durationMs,
      createdAt: log.createdAt,
    })),
  };
}
