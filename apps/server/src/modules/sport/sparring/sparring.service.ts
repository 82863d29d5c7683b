import type { z } from 'zod';
import {
  COACH_RESOURCE_KIND,
  minutesOf,
  type sparringChangeRow,
  type sparringDetail as sparringDetailSchema,
  type SparringGroupForm,
  type sparringGroupRow,
  type SparringGroupUpdate,
  type SparringLineDetail,
  type SparringListQuery,
  type SparringOrder,
  type SparringQuote,
  type SparringQuoteAnswer,
  type SparringFreeCoach,
  type SparringFreeQuery,
  type sparringRow,
} from '@venue/contract';
import type { Db, Executor, Tx } from '../../../platform/db.ts';
import { AppError, conflict, invalid, isUniqueViolation, notFound, staleVersion } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { t } from '../../../platform/i18n.ts';
import { pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { findVisibleUsers } from '../../system/index.ts';
import { createOrder, findOrder, liveClaims, memberBriefs, timeZoneOf } from '../commerce/index.ts';
import { memberLevelsPort, type LevelGrant } from '../booking/index.ts';
import { instantOf, sitesOfVenueOfSite, venueInScope, weekdayOf } from '../venue/index.ts';
import { coachNames, coachOf, type CoachInfo } from './sparring.coach.ts';
import { priceSparring, type PricedPart } from './sparring.pricing.ts';
import {
  activeCoachesOfVenue,
  findChange,
  findGroup,
  groupsOfOrg,
  insertChange,
  insertGroup,
  pageChanges,
  pageGroups,
  pageSessions,
  pendingOfGroups,
  removeGroup,
  updateChange,
  updateGroup,
  type ChangeRecord,
  type GroupRecord,
} from './sparring.repository.ts';
import type { GroupContent } from './sparring.table.ts';
import './sparring.messages.ts';
import { hhmmOf as hhmm } from '../../../platform/zone.ts';

// Answers as the handlers return them (instants as Date).
type SparringChangeRow = z.input<typeof sparringChangeRow>;
type SparringGroupRow = z.input<typeof sparringGroupRow>;
type SparringRow = z.input<typeof sparringRow>;
type SparringDetail = z.input<typeof sparringDetailSchema>;
type PageAsk = { pageNum: number; pageSize: number };

// ---------------------------------------------------------------- price groups and their audit

const contentOf = (g: GroupRecord): GroupContent => ({ name: g.name, coachLevels: g.coachLevels, prices: g.prices, remark: g.remark });
const formContent = (f: SparringGroupForm): GroupContent => ({
  name: f.name,
  coachLevels: [...new Set(f.coachLevels)],
  prices: f.prices.map((p) => ({
    weekdays: [...new Set(p.weekdays)].sort(),
    start: p.start,
    end: p.end,
    memberLevel: p.memberLevel ?? null,
    priceFen: p.priceFen,
  })),
  remark: f.remark ?? null,
});

/** `POST sparring/priceGroup/list`: the groups in force, each with its change awaiting approval. */
export async function listGroups(db: Db, caller: Caller, q: PageAsk & { name?: string }): Promise<{ total: number; data: SparringGroupRow[] }> {
  const scope = scopeOf(caller);
  const { total, rows } = await pageGroups(db, scope, { name: q.name }, pageOf(q));
  const pending = await pendingOfGroups(
    db,
    scope,
    rows.map((r) => r.id),
  );
  return {
    total,
    data: rows.map((g) => ({ id: g.id, ...contentOf(g), version: g.version, pendingChangeId: pending.get(g.id) ?? null, updateTime: g.updatedAt })),
  };
}

/** A new pending change (refusing a second on one group: 100409 `state`). */
async function propose(db: Db, caller: Caller, values: Omit<Parameters<typeof insertChange>[2], 'orgId' | 'requestedBy' | 'state'>, orgId: number) {
  const scope = scopeOf(caller);
  try {
    const made = await insertChange(db, scope, { ...values, orgId, requestedBy: caller.userId, state: 'pending' });
    return (await changeRows(db, scope, [made]))[0]!;
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('state', 'sparring.changePending');
    throw e;
  }
}

/** `POST sparring/priceGroup`: asks to add a group (it exists once another user approves). */
export async function proposeAdd(db: Db, caller: Caller, form: SparringGroupForm): Promise<SparringChangeRow> {
  const after = formContent(form);
  return propose(db, caller, { groupId: null, groupName: after.name, action: 'add', before: null, after }, caller.orgId);
}

async function groupInScope(db: Executor, scope: Scope, id: number): Promise<GroupRecord> {
  const g = await findGroup(db, scope, id);
  if (!g) throw notFound();
  return g;
}

/** `PUT sparring/priceGroup/{id}`: asks to change a group (the whole group), read at `version`. */
export async function proposeEdit(db: Db, caller: Caller, id: number, input: SparringGroupUpdate): Promise<SparringChangeRow> {
  const g = await groupInScope(db, scopeOf(caller), id);
  if (g.version !== input.version) throw staleVersion();
  const { version, ...changed } = input;
  const form: SparringGroupForm = { ...contentOf(g), ...Object.fromEntries(Object.entries(changed).filter(([, v]) => v !== undefined)) };
  return propose(
    db,
    caller,
    { groupId: g.id, groupName: g.name, action: 'edit', before: contentOf(g), after: formContent(form), baseVersion: version },
    g.orgId,
  );
}

/** `POST sparring/priceGroup/{id}/remove`: asks to remove a group. */
export async function proposeRemove(db: Db, caller: Caller, id: number, version: number): Promise<SparringChangeRow> {
  const g = await groupInScope(db, scopeOf(caller), id);
  if (g.version !== version) throw staleVersion();
  return propose(db, caller, { groupId: g.id, groupName: g.name, action: 'remove', before: contentOf(g), after: null, baseVersion: version }, g.orgId);
}

async function pendingChange(tx: Tx, scope: Scope, id: number): Promise<ChangeRecord> {
  const c = await findChange(tx, scope, id);
  if (!c) throw notFound();
  if (c.state !== 'pending') throw conflict('state', 'sparring.changeReviewed');
  return c;
}

/**
 * `POST sparring/priceChange/{id}/approve`: another user than the one who asked approves the
 * change, and it applies in the same transaction: the group is added, changed (if it is still at
 * the version the change was made on; else 100409 `stale`) or removed.
 */
export async function approveChange(db: Db, caller: Caller, id: number): Promise<SparringChangeRow> {
  const scope = scopeOf(caller);
  const done = await db.transaction(async (tx) => {
    const c = await pendingChange(tx, scope, id);
    if (c.requestedBy === caller.userId) throw new AppError('FORBIDDEN', 'sparring.selfApproval');
    let groupId = c.groupId;
    try {
      if (c.action === 'add') {
        const a = c.after!;
        groupId = (await insertGroup(tx, scope, { orgId: c.orgId, name: a.name, coachLevels: a.coachLevels, prices: a.prices, remark: a.remark })).id;
      } else if (c.action === 'edit') {
        const a = c.after!;
        if (!(await findGroup(tx, scope, c.groupId!))) throw conflict('stale', 'error.stale');
        await updateGroup(tx, scope, c.groupId!, c.baseVersion!, { name: a.name, coachLevels: a.coachLevels, prices: a.prices, remark: a.remark });
      } else {
        const g = await findGroup(tx, scope, c.groupId!);
        if (!g || g.version !== c.baseVersion) throw staleVersion();
        await removeGroup(tx, scope, g.id);
      }
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('duplicate', 'sparring.groupNameTaken', undefined, [{ field: 'name', message: 'sparring.groupNameTaken' }]);
      throw e;
    }
    return updateChange(tx, scope, c.id, c.version, { state: 'approved', groupId, reviewedBy: caller.userId, reviewedAt: new Date() });
  });
  return (await changeRows(db, scope, [done]))[0]!;
}

/** `POST sparring/priceChange/{id}/reject`: the change is refused with a reason (the one who asked may withdraw it this way). */
export async function rejectChange(db: Db, caller: Caller, id: number, reason: string): Promise<SparringChangeRow> {
  const scope = scopeOf(caller);
  const done = await db.transaction(async (tx) => {
    const c = await pendingChange(tx, scope, id);
    return updateChange(tx, scope, c.id, c.version, { state: 'rejected', reason, reviewedBy: caller.userId, reviewedAt: new Date() });
  });
  return (await changeRows(db, scope, [done]))[0]!;
}

async function changeRows(db: Executor, scope: Scope, rows: ChangeRecord[]): Promise<SparringChangeRow[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.requestedBy, r.reviewedBy]).filter((x): x is number => x !== null))];
  const names = new Map((await findVisibleUsers(db, scope, ids)).map((u) => [u.id, u.name]));
  return rows.map((c) => ({
    id: c.id,
    groupId: c.groupId,
    groupName: c.groupName,
    action: c.action,
    before: c.before ?? null,
    after: c.after ?? null,
    state: c.state,
    requestedBy: c.requestedBy,
    requestedByName: c.requestedBy ? (names.get(c.requestedBy) ?? null) : null,
    requestTime: c.createdAt,
    reviewedBy: c.reviewedBy,
    reviewedByName: c.reviewedBy ? (names.get(c.reviewedBy) ?? null) : null,
    reviewTime: c.reviewedAt,
    reason: c.reason,
  }));
}

