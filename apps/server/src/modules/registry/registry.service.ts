import {
  REGISTRY_ENCODINGS,
  REGISTRY_SERVICE_TYPES,
  registryAppCreate,
  registryEnvCreate,
  registryServiceCreate,
  registryTranslationCreate,
  type ImportResult,
  type RegistryAppCreate,
  type RegistryAppListQuery,
  type RegistryAppUpdate,
  type RegistryEnvCreate,
  type RegistryEnvListQuery,
  type RegistryEnvUpdate,
  type RegistryGroupCreate,
  type RegistryGroupListQuery,
  type RegistryGroupUpdate,
  type RegistryInstanceCreate,
  type RegistryInstanceListQuery,
  type RegistryInstanceUpdate,
  type RegistryServiceCreate,
  type RegistryServiceListQuery,
  type RegistryServiceUpdate,
  type RegistryTranslationCreate,
  type RegistryTranslationListQuery,
  type RegistryTranslationUpdate,
} from '@venue/contract';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { Notice, routeRegistry, type Caller } from '../../platform/http.ts';
import type { Lang } from '../../platform/i18n.ts';
import { randomToken } from '../../platform/keys.ts';
import { orderOf, pageOf } from '../../platform/list.ts';
import { expectOneUpdated, scopeOf, type Scope } from '../../platform/scope.ts';
import {
  duplicatesInFile,
  readRows,
  reject,
  templateXlsx,
  validateRows,
  xlsxFile,
  type RowIssue,
  type SheetColumn,
  type UploadedFile,
  rowsXlsx,
} from '../../platform/xlsx.ts';
import { mapDuplicate } from '../system/index.ts';
import * as repo from './registry.repository.ts';
import './registry.messages.ts';

/** The service registry: applications, environments with groups and instances, services, translation items. */

type Prefixes = Config['prefixes'];
const ALL = { limit: 50_000, offset: 0 };
const one = { limit: 1, offset: 0 };
const t2 = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** The fields of `values` that differ from `current` (absent fields are not changes). */
function changes<T extends object>(current: T, values: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(values) as [keyof T, T[keyof T]][]) {
    if (v !== undefined && v !== current[k]) out[k] = v;
  }
  return out;
}
const noChanges = <T>(row: T) => new Notice(row, 'registry.noChanges');
const isEmpty = (o: object) => Object.keys(o).length === 0;

/** All or nothing: every id must be in scope, else 100404 and nothing is removed. */
async function removeAll(db: Db, ids: number[], work: (tx: Executor, unique: number[]) => Promise<number>) {
  const unique = [...new Set(ids)];
  const deleted = await db.transaction(async (tx) => {
    const n = await work(tx, unique);
    if (n !== unique.length) throw notFound();
    return n;
  });
  return { deleted };
}

// ---------------------------------------------------------------- applications

const APP_UNIQUE = { registry_app_org_code_uq: ['code', 'field.registryCode'] as [string, string] };
type AppJoin = Awaited<ReturnType<typeof repo.pageApps>>['rows'][number];
const appRow = (r: AppJoin) => ({
  id: r.app.id,
  orgId: r.app.orgId,
  orgName: r.orgName,
  name: r.app.name,
  code: r.app.code,
  description: r.app.description,
  appKey: r.app.appKey,
  serviceCount: Number(r.serviceCount),
  version: r.app.version,
  createTime: r.app.createdAt,
  updateTime: r.app.updatedAt,
});
/** An application's key: generated, unique across organisations. */
const newAppKey = () => `ak_${randomToken(12)}`;

export async function listApps(db: Db, caller: Caller, q: RegistryAppListQuery) {
  const { total, rows } = await repo.pageApps(db, scopeOf(caller), q, orderOf(q, repo.appSorts, repo.appDefaultOrder), pageOf(q));
  return { total, data: rows.map(appRow) };
}

async function findApp(db: Executor, scope: Scope, id: number) {
  const row = (await repo.pageApps(db, scope, { ids: [id] }, [], one)).rows[0];
  if (!row) throw notFound();
  return row;
}

export async function getApp(db: Db, caller: Caller, id: number) {
  return appRow(await findApp(db, scopeOf(caller), id));
}

export async function createApp(db: Db, caller: Caller, input: RegistryAppCreate) {
  const scope = scopeOf(caller);
  const [made] = await mapDuplicate(
    repo.insertApps(db, scope, [
      { orgId: input.orgId ?? caller.orgId, name: input.name, code: input.code, description: input.description ?? null, appKey: newAppKey() },
    ]),
    APP_UNIQUE,
  );
  return getApp(db, caller, made!.id);
}

