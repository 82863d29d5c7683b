import {
  type ProjectCreate,
  type ProjectListQuery,
  type ProjectUpdate,
  type TicketTypeCreate,
  type TicketTypeListQuery,
  type TicketTypeUpdate,
} from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { expectOneUpdated, scopeOf, type Scope } from '../../../platform/scope.ts';
import { mapDuplicate } from '../../system/index.ts';
import { checkProjectExtras, logChange, projectPerformers, saveProjectPerformers } from './catalogue/catalogue.service.ts';
import { checkVenue } from './ticket.common.ts';
import {
  deleteProject,
  deleteType,
  findProject,
  findType,
  insertProject,
  insertType,
  pageProjects,
  pageTypes,
  projectDefaultOrder,
  projectHasSessions,
  projectSorts,
  typeDefaultOrder,
  typeInUse,
  typeSorts,
  updateProject,
  updateType,
} from './ticket.repository.ts';
import './ticket.messages.ts';

/** The catalogue's own records: project types (two levels) and projects (what is sold, with its rules). */

// ---------------------------------------------------------------- project types

const TYPE_UNIQUE = { sport_ticket_type_org_name_uq: ['name', 'field.ticketTypeName'] as [string, string] };

export async function listTypes(db: Db, caller: Caller, q: TicketTypeListQuery) {
  const { total, rows } = await pageTypes(db, scopeOf(caller), { name: q.name, parentId: q.parentId }, orderOf(q, typeSorts, typeDefaultOrder), pageOf(q));
  return { total, data: rows.map(typeOut) };
}

const typeOut = (r: Awaited<ReturnType<typeof findType>> & object) => ({
  id: r.id,
  orgId: r.orgId,
  name: r.name,
  parentId: r.parentId,
  sort: r.sort,
  version: r.version,
  createTime: r.createdAt,
  updateTime: r.updatedAt,
});

export async function getType(db: Executor, caller: Caller, id: number) {
  const row = await findType(db, scopeOf(caller), id);
  if (!row) throw notFound();
  return typeOut(row);
}

async function checkParent(db: Executor, scope: Scope, parentId: number | null | undefined, orgId: number, selfId?: number) {
  if (parentId === undefined || parentId === null) return;
  const parent = await findType(db, scope, parentId);
  if (!parent || parent.orgId !== orgId) throw notFound();
  if (parent.parentId !== null || parent.id === selfId) throw invalid('parentId', 'ticket.parentNested');
}

export async function addType(db: Db, caller: Caller, input: TicketTypeCreate) {
  const scope = scopeOf(caller);
  const orgId = input.orgId ?? caller.orgId;
  await checkParent(db, scope, input.parentId, orgId);
  const row = await mapDuplicate(insertType(db, scope, { orgId, name: input.name, parentId: input.parentId ?? null, sort: input.sort ?? 0 }), TYPE_UNIQUE);
  return typeOut(row);
}

export async function editType(db: Db, caller: Caller, id: number, input: TicketTypeUpdate) {
  const scope = scopeOf(caller);
  const row = await findType(db, scope, id);
  if (!row) throw notFound();
  const { version, ...values } = input;
  await checkParent(db, scope, values.parentId, row.orgId, id);
  expectOneUpdated(await mapDuplicate(updateType(db, scope, id, version, values), TYPE_UNIQUE));
  return getType(db, caller, id);
}

export async function removeTypes(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    let deleted = 0;
    for (const id of ids) {
      if (!(await findType(tx, scope, id))) throw notFound();
      if (await typeInUse(tx, scope, id)) throw conflict('state', 'ticket.typeInUse');
      deleted += await deleteType(tx, scope, id);
    }
    return { deleted };
  });
}

// ---------------------------------------------------------------- projects

