import crypto from 'node:crypto';
import {
  DEFAULT_HOLD_MINUTES,
  type LevelCreate,
  type LevelListQuery,
  type LevelUpdate,
  type ProjectCreate,
  type ProjectListQuery,
  type ProjectUpdate,
  type SeatmapCreate,
  type SeatmapDocument,
  type SeatmapListQuery,
  type SeatmapUpdate,
  type SessionCreate,
  type SessionListQuery,
  type SessionUpdate,
  type TicketListQuery,
  type TicketOrder,
  type TicketTypeCreate,
  type TicketTypeListQuery,
  type TicketTypeUpdate,
} from '@venue/contract';
import type { Db, Executor, Tx } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { expectOneUpdated, scopeOf, type Scope } from '../../../platform/scope.ts';
import { mapDuplicate } from '../../system/admin.common.ts';
import { storeByContent, uploadsDir } from '../../system/setting.service.ts';
import { imageFormat, imageSize } from '../../system/setting.image.ts';
import { findOrder } from '../commerce/commerce.repository.ts';
import { registerItemKind, venueOrgOf, type KindContext } from '../commerce/item-kinds.ts';
import { createOrder } from '../commerce/order.service.ts';
import {
  deleteLevel,
  deleteProject,
  deleteSeatmap,
  deleteSession,
  deleteType,
  findLevel,
  findProject,
  findSeatmap,
  findSeatmapVersion,
  levelForSale,
  seatForSale,
  findSession,
  findType,
  freeSeats,
  holdQuota,
  holdSeat,
  insertLevels,
  insertProject,
  insertSeatmap,
  insertSeatmapVersion,
  insertSeats,
  insertSession,
  insertTickets,
  insertType,
  levelHasLiveSeats,
  levelHasTickets,
  levelSeatsByKeys,
  levelsOfSessions,
  moveLineTickets,
  moveQuota,
  pageLevels,
  pageProjects,
  pageSeatmaps,
  pageSessions,
  pageTickets,
  pageTypes,
  projectDefaultOrder,
  projectHasSessions,
  projectSorts,
  relevelSeats,
  saleContext,
  seatCounts,
  seatmapDefaultOrder,
  seatmapInUse,
  seatmapSorts,
  seatsOf,
  sessionDefaultOrder,
  sessionHasTickets,
  sessionSorts,
  setLineSeats,
  setOrderBuyer,
  setSeatsBlocked,
  distributorSeatsAmong,
  typeDefaultOrder,
  typeInUse,
  typeSorts,
  updateLevel,
  updateProject,
  updateSeatmap,
  updateSession,
  updateType,
  versionsOf,
  type LevelRecord,
  type SeatmapRecord,
  type SessionRecord,
} from './ticket.repository.ts';
import './ticket.messages.ts';
import { checkProjectExtras, checkTemplateRef, logChange, projectPerformers, saveProjectPerformers } from './catalogue/catalogue.service.ts';
import { liveTicketsOfBuyer, lockBuyer, refundNamedTickets, reservationStateOfOrder, takenViewerIds } from './reserve/reserve.repository.ts';
import { checkViewers, idNumberKey, maskIdNo, type ViewerValues } from './reserve/rules.ts';
import { resolveMemberViewers } from './reserve/viewers.ts';

/**
 * Ticketing: the catalogue (project types, projects), seat maps with versions, sessions with
 * their levels and seats, and selling through the commerce core (item kind `ticket`).
 */

/** A Postgres error code anywhere in the cause chain (drizzle wraps driver errors). */
function pgCode(e: unknown): { code?: string; constraint?: string } | undefined {
  for (let x = e as { code?: string; constraint?: string; cause?: unknown } | undefined, i = 0; x && i < 4; x = x.cause as typeof x, i++)
    if (typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code)) return x;
  return undefined;
}

async function checkVenue(db: Executor, scope: Scope, venueId: number | null | undefined, orgId: number): Promise<void> {
  if (venueId === undefined || venueId === null) return;
  if ((await venueOrgOf(db as Tx, scope, venueId)) !== orgId) throw notFound();
}

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

// ---------------------------------------------------------------- seat maps

/** Seats a document sells or blocks (the `shown` ones are drawn only). */
export const seatCountOf = (doc: SeatmapDocument) => doc.seats.reduce((n, s) => n + (s.kind === 'shown' ? 0 : 1), 0);

const seatmapOut = (r: SeatmapRecord) => ({ id: r.id, name: r.name, venueId: r.venueId, version: r.version, seatCount: r.seatCount, updateTime: r.updatedAt });