export async function editApp(db: Db, caller: Caller, id: number, input: RegistryAppUpdate) {
  const scope = scopeOf(caller);
  const current = await findApp(db, scope, id);
  const { version, ...values } = input;
  const diff = changes(current.app, values);
  if (isEmpty(diff)) return noChanges(appRow(current));
  expectOneUpdated(await mapDuplicate(repo.updateApp(db, scope, id, version, diff), APP_UNIQUE));
  return getApp(db, caller, id);
}

/** An application that still owns services is kept (its services would lose their owner). */
export async function removeApps(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return removeAll(db, ids, async (tx, unique) => {
    const { rows } = await repo.pageApps(tx, scope, { ids: unique }, [], { limit: unique.length, offset: 0 });
    if (rows.length !== unique.length) throw notFound();
    const busy = rows.find((r) => Number(r.serviceCount) > 0);
    if (busy) throw conflict('state', 'registry.appHasServices', { name: busy.app.name, n: Number(busy.serviceCount) });
    return repo.deleteApps(tx, scope, unique);
  });
}

const appSheet: SheetColumn[] = [
  { key: 'name', title: t2('应用名称', 'Name'), required: true },
  { key: 'code', title: t2('应用编码', 'Code'), required: true },
  { key: 'description', title: t2('描述', 'Description'), width: 30 },
  { key: 'appKey', title: t2('AppKey', 'AppKey'), exportOnly: true, width: 24 },
  { key: 'serviceCount', title: t2('服务数', 'Services'), exportOnly: true },
  { key: 'orgName', title: t2('所属机构', 'Organisation'), exportOnly: true },
  { key: 'createTime', title: t2('创建时间', 'Created'), exportOnly: true },
];

export async function exportApps(db: Db, caller: Caller, q: RegistryAppListQuery, lang: Lang) {
  const { rows } = await repo.pageApps(db, scopeOf(caller), q, orderOf(q, repo.appSorts, repo.appDefaultOrder), ALL);
  return rowsXlsx(appSheet, rows.map(appRow), lang, lang === 'zh-CN' ? '应用列表' : 'applications', lang === 'zh-CN' ? '应用' : 'Applications');
}

export async function appTemplate(lang: Lang) {
  const data = await templateXlsx(appSheet, lang, {
    name: lang === 'zh-CN' ? '会员中心' : 'Member centre',
    code: 'member-center',
    description: lang === 'zh-CN' ? '会员注册、积分与会员卡' : 'Sign-up, points and cards',
  });
  return xlsxFile(lang === 'zh-CN' ? '应用导入模板' : 'application-import-template', data, false);
}

/** Imported codes must be new in the caller's organisation and unique in the file; all or nothing. */
export async function importApps(db: Db, caller: Caller, file: UploadedFile, lang: Lang) {
  const scope = scopeOf(caller);
  const raw = await readRows(file, appSheet, lang, 5000);
  const { valid, issues } = validateRows(raw, registryAppCreate.omit({ orgId: true }));
  issues.push(...duplicatesInFile(valid, 'code', (d) => d.code));
  const taken = await repo.takenCodes(
    db,
    scope,
    'app',
    caller.orgId,
    valid.map((r) => r.data.code),
  );
  for (const r of valid) if (taken.has(r.data.code)) issues.push({ row: r.row, field: 'code', message: 'registry.codeTaken' });
  if (issues.length) reject(issues, lang, raw.length);
  const made = await db.transaction((tx) =>
    mapDuplicate(
      repo.insertApps(
        tx,
        scope,
        valid.map(({ data: d }) => ({ orgId: caller.orgId, name: d.name, code: d.code, description: d.description ?? null, appKey: newAppKey() })),
      ),
      APP_UNIQUE,
    ),
  );
  return imported(raw.length, made.length);
}

const imported = (total: number, created: number) => new Notice<ImportResult>({ total, created, updated: 0 }, 'import.done', { created, updated: 0 });

// ---------------------------------------------------------------- services

const SERVICE_UNIQUE = { registry_service_code_uq: ['code', 'field.registryServiceCode'] as [string, string] };
type ServiceJoin = Awaited<ReturnType<typeof repo.pageServices>>['rows'][number];
const serviceRow = ({ service: s }: ServiceJoin) => ({
  id: s.id,
  orgId: s.orgId,
  appId: s.appId,
  name: s.name,
  code: s.code,
  serviceVersion: s.serviceVersion,
  type: s.type as (typeof REGISTRY_SERVICE_TYPES)[number],
  description: s.description,
  context: s.context,
  requestEncoding: s.requestEncoding as (typeof REGISTRY_ENCODINGS)[number],
  responseEncoding: s.responseEncoding as (typeof REGISTRY_ENCODINGS)[number],
  version: s.version,
  createTime: s.createdAt,
  updateTime: s.updatedAt,
});

