import {
  DEFAULT_HOLD_MINUTES,
  type LevelCreate,
  type LevelListQuery,
  type LevelUpdate,
  type SeatmapDocument,
  type SessionCreate,
  type SessionListQuery,
  type SessionUpdate,
} from '@venue/contract';
import type { Db, Executor, Tx } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { expectOneUpdated, scopeOf, type Scope } from '../../../platform/scope.ts';
import { checkTemplateRef, logChange } from './catalogue/catalogue.service.ts';
import { pgCode } from './ticket.common.ts';
import {
  deleteLevel,
  deleteSession,
  findLevel,
  findProject,
  findSeatmap,
  findSeatmapVersion,
  findSession,
  insertLevels,
  insertSeats,
  insertSession,
  levelHasLiveSeats,
  levelHasTickets,
  levelSeatsByKeys,
  levelsOfSessions,
  pageLevels,
  pageSessions,
  relevelSeats,
  seatCounts,
  seatsOf,
  sessionDefaultOrder,
  sessionHasTickets,
  sessionSorts,
  setSeatsBlocked,
  distributorSeatsAmong,
  updateLevel,
  updateSession,
  type LevelRecord,
  type SessionRecord,
} from './ticket.repository.ts';
import './ticket.messages.ts';

/** Sessions of a project, their price levels, and their seats (made from a seat map version when seated). */

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