export async function listSeatmaps(db: Db, caller: Caller, q: SeatmapListQuery) {
  const { total, rows } = await pageSeatmaps(
    db,
    scopeOf(caller),
    { name: q.name, venueId: q.venueId },
    orderOf(q, seatmapSorts, seatmapDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows.map(seatmapOut) };
}

export async function getSeatmap(db: Executor, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const map = await findSeatmap(db, scope, id);
  if (!map) throw notFound();
  const latest = await findSeatmapVersion(db, scope, id, map.docVersion);
  if (!latest) throw notFound();
  return { ...seatmapOut(map), document: latest.document };
}

export async function addSeatmap(db: Db, caller: Caller, input: SeatmapCreate) {
  const scope = scopeOf(caller);
  const orgId = caller.orgId;
  const id = await db.transaction(async (tx) => {
    await checkVenue(tx, scope, input.venueId, orgId);
    const seatCount = seatCountOf(input.document);
    const map = await insertSeatmap(tx, scope, { orgId, name: input.name, venueId: input.venueId ?? null, version: 1, docVersion: 1, seatCount });
    await insertSeatmapVersion(tx, scope, { orgId, seatmapId: map.id, version: 1, document: input.document, seatCount, createdBy: caller.userId });
    return map.id;
  });
  return getSeatmap(db, caller, id);
}

/** Saves a map: a new document is stored as a new version (numbered by the map's new edit version). */
export async function editSeatmap(db: Db, caller: Caller, id: number, input: SeatmapUpdate) {
  const scope = scopeOf(caller);
  await db.transaction(async (tx) => {
    const map = await findSeatmap(tx, scope, id);
    if (!map) throw notFound();
    await checkVenue(tx, scope, input.venueId, map.orgId);
    const next = input.version + 1;
    const seatCount = input.document ? seatCountOf(input.document) : map.seatCount;
    const values = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.venueId !== undefined ? { venueId: input.venueId } : {}),
      ...(input.document ? { docVersion: next, seatCount } : {}),
    };
    expectOneUpdated(await updateSeatmap(tx, scope, id, input.version, values));
    if (input.document)
      await insertSeatmapVersion(tx, scope, { orgId: map.orgId, seatmapId: id, version: next, document: input.document, seatCount, createdBy: caller.userId });
  });
  return getSeatmap(db, caller, id);
}

export async function seatmapVersionList(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  if (!(await findSeatmap(db, scope, id))) throw notFound();
  return versionsOf(db, scope, id);
}

export async function removeSeatmaps(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    let deleted = 0;
    for (const id of ids) {
      if (!(await findSeatmap(tx, scope, id, { lock: true }))) throw notFound();
      if (await seatmapInUse(tx, scope, id)) throw conflict('state', 'seatmap.inUse', { n: 1 });
      deleted += await deleteSeatmap(tx, scope, id);
    }
    return { deleted };
  });
}

export const SEATMAP_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const SEATMAP_IMAGE_MAX_SIDE = 8192;

/** A floor-plan image: jpg or png by content, at most 5 MB and 8192 px a side; stored by content under the public `/files/`. */
export function storeSeatmapImage(dataDir: string, data: Buffer, truncated: boolean): { url: string } {
  if (truncated || data.length > SEATMAP_IMAGE_MAX_BYTES) throw invalid('file', 'seatmap.image.tooLarge', { max: '5M' });
  if (data.length === 0) throw invalid('file', 'seatmap.image.noFile');
  const format = imageFormat(data);
  if (format !== 'jpg' && format !== 'png') throw invalid('file', 'seatmap.image.badFormat');
  const size = imageSize(data, format);
  if (!size) throw invalid('file', 'seatmap.image.badImage');
  if (size.width > SEATMAP_IMAGE_MAX_SIDE || size.height > SEATMAP_IMAGE_MAX_SIDE)
    throw invalid('file', 'seatmap.image.tooBig', { max: SEATMAP_IMAGE_MAX_SIDE });
  const name = storeByContent(uploadsDir(dataDir), data, format);
  return { url: `/files/${name}` };
}

// ---------------------------------------------------------------- sessions and levels

type Counts = Awaited<ReturnType<typeof seatCounts>>;

/** The figures of sessions: capacity, available, sold and held, per session and per level. */
function figures(session: SessionRecord, levels: LevelRecord[], counts: Counts) {
  const perLevel = new Map<number, { sold: number; held: number; available: number }>();
  if (!session.seated) {
    for (const l of levels) perLevel.set(l.id, { sold: l.sold, held: l.held, available: Math.max(0, (l.quota ?? 0) - l.sold - l.held) });
    const capacity = levels.reduce((n, l) => n + (l.quota ?? 0), 0);
    const sold = levels.reduce((n, l) => n + l.sold, 0);
    const held = levels.reduce((n, l) => n + l.held, 0);
    return { capacity, available: Math.max(0, capacity - sold - held), sold, held, perLevel };
  }
  let capacity = 0;
  let available = 0;
  let sold = 0;
  let held = 0;
  for (const l of levels) perLevel.set(l.id, { sold: 0, held: 0, available: 0 });
  for (const c of counts) {
    if (c.sessionId !== session.id) continue;
    if (c.state !== 'blocked') capacity += c.n;
    if (c.state === 'sold') sold += c.n;
    if (c.state === 'held') held += c.n;
    const l = c.levelId === null ? undefined : perLevel.get(c.levelId);
    if (c.state === 'free' && l) available += c.n;
    if (!l) continue;
    if (c.state === 'free') l.available += c.n;
    if (c.state === 'sold') l.sold += c.n;
    if (c.state === 'held') l.held += c.n;
  }
  return { capacity, available, sold, held, perLevel };
}