export async function listServices(db: Db, caller: Caller, q: RegistryServiceListQuery) {
  const { total, rows } = await repo.pageServices(db, scopeOf(caller), q, orderOf(q, repo.serviceSorts, repo.serviceDefaultOrder), pageOf(q));
  return { total, data: rows.map(serviceRow) };
}

async function findService(db: Executor, scope: Scope, id: number) {
  const row = (await repo.pageServices(db, scope, { ids: [id] }, [], one)).rows[0];
  if (!row) throw notFound();
  return row;
}

export async function getService(db: Db, caller: Caller, id: number) {
  return serviceRow(await findService(db, scopeOf(caller), id));
}

/** The owning application, in the caller's reach (and, for an existing service, of its organisation). */
async function ownerApp(db: Executor, scope: Scope, appId: number, orgId?: number) {
  const app = (await repo.pageApps(db, scope, { ids: [appId] }, [], one)).rows[0]?.app;
  // Out of reach: 100404 like any other organisation's record; in reach but of another organisation: the field's error.
  if (!app) throw notFound();
  if (orgId !== undefined && app.orgId !== orgId) throw invalid('appId', 'registry.unknownApp');
  return app;
}

export async function createService(db: Db, caller: Caller, input: RegistryServiceCreate) {
  const scope = scopeOf(caller);
  const app = await ownerApp(db, scope, input.appId);
  const [made] = await mapDuplicate(repo.insertServices(db, scope, [{ ...input, orgId: app.orgId, description: input.description ?? null }]), SERVICE_UNIQUE);
  return getService(db, caller, made!.id);
}

export async function editService(db: Db, caller: Caller, id: number, input: RegistryServiceUpdate) {
  const scope = scopeOf(caller);
  const current = await findService(db, scope, id);
  const { version, ...values } = input;
  const diff = changes(current.service, values);
  if (isEmpty(diff)) return noChanges(serviceRow(current));
  if (diff.appId !== undefined) await ownerApp(db, scope, diff.appId, current.service.orgId);
  expectOneUpdated(await mapDuplicate(repo.updateService(db, scope, id, version, diff), SERVICE_UNIQUE));
  return getService(db, caller, id);
}

export async function removeServices(db: Db, caller: Caller, ids: number[]) {
  return removeAll(db, ids, (tx, unique) => repo.deleteServices(tx, scopeOf(caller), unique));
}

const typeOptions = REGISTRY_SERVICE_TYPES.map((v) => ({ value: v, label: t2(v.toUpperCase(), v.toUpperCase()) }));
const serviceSheet: SheetColumn[] = [
  { key: 'appCode', title: t2('所属应用编码', 'Application code'), required: true },
  { key: 'name', title: t2('服务名称', 'Name'), required: true },
  { key: 'code', title: t2('服务编码', 'Code'), required: true },
  { key: 'serviceVersion', title: t2('服务版本', 'Version'), required: true },
  { key: 'type', title: t2('服务类型', 'Type'), required: true, options: typeOptions },
  { key: 'context', title: t2('上下文', 'Context'), required: true },
  { key: 'requestEncoding', title: t2('请求编码', 'Request encoding') },
  { key: 'responseEncoding', title: t2('响应编码', 'Response encoding') },
  { key: 'description', title: t2('描述', 'Description'), width: 30 },
  { key: 'createTime', title: t2('创建时间', 'Created'), exportOnly: true },
];

export async function exportServices(db: Db, caller: Caller, q: RegistryServiceListQuery, lang: Lang) {
  const { rows } = await repo.pageServices(db, scopeOf(caller), q, orderOf(q, repo.serviceSorts, repo.serviceDefaultOrder), ALL);
  return rowsXlsx(
    serviceSheet,
    rows.map((r) => ({ ...serviceRow(r), appCode: r.appCode })),
    lang,
    lang === 'zh-CN' ? '服务列表' : 'services',
    lang === 'zh-CN' ? '服务' : 'Services',
  );
}