/** `POST sparring/priceChange/list`: the log of changes, newest first. */
export async function listChanges(db: Db, caller: Caller, q: PageAsk & { state?: string; groupId?: number }) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageChanges(db, scope, { state: q.state, groupId: q.groupId }, pageOf(q));
  return { total, data: await changeRows(db, scope, rows) };
}

// ---------------------------------------------------------------- pricing a booking

/** A sparring ask checked and placed in time: the coach, the site, the instants and the price. */
export interface ResolvedAsk {
  coach: CoachInfo;
  siteId: number | null;
  siteName: string | null;
  day: string;
  startMin: number;
  endMin: number;
  from: Date;
  to: Date;
  amountFen: number;
  parts: PricedPart[];
}

/** The member's levels (none for a walk-in, or when no module answers booking's member levels). */
async function grantsOf(db: Executor, scope: Scope, memberId: number | null | undefined): Promise<LevelGrant[]> {
  if (!memberId || !memberLevelsPort.plugged) return [];
  return memberLevelsPort.get()(db, scope, memberId);
}

/**
 * Checks and prices a sparring ask inside `orgId`: the coach and site must be the organisation's
 * (else 100404), the start must not have passed, and an approved price must cover every minute.
 * Field errors name `prefix` + the field (`start`, or `items.0.start` inside an order).
 */
