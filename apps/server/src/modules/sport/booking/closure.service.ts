import { hhmmOf, type ClosureRange } from '@venue/contract';
import type { Db, Executor, Tx } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { pageOf } from '../../../platform/list.ts';
import { expectOneUpdated, scopeOf, type Scope } from '../../../platform/scope.ts';
import { t } from '../../../platform/i18n.ts';
import { findOrder, itemsOf, refundByRule, timeRange, type AfterCommit, cancelPending, type AfterCommitRunner } from '../commerce/index.ts';
import { publish } from '../../message/index.ts';
import { claim, unitsOf } from './booking.service.ts';
import { sitesOf, type SiteRecord, type VenueRecord, venueInScope, addDays, instantOf, localOf } from '../venue/index.ts';
import {
  claimsOverlapping,
  closureClaimsAfter,
  findClosure,
  insertClosure,
  pageClosures,
  setClaimState,
  updateClosure,
  type ClaimRecord,
  type ClosureRecord,
} from './booking.repository.ts';
import type { ClosureNotice } from './booking.table.ts';

/**
 * Closures (closedManagement): sites closed over a time range with a reason. Before saving, the
 * impact (the bookings it covers, their buyers, what refunding them costs); on saving, those
 * bookings are cancelled and refunded through the commerce core (or their refunds left for
 * review), each buyer gets a notice, and the range is claimed so nothing new is booked in it.
 */

function instantOfLocal(text: string, tz: string, field: string): Date {
  const [day, time] = text.split(' ') as [string, string];
  const at = instantOf(day, Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)), tz);
  if (!at) throw invalid(field, 'error.field.invalid');
  return at;
}

const localText = (at: Date, tz: string) => {
  const l = localOf(at, tz);
  return `${l.day} ${hhmmOf(l.minutes)}`;
};

interface Affected {
  orderId: number;
  claims: ClaimRecord[];
}

async function scopeOfRange(db: Executor, scope: Scope, venue: VenueRecord, siteIds: number[]) {
  const all = await sitesOf(db, scope, { venueId: venue.id });
  const sites = siteIds.map((id) => {
    const s = all.find((x) => x.id === id);
    if (!s) throw notFound();
    return s;
  });
  return { all, sites, units: [...new Set(sites.flatMap((s) => unitsOf(s, all)))] };
}

/** The bookings the range covers, by order, and the locks in it. */
async function affectedBy(db: Executor, scope: Scope, venue: VenueRecord, units: number[], from: Date, to: Date) {
  const claims = await claimsOverlapping(db, scope, venue.id, units, from, to);
  const byOrder = new Map<number, Affected>();
  for (const c of claims.filter((c) => c.kind === 'booking')) {
    const a = byOrder.get(c.orderId!) ?? { orderId: c.orderId!, claims: [] };
    a.claims.push(c);
    byOrder.set(c.orderId!, a);
  }
  return { bookings: [...byOrder.values()], locks: claims.filter((c) => c.kind === 'lock'), closures: claims.filter((c) => c.kind === 'closure') };
}

/** What refunding an order's covered lines costs: each covered line's amount not yet refunded. */
async function refundOf(db: Executor, scope: Scope, a: Affected) {
  const order = (await findOrder(db, scope, a.orderId))!;
  const itemIds = new Set(a.claims.map((c) => c.itemId));
  const lines = (await itemsOf(db, scope, a.orderId))
    .filter((i) => itemIds.has(i.id))
    .map((i) => ({ itemId: i.id, quantity: i.quantity - i.refundedQty, amountFen: i.amountFen - i.refundedFen }))
    .filter((l) => l.quantity > 0);
  const paid = order.paidFen - order.refundedFen;
  const refundFen =
    order.state === 'pending'
      ? 0
      : Math.min(
          paid,
          lines.reduce((n, l) => n + l.amountFen, 0),
        );
  return { order, lines, refundFen };
}

/** `POST booking/closure/impact`. */
export async function closureImpact(db: Db, caller: Caller, r: ClosureRange) {
  const scope = scopeOf(caller);
  const venue = await venueInScope(db, scope, r.stadiumId);
  const from = instantOfLocal(r.from, venue.timeZone, 'range.from');
  const to = instantOfLocal(r.to, venue.timeZone, 'range.to');
  const { all, units } = await scopeOfRange(db, scope, venue, r.siteIds);
  const { bookings, locks } = await affectedBy(db, scope, venue, units, from, to);
  const out = [];
  for (const a of bookings) {
    const { order, refundFen } = await refundOf(db, scope, a);
    out.push({
      orderId: order.id,
      orderNo: order.orderNo,
      orderState: order.state,
      buyer: order.buyerName,
      phone: order.buyerPhone,
      memberId: order.memberId,
      slots: slotTexts(a.claims, all),
      paidFen: order.paidFen - order.refundedFen,
      refundFen,
    });
  }
  return { bookings: out, refundFen: out.reduce((n, b) => n + b.refundFen, 0), locks: new Set(locks.map((l) => `${l.siteId}|${l.day}|${l.startMin}`)).size };
}

