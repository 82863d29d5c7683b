import {
  REG_KIT_STEPS,
  type PickupCreate,
  type PickupListQuery,
  type RegCancel,
  type RegDescription,
  type RegEntryCreate,
  type RegEntryListQuery,
  type RegEntryMove,
  type RegEventCreate,
  type RegEventListQuery,
  type RegKitStep,
  type RegSessionInput,
  type RegVerify,
  type RegYearLimitSet,
} from '@venue/contract';
import type { Db, Executor, Tx } from '../../../platform/db.ts';
import { conflict, invalid, isUniqueViolation, notFound, staleVersion } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { t } from '../../../platform/i18n.ts';
import { pageOf } from '../../../platform/list.ts';
import type { Scope } from '../../../platform/scope.ts';
import { scopeOf } from '../../../platform/scope.ts';
import {
  cancelOrder,
  counterOf,
  createOrder,
  findOrder,
  holdCount,
  noWork,
  refundByRule,
  releaseCount,
  setCapacity,
  type AfterCommit,
  type AfterCommitRunner,
} from '../commerce/index.ts';
import { findMember } from '../member/index.ts';
import { addDays, findVenue, instantOf, localOf } from '../venue/index.ts';
import { givePlace, sessionCounter, takeYear, yearOf } from './registration.kinds.ts';
import {
  admitEntry,
  changeEntry,
  entryOfOrder,
  entryRepo,
  entryView1,
  eventRepo,
  giveYearUse,
  insertKitLog,
  insertPickup,
  kitLogOf,
  liveEntriesOfEvent,
  lockEvent,
  membersByCode,
  pageEntries,
  pageEvents,
  pagePickups,
  paidEntriesIn,
  pickupView,
  sessionRepo,
  sessionsOfEvents,
  sessionWithEvent,
  setYearLimit,
  yearLimitsOf,
  type EntryView,
  type PickupView,
  type RegEventRecord,
  type RegSessionRecord,
} from './registration.repository.ts';
import './registration.messages.ts';

/** Sports registration: events and sessions, entries sold through commerce, admission, kit, year limits, pickups. docs/decisions.md, "Sports registration". */