type SessionView = SessionRecord & { projectName: string; realName: string; perBuyerLimit: number | null };

function sessionOut(s: SessionView, levels: LevelRecord[], counts: Counts) {
  const own = levels.filter((l) => l.sessionId === s.id);
  const f = figures(s, own, counts);
  return {
    id: s.id,
    projectId: s.projectId,
    name: s.name,
    startAt: s.startAt,
    seated: s.seated,
    capacity: f.capacity,
    available: f.available,
    levels: own.map((l) => ({ id: l.id, name: l.name, price: l.priceFen, available: f.perLevel.get(l.id)!.available })),
    orgId: s.orgId,
    projectName: s.projectName,
    realName: s.realName,
    perBuyerLimit: s.perBuyerLimit,
    endAt: s.endAt,
    seatmapId: s.seatmapId,
    seatmapVersion: s.seatmapVersion,
    holdMinutes: s.holdMinutes,
    gateOpenMinutes: s.gateOpenMinutes,
    gateCloseMinutes: s.gateCloseMinutes,
    templateId: s.templateId,
    onSale: s.onSale,
    status: s.status,
    sold: f.sold,
    held: f.held,
    version: s.version,
    createTime: s.createdAt,
    updateTime: s.updatedAt,
  };
}

/** The fixed call's row: exactly its fields. */
const sessionBase = ({ id, projectId, name, startAt, seated, capacity, available, levels }: ReturnType<typeof sessionOut>) => ({
  id,
  projectId,
  name,
  startAt,
  seated,
  capacity,
  available,
  levels,
});

/** `POST ticket/session/list` (a fixed call). */
export async function listSessions(db: Db, caller: Caller, q: SessionListQuery) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageSessions(db, scope, { projectId: q.projectId, name: q.name }, orderOf(q, sessionSorts, sessionDefaultOrder), pageOf(q));
  const ids = rows.map((r) => r.id);
  const seated = rows.filter((r) => r.seated).map((r) => r.id);
  const [levels, counts] = await Promise.all([levelsOfSessions(db, scope, ids), seatCounts(db, scope, seated)]);
  return { total, data: rows.map((r) => (q.detail ? sessionOut(r, levels, counts) : sessionBase(sessionOut(r, levels, counts)))) };
}

export async function getSession(db: Executor, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const { rows } = await pageSessions(db, scope, { id }, [], { limit: 1, offset: 0 });
  const s = rows[0];
  if (!s) throw notFound();
  const [levels, counts] = await Promise.all([levelsOfSessions(db, scope, [id]), s.seated ? seatCounts(db, scope, [id]) : Promise.resolve([])]);
  return sessionOut(s, levels, counts);
}

type LevelValues = { name: string; priceFen: number; color?: string; quota?: number | null; levelKeys?: string[]; sort?: number };
const levelValues = (orgId: number, sessionId: number, seated: boolean, l: LevelValues, i: number) => ({
  orgId,
  sessionId,
  name: l.name,
  priceFen: l.priceFen,
  color: l.color ?? '#1677ff',
  quota: seated ? null : (l.quota ?? 0),
  levelKeys: seated ? (l.levelKeys ?? []) : [],
  sort: l.sort ?? i,
});

/** Makes a seated session's seats from its map version: `unsold` seats blocked, `shown` seats left out, each seat at the level selling its `levelKey`. */
async function materialiseSeats(tx: Tx, scope: Scope, session: SessionRecord, doc: SeatmapDocument, levels: LevelRecord[]): Promise<number> {
  const zoneName = new Map(doc.zones.map((z) => [z.key, z.name]));
  const byKey = new Map<string, number>();
  for (const l of levels) for (const k of l.levelKeys) if (!byKey.has(k)) byKey.set(k, l.id);
  const rows = doc.seats
    .filter((s) => s.kind !== 'shown')
    .map((s) => ({
      orgId: session.orgId,
      sessionId: session.id,
      seatKey: s.key,
      zone: (zoneName.get(s.zone) ?? s.zone).slice(0, 32),
      row: s.row,
      no: s.no,
      levelKey: s.levelKey ?? null,
      levelId: s.levelKey ? (byKey.get(s.levelKey) ?? null) : null,
      state: s.kind === 'unsold' ? 'blocked' : 'free',
    }));
  return insertSeats(tx, scope, rows);
}