export async function serviceTemplate(lang: Lang) {
  const data = await templateXlsx(serviceSheet, lang, {
    appCode: 'member-center',
    name: lang === 'zh-CN' ? '会员查询' : 'Member lookup',
    code: 'member-query',
    serviceVersion: '1.0.0',
    type: 'http',
    context: '/member',
    requestEncoding: 'UTF-8',
    responseEncoding: 'UTF-8',
  });
  return xlsxFile(lang === 'zh-CN' ? '服务导入模板' : 'service-import-template', data, false);
}

const serviceImportRow = registryServiceCreate.omit({ appId: true }).extend({ appCode: registryAppCreate.shape.code });

export async function importServices(db: Db, caller: Caller, file: UploadedFile, lang: Lang) {
  const scope = scopeOf(caller);
  const raw = await readRows(file, serviceSheet, lang, 5000);
  const { valid, issues } = validateRows(raw, serviceImportRow);
  issues.push(...duplicatesInFile(valid, 'code', (d) => `${d.code}\u0000${d.serviceVersion}`));
  const apps = new Map((await repo.appsByCode(db, scope, caller.orgId, [...new Set(valid.map((r) => r.data.appCode))])).map((a) => [a.code, a.id]));
  const existing = new Set((await repo.servicesOfOrg(db, scope, caller.orgId)).map((s) => `${s.code}\u0000${s.serviceVersion}`));
  for (const r of valid) {
    if (!apps.has(r.data.appCode)) issues.push({ row: r.row, field: 'appCode', message: 'registry.unknownAppCode', params: { code: r.data.appCode } });
    if (existing.has(`${r.data.code}\u0000${r.data.serviceVersion}`)) issues.push({ row: r.row, field: 'code', message: 'registry.codeTaken' });
  }
  if (issues.length) reject(issues, lang, raw.length);
  const made = await db.transaction((tx) =>
    mapDuplicate(
      repo.insertServices(
        tx,
        scope,
        valid.map(({ data: { appCode, ...d } }) => ({ ...d, orgId: caller.orgId, appId: apps.get(appCode)!, description: d.description ?? null })),
      ),
      SERVICE_UNIQUE,
    ),
  );
  return imported(raw.length, made.length);
}

// ---------------------------------------------------------------- environments

const ENV_UNIQUE = { registry_env_org_code_uq: ['code', 'field.registryCode'] as [string, string] };
type EnvJoin = Awaited<ReturnType<typeof repo.pageEnvs>>['rows'][number];

async function envRows(db: Executor, scope: Scope, rows: EnvJoin[]) {
  const deployed = await repo.envServices(
    db,
    scope,
    rows.map((r) => r.env.id),
  );
  return rows.map((r) => {
    const mine = deployed.filter((d) => d.envId === r.env.id);
    return {
      id: r.env.id,
      orgId: r.env.orgId,
      orgName: r.orgName,
      name: r.env.name,
      code: r.env.code,
      remark: r.env.remark,
      serviceIds: mine.map((d) => d.id),
      services: mine.map((d) => `${d.name} (${d.code} ${d.serviceVersion})`),
      groupCount: Number(r.groupCount),
      instanceCount: Number(r.instanceCount),
      version: r.env.version,
      createTime: r.env.createdAt,
      updateTime: r.env.updatedAt,
    };
  });
}

export async function listEnvs(db: Db, caller: Caller, q: RegistryEnvListQuery) {
  const scope = scopeOf(caller);
  const { total, rows } = await repo.pageEnvs(db, scope, q, orderOf(q, repo.envSorts, repo.envDefaultOrder), pageOf(q));
  return { total, data: await envRows(db, scope, rows) };
}

async function findEnv(db: Executor, scope: Scope, id: number) {
  const row = (await repo.pageEnvs(db, scope, { ids: [id] }, [], one)).rows[0];
  if (!row) throw notFound();
  return row;
}

export async function getEnv(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  return (await envRows(db, scope, [await findEnv(db, scope, id)]))[0]!;
}

/** The services an environment deploys: its own organisation's, each once. */
async function deployable(db: Executor, scope: Scope, orgId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await repo.serviceOrgs(db, scope, unique);
  if (found.size !== unique.length) throw notFound();
  const bad = ids.findIndex((id) => found.get(id) !== orgId);
  if (bad >= 0) throw invalid(`serviceIds.${bad}`, 'registry.unknownService');
  return unique;
}

export async function createEnv(db: Db, caller: Caller, input: RegistryEnvCreate) {
  const scope = scopeOf(caller);
  const orgId = input.orgId ?? caller.orgId;
  const id = await db.transaction(async (tx) => {
    const [made] = await mapDuplicate(repo.insertEnvs(tx, scope, [{ orgId, name: input.name, code: input.code, remark: input.remark ?? null }]), ENV_UNIQUE);
    if (input.serviceIds?.length) await repo.replaceEnvServices(tx, scope, made!, await deployable(tx, scope, orgId, input.serviceIds));
    return made!.id;
  });
  return getEnv(db, caller, id);
}