export async function listProjects(db: Db, caller: Caller, q: ProjectListQuery) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageProjects(
    db,
    scope,
    { name: q.name, typeId: q.typeId, venueId: q.venueId, status: q.status },
    orderOf(q, projectSorts, projectDefaultOrder),
    pageOf(q),
  );
  const performers = await projectPerformers(
    db,
    scope,
    rows.map((r) => r.id),
  );
  return { total, data: rows.map((r) => projectOut(r, performers.get(r.id))) };
}

const projectOut = (r: Awaited<ReturnType<typeof pageProjects>>['rows'][number], performers: { ids: number[]; names: string[] } | undefined) => ({
  id: r.id,
  orgId: r.orgId,
  name: r.name,
  typeId: r.typeId,
  typeName: r.typeName,
  venueId: r.venueId,
  posterUrl: r.posterUrl,
  description: r.description,
  performers: performers ? performers.names.join('、') : null,
  performerIds: performers?.ids ?? [],
  purchaseNotice: r.purchaseNotice,
  noticeId: r.noticeId,
  templateId: r.templateId,
  realName: r.realName,
  perBuyerLimit: r.perBuyerLimit,
  status: r.status,
  sessionCount: r.sessionCount,
  version: r.version,
  createTime: r.createdAt,
  updateTime: r.updatedAt,
});

export async function getProject(db: Executor, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const { rows } = await pageProjects(db, scope, { id }, [], { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return projectOut(rows[0], (await projectPerformers(db, scope, [id])).get(id));
}

async function checkProjectRefs(db: Executor, scope: Scope, orgId: number, input: { typeId?: number | null; venueId?: number | null }) {
  if (input.typeId !== undefined && input.typeId !== null) {
    const type = await findType(db, scope, input.typeId);
    if (!type || type.orgId !== orgId) throw notFound();
  }
  await checkVenue(db, scope, input.venueId, orgId);
}

export async function addProject(db: Db, caller: Caller, input: ProjectCreate) {
  const scope = scopeOf(caller);
  const { orgId: given, performerIds, ...values } = input;
  const orgId = given ?? caller.orgId;
  await checkProjectRefs(db, scope, orgId, values);
  await checkProjectExtras(db, scope, orgId, { ...values, performerIds });
  const id = await db.transaction(async (tx) => {
    const row = await insertProject(tx, scope, { ...values, orgId, realName: values.realName ?? 'none', status: values.status ?? 0 });
    if (performerIds?.length) await saveProjectPerformers(tx, scope, orgId, row.id, performerIds);
    await logChange(tx, caller, 'project', row.id, null, { ...row, performerIds: [...new Set(performerIds ?? [])] });
    return row.id;
  });
  return getProject(db, caller, id);
}

export async function editProject(db: Db, caller: Caller, id: number, input: ProjectUpdate) {
  const scope = scopeOf(caller);
  const row = await findProject(db, scope, id);
  if (!row) throw notFound();
  const { version, performerIds, ...values } = input;
  await checkProjectRefs(db, scope, row.orgId, values);
  await checkProjectExtras(db, scope, row.orgId, { ...values, performerIds });
  await db.transaction(async (tx) => {
    const before = (await projectPerformers(tx, scope, [id])).get(id)?.ids ?? [];
    const [after] = await updateProject(tx, scope, id, version, values);
    expectOneUpdated(after ? [after] : []);
    if (performerIds) await saveProjectPerformers(tx, scope, row.orgId, id, performerIds);
    await logChange(
      tx,
      caller,
      'project',
      id,
      { ...row, performerIds: before },
      { ...after!, performerIds: performerIds ? [...new Set(performerIds)] : before },
    );
  });
  return getProject(db, caller, id);
}

export async function removeProjects(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    let deleted = 0;
    for (const id of ids) {
      const project = await findProject(tx, scope, id);
      if (!project) throw notFound();
      if (await projectHasSessions(tx, scope, id)) throw conflict('state', 'ticket.projectHasSessions');
      deleted += await deleteProject(tx, scope, id);
      await logChange(tx, caller, 'project', id, project, null);
    }
    return { deleted };
  });
}