export async function addSession(db: Db, caller: Caller, input: SessionCreate) {
  const scope = scopeOf(caller);
  const id = await db.transaction(async (tx) => {
    const project = await findProject(tx, scope, input.projectId);
    if (!project) throw notFound();
    await checkTemplateRef(tx, scope, project.orgId, input.templateId);
    let doc: SeatmapDocument | undefined;
    let mapVersion: number | null = null;
    if (input.seated) {
      const map = await findSeatmap(tx, scope, input.seatmapId!);
      if (!map || map.orgId !== project.orgId) throw notFound();
      mapVersion = input.seatmapVersion ?? map.docVersion;
      const v = await findSeatmapVersion(tx, scope, map.id, mapVersion);
      if (!v) throw invalid('seatmapVersion', 'seatmap.noVersion');
      doc = v.document;
    }
    const session = await insertSession(tx, scope, {
      orgId: project.orgId,
      projectId: project.id,
      name: input.name,
      startAt: input.startAt,
      endAt: input.endAt ?? null,
      seated: input.seated,
      seatmapId: input.seated ? input.seatmapId! : null,
      seatmapVersion: mapVersion,
      holdMinutes: input.holdMinutes ?? DEFAULT_HOLD_MINUTES,
      ...(input.gateOpenMinutes !== undefined ? { gateOpenMinutes: input.gateOpenMinutes } : {}),
      ...(input.gateCloseMinutes !== undefined ? { gateCloseMinutes: input.gateCloseMinutes } : {}),
      onSale: input.onSale ?? false,
      status: input.status ?? 0,
      templateId: input.templateId ?? null,
    });
    const levels = await insertLevels(
      tx,
      scope,
      (input.levels ?? []).map((l, i) => levelValues(project.orgId, session.id, input.seated, l, i)),
    );
    if (doc) await materialiseSeats(tx, scope, session, doc, levels);
    await logChange(tx, caller, 'session', project.id, null, session);
    for (const l of levels) await logChange(tx, caller, 'level', project.id, null, l);
    return session.id;
  });
  return getSession(db, caller, id);
}

export async function editSession(db: Db, caller: Caller, id: number, input: SessionUpdate) {
  const scope = scopeOf(caller);
  const before = await findSession(db, scope, id);
  if (!before) throw notFound();
  const { version, ...values } = input;
  await checkTemplateRef(db, scope, before.orgId, values.templateId);
  await db.transaction(async (tx) => {
    const [after] = await updateSession(tx, scope, id, version, values);
    expectOneUpdated(after ? [after] : []);
    await logChange(tx, caller, 'session', before.projectId, before, after!);
  });
  return getSession(db, caller, id);
}

export async function removeSessions(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    let deleted = 0;
    for (const id of ids) {
      const session = await findSession(tx, scope, id, { lock: true });
      if (!session) throw notFound();
      if (await sessionHasTickets(tx, scope, id)) throw conflict('state', 'ticket.sessionHasTickets');
      deleted += await deleteSession(tx, scope, id);
      await logChange(tx, caller, 'session', session.projectId, session, null);
    }
    return { deleted };
  });
}

/** `POST ticket/session/{id}/seats` (a fixed call). */
export async function sessionSeats(db: Db, caller: Caller, sessionId: number, detail: boolean) {
  const scope = scopeOf(caller);
  if (!(await findSession(db, scope, sessionId))) throw notFound();
  const rows = await seatsOf(db, scope, sessionId);
  return {
    seats: rows.map(({ seat: s, price }) => {
      const base = { id: s.id, zone: s.zone, row: s.row, no: s.no, levelId: s.levelId, state: s.state, price: price ?? 0 };
      return detail ? { ...base, seatKey: s.seatKey, levelKey: s.levelKey, orderId: s.orderId } : base;
    }),
  };
}

/** Seat modification for one session (its map and the map's other sessions are unchanged). */
export async function changeSeats(db: Db, caller: Caller, sessionId: number, action: 'block' | 'release' | 'relevel', seatIds: number[], levelId?: number) {
  const scope = scopeOf(caller);
  const session = await findSession(db, scope, sessionId);
  if (!session) throw notFound();
  if (!session.seated) throw conflict('state', 'ticket.notSeated');
  if (action !== 'block') {
    const theirs = await distributorSeatsAmong(db, scope, seatIds);
    if (theirs.length) throw conflict('state', 'ticket.seat.distributor', { seats: theirs.slice(0, 5).join('、') });
  }
  if (action === 'relevel') {
    const level = await findLevel(db, scope, levelId!);
    if (!level || level.sessionId !== sessionId) throw notFound();
    return { changed: await relevelSeats(db, scope, sessionId, seatIds, level.id) };
  }
  return { changed: await setSeatsBlocked(db, scope, sessionId, seatIds, action === 'block') };
}

const levelOut = (l: LevelRecord, f: { sold: number; held: number; available: number }) => ({
  id: l.id,
  orgId: l.orgId,
  sessionId: l.sessionId,
  name: l.name,
  priceFen: l.priceFen,
  color: l.color,
  quota: l.quota,
  levelKeys: l.levelKeys,
  sort: l.sort,
  sold: f.sold,
  held: f.held,
  available: f.available,
  version: l.version,
  createTime: l.createdAt,
  updateTime: l.updatedAt,
});

async function levelsWithFigures(db: Executor, scope: Scope, levels: LevelRecord[]) {
  const sessionIds = [...new Set(levels.map((l) => l.sessionId))];
  const sessions = new Map<number, SessionRecord>();
  for (const id of sessionIds) {
    const s = await findSession(db, scope, id);
    if (s) sessions.set(id, s);
  }
  const counts = await seatCounts(
    db,
    scope,
    [...sessions.values()].filter((s) => s.seated).map((s) => s.id),
  );
  return levels.map((l) => {
    const s = sessions.get(l.sessionId)!;
    const f = figures(
      s,
      levels.filter((x) => x.sessionId === s.id),
      counts,
    );
    return levelOut(l, f.perLevel.get(l.id)!);
  });
}