export async function editEnv(db: Db, caller: Caller, id: number, input: RegistryEnvUpdate) {
  const scope = scopeOf(caller);
  const current = await findEnv(db, scope, id);
  const { version, serviceIds, ...values } = input;
  const diff = changes(current.env, values);
  const before = (await repo.envServices(db, scope, [id])).map((s) => s.id).sort((a, b) => a - b);
  const after = serviceIds === undefined ? before : [...new Set(serviceIds)].sort((a, b) => a - b);
  const servicesChanged = before.join(',') !== after.join(',');
  if (isEmpty(diff) && !servicesChanged) return noChanges((await envRows(db, scope, [current]))[0]!);
  await db.transaction(async (tx) => {
    // The version moves with any change, the deployed services too, so two editors never overwrite each other.
    expectOneUpdated(await mapDuplicate(repo.updateEnv(tx, scope, id, version, diff), ENV_UNIQUE));
    if (servicesChanged) await repo.replaceEnvServices(tx, scope, current.env, await deployable(tx, scope, current.env.orgId, serviceIds ?? []));
  });
  return getEnv(db, caller, id);
}

/** Deleting an environment deletes its groups, instances and deployment records with it. */
export async function removeEnvs(db: Db, caller: Caller, ids: number[]) {
  return removeAll(db, ids, (tx, unique) => repo.deleteEnvs(tx, scopeOf(caller), unique));
}

const envSheet: SheetColumn[] = [
  { key: 'name', title: t2('环境名称', 'Name'), required: true },
  { key: 'code', title: t2('环境编码', 'Code'), required: true },
  { key: 'remark', title: t2('备注', 'Remark'), width: 30 },
  { key: 'services', title: t2('部署的服务', 'Services'), exportOnly: true, width: 40 },
  { key: 'groupCount', title: t2('分组数', 'Groups'), exportOnly: true },
  { key: 'instanceCount', title: t2('实例数', 'Instances'), exportOnly: true },
  { key: 'orgName', title: t2('所属机构', 'Organisation'), exportOnly: true },
  { key: 'createTime', title: t2('创建时间', 'Created'), exportOnly: true },
];

export async function exportEnvs(db: Db, caller: Caller, q: RegistryEnvListQuery, lang: Lang) {
  const scope = scopeOf(caller);
  const { rows } = await repo.pageEnvs(db, scope, q, orderOf(q, repo.envSorts, repo.envDefaultOrder), ALL);
  const data = (await envRows(db, scope, rows)).map((r) => ({ ...r, services: r.services.join(', ') }));
  return rowsXlsx(envSheet, data, lang, lang === 'zh-CN' ? '环境列表' : 'environments', lang === 'zh-CN' ? '环境' : 'Environments');
}

export async function envTemplate(lang: Lang) {
  const data = await templateXlsx(envSheet, lang, {
    name: lang === 'zh-CN' ? '测试环境' : 'Test',
    code: 'test',
    remark: lang === 'zh-CN' ? '联调与验收' : 'Integration and acceptance',
  });
  return xlsxFile(lang === 'zh-CN' ? '环境导入模板' : 'environment-import-template', data, false);
}

export async function importEnvs(db: Db, caller: Caller, file: UploadedFile, lang: Lang) {
  const scope = scopeOf(caller);
  const raw = await readRows(file, envSheet, lang, 5000);
  const { valid, issues } = validateRows(raw, registryEnvCreate.omit({ orgId: true, serviceIds: true }));
  issues.push(...duplicatesInFile(valid, 'code', (d) => d.code));
  const taken = await repo.takenCodes(
    db,
    scope,
    'env',
    caller.orgId,
    valid.map((r) => r.data.code),
  );
  for (const r of valid) if (taken.has(r.data.code)) issues.push({ row: r.row, field: 'code', message: 'registry.codeTaken' });
  if (issues.length) reject(issues, lang, raw.length);
  const made = await db.transaction((tx) =>
    mapDuplicate(
      repo.insertEnvs(
        tx,
        scope,
        valid.map(({ data: d }) => ({ orgId: caller.orgId, name: d.name, code: d.code, remark: d.remark ?? null })),
      ),
      ENV_UNIQUE,
    ),
  );
  return imported(raw.length, made.length);
}

// ---------------------------------------------------------------- groups