const overlaps = (a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;
const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
const localText = (at: Date, tz: string) => {
  const l = localOf(at, tz);
  return `${l.day} ${hhmm(l.minutes)}`;
};

// ---------------------------------------------------------------- events and sessions

async function sessionOut(db: Executor, scope: Scope, s: RegSessionRecord) {
  const c = await counterOf(db, scope, sessionCounter(s.id));
  return { id: s.id, eventId: s.eventId, startTime: s.startsAt, endTime: s.endsAt, place: s.place, capacity: c?.capacity ?? 0, held: c?.held ?? 0 };
}

async function eventOut(db: Executor, scope: Scope, e: RegEventRecord, stadiumName: string, timeZone: string, sessions?: RegSessionRecord[]) {
  const list = sessions ?? (await sessionsOfEvents(db, scope, [e.id]));
  return {
    id: e.id,
    orgId: e.orgId,
    stadiumId: e.venueId,
    stadiumName,
    timeZone,
    name: e.name,
    eventType: e.eventType,
    priceFen: e.priceFen,
    description: e.description,
    sessions: await Promise.all(list.map((s) => sessionOut(db, scope, s))),
    createTime: e.createdAt,
  };
}

/**
 * A golf day's tee times: two sessions on one bay may not overlap (100409 `taken`), checked against
 * the event's sessions while its row is locked, so two operators adding sessions cannot both pass.
 */
function refuseTeeClash(event: RegEventRecord, existing: RegSessionRecord[], s: RegSessionInput, tz: string) {
  if (event.eventType !== 'golf') return;
  const want = { startsAt: s.startTime, endsAt: s.endTime };
  if (existing.some((x) => x.place === s.place && overlaps(x, want)))
    throw conflict('taken', 'registration.teeClash', { place: s.place, time: localText(s.startTime, tz) });
}

async function insertSession(tx: Tx, scope: Scope, event: RegEventRecord, existing: RegSessionRecord[], s: RegSessionInput, tz: string, field: string) {
  if (s.endTime <= s.startTime) throw invalid(`${field}.endTime`, 'registration.sessionTime');
  refuseTeeClash(event, existing, s, tz);
  const row = await sessionRepo.insert(tx, scope, { orgId: event.orgId, eventId: event.id, startsAt: s.startTime, endsAt: s.endTime, place: s.place });
  await setCapacity(tx, scope, event.orgId, sessionCounter(row.id), s.capacity);
  existing.push(row);
  return row;
}

/** `POST registration/event`: the event, its sessions and their places (commerce counters), in one transaction. */
export async function addEvent(db: Db, caller: Caller, input: RegEventCreate) {
  const scope = scopeOf(caller);
  const venue = await findVenue(db, scope, input.stadiumId);
  if (!venue) throw notFound();
  const id = await db.transaction(async (tx) => {
    const event = await eventRepo.insert(tx, scope, {
      orgId: venue.orgId,
      venueId: venue.id,
      name: input.name,
      eventType: input.eventType,
      priceFen: input.priceFen,
      description: input.description ?? null,
      createdBy: caller.userId,
    });
    const sessions: RegSessionRecord[] = [];
    for (const [i, s] of input.sessions.entries()) await insertSession(tx, scope, event, sessions, s, venue.timeZone, `sessions.${i}`);
    return event.id;
  });
  return getEvent(db, caller, id);
}

/** `POST registration/event/{id}/session`: one more session (the event's row locked: tee times checked against a stable list). */
export async function addSession(db: Db, caller: Caller, eventId: number, input: RegSessionInput) {
  const scope = scopeOf(caller);
  await db.transaction(async (tx) => {
    const event = await lockEvent(tx, scope, eventId);
    if (!event) throw notFound();
    const venue = (await findVenue(tx, scope, event.venueId))!;
    await insertSession(tx, scope, event, await sessionsOfEvents(tx, scope, [event.id]), input, venue.timeZone, '');
  });
  return getEvent(db, caller, eventId);
}

export async function getEvent(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const e = await eventRepo.find(db, scope, id);
  if (!e) throw notFound();
  const venue = (await findVenue(db, scope, e.venueId))!;
  return eventOut(db, scope, e, venue.stadiumName, venue.timeZone);
}

export async function listEvents(db: Db, caller: Caller, q: RegEventListQuery) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageEvents(db, scope, { venueId: q.stadiumId, eventType: q.eventType, name: q.name }, pageOf(q));
  const sessions = await sessionsOfEvents(
    db,
    scope,
    rows.map((r) => r.event.id),
  );
  return {
    total,
    data: await Promise.all(
      rows.map((r) =>
        eventOut(
          db,
          scope,
          r.event,
          r.stadiumName,
          r.timeZone,
          sessions.filter((s) => s.eventId === r.event.id),
        ),
      ),
    ),
  };
}

// ---------------------------------------------------------------- entries

const entryOut = (r: EntryView) => ({
  id: r.entry.id,
  orgId: r.entry.orgId,
  stadiumId: r.event.venueId,
  eventId: r.event.id,
  eventName: r.event.name,
  eventType: r.event.eventType,
  sessionId: r.session.id,
  startTime: r.session.startsAt,
  endTime: r.session.endsAt,
  place: r.session.place,
  memberId: r.entry.memberId,
  memberName: r.memberName,
  memberPhone: r.memberPhone,
  memberNo: r.memberNo,
  orderId: r.entry.orderId,
  orderNo: r.orderNo,
  orderState: r.orderState,
  priceFen: r.payableFen,
  state: r.entry.state,
  year: r.entry.year,
  admittedTime: r.entry.admittedAt,
  admittedByName: r.admittedByName,
  kitState: r.entry.kitState,
  bibNo: r.entry.bibNo,
  description: r.entry.description,
  createTime: r.entry.createdAt,
  version: r.entry.version,
});

/**
 * `POST registration/entry`: a pending `registration` order of one entry (the console pays it in
 * its pay dialog). A full session answers 100409 `taken`, a used-up year limit 100409 `yearLimit`.
 */
export async function enter(db: Db, caller: Caller, input: RegEntryCreate, key: string | undefined) {
  const scope = scopeOf(caller);
  const found = await sessionWithEvent(db, scope, input.sessionId);
  if (!found) throw notFound();
  const member = await findMember(db, scope, input.memberId);
  if (!member || member.orgId !== found.event.orgId) throw notFound();
  const orderId = await createOrder(
    db,
    caller,
    {
      orgId: found.event.orgId,
      type: 'registration',
      venueId: found.event.venueId,
      memberId: member.id,
      buyerName: null,
      buyerPhone: null,
      channel: 'console',
      remark: input.description ?? null,
      items: [{ kind: 'registration', quantity: 1, discountFen: 0, detail: { sessionId: found.session.id } }],
    },
    key,
  );
  const order = (await findOrder(db, scope, orderId))!;
  const entry = (await entryOfOrder(db, scope, orderId))!;
  // A retry with the same key answers the first order: its description is set once.
  if (input.description && entry.description === null) await changeEntry(db, scope, entry.id, entry.version, { description: input.description });
  return { entryId: entry.id, orderId, orderNo: order.orderNo, amount: order.payableFen, state: order.state };
}