function slotTexts(claims: ClaimRecord[], sites: SiteRecord[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const c of claims) {
    const text = `${c.day} ${hhmmOf(c.startMin)}-${hhmmOf(c.endMin)} ${sites.find((s) => s.id === c.siteId)?.name ?? ''}`;
    if (seen.has(text)) continue;
    seen.add(text);
    out.push(text);
  }
  return out;
}

/**
 * Cancels and refunds the bookings a range covers, releases its locks, and claims it for the
 * closure, day by day on each unit. Answers the notices and the work to do after the commit.
 */
async function closeRange(
  tx: Tx,
  scope: Scope,
  caller: Caller,
  venue: VenueRecord,
  c: Pick<ClosureRecord, 'id' | 'reason' | 'reviewRefunds'>,
  sites: { all: SiteRecord[]; units: number[] },
  from: Date,
  to: Date,
) {
  const { bookings, locks } = await affectedBy(tx, scope, venue, sites.units, from, to);
  const notices: ClosureNotice[] = [];
  const works: AfterCommit[] = [];
  const reason = `${t('zh-CN', 'venue.closedFor')}${c.reason}`;
  for (const a of bookings) {
    await findOrder(tx, scope, a.orderId, { lock: true });
    const { order, lines, refundFen } = await refundOf(tx, scope, a);
    if (order.state === 'pending') {
      const w = await cancelPending(tx, scope, order, reason);
      if (w) works.push(w);
    } else {
      await setClaimState(tx, scope, { ids: a.claims.map((x) => x.id) }, ['booked', 'held', 'no_show'], 'released');
      works.push(await refundByRule(tx, scope, order, { amountFen: refundFen, items: lines, reason, userId: caller.userId, review: c.reviewRefunds }));
    }
    const slots = slotTexts(a.claims, sites.all).join('、');
    notices.push({
      orderId: order.id,
      orderNo: order.orderNo,
      buyer: order.buyerName,
      phone: order.buyerPhone,
      memberId: order.memberId,
      refundFen,
      message: t('zh-CN', 'venue.closureNotice', { venue: venue.stadiumName, slots, reason: c.reason, yuan: (refundFen / 100).toFixed(2) }),
    });
    // The buyer (by text, and on the station to the operator) hears of it through booking.closureCancelled, in this transaction.
    await publish(tx, {
      orgId: venue.orgId,
      type: 'booking.closureCancelled',
      operatorId: caller.userId,
      member: { name: order.buyerName, phone: order.buyerPhone },
      data: {
        memberName: order.buyerName ?? '',
        venueName: venue.stadiumName,
        slots,
        orderNo: order.orderNo,
        reason: c.reason,
        refundYuan: (refundFen / 100).toFixed(2),
      },
      link: `/sport/views/orderManagement/mainOrder?orderNo=${order.orderNo}`,
    });
  }
  if (locks.length) await setClaimState(tx, scope, { ids: locks.map((l) => l.id) }, ['locked'], 'released');
  // The closure's own claims: one per unit and local day, from `from` to `to`.
  const rows = [];
  for (let day = localOf(from, venue.timeZone).day; ; day = addDays(day, 1)) {
    const dayStart = instantOf(day, 0, venue.timeZone)!;
    if (dayStart >= to) break;
    const dayEnd = instantOf(addDays(day, 1), 0, venue.timeZone)!;
    const a = from > dayStart ? from : dayStart;
    const b = to < dayEnd ? to : dayEnd;
    if (a >= b) continue;
    const startMin = a.getTime() === dayStart.getTime() ? 0 : localOf(a, venue.timeZone).minutes;
    const endMin = b.getTime() === dayEnd.getTime() ? 1440 : localOf(b, venue.timeZone).minutes;
    for (const unitId of sites.units) {
      const site = sites.all.find((s) => s.id === unitId)!;
      rows.push({
        orgId: venue.orgId,
        venueId: venue.id,
        siteId: site.parentId ?? site.id,
        unitId,
        day,
        startMin,
        endMin,
        during: timeRange(a, b),
        kind: 'closure',
        state: 'locked',
        closureId: c.id,
        reason: c.reason,
        createdBy: caller.userId,
      });
    }
  }
  await claim(tx, scope, rows, `${localText(from, venue.timeZone)}-${localText(to, venue.timeZone)}`);
  return { notices, works };
}