const GROUP_UNIQUE = { registry_env_group_code_uq: ['code', 'field.registryGroupCode'] as [string, string] };
type GroupJoin = Awaited<ReturnType<typeof repo.pageGroups>>['rows'][number];
const groupRow = ({ group: g, instanceCount }: GroupJoin) => ({
  id: g.id,
  envId: g.envId,
  code: g.code,
  name: g.name,
  status: g.status,
  instanceCount: Number(instanceCount),
  version: g.version,
  createTime: g.createdAt,
});

export async function listGroups(db: Db, caller: Caller, q: RegistryGroupListQuery) {
  const scope = scopeOf(caller);
  await findEnv(db, scope, q.envId);
  const { total, rows } = await repo.pageGroups(db, scope, q, pageOf(q));
  return { total, data: rows.map(groupRow) };
}

async function findGroup(db: Executor, scope: Scope, id: number) {
  const [group] = await repo.groupsByIds(db, scope, [id]);
  if (!group) throw notFound();
  return group;
}

export async function getGroup(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const group = await findGroup(db, scope, id);
  return groupRow((await repo.pageGroups(db, scope, { envId: group.envId, ids: [id] }, one)).rows[0]!);
}

export async function createGroup(db: Db, caller: Caller, input: RegistryGroupCreate) {
  const scope = scopeOf(caller);
  const env = await findEnv(db, scope, input.envId);
  const made = await mapDuplicate(repo.insertGroup(db, scope, { ...input, orgId: env.env.orgId }), GROUP_UNIQUE);
  return getGroup(db, caller, made.id);
}

export async function editGroup(db: Db, caller: Caller, id: number, input: RegistryGroupUpdate) {
  const scope = scopeOf(caller);
  const current = await findGroup(db, scope, id);
  const { version, ...values } = input;
  const diff = changes(current, values);
  if (isEmpty(diff)) return noChanges(await getGroup(db, caller, id));
  expectOneUpdated(await mapDuplicate(repo.updateGroup(db, scope, id, version, diff), GROUP_UNIQUE));
  return getGroup(db, caller, id);
}

/** A group's instances go with it. */
export async function removeGroups(db: Db, caller: Caller, ids: number[]) {
  return removeAll(db, ids, (tx, unique) => repo.deleteGroups(tx, scopeOf(caller), unique));
}

// ---------------------------------------------------------------- instances

const INSTANCE_UNIQUE = { registry_env_instance_code_uq: ['code', 'field.registryInstanceCode'] as [string, string] };
type InstanceJoin = Awaited<ReturnType<typeof repo.pageInstances>>['rows'][number];
const instanceRow = ({ instance: i, groupName }: InstanceJoin) => ({
  id: i.id,
  envId: i.envId,
  groupId: i.groupId,
  groupName,
  code: i.code,
  ip: i.ip,
  port: i.port,
  recordTime: i.recordTime,
  version: i.version,
});

export async function listInstances(db: Db, caller: Caller, q: RegistryInstanceListQuery) {
  const scope = scopeOf(caller);
  await findEnv(db, scope, q.envId);
  const { total, rows } = await repo.pageInstances(db, scope, q, pageOf(q));
  return { total, data: rows.map(instanceRow) };
}

async function findInstance(db: Executor, scope: Scope, id: number) {
  const row = (await repo.pageInstances(db, scope, { ids: [id] }, one)).rows[0];
  if (!row) throw notFound();
  return row;
}

export async function getInstance(db: Db, caller: Caller, id: number) {
  return instanceRow(await findInstance(db, scopeOf(caller), id));
}

/** The group an instance is recorded in: of the same environment, and open. */
async function groupFor(db: Executor, scope: Scope, envId: number, groupId: number) {
  const [group] = await repo.groupsByIds(db, scope, [groupId]);
  if (!group || group.envId !== envId) throw invalid('groupId', 'registry.unknownGroup');
  if (group.status !== 0) throw invalid('groupId', 'registry.groupClosed', { name: group.name });
  return group;
}

export async function createInstance(db: Db, caller: Caller, input: RegistryInstanceCreate) {
  const scope = scopeOf(caller);
  const env = await findEnv(db, scope, input.envId);
  await groupFor(db, scope, input.envId, input.groupId);
  const made = await mapDuplicate(repo.insertInstance(db, scope, { ...input, orgId: env.env.orgId }), INSTANCE_UNIQUE);
  return getInstance(db, caller, made.id);
}