export async function resolveAsk(
  tx: Executor,
  scope: Scope,
  orgId: number | undefined,
  ask: { coachId: number; date: string; start: string; end: string; siteId?: number; memberId?: number | null },
  prefix: string,
  now: Date,
): Promise<ResolvedAsk> {
  const coach = await coachOf(tx, scope, ask.coachId);
  if (!coach || (orgId !== undefined && coach.orgId !== orgId)) throw notFound();
  let siteName: string | null = null;
  if (ask.siteId) {
    const site = (await sitesOfVenueOfSite(tx, scope, ask.siteId)).find((s) => s.id === ask.siteId);
    if (!site || site.orgId !== coach.orgId) throw notFound();
    siteName = site.name;
  }
  const tz = await timeZoneOf(tx as Tx, coach.orgId);
  const startMin = minutesOf(ask.start);
  const endMin = minutesOf(ask.end);
  const from = instantOf(ask.date, startMin, tz);
  const to = instantOf(ask.date, endMin, tz);
  if (!from || !to) throw invalid(`${prefix}start`, 'venue.timeInvalid');
  if (from.getTime() < now.getTime()) throw invalid(`${prefix}start`, 'sparring.past');
  const groups = await groupsOfOrg(tx, scope, coach.orgId);
  const priced = priceSparring(groups, coach.level, weekdayOf(ask.date), startMin, endMin, await grantsOf(tx, scope, ask.memberId));
  if ('missingAt' in priced) throw invalid(`${prefix}start`, 'sparring.noPrice', { coach: coach.name, time: `${ask.date} ${priced.missingAt}` });
  return { coach, siteId: ask.siteId ?? null, siteName, day: ask.date, startMin, endMin, from, to, amountFen: priced.amountFen, parts: priced.parts };
}

/** `POST sparring/quote`: what the booking would cost (the book-a-coach dialog shows it before booking). */
export async function quoteSparring(db: Db, caller: Caller, q: SparringQuote): Promise<SparringQuoteAnswer> {
  const scope = scopeOf(caller);
  const r = await resolveAsk(db, scope, undefined, q, '', new Date());
  return { amount: r.amountFen, parts: r.parts.map(({ memberLevel: _level, ...p }) => p) };
}

// ---------------------------------------------------------------- coaches free for a booking

/**
 * `POST sparring/freeCoaches` (the booking dialog's coach step): the venue's active coaches with no
 * live claim (a lesson, a sparring hour, another booking's coach) overlapping the whole `[start, end)`,
 * each with the sparring price of that time for the member. A list, not a promise: the booking claims
 * the coach in its own transaction, and one taken meanwhile is refused there (100409 `taken`).
 */
export async function freeCoaches(db: Db, caller: Caller, q: SparringFreeQuery): Promise<SparringFreeCoach[]> {
  const scope = scopeOf(caller);
  const venue = await venueInScope(db, scope, q.venueId);
  const startMin = minutesOf(q.start);
  const endMin = minutesOf(q.end);
  const from = instantOf(q.date, startMin, venue.timeZone);
  const to = instantOf(q.date, endMin, venue.timeZone);
  if (!from || !to) throw invalid('start', 'venue.timeInvalid');
  const all = await activeCoachesOfVenue(db, scope, venue.orgId, venue.id);
  const busy = new Set(
    (
      await liveClaims(
        db,
        scope,
        COACH_RESOURCE_KIND,
        all.map((c) => c.id),
        from,
        to,
      )
    ).map((c) => c.resourceId),
  );
  const free = all.filter((c) => !busy.has(c.id));
  if (!free.length) return [];
  const groups = await groupsOfOrg(db, scope, venue.orgId);
  const grants = await grantsOf(db, scope, q.memberId);
  const weekday = weekdayOf(q.date);
  return free.map((c) => {
    const priced = priceSparring(groups, c.level, weekday, startMin, endMin, grants);
    return {
      id: c.id,
      name: c.name,
      level: c.level ?? null,
      photo: c.photo ?? null,
      sports: c.sports,
      amount: 'missingAt' in priced ? null : priced.amountFen,
    };
  });
}