export async function listEntries(db: Db, caller: Caller, q: RegEntryListQuery) {
  const { total, rows } = await pageEntries(
    db,
    scopeOf(caller),
    { venueId: q.stadiumId, eventId: q.eventId, sessionId: q.sessionId, state: q.state, member: q.member, admitted: q.admitted },
    pageOf(q),
  );
  return { total, data: rows.map(entryOut) };
}

async function viewOf(db: Executor, scope: Scope, id: number) {
  const r = await entryView1(db, scope, id);
  if (!r) throw notFound();
  return r;
}

/** `GET registration/entry/{id}`: the entry with its order's money and its kit log (the order details dialog). */
export async function getEntry(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const r = await viewOf(db, scope, id);
  const log = await kitLogOf(db, scope, id);
  return {
    ...entryOut(r),
    paidFen: r.paidFen,
    payableFen: r.payableFen,
    kitLog: log.map((l) => ({
      id: l.log.id,
      action: l.log.action,
      bibNo: l.log.bibNo,
      operatorName: l.operatorName,
      remark: l.log.remark,
      time: l.log.createdAt,
    })),
  };
}

/**
 * `POST registration/verify`: admission at the door by the member's code (member number or phone),
 * as a ticket is checked: the member's paid entry of the session is admitted once (one conditional
 * write); a second verification answers 100409 `state` saying when it was admitted.
 */
export async function verifyEntry(db: Db, caller: Caller, input: RegVerify) {
  const scope = scopeOf(caller);
  const found = await sessionWithEvent(db, scope, input.sessionId);
  if (!found) throw notFound();
  const entries = await paidEntriesIn(db, scope, found.session.id, await membersByCode(db, scope, found.session.orgId, input.code));
  if (!entries.length) throw conflict('state', 'registration.noEntry', { code: input.code });
  const now = new Date();
  for (const e of entries) {
    if (e.admittedAt) continue;
    if (await admitEntry(db, scope, e.id, caller.userId, now)) return entryOut(await viewOf(db, scope, e.id));
  }
  // All admitted already (perhaps by another door a moment ago): when it was.
  const first = (await viewOf(db, scope, entries[0]!.id)).entry.admittedAt!;
  throw conflict('state', 'registration.admitted', { time: localText(first, found.timeZone) });
}

/**
 * `POST registration/entry/{id}/move` (scene change): to another session of the same event, in one
 * transaction: a place of the new session taken (100409 `taken` when full), the old one given back,
 * the entry moved at the operator's version (and its year use moved when the year differs).
 */
export async function moveEntry(db: Db, caller: Caller, id: number, input: RegEntryMove) {
  const scope = scopeOf(caller);
  const e = await entryRepo.find(db, scope, id);
  if (!e) throw notFound();
  const target = await sessionWithEvent(db, scope, input.sessionId);
  if (!target || target.session.orgId !== e.orgId) throw notFound();
  if (target.event.id !== e.eventId) throw invalid('sessionId', 'registration.otherEvent');
  if (target.session.id === e.sessionId) throw invalid('sessionId', 'registration.sameSession');
  if (e.state === 'cancelled') throw conflict('state', 'registration.cancelled');
  if (e.admittedAt) throw conflict('state', 'registration.admittedNoMove');
  const year = yearOf(target.session.startsAt, target.timeZone);
  await db.transaction(async (tx) => {
    const moved = await changeEntry(tx, scope, id, input.version, { sessionId: target.session.id, year }, { states: ['held', 'active'], notAdmitted: true });
    if (!moved) throw staleVersion();
    await holdCount(tx, scope, { ...sessionCounter(target.session.id), qty: 1 }, { msgKey: 'registration.sessionFull', params: {} });
    await releaseCount(tx, scope, { ...sessionCounter(e.sessionId), qty: 1 });
    if (year !== e.year) {
      await takeYear(tx, scope, { orgId: e.orgId, memberId: e.memberId, year }, target.event);
      await giveYearUse(tx, scope, { orgId: e.orgId, venueId: target.event.venueId, eventType: target.event.eventType, memberId: e.memberId, year: e.year });
    }
  });
  return entryOut(await viewOf(db, scope, id));
}