/** `POST booking/closure`: saves a closure and does what its impact said. */
export async function createClosure(db: Db, caller: Caller, input: { range: ClosureRange; reason: string; reviewRefunds: boolean }, after: AfterCommitRunner) {
  const scope = scopeOf(caller);
  const venue = await venueInScope(db, scope, input.range.stadiumId);
  const from = instantOfLocal(input.range.from, venue.timeZone, 'range.from');
  const to = instantOfLocal(input.range.to, venue.timeZone, 'range.to');
  if (to.getTime() <= Date.now()) throw invalid('range.to', 'venue.closurePast');
  const sites = await scopeOfRange(db, scope, venue, input.range.siteIds);
  const { id, works } = await db.transaction(async (tx) => {
    const c = await insertClosure(tx, scope, {
      orgId: venue.orgId,
      venueId: venue.id,
      siteIds: input.range.siteIds,
      startAt: from,
      endAt: to,
      reason: input.reason,
      reviewRefunds: input.reviewRefunds,
      createdBy: caller.userId,
    });
    const done = await closeRange(tx, scope, caller, venue, c, sites, from, to);
    await updateClosure(tx, scope, c.id, c.version, { notices: done.notices });
    return { id: c.id, works: done.works };
  });
  for (const w of works) await after(w);
  return getClosure(db, scope, id);
}

/**
 * `PUT booking/closure/{id}`: only forward in time. The end may move (not before now): a later
 * end closes (and refunds) what it newly covers, an earlier one frees what it no longer covers.
 */
export async function editClosure(db: Db, caller: Caller, id: number, input: { to?: string; reason?: string; version: number }, after: AfterCommitRunner) {
  const scope = scopeOf(caller);
  const current = await findClosure(db, scope, id);
  if (!current) throw notFound();
  if (current.state !== 'active') throw conflict('state', 'venue.closureEnded');
  const venue = await venueInScope(db, scope, current.venueId);
  const to = input.to ? instantOfLocal(input.to, venue.timeZone, 'to') : current.endAt;
  const now = new Date();
  if (input.to && to.getTime() < now.getTime()) throw invalid('to', 'venue.closurePast');
  if (to <= current.startAt) throw invalid('to', 'venue.closeAfterOpen');
  const sites = await scopeOfRange(db, scope, venue, current.siteIds);
  const works = await db.transaction(async (tx) => {
    const c = await findClosure(tx, scope, id, { lock: true });
    if (!c || c.version !== input.version) throw conflict('stale', 'error.stale');
    // Free what is still ahead, then claim again from there to the new end.
    const ahead = await closureClaimsAfter(tx, scope, id, now);
    await setClaimState(tx, scope, { ids: ahead.map((x) => x.id) }, ['locked'], 'released');
    const starts = ahead.map((x) => instantOf(x.day, x.startMin, venue.timeZone)!.getTime());
    const resumeAt = new Date(starts.length ? Math.max(c.startAt.getTime(), Math.min(...starts)) : Math.max(c.endAt.getTime(), now.getTime()));
    const next = { ...c, reason: input.reason ?? c.reason };
    const done = resumeAt < to ? await closeRange(tx, scope, caller, venue, next, sites, resumeAt, to) : { notices: [], works: [] };
    expectOneUpdated(await updateClosure(tx, scope, id, c.version, { endAt: to, reason: next.reason, notices: [...c.notices, ...done.notices] }));
    return done.works;
  });
  for (const w of works) await after(w);
  return getClosure(db, scope, id);
}

async function closureOut(db: Executor, scope: Scope, rows: ClosureRecord[]) {
  const venues = new Map<number, VenueRecord>();
  const out = [];
  for (const r of rows) {
    if (!venues.has(r.venueId)) venues.set(r.venueId, await venueInScope(db, scope, r.venueId));
    const v = venues.get(r.venueId)!;
    const names = await sitesOf(db, scope, { ids: r.siteIds });
    const { startAt, endAt, createdAt, updatedAt: _u, createdBy: _c, ...rest } = r;
    out.push({
      ...rest,
      siteNames: r.siteIds.map((i) => names.find((s) => s.id === i)?.name ?? String(i)),
      from: localText(startAt, v.timeZone),
      to: localText(endAt, v.timeZone),
      createTime: createdAt,
    });
  }
  return out;
}

export async function getClosure(db: Executor, scope: Scope, id: number) {
  const { rows } = await pageClosures(db, scope, { id }, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return (await closureOut(db, scope, rows))[0]!;
}

export async function listClosures(db: Db, caller: Caller, q: { stadiumId?: number; state?: string; pageNum?: number; pageSize?: number }) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageClosures(
    db,
    scope,
    { venueId: q.stadiumId, state: q.state },
    pageOf({ pageNum: q.pageNum ?? 1, pageSize: q.pageSize ?? 20 }),
  );
  return { total, data: await closureOut(db, scope, rows) };
}