export async function editInstance(db: Db, caller: Caller, id: number, input: RegistryInstanceUpdate) {
  const scope = scopeOf(caller);
  const current = await findInstance(db, scope, id);
  const { version, ...values } = input;
  const diff = changes(current.instance, values);
  if (isEmpty(diff)) return noChanges(instanceRow(current));
  if (diff.groupId !== undefined) await groupFor(db, scope, current.instance.envId, diff.groupId);
  expectOneUpdated(await mapDuplicate(repo.updateInstance(db, scope, id, version, diff), INSTANCE_UNIQUE));
  return getInstance(db, caller, id);
}

export async function removeInstances(db: Db, caller: Caller, ids: number[]) {
  return removeAll(db, ids, (tx, unique) => repo.deleteInstances(tx, scopeOf(caller), unique));
}

// ---------------------------------------------------------------- translation items

const TRANSLATION_UNIQUE = { registry_translation_org_code_uq: ['code', 'field.registryCode'] as [string, string] };
type TranslationJoin = Awaited<ReturnType<typeof repo.pageTranslations>>['rows'][number];
const translationRow = ({ item: i, orgName }: TranslationJoin) => ({
  id: i.id,
  orgId: i.orgId,
  orgName,
  code: i.code,
  queryApi: i.queryApi,
  cacheApi: i.cacheApi,
  matchColumn: i.matchColumn,
  column1: i.column1,
  column2: i.column2,
  column3: i.column3,
  column4: i.column4,
  remark: i.remark,
  version: i.version,
  createTime: i.createdAt,
  updateTime: i.updatedAt,
});

/** `system/registry/app/list` -> `/api/system/registry/app/list` (the prefixes are the configured ones). */
function fullPath(prefixes: Prefixes, apiPath: string): string {
  const slash = apiPath.indexOf('/');
  const prefix = prefixes[apiPath.slice(0, slash) as keyof Prefixes];
  return `${prefix}${apiPath.slice(slash + 1)}`;
}

/**
 * The interfaces must be real: the query interface a list route of the console API (`POST x/list`,
 * which the console calls with paging), the cache update interface a write route or a path above
 * one (writes under it clear the console's cached translations).
 */
function interfaceIssues(prefixes: Prefixes, item: { queryApi?: string; cacheApi?: string }): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  if (item.queryApi !== undefined) {
    const url = fullPath(prefixes, item.queryApi);
    if (!url.endsWith('/list') || !routeRegistry.some((r) => r.method === 'POST' && r.url === url))
      out.push({ field: 'queryApi', message: 'registry.queryApiUnknown' });
  }
  if (item.cacheApi !== undefined) {
    const url = fullPath(prefixes, item.cacheApi);
    if (!routeRegistry.some((r) => r.method !== 'GET' && (r.url === url || r.url.startsWith(`${url}/`))))
      out.push({ field: 'cacheApi', message: 'registry.cacheApiUnknown' });
  }
  return out;
}

function checkInterfaces(prefixes: Prefixes, item: { queryApi?: string; cacheApi?: string }): void {
  const [first] = interfaceIssues(prefixes, item);
  if (first) throw invalid(first.field, first.message);
}

export async function listTranslations(db: Db, caller: Caller, q: RegistryTranslationListQuery) {
  const { total, rows } = await repo.pageTranslations(db, scopeOf(caller), q, orderOf(q, repo.translationSorts, repo.translationDefaultOrder), pageOf(q));
  return { total, data: rows.map(translationRow) };
}

async function findTranslation(db: Executor, scope: Scope, id: number) {
  const row = (await repo.pageTranslations(db, scope, { ids: [id] }, [], one)).rows[0];
  if (!row) throw notFound();
  return row;
}

export async function getTranslation(db: Db, caller: Caller, id: number) {
  return translationRow(await findTranslation(db, scopeOf(caller), id));
}

/**
 * What the console's dictionary translation reads: the items in the caller's reach, one per code,
 * the caller's own organisation's first (a platform administrator sees every organisation's).
 */
export async function translationItems(db: Db, caller: Caller) {
  const { rows } = await repo.pageTranslations(db, scopeOf(caller), {}, repo.translationDefaultOrder, ALL);
  const byCode = new Map<string, TranslationJoin>();
  for (const r of rows) {
    const seen = byCode.get(r.item.code);
    if (!seen || (r.item.orgId === caller.orgId && seen.item.orgId !== caller.orgId)) byCode.set(r.item.code, r);
  }
  return [...byCode.values()].map((r) => {
    const { code, queryApi, cacheApi, matchColumn, column1, column2, column3, column4 } = translationRow(r);
    return { code, queryApi, cacheApi, matchColumn, column1, column2, column3, column4 };
  });
}