export async function listLevels(db: Db, caller: Caller, q: LevelListQuery) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageLevels(db, scope, { sessionId: q.sessionId }, pageOf(q));
  return { total, data: await levelsWithFigures(db, scope, rows) };
}

export async function getLevel(db: Executor, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const level = await findLevel(db, scope, id);
  if (!level) throw notFound();
  const all = await levelsOfSessions(db, scope, [level.sessionId]);
  return (await levelsWithFigures(db, scope, all)).find((l) => l.id === id)!;
}

export async function addLevel(db: Db, caller: Caller, input: LevelCreate) {
  const scope = scopeOf(caller);
  const id = await db.transaction(async (tx) => {
    const session = await findSession(tx, scope, input.sessionId, { lock: true });
    if (!session) throw notFound();
    const [level] = await insertLevels(tx, scope, [levelValues(session.orgId, session.id, session.seated, input, input.sort ?? 0)]);
    if (session.seated) await levelSeatsByKeys(tx, scope, session.id, level!.id, level!.levelKeys);
    await logChange(tx, caller, 'level', session.projectId, null, level!);
    return level!.id;
  });
  return getLevel(db, caller, id);
}

export async function editLevel(db: Db, caller: Caller, id: number, input: LevelUpdate) {
  const scope = scopeOf(caller);
  await db.transaction(async (tx) => {
    const level = await findLevel(tx, scope, id);
    if (!level) throw notFound();
    const session = (await findSession(tx, scope, level.sessionId))!;
    const { version, ...values } = input;
    const set = { ...values, ...(session.seated ? { quota: undefined } : { levelKeys: undefined }) };
    try {
      const [after] = await updateLevel(tx, scope, id, version, set);
      expectOneUpdated(after ? [after] : []);
      await logChange(tx, caller, 'level', session.projectId, level, after!);
    } catch (e) {
      if (pgCode(e)?.code === '23514') throw conflict('state', 'ticket.quotaBelowSold');
      throw e;
    }
    if (session.seated && values.levelKeys) await levelSeatsByKeys(tx, scope, session.id, id, values.levelKeys);
  });
  return getLevel(db, caller, id);
}

export async function removeLevels(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    let deleted = 0;
    for (const id of ids) {
      const level = await findLevel(tx, scope, id);
      if (!level) throw notFound();
      if ((await levelHasTickets(tx, scope, id)) || (await levelHasLiveSeats(tx, scope, id))) throw conflict('state', 'ticket.levelHasTickets');
      const session = await findSession(tx, scope, level.sessionId);
      deleted += await deleteLevel(tx, scope, id);
      if (session) await logChange(tx, caller, 'level', session.projectId, level, null);
    }
    return { deleted };
  });
}

// ---------------------------------------------------------------- selling: the item kind `ticket`

/**
 * An order line of kind `ticket`: a seat (`refId` the session seat, quantity 1, `detail.seat`
 * true) or a number of general-admission tickets of a level (`refId` the level).
 * `detail.sessionId` names the session.
 */
interface PricedLine {
  sessionId: number;
  levelId: number;
  seatId: number | null;
  label: string;
  /** Project rules: the per-buyer limit (across orders) and, when real-name, each ticket's viewer. */
  perBuyerLimit: number | null;
  viewers: ViewerValues[] | null;
  /** The buyer's id number as the per-buyer limit compares it (`detail.buyerIdNo`), when given. */
  buyerKey: string | null;
}

/** A real-name line's viewers (`detail.viewer` of a seat, `detail.viewers` of a level's quantity), checked; null when the project is not real-name. */
function lineViewers(realName: string, detail: unknown, quantity: number, line: number): ViewerValues[] | null {
  if (realName !== 'per_id') return null;
  const d = (detail ?? {}) as { viewer?: unknown; viewers?: unknown };
  const given = (d.viewers ?? (d.viewer ? [d.viewer] : undefined)) as { name: string; idType?: string; idNo: string }[] | undefined;
  if (given !== undefined && (!Array.isArray(given) || given.some((v) => typeof v?.name !== 'string' || typeof v?.idNo !== 'string')))
    throw invalid(`items.${line}.detail.viewers`, 'error.field.invalid');
  return checkViewers(given, quantity, `items.${line}.detail.viewers`);
}

/** The id number of a unique violation of the one-ticket-per-id index (PostgreSQL names the key). */
function viewerOfViolation(e: unknown): string | undefined {
  const x = pgCode(e) as { code?: string; constraint?: string; detail?: string; message?: string } | undefined;
  if (x?.code !== '23505') return undefined;
  const text = `${x.constraint ?? ''} ${x.message ?? ''} ${x.detail ?? ''}`;
  if (!text.includes('sport_ticket_viewer_key_live_uq') && !text.includes('viewer_key')) return undefined;
  return /\(session_id, viewer_key\)=\(\d+, ([^)]+)\)/.exec(text)?.[1] ?? '';
}
const pricedLines = new WeakMap<Tx, Map<number, PricedLine>>();

