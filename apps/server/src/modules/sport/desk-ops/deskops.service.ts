import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  INCIDENT_PHOTO_MAX_BYTES,
  type appPageCreate,
  type appPageQuery,
  type feedbackCreate,
  type feedbackHandle,
  type feedbackQuery,
  type incidentCreate,
  type incidentQuery,
  type pageBindItems,
  type workCategoryCreate,
  type workCategoryQuery,
  type workOrderCreate,
  type workOrderMove,
  type workOrderQuery,
  type AppPageRow,
} from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, invalid, notFound, staleVersion } from '../../../platform/errors.ts';
import { FileResult, type Caller } from '../../../platform/http.ts';
import type { Lang } from '../../../platform/i18n.ts';
import { pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { type SheetColumn, rowsXlsx } from '../../../platform/xlsx.ts';
import { deliverStation, publish } from '../../message/index.ts';
import { findVisibleUser, IMAGE_MIME, imageFormat, imageSize, storeByContent, uploadsDir } from '../../system/index.ts';
import { findVenue } from '../venue/index.ts';
import { pageBindable } from './deskops.bindables.ts';
import {
  bindingsOf,
  categoryRepo,
  deletePage,
  feedbackRepo,
  mapDuplicateCode,
  pageCategories,
  pageFeedback,
  incidentLogRepo,
  incidentRepo,
  logsOf,
  moveWorkOrder,
  pageIncidents,
  pageRepo,
  pagesOf,
  pageWorkOrders,
  replaceBindings,
  roleInOrg,
  usersOfRole,
  workOrderRepo,
  type WorkOrderRecord,
} from './deskops.repository.ts';
import type { feedback } from './deskops.table.ts';
import { FEEDBACK_ANSWERED, WORK_ORDER_ASSIGNED } from './deskops.types.ts';
import './deskops.messages.ts';

/** Feedback, work orders, incidents and page settings (issue 30, operations half). The queue is deskops.queue.ts. */

const EXPORT_MAX = 10_000;
const HOUR_MS = 3_600_000;
const local = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

// ---------------------------------------------------------------- feedback

type FeedbackRecord = typeof feedback.$inferSelect;
const feedbackAnswer = (f: FeedbackRecord) => ({
  id: f.id,
  orgId: f.orgId,
  appVersion: f.appVersion,
  contact: f.contact,
  category: f.category,
  status: f.status,
  content: f.content,
  opinion: f.opinion,
  memberName: f.memberName,
  handledAt: f.handledAt,
  version: f.version,
  createTime: f.createdAt,
});

/** `POST deskops/feedback`: feedback as the member app sends it (also typed in by the desk). */
export async function addFeedback(db: Db, caller: Caller, input: z.output<typeof feedbackCreate>) {
  return feedbackAnswer(await feedbackRepo.insert(db, scopeOf(caller), { ...input, orgId: caller.orgId }));
}

export async function listFeedback(db: Db, caller: Caller, q: z.output<typeof feedbackQuery>) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageFeedback(db, scope, q, pageOf(q));
  return { total, data: rows.map(feedbackAnswer) };
}

const feedbackSheet: SheetColumn[] = [
  { key: 'createTime', title: local('提交时间', 'Submitted') },
  { key: 'category', title: local('类别', 'Category') },
  { key: 'content', title: local('内容', 'Content') },
  { key: 'contact', title: local('联系方式', 'Contact') },
  { key: 'appVersion', title: local('App 版本', 'App version') },
  { key: 'status', title: local('处理状态', 'Status') },
  { key: 'opinion', title: local('处理意见', 'Handling opinion') },
];

export async function exportFeedback(db: Db, caller: Caller, q: z.output<typeof feedbackQuery>, lang: Lang) {
  const { data } = await listFeedback(db, caller, { ...q, pageNum: 1, pageSize: EXPORT_MAX });
  const rows = data.map((f) => ({ ...f, createTime: f.createTime.toISOString() }));
  return rowsXlsx(feedbackSheet, rows, lang, lang === 'zh-CN' ? '意见反馈' : 'feedback');
}

/**
 * `PUT deskops/feedback/{id}/handle`: take it up (processing) or answer it (done, with the opinion).
 * The answer and the member's message are one transaction: a refused answer tells nobody.
 */