export async function createTranslation(db: Db, caller: Caller, prefixes: Prefixes, input: RegistryTranslationCreate) {
  checkInterfaces(prefixes, input);
  const scope = scopeOf(caller);
  const { orgId, ...values } = input;
  const [made] = await mapDuplicate(
    repo.insertTranslations(db, scope, [{ ...values, orgId: orgId ?? caller.orgId, remark: values.remark ?? null }]),
    TRANSLATION_UNIQUE,
  );
  return getTranslation(db, caller, made!.id);
}

export async function editTranslation(db: Db, caller: Caller, prefixes: Prefixes, id: number, input: RegistryTranslationUpdate) {
  const scope = scopeOf(caller);
  const current = await findTranslation(db, scope, id);
  const { version, ...values } = input;
  const diff = changes(current.item, values);
  if (isEmpty(diff)) return noChanges(translationRow(current));
  checkInterfaces(prefixes, diff);
  expectOneUpdated(await mapDuplicate(repo.updateTranslation(db, scope, id, version, diff), TRANSLATION_UNIQUE));
  return getTranslation(db, caller, id);
}

export async function removeTranslations(db: Db, caller: Caller, ids: number[]) {
  return removeAll(db, ids, (tx, unique) => repo.deleteTranslations(tx, scopeOf(caller), unique));
}

const translationSheet: SheetColumn[] = [
  { key: 'code', title: t2('翻译项编码', 'Code'), required: true },
  { key: 'queryApi', title: t2('查询接口', 'Query interface'), required: true, width: 30 },
  { key: 'cacheApi', title: t2('缓存更新接口', 'Cache update interface'), required: true, width: 30 },
  { key: 'matchColumn', title: t2('匹配列', 'Match column'), required: true },
  { key: 'column1', title: t2('翻译列1', 'Column 1'), required: true },
  { key: 'column2', title: t2('翻译列2', 'Column 2') },
  { key: 'column3', title: t2('翻译列3', 'Column 3') },
  { key: 'column4', title: t2('翻译列4', 'Column 4') },
  { key: 'remark', title: t2('备注', 'Remark'), width: 30 },
  { key: 'orgName', title: t2('所属机构', 'Organisation'), exportOnly: true },
  { key: 'createTime', title: t2('创建时间', 'Created'), exportOnly: true },
];

export async function exportTranslations(db: Db, caller: Caller, q: RegistryTranslationListQuery, lang: Lang) {
  const { rows } = await repo.pageTranslations(db, scopeOf(caller), q, orderOf(q, repo.translationSorts, repo.translationDefaultOrder), ALL);
  return rowsXlsx(
    translationSheet,
    rows.map(translationRow),
    lang,
    lang === 'zh-CN' ? '翻译项列表' : 'translation-items',
    lang === 'zh-CN' ? '翻译项' : 'Translation items',
  );
}

export async function translationTemplate(lang: Lang) {
  const data = await templateXlsx(translationSheet, lang, {
    code: 'registryEnv',
    queryApi: 'system/registry/env/list',
    cacheApi: 'system/registry/env',
    matchColumn: 'id',
    column1: 'name',
    column2: 'code',
  });
  return xlsxFile(lang === 'zh-CN' ? '翻译项导入模板' : 'translation-import-template', data, false);
}

export async function importTranslations(db: Db, caller: Caller, prefixes: Prefixes, file: UploadedFile, lang: Lang) {
  const scope = scopeOf(caller);
  const raw = await readRows(file, translationSheet, lang, 5000);
  const { valid, issues } = validateRows(raw, registryTranslationCreate.omit({ orgId: true }));
  issues.push(...duplicatesInFile(valid, 'code', (d) => d.code));
  const taken = await repo.takenCodes(
    db,
    scope,
    'translation',
    caller.orgId,
    valid.map((r) => r.data.code),
  );
  for (const r of valid) {
    if (taken.has(r.data.code)) issues.push({ row: r.row, field: 'code', message: 'registry.codeTaken' });
    issues.push(...interfaceIssues(prefixes, r.data).map((i): RowIssue => ({ row: r.row, ...i })));
  }
  if (issues.length) reject(issues, lang, raw.length);
  const made = await db.transaction((tx) =>
    mapDuplicate(
      repo.insertTranslations(
        tx,
        scope,
        valid.map(({ data: d }) => ({ ...d, orgId: caller.orgId, remark: d.remark ?? null })),
      ),
      TRANSLATION_UNIQUE,
    ),
  );
  return imported(raw.length, made.length);
}