/** The session of a line must be of the order's organisation, on sale, of a project on sale. */
function checkSale(ctx: KindContext, sale: { session: SessionRecord; projectStatus: number }) {
  if (sale.session.orgId !== ctx.orgId) throw notFound();
  if (!sale.session.onSale || sale.session.status !== 0 || sale.projectStatus !== 0) throw conflict('state', 'ticket.notOnSale');
}

/** The buyer's id number of a line (`detail.buyerIdNo`), as the per-buyer limit compares it. */
const buyerKeyOf = (detail: unknown): string | null => {
  const v = (detail as { buyerIdNo?: unknown } | null | undefined)?.buyerIdNo;
  const key = typeof v === 'string' ? idNumberKey(v).slice(0, 32) : '';
  return key.length >= 4 ? key : null;
};

const sessionIdOf = (detail: unknown, line: number): number => {
  const v = (detail as { sessionId?: unknown } | null | undefined)?.sessionId;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1) throw invalid(`items.${line}.detail.sessionId`, 'error.field.required');
  return v;
};

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A ticket's code: 16 characters of Crockford base32 (80 random bits). */
export function ticketCode(): string {
  const bytes = crypto.randomBytes(16);
  let out = '';
  for (const b of bytes) out += CODE_ALPHABET[b & 31];
  return out;
}

registerItemKind({
  kind: 'ticket',
  orderTypes: ['ticket'],
  async price(ctx, input, line) {
    if (!input.refId) throw invalid(`items.${line}.refId`, 'error.field.required');
    const sessionId = sessionIdOf(input.detail, line);
    let lines = pricedLines.get(ctx.tx);
    if (!lines) pricedLines.set(ctx.tx, (lines = new Map()));
    // A seat line (`detail.seat`) or a level's, with its session and project in one read.
    if ((input.detail as { seat?: unknown }).seat === true) {
      const seat = await seatForSale(ctx.tx, ctx.scope, sessionId, input.refId);
      if (!seat) throw notFound();
      checkSale(ctx, seat);
      if (input.quantity !== 1) throw invalid(`items.${line}.quantity`, 'commerce.rechargeOne');
      const label = `${seat.seat.zone} ${seat.seat.row}-${seat.seat.no}`;
      if (!seat.level) throw invalid(`items.${line}.refId`, 'ticket.seatNoLevel', { seat: label });
      lines.set(line, {
        sessionId,
        levelId: seat.level.id,
        seatId: seat.seat.id,
        label,
        perBuyerLimit: seat.perBuyerLimit,
        viewers: lineViewers(seat.realName, input.detail, 1, line),
        buyerKey: buyerKeyOf(input.detail),
      });
      return { name: `${seat.projectName} ${seat.session.name}`.slice(0, 64), spec: `${seat.level.name} ${label}`, unitPriceFen: seat.level.priceFen };
    }
    const sale = await levelForSale(ctx.tx, ctx.scope, input.refId);
    if (!sale || sale.level.sessionId !== sessionId || sale.session.seated) throw notFound();
    checkSale(ctx, sale);
    lines.set(line, {
      sessionId,
      levelId: sale.level.id,
      seatId: null,
      label: sale.level.name,
      perBuyerLimit: sale.perBuyerLimit,
      viewers: lineViewers(sale.realName, input.detail, input.quantity, line),
      buyerKey: buyerKeyOf(input.detail),
    });
    return { name: `${sale.projectName} ${sale.session.name}`.slice(0, 64), spec: sale.level.name, unitPriceFen: sale.level.priceFen };
  },
  async hold(ctx, item, order) {
    const line = item.lineNo - 1;
    const sessionId = sessionIdOf(item.hold, line);
    const p = pricedLines.get(ctx.tx)?.get(line);
    if (!p || p.sessionId !== sessionId) throw notFound();
    const ticket = {
      orgId: order.orgId,
      sessionId,
      levelId: p.levelId,
      orderId: order.id,
      itemId: item.id,
      state: 'held',
      buyerName: order.buyerName,
      buyerPhone: order.buyerPhone,
      buyerKey: p.buyerKey,
      priceFen: item.unitPriceFen,
    };
    if (p.perBuyerLimit !== null && (order.buyerPhone || order.memberId || p.buyerKey)) {
      // The buyer's live tickets of the session across orders (by phone, member or id number), counted under the buyer's locks: racing orders of one buyer take turns.
      const keys = [
        ...(order.buyerPhone ? [`p:${order.buyerPhone}`] : []),
        ...(order.memberId ? [`m:${order.memberId}`] : []),
        ...(p.buyerKey ? [`i:${p.buyerKey}`] : []),
      ];
      await lockBuyer(ctx.tx, ctx.scope, sessionId, keys);
      const have = await liveTicketsOfBuyer(ctx.tx, ctx.scope, sessionId, { phone: order.buyerPhone, memberId: order.memberId, idKey: p.buyerKey });
      if (have + item.quantity > p.perBuyerLimit)
        throw invalid(p.seatId !== null ? 'seatIds' : 'quantity', 'ticket.overBuyerLimit', { max: p.perBuyerLimit, have });
    }
    if (p.viewers) {
      const taken = await takenViewerIds(
        ctx.tx,
        ctx.scope,
        sessionId,
        p.viewers.map((v) => v.viewerKey),
      );
      const at = taken.length ? p.viewers.findIndex((v) => v.viewerKey === taken[0]) : -1;
      if (at >= 0)
        throw conflict('taken', 'ticket.viewerTaken', { idNo: p.viewers[at]!.viewerIdNo }, [{ field: `viewers.${at}.idNo`, message: 'ticket.viewerTaken' }]);
    }
    const viewerAt = (i: number) => (p.viewers ? p.viewers[i]! : {});
    try {
      return await holdLine(ctx, item, p, sessionId, ticket, viewerAt);
    } catch (e) {
      const idNo = viewerOfViolation(e);
      if (idNo !== undefined) throw conflict('taken', 'ticket.viewerTaken', { idNo });
      throw e;
    }
  },
  async confirm(ctx, item, order) {
    // A reservation's order is paid only by its approval (a comp); paid otherwise, its holds are gone and the money goes back.
    if (order.channel === 'reserved' && (await reservationStateOfOrder(ctx.tx, ctx.scope, order.id)) !== 'approved') return false;
    // Paid: the held tickets and seats become sold. None held: the order timed out meanwhile.
    const moved = await moveLineTickets(ctx.tx, ctx.scope, item.id, 'held', 'sold');
    if (!moved.length) return false;
    if (moved[0]!.seatId !== null) await setLineSeats(ctx.tx, ctx.scope, item.id, ['held'], 'sold');
    else await moveQuota(ctx.tx, ctx.scope, moved[0]!.levelId, { held: -moved.length, sold: moved.length });
    return true;
  },
  async release(ctx, item, quantity, why, ref) {
    if (quantity <= 0) return;
    const held = await moveLineTickets(ctx.tx, ctx.scope, item.id, 'held', 'cancelled', quantity);
    // A ticket's own refund (ticket/{id}/refund) names the ticket: it is refunded first.
    const named = why === 'refund' && held.length < quantity ? await refundNamedTickets(ctx.tx, ctx.scope, item.id, ref, quantity - held.length) : [];
    const rest =
      held.length + named.length < quantity
        ? await moveLineTickets(ctx.tx, ctx.scope, item.id, 'sold', why === 'refund' ? 'refunded' : 'cancelled', quantity - held.length - named.length)
        : [];
    const sold = [...named, ...rest];
    const all = [...held, ...sold];
    if (!all.length) return;
    if (all[0]!.seatId !== null)
      await freeSeats(
        ctx.tx,
        ctx.scope,
        item.id,
        all.map((t) => t.seatId!),
      );
    else await moveQuota(ctx.tx, ctx.scope, all[0]!.levelId, { held: -held.length, sold: -sold.length });
  },
});