export async function handleFeedback(db: Db, caller: Caller, id: number, input: z.output<typeof feedbackHandle>) {
  const scope = scopeOf(caller);
  const was = await feedbackRepo.find(db, scope, id);
  if (!was) throw notFound();
  if (was.status === 'done') throw conflict('state', 'deskops.feedbackDone');
  if (input.status === 'done' && !input.opinion) throw invalid('opinion', 'deskops.opinionRequired');
  return db.transaction(async (tx) => {
    const row = await feedbackRepo.update(tx, scope, id, input.version, {
      status: input.status,
      opinion: input.opinion ?? was.opinion,
      handledBy: caller.userId,
      handledAt: new Date(),
    });
    if (input.status === 'done') {
      const contact = row.contact;
      await publish(tx, {
        orgId: row.orgId,
        type: FEEDBACK_ANSWERED,
        operatorId: caller.userId,
        member: { name: row.memberName, phone: /^\+?\d{6,20}$/.test(contact) ? contact : null, email: contact.includes('@') ? contact : null },
        data: { memberName: row.memberName ?? '', content: row.content.slice(0, 60), opinion: row.opinion ?? '' },
        link: `/sport/views/content/feedback/index?id=${row.id}`,
      });
    }
    return feedbackAnswer(row);
  });
}

// ---------------------------------------------------------------- work orders

export async function addWorkCategory(db: Db, caller: Caller, input: z.output<typeof workCategoryCreate>) {
  const c = await mapDuplicateCode(categoryRepo.insert(db, scopeOf(caller), { ...input, orgId: caller.orgId }));
  return { id: c.id, name: c.name, slaHours: c.slaHours, version: c.version };
}

export async function listWorkCategories(db: Db, caller: Caller, q: z.output<typeof workCategoryQuery>) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageCategories(db, scope, q, pageOf(q));
  return { total, data: rows.map((c) => ({ id: c.id, name: c.name, slaHours: c.slaHours, version: c.version })) };
}

type WorkOrderJoined = Awaited<ReturnType<typeof pageWorkOrders>>['rows'][number];
const workOrderRowOf = (r: WorkOrderJoined) => ({
  id: r.order.id,
  categoryId: r.order.categoryId,
  categoryName: r.categoryName,
  title: r.order.title,
  content: r.order.content,
  assigneeUserId: r.order.assigneeUserId,
  assigneeUserName: r.userName,
  assigneeRoleId: r.order.assigneeRoleId,
  assigneeRoleName: r.roleName,
  state: r.order.state,
  dueTime: r.order.dueAt,
  overdue: Boolean(r.overdue),
  result: r.order.result,
  finishTime: r.order.finishedAt,
  version: r.order.version,
  createTime: r.order.createdAt,
});