/**
 * `POST registration/entry/{id}/kit`: one step of the kit (picked up with its bib, handed to the
 * member, brought back, returned), each from the state before it, at the operator's version;
 * logged with who and when. A bib already on another entry of the event: 100409 `duplicate`.
 */
export async function kitStep(db: Db, caller: Caller, id: number, input: RegKitStep) {
  const scope = scopeOf(caller);
  const e = await entryRepo.find(db, scope, id);
  if (!e) throw notFound();
  const step = REG_KIT_STEPS[input.action];
  if (input.action === 'pickUp' && !input.bibNo) throw invalid('bibNo', 'registration.bibRequired');
  if (e.state !== 'active') throw conflict('state', 'registration.notActive');
  if (e.version !== input.version) throw staleVersion();
  if (e.kitState !== step.from) throw conflict('state', 'registration.kitStep', { state: e.kitState, action: input.action });
  try {
    await db.transaction(async (tx) => {
      const bibNo = input.action === 'pickUp' ? input.bibNo! : e.bibNo;
      const changed = await changeEntry(tx, scope, id, input.version, { kitState: step.to, bibNo }, { states: ['active'], kitState: step.from });
      if (!changed) throw staleVersion();
      await insertKitLog(tx, scope, { orgId: e.orgId, entryId: id, action: input.action, bibNo, operatorId: caller.userId, remark: input.remark ?? null });
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('duplicate', 'registration.bibTaken', { bibNo: input.bibNo }, [
        { field: 'bibNo', message: 'registration.bibTaken', params: { bibNo: input.bibNo } },
      ]);
    throw err;
  }
  return getEntry(db, caller, id);
}

/** `POST registration/entry/{id}/description`. */
export async function describeEntry(db: Db, caller: Caller, id: number, input: RegDescription) {
  const scope = scopeOf(caller);
  if (!(await entryRepo.find(db, scope, id))) throw notFound();
  if (!(await changeEntry(db, scope, id, input.version, { description: input.description ?? null }))) throw staleVersion();
  return entryOut(await viewOf(db, scope, id));
}

/**
 * `POST registration/entry/{id}/cancel`: an unpaid entry's order is cancelled (the kind gives its
 * place back); a paid one is cancelled and refunded in full by rule in one transaction, its place
 * and year use given back at once. An admitted entry is not cancelled.
 */
export async function cancelEntry(db: Db, caller: Caller, id: number, input: RegCancel, after: AfterCommitRunner) {
  const scope = scopeOf(caller);
  const e = await entryRepo.find(db, scope, id);
  if (!e) throw notFound();
  if (e.version !== input.version) throw staleVersion();
  if (e.state === 'cancelled') throw conflict('state', 'registration.cancelled');
  if (e.admittedAt) throw conflict('state', 'registration.admittedNoMove');
  if (e.state === 'held') {
    await cancelOrder(db, caller, e.orderId, input.reason ?? null, after);
    return entryOut(await viewOf(db, scope, id));
  }
  let work: AfterCommit = noWork();
  await db.transaction(async (tx) => {
    const order = (await findOrder(tx, scope, e.orderId, { lock: true }))!;
    const cancelled = await changeEntry(tx, scope, id, input.version, { state: 'cancelled' }, { states: ['active'], notAdmitted: true });
    if (!cancelled) throw staleVersion();
    const event = (await eventRepo.find(tx, scope, e.eventId))!;
    await givePlace(tx, scope, cancelled, event);
    const amountFen = order.paidFen - order.refundedFen;
    work = await refundByRule(tx, scope, order, {
      amountFen,
      items: [{ itemId: e.itemId, quantity: 1, amountFen }],
      reason: input.reason ?? t('zh-CN', 'registration.reason', { name: event.name }),
      userId: caller.userId,
    });
  });
  await after(work);
  return entryOut(await viewOf(db, scope, id));
}

/** `GET registration/event/{id}/clash` (golf serve and clash): the tee sheet by bay, and members entered in overlapping tee times. */
export async function eventClash(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const event = await eventRepo.find(db, scope, id);
  if (!event) throw notFound();
  const sessions = await sessionsOfEvents(db, scope, [id]);
  const outs = await Promise.all(sessions.map((s) => sessionOut(db, scope, s)));
  const places = [...new Set(sessions.map((s) => s.place))].sort();
  const byId = new Map(sessions.map((s) => [s.id, s]));
  const byMember = new Map<number, { name: string; entries: { id: number; session: RegSessionRecord }[] }>();
  for (const r of await liveEntriesOfEvent(db, scope, id)) {
    const m = byMember.get(r.entry.memberId) ?? { name: r.memberName, entries: [] };
    m.entries.push({ id: r.entry.id, session: byId.get(r.entry.sessionId)! });
    byMember.set(r.entry.memberId, m);
  }
  const clashes = [];
  for (const [memberId, m] of byMember) {
    const hit = m.entries.filter((a) => m.entries.some((b) => b.id !== a.id && overlaps(a.session, b.session)));
    if (hit.length) clashes.push({ memberId, memberName: m.name, entryIds: hit.map((h) => h.id), places: hit.map((h) => h.session.place) });
  }
  return { bays: places.map((place) => ({ place, sessions: outs.filter((s) => s.place === place) })), clashes };
}

// ---------------------------------------------------------------- year limits

export async function listYearLimits(db: Db, caller: Caller, stadiumId: number) {
  const scope = scopeOf(caller);
  if (!(await findVenue(db, scope, stadiumId))) throw notFound();
  const set = new Map((await yearLimitsOf(db, scope, stadiumId)).map((r) => [r.eventType, r.yearLimit]));
  return (['tournament', 'golf', 'run', 'activity'] as const).map((eventType) => ({ eventType, yearLimit: set.get(eventType) ?? null }));
}

/** `PUT registration/yearLimit`: N entries of an event type per member and calendar year at the venue (null: no limit); entries already made stand. */
export async function putYearLimit(db: Db, caller: Caller, input: RegYearLimitSet) {
  const scope = scopeOf(caller);
  const venue = await findVenue(db, scope, input.stadiumId);
  if (!venue) throw notFound();
  await setYearLimit(db, scope, venue.orgId, venue.id, input.eventType, input.yearLimit);
  return listYearLimits(db, caller, venue.id);
}

// ---------------------------------------------------------------- pickup records

const pickupOut = (r: PickupView) => ({
  id: r.rec.id,
  orgId: r.rec.orgId,
  stadiumId: r.rec.venueId,
  stadiumName: r.stadiumName,
  memberId: r.rec.memberId,
  memberName: r.memberName,
  memberPhone: r.memberPhone,
  kind: r.rec.kind,
  itemName: r.rec.itemName,
  quantity: r.rec.quantity,
  eventId: r.rec.eventId,
  eventName: r.eventName,
  handedById: r.rec.handedBy,
  handedByName: r.handedByName,
  remark: r.rec.remark,
  time: r.rec.createdAt,
});

/** `POST registration/pickup`: handed over now by the signed-in user. */
export async function addPickup(db: Db, caller: Caller, input: PickupCreate) {
  const scope = scopeOf(caller);
  const venue = await findVenue(db, scope, input.stadiumId);
  if (!venue) throw notFound();
  const member = await findMember(db, scope, input.memberId);
  if (!member || member.orgId !== venue.orgId) throw notFound();
  if (input.eventId !== undefined) {
    const event = await eventRepo.find(db, scope, input.eventId);
    if (!event || event.orgId !== venue.orgId) throw notFound();
  }
  const rec = await insertPickup(db, scope, {
    orgId: venue.orgId,
    venueId: venue.id,
    memberId: member.id,
    kind: input.kind,
    itemName: input.itemName,
    quantity: input.quantity,
    eventId: input.eventId ?? null,
    handedBy: caller.userId,
    remark: input.remark ?? null,
  });
  return getPickup(db, caller, rec.id);
}

export async function getPickup(db: Db, caller: Caller, id: number) {
  const r = await pickupView(db, scopeOf(caller), id);
  if (!r) throw notFound();
  return pickupOut(r);
}

/** `POST registration/pickup/list`: newest first; days are the venue's (China's when no venue is asked). */
export async function listPickups(db: Db, caller: Caller, q: PickupListQuery) {
  const scope = scopeOf(caller);
  const tz = q.stadiumId !== undefined ? ((await findVenue(db, scope, q.stadiumId))?.timeZone ?? 'Asia/Shanghai') : 'Asia/Shanghai';
  const { total, rows } = await pagePickups(
    db,
    scope,
    {
      venueId: q.stadiumId,
      kind: q.kind,
      keyword: q.keyword,
      from: q.fromDay ? instantOf(q.fromDay, 0, tz) : undefined,
      to: q.toDay ? instantOf(addDays(q.toDay, 1), 0, tz) : undefined,
    },
    pageOf(q),
  );
  return { total, data: rows.map(pickupOut) };
}