/** Holds one priced line: its seat (free → held) or its level's quota, and inserts its tickets. */
type TicketValues = Parameters<typeof insertTickets>[2][number];
async function holdLine(
  ctx: KindContext,
  item: { id: number; quantity: number },
  p: PricedLine,
  sessionId: number,
  ticket: Omit<TicketValues, 'code' | 'seatId'> & { orderId: number },
  viewerAt: (i: number) => Partial<ViewerValues>,
): Promise<undefined> {
  if (p.seatId !== null) {
    // The conditional update decides: of racing buyers one moves the seat free → held.
    if (!(await holdSeat(ctx.tx, ctx.scope, sessionId, p.seatId, { orderId: ticket.orderId, itemId: item.id })))
      throw conflict('taken', 'ticket.seatTaken', { seat: p.label });
    await insertTickets(ctx.tx, ctx.scope, [{ ...ticket, ...viewerAt(0), code: ticketCode(), seatId: p.seatId }]);
    return undefined;
  }
  // Tickets first, the quota last: the level's row stays locked for the shortest time.
  await insertTickets(
    ctx.tx,
    ctx.scope,
    Array.from({ length: item.quantity }, (_, i) => ({ ...ticket, ...viewerAt(i), code: ticketCode(), seatId: null })),
  );
  if (!(await holdQuota(ctx.tx, ctx.scope, p.levelId, item.quantity))) throw conflict('taken', 'ticket.soldOut', { level: p.label });
  return undefined;
}

/**
 * The order lines of a ticket sale or reservation: one per seat, or one of a level's quantity.
 * A real-name project needs a viewer per ticket (a lone ticket may take the buyer's id number),
 * checked here with the body's field names; the item kind checks them again, whoever sells.
 */