export async function getWorkOrder(db: Executor, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const { rows } = await pageWorkOrders(db, scope, { id }, new Date(), { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return workOrderRowOf(rows[0]);
}

/** The list: overdue orders first (marked), then by due time. */
export async function listWorkOrders(db: Db, caller: Caller, q: z.output<typeof workOrderQuery>) {
  const now = new Date();
  const { total, rows } = await pageWorkOrders(db, scopeOf(caller), q, now, pageOf(q));
  return { total, data: rows.map(workOrderRowOf) };
}

const workOrderSheet: SheetColumn[] = [
  { key: 'title', title: local('标题', 'Title') },
  { key: 'categoryName', title: local('类别', 'Category') },
  { key: 'assignee', title: local('处理人', 'Assignee') },
  { key: 'state', title: local('状态', 'State') },
  { key: 'dueTime', title: local('截止时间', 'Due') },
  { key: 'overdue', title: local('超时', 'Overdue') },
  { key: 'result', title: local('处理结果', 'Result') },
];

export async function exportWorkOrders(db: Db, caller: Caller, q: z.output<typeof workOrderQuery>, lang: Lang) {
  const { data } = await listWorkOrders(db, caller, { ...q, pageNum: 1, pageSize: EXPORT_MAX });
  const rows = data.map((w) => ({
    ...w,
    assignee: w.assigneeUserName ?? w.assigneeRoleName ?? '',
    dueTime: w.dueTime.toISOString(),
    overdue: w.overdue ? (lang === 'zh-CN' ? '是' : 'Yes') : '',
  }));
  return rowsXlsx(workOrderSheet, rows, lang, lang === 'zh-CN' ? '工单' : 'work-orders');
}

/** Tells the assignee (the user, or every holder of the role) of a new order, in the order's transaction. */
async function tellAssignee(tx: Executor, scope: Scope, order: WorkOrderRecord, categoryName: string) {
  const userIds = order.assigneeUserId ? [order.assigneeUserId] : await usersOfRole(tx, scope, order.assigneeRoleId!);
  if (!userIds.length) return;
  await deliverStation(tx, {
    orgId: order.orgId,
    userIds,
    type: WORK_ORDER_ASSIGNED,
    title: `【${categoryName}】${order.title}`,
    content: `${order.title} — ${order.dueAt.toISOString()}`,
    link: `/sport/views/content/workOrder/index?id=${order.id}`,
    sourceKey: `workOrder:${order.id}:assigned`,
  });
}

/** `POST deskops/workOrder`: due `slaHours` after now; the assignee is told at once. */
export async function addWorkOrder(db: Db, caller: Caller, input: z.output<typeof workOrderCreate>) {
  const scope = scopeOf(caller);
  const category = await categoryRepo.find(db, scope, input.categoryId);
  if (!category || category.orgId !== caller.orgId) throw notFound();
  // Another organisation's user or role is not found, like a missing one.
  if (input.assigneeUserId && !(await findVisibleUser(db, scope, input.assigneeUserId))) throw notFound();
  if (input.assigneeRoleId && !(await roleInOrg(db, scope, caller.orgId, input.assigneeRoleId))) throw notFound();
  if (!input.assigneeUserId === !input.assigneeRoleId) throw invalid('assigneeUserId', 'deskops.assigneeOne');
  const id = await db.transaction(async (tx) => {
    const order = await workOrderRepo.insert(tx, scope, {
      orgId: caller.orgId,
      categoryId: category.id,
      title: input.title,
      content: input.content,
      assigneeUserId: input.assigneeUserId ?? null,
      assigneeRoleId: input.assigneeRoleId ?? null,
      dueAt: new Date(Date.now() + category.slaHours * HOUR_MS),
      createdBy: caller.userId,
    });
    await tellAssignee(tx, scope, order, category.name);
    return order.id;
  });
  return getWorkOrder(db, caller, id);
}

const MOVES: Record<string, string[]> = { inProgress: ['open'], done: ['inProgress'], closed: ['open', 'inProgress'] };

/**
 * `PUT deskops/workOrder/{id}/state`: take (open -> inProgress), finish (inProgress -> done, with a
 * result) or close. One conditional write from the state and version seen: of two operators taking
 * the same order, one gets it and the other 100409.
 */
export async function moveWork(db: Db, caller: Caller, id: number, input: z.output<typeof workOrderMove>) {
  const scope = scopeOf(caller);
  const was = await workOrderRepo.find(db, scope, id);
  if (!was) throw notFound();
  const from = MOVES[input.state]!;
  if (!from.includes(was.state)) throw conflict('state', 'deskops.move', { from: was.state, to: input.state });
  if (input.state === 'done' && !input.result) throw invalid('result', 'deskops.resultRequired');
  const finished = input.state !== 'inProgress';
  const moved = await moveWorkOrder(db, scope, id, from, input.version, {
    state: input.state,
    ...(input.state === 'inProgress' ? { takenBy: caller.userId } : {}),
    ...(finished ? { finishedAt: new Date(), result: input.result ?? null } : {}),
  });
  if (!moved) throw staleVersion();
  return getWorkOrder(db, caller, id);
}

// ---------------------------------------------------------------- incidents

type IncidentJoined = Awaited<ReturnType<typeof pageIncidents>>['rows'][number];
const incidentRowOf = ({ incident: i, stadiumName }: IncidentJoined) => ({
  id: i.id,
  stadiumId: i.venueId,
  stadiumName,
  kind: i.kind,
  title: i.title,
  description: i.description,
  occurredAt: i.occurredAt,
  photos: i.photos,
  state: i.state,
  result: i.result,
  closeTime: i.closedAt,
  version: i.version,
  createTime: i.createdAt,
});

const incidentsDir = (dataDir: string) => path.join(uploadsDir(dataDir), 'incidents');
export const INCIDENT_IMAGE_MAX_BYTES = INCIDENT_PHOTO_MAX_BYTES;

/** `POST deskops/incident/photo`: a photo checked by content (JPG or PNG, at most 5 MB), stored by its hash; answers its name. */
export function uploadIncidentPhoto(dataDir: string, file: { data: Buffer; truncated: boolean }) {
  if (file.truncated || file.data.length > INCIDENT_IMAGE_MAX_BYTES) throw invalid('file', 'deskops.image.tooLarge', { max: '5M' });
  if (file.data.length === 0) throw invalid('file', 'deskops.image.noFile');
  const format = imageFormat(file.data);
  if (format !== 'jpg' && format !== 'png') throw invalid('file', 'deskops.image.badFormat');
  if (!imageSize(file.data, format)) throw invalid('file', 'deskops.image.badImage');
  return { name: storeByContent(incidentsDir(dataDir), file.data, format) };
}

/** `GET deskops/incident/{id}/photo/{name}`: one of the incident's photos, to signed-in staff of its organisation. */
export async function incidentPhoto(db: Db, caller: Caller, dataDir: string, id: number, name: string) {
  const incident = await incidentRepo.find(db, scopeOf(caller), id);
  if (!incident || !incident.photos.includes(name)) throw notFound();
  const file = path.join(incidentsDir(dataDir), name);
  if (!fs.existsSync(file)) throw notFound();
  return new FileResult(name, IMAGE_MIME[name.slice(-3) as 'png' | 'jpg'], fs.readFileSync(file));
}

export async function getIncident(db: Executor, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const { rows } = await pageIncidents(db, scope, { id }, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  const logs = (await logsOf(db, scope, id)).map(({ log, name }) => ({
    id: log.id,
    note: log.note,
    createdBy: log.createdBy,
    createdByName: name,
    createTime: log.createdAt,
  }));
  return { ...incidentRowOf(rows[0]), logs };
}

export async function addIncident(db: Db, caller: Caller, input: z.output<typeof incidentCreate>) {
  const scope = scopeOf(caller);
  const venue = await findVenue(db, scope, input.stadiumId);
  if (!venue) throw notFound();
  const { stadiumId, ...rest } = input;
  const row = await incidentRepo.insert(db, scope, { ...rest, venueId: stadiumId, orgId: venue.orgId, createdBy: caller.userId });
  return getIncident(db, caller, row.id);
}

export async function listIncidents(db: Db, caller: Caller, q: z.output<typeof incidentQuery>) {
  const { total, rows } = await pageIncidents(db, scopeOf(caller), q, pageOf(q));
  return { total, data: rows.map(incidentRowOf) };
}

const incidentSheet: SheetColumn[] = [
  { key: 'occurredAt', title: local('发生时间', 'Occurred') },
  { key: 'stadiumName', title: local('场馆', 'Venue') },
  { key: 'kind', title: local('类型', 'Kind') },
  { key: 'title', title: local('标题', 'Title') },
  { key: 'state', title: local('状态', 'State') },
  { key: 'result', title: local('处理结果', 'Result') },
];

export async function exportIncidents(db: Db, caller: Caller, q: z.output<typeof incidentQuery>, lang: Lang) {
  const { data } = await listIncidents(db, caller, { ...q, pageNum: 1, pageSize: EXPORT_MAX });
  const rows = data.map((i) => ({ ...i, occurredAt: i.occurredAt.toISOString() }));
  return rowsXlsx(incidentSheet, rows, lang, lang === 'zh-CN' ? '事件上报' : 'incidents');
}

/** `POST deskops/incident/{id}/followUp`: an append-only log entry (who, when); a closed incident takes none. */
export async function followUpIncident(db: Db, caller: Caller, id: number, note: string) {
  const scope = scopeOf(caller);
  const incident = await incidentRepo.find(db, scope, id);
  if (!incident) throw notFound();
  if (incident.state === 'closed') throw conflict('state', 'deskops.incidentClosed');
  await incidentLogRepo.insert(db, scope, { orgId: incident.orgId, incidentId: id, note, createdBy: caller.userId });
  return getIncident(db, caller, id);
}

export async function closeIncident(db: Db, caller: Caller, id: number, input: { result: string; version: number }) {
  const scope = scopeOf(caller);
  const incident = await incidentRepo.find(db, scope, id);
  if (!incident) throw notFound();
  if (incident.state === 'closed') throw conflict('state', 'deskops.incidentClosed');
  await incidentRepo.update(db, scope, id, input.version, { state: 'closed', result: input.result, closedAt: new Date() });
  return getIncident(db, caller, id);
}

// ---------------------------------------------------------------- page settings

const LEVEL_BELOW: Record<string, 'slot' | 'item'> = { page: 'slot', slot: 'item' };

/** The organisation's pages as a tree (page -> slots -> child items), each slot with what it shows. */
export async function pageTree(db: Db, caller: Caller, q: z.output<typeof appPageQuery>) {
  const scope = scopeOf(caller);
  const all = await pagesOf(db, scope, {});
  const bindings = await bindingsOf(
    db,
    scope,
    all.filter((p) => p.level === 'slot').map((p) => p.id),
  );
  const names = new Map<string, string | null>();
  for (const b of bindings) names.set(`${b.kind}:${b.refId}`, (await pageBindable(b.kind)?.(db, scope, b.refId))?.name ?? null);
  const nodes = new Map<number, AppPageRow>(
    all.map((p) => [
      p.id,
      {
        id: p.id,
        parentId: p.parentId,
        level: p.level as AppPageRow['level'],
        name: p.name,
        code: p.code,
        sort: p.sort,
        version: p.version,
        bindings: bindings
          .filter((b) => b.slotId === p.id)
          .map((b) => ({ id: b.id, kind: b.kind, refId: b.refId, name: names.get(`${b.kind}:${b.refId}`) ?? null, sort: b.sort })),
      },
    ]),
  );
  const roots: AppPageRow[] = [];
  for (const p of all) {
    const node = nodes.get(p.id)!;
    const parent = p.parentId === null ? undefined : nodes.get(p.parentId);
    if (parent) (parent.children ??= []).push(node);
    else if (p.level === 'page') roots.push(node);
  }
  const data = roots.filter((r) => !q.name || r.name.includes(q.name));
  return { total: data.length, data };
}

/** `POST deskops/page`: a page, a slot of a page (add child) or a child item of a slot. */
export async function addPage(db: Db, caller: Caller, input: z.output<typeof appPageCreate>) {
  const scope = scopeOf(caller);
  let level: 'page' | 'slot' | 'item' = 'page';
  let orgId = caller.orgId;
  if (input.parentId) {
    const parent = await pageRepo.find(db, scope, input.parentId);
    if (!parent) throw notFound();
    const below = LEVEL_BELOW[parent.level];
    if (!below) throw invalid('parentId', 'deskops.pageDepth');
    level = below;
    orgId = parent.orgId;
  }
  const row = await mapDuplicateCode(
    pageRepo.insert(db, scope, { orgId, parentId: input.parentId ?? null, level, name: input.name, code: input.code, sort: input.sort }),
  );
  return { id: row.id, parentId: row.parentId, level: row.level, name: row.name, code: row.code, sort: row.sort, version: row.version, bindings: [] };
}

export async function removePages(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  const found = await pageRepo.findMany(db, scope, ids);
  if (found.length !== new Set(ids).size) throw notFound();
  for (const p of found) await deletePage(db, scope, p.id);
  return { deleted: found.length };
}

/**
 * `PUT deskops/page/{id}/bindItems`: what a slot shows, replaced as a whole. Each item's kind must
 * be registered and its record must exist in the caller's scope (another organisation's course is
 * "not found" like a missing one); one bad item changes nothing.
 */
export async function bindItems(db: Db, caller: Caller, id: number, input: z.output<typeof pageBindItems>) {
  const scope = scopeOf(caller);
  const slot = await pageRepo.find(db, scope, id);
  if (!slot) throw notFound();
  if (slot.level !== 'slot') throw invalid('items', 'deskops.bindSlot');
  for (const [i, item] of input.items.entries()) {
    const lookup = pageBindable(item.kind);
    if (!lookup) throw invalid(`items.${i}.kind`, 'deskops.bindKind', { kind: item.kind });
    if (!(await lookup(db, scope, item.refId))) throw invalid(`items.${i}.refId`, 'deskops.bindMissing', { kind: item.kind, id: item.refId });
  }
  const unique = [...new Map(input.items.map((it) => [`${it.kind}:${it.refId}`, it])).values()];
  await db.transaction((tx) => replaceBindings(tx, scope, slot.orgId, slot.id, unique));
  const tree = await pageTree(db, caller, { pageNum: 1, pageSize: 20 });
  const find = (nodes: AppPageRow[]): AppPageRow | undefined => {
    for (const n of nodes) {
      if (n.id === id) return n;
      const hit = n.children && find(n.children);
      if (hit) return hit;
    }
    return undefined;
  };
  const node = find(tree.data)!;
  const { children: _children, ...row } = node;
  return row;
}