// ---------------------------------------------------------------- booking

/** `POST sparring/order`: a pending order of one `sparring` line, the coach's (and site's) time held until it is paid or times out. */
export async function orderSparring(db: Db, caller: Caller, input: SparringOrder, key: string | undefined) {
  const scope = scopeOf(caller);
  const coach = await coachOf(db, scope, input.coachId);
  if (!coach) throw notFound();
  let made: { orderNo: string; id: number; payableFen: number; state: string; expiresAt: Date | null } | undefined;
  const detail: SparringLineDetail = { date: input.date, start: input.start, end: input.end, ...(input.siteId ? { siteId: input.siteId } : {}) };
  const id = await createOrder(
    db,
    caller,
    {
      orgId: coach.orgId,
      type: 'sparring',
      memberId: input.memberId,
      buyerName: input.buyerName,
      buyerPhone: input.buyerPhone,
      channel: 'console',
      remark: input.remark,
      items: [{ kind: 'sparring', refId: coach.id, quantity: 1, discountFen: 0, detail }],
    },
    key,
    (m) => (made = m.order),
  );
  // A retry with the same Idempotency-Key made nothing: it answers the first order as it is now.
  const order = made ?? (await findOrder(db, scope, id))!;
  return { orderNo: order.orderNo, orderId: order.id, amount: order.payableFen, state: order.state, expiresAt: order.expiresAt };
}

const maskPhone = (p: string | null | undefined) => (p ? (p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : '****') : null);

async function sessionRows(db: Executor, scope: Scope, rows: Awaited<ReturnType<typeof pageSessions>>['rows']) {
  const coaches = await coachNames(
    db,
    scope,
    rows.map((r) => r.session.coachId),
  );
  const memberIds = [...new Set(rows.map((r) => r.session.memberId).filter((x): x is number => x !== null))];
  const members =
    memberIds.length && memberBriefs.plugged ? await memberBriefs.get()(db, scope, memberIds) : new Map<number, { name: string; phone: string }>();
  return rows.map((r) => {
    const s = r.session;
    const m = s.memberId ? members.get(s.memberId) : undefined;
    const row: SparringRow = {
      id: s.id,
      orderId: s.orderId,
      orderNo: r.orderNo,
      orderState: r.orderState,
      coachId: s.coachId,
      coachName: coaches.get(s.coachId)?.name ?? `#${s.coachId}`,
      coachLevel: coaches.get(s.coachId)?.level ?? null,
      siteId: s.siteId,
      siteName: r.siteName ?? null,
      memberId: s.memberId,
      buyerName: m?.name ?? r.buyerName ?? null,
      buyerPhone: maskPhone(m?.phone ?? r.buyerPhone),
      date: s.day,
      start: hhmm(s.startMin),
      end: hhmm(s.endMin),
      amount: s.amountFen,
      state: s.state,
      remark: s.remark,
      createTime: s.createdAt,
    };
    return { row, paidFen: r.paidFen, refundedFen: r.refundedFen, expiresAt: r.expiresAt };
  });
}

/** `POST sparring/list`: booked coach hours, newest first. */
export async function listSparring(db: Db, caller: Caller, q: SparringListQuery): Promise<{ total: number; data: SparringRow[] }> {
  const scope = scopeOf(caller);
  const { total, rows } = await pageSessions(db, scope, { ...q, dateFrom: q.dateFrom ?? undefined, dateTo: q.dateTo ?? undefined }, pageOf(q));
  return { total, data: (await sessionRows(db, scope, rows)).map((r) => r.row) };
}

/** `GET sparring/order/{id}`: a sparring booking by its order's id, with the order's money. */
export async function sparringDetail(db: Db, caller: Caller, orderId: number): Promise<SparringDetail> {
  const scope = scopeOf(caller);
  const { rows } = await pageSessions(db, scope, { orderId }, { limit: 1, offset: 0 });
  const [r] = await sessionRows(db, scope, rows);
  if (!r) throw notFound();
  return { ...r.row, paidFen: Number(r.paidFen), refundedFen: Number(r.refundedFen), expiresAt: r.expiresAt };
}

export const itemNameOf = (coach: CoachInfo) => `${t('zh-CN', 'sparring.itemName')} ${coach.name}`;