export function ticketLines(
  s: NonNullable<Awaited<ReturnType<typeof saleContext>>>,
  input: { seatIds?: number[]; levelId?: number; quantity?: number; buyer?: { name?: string; idNo?: string }; viewers?: TicketOrder['viewers'] },
) {
  // The buyer's id number goes with each line: the per-buyer limit is kept by it when no phone or member names the buyer.
  const detail = {
    sessionId: s.session.id,
    ...(s.session.seated ? { seat: true } : {}),
    ...(input.buyer?.idNo?.trim() ? { buyerIdNo: input.buyer.idNo.trim() } : {}),
  };
  let seatIds: number[] = [];
  let count: number;
  if (s.session.seated) {
    if (!input.seatIds?.length) throw invalid('seatIds', 'ticket.seatedNeedsSeats');
    seatIds = [...new Set(input.seatIds)];
    count = seatIds.length;
  } else {
    if (!input.levelId) throw invalid('levelId', 'ticket.gaNeedsLevel');
    count = input.quantity ?? 1;
  }
  if (s.perBuyerLimit !== null && count > s.perBuyerLimit)
    throw invalid(s.session.seated ? 'seatIds' : 'quantity', 'ticket.overLimit', { max: s.perBuyerLimit });
  let viewers = input.viewers;
  if (s.realName === 'per_id' && !viewers && count === 1 && input.buyer?.idNo) viewers = [{ name: input.buyer.name ?? '', idNo: input.buyer.idNo }];
  const checked = s.realName === 'per_id' ? checkViewers(viewers, count) : null;
  const asInput = (v: ViewerValues) => ({ name: v.viewerName, idType: v.viewerIdType, idNo: v.viewerIdNo });
  if (s.session.seated) {
    // Seats in id order: racing orders lock them in one order, so they never deadlock. Each keeps the viewer given with it.
    const order = seatIds.map((id, i) => ({ id, viewer: checked?.[i] })).sort((a, b) => a.id - b.id);
    return {
      count,
      items: order.map((o) => ({
        kind: 'ticket' as const,
        refId: o.id,
        quantity: 1,
        discountFen: 0,
        detail: o.viewer ? { ...detail, viewer: asInput(o.viewer) } : detail,
      })),
    };
  }
  return {
    count,
    items: [
      {
        kind: 'ticket' as const,
        refId: input.levelId!,
        quantity: count,
        discountFen: 0,
        detail: checked ? { ...detail, viewers: checked.map(asInput) } : detail,
      },
    ],
  };
}

/** `POST ticket/order` (a fixed call): a pending order of kind-`ticket` lines, its seats or quota held for the session's hold minutes. */
export async function orderTickets(db: Db, caller: Caller, input: TicketOrder, key: string | undefined) {
  const scope = scopeOf(caller);
  const s = await saleContext(db, scope, input.sessionId);
  if (!s) throw notFound();
  if (!s.session.onSale || s.session.status !== 0 || s.projectStatus !== 0) throw conflict('state', 'ticket.notOnSale');
  const viewers = await resolveMemberViewers(db, scope, s.session.orgId, input.viewers);
  const { items } = ticketLines(s, { ...input, viewers });
  let made: { orderNo: string; id: number; payableFen: number; state: string; expiresAt: Date | null } | undefined;
  const id = await createOrder(
    db,
    caller,
    {
      orgId: s.session.orgId,
      type: 'ticket',
      venueId: s.venueId ?? undefined,
      memberId: input.memberId,
      buyerName: input.buyer?.name || null,
      buyerPhone: input.buyer?.phone ?? null,
      channel: 'console',
      remark: input.remark,
      items,
    },
    key,
    (m) => (made = m.order),
    { timeoutMinutes: s.session.holdMinutes },
  );
  if (made && input.buyer?.idNo)
    await setOrderBuyer(db, scope, id, { buyerName: input.buyer.name || null, buyerPhone: input.buyer.phone ?? null, buyerIdNo: input.buyer.idNo });
  // A retry with the same Idempotency-Key made nothing: it answers the first order as it is now.
  const order = made ?? (await findOrder(db, scope, id))!;
  return { orderNo: order.orderNo, orderId: order.id, amount: order.payableFen, state: order.state, expiresAt: order.expiresAt };
}

// ---------------------------------------------------------------- tickets

export async function listTickets(db: Db, caller: Caller, q: TicketListQuery) {
  const { total, rows } = await pageTickets(db, scopeOf(caller), { sessionId: q.sessionId, orderId: q.orderId, code: q.code, state: q.state }, pageOf(q));
  return {
    total,
    data: rows.map(({ ticket: t, levelName, zone, row, no, sessionName, projectName, orderNo, channel }) => ({
      id: t.id,
      orgId: t.orgId,
      code: t.code,
      sessionId: t.sessionId,
      sessionName,
      projectName,
      levelId: t.levelId,
      levelName,
      seatId: t.seatId,
      seatLabel: t.seatId === null ? null : `${zone} ${row}-${no}`,
      orderId: t.orderId,
      orderNo,
      itemId: t.itemId,
      state: t.state,
      buyerName: t.buyerName,
      buyerPhone: t.buyerPhone,
      priceFen: t.priceFen,
      channel,
      viewerName: t.viewerName,
      viewerIdNo: maskIdNo(t.viewerIdNo),
      refundNo: t.refundNo,
      createTime: t.createdAt,
      soldAt: t.soldAt,
    })),
  };
}
