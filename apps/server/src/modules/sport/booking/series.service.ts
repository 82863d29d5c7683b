import { hhmmOf, minutesOf, type SeriesCreate, type SeriesPattern } from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import {
  findOrder,
  itemsOf,
  type OrderRecord,
  noWork,
  refundByRule,
  type AfterCommit,
  cancelPending,
  completePaid,
  createOrder,
  type AfterCommitRunner,
} from '../commerce/index.ts';
import { evaluate, loadDays, memberLevels, releaseExactly, rulesOf, unitsOf } from './booking.service.ts';
import { shareOf } from './pricing.ts';
import { type VenueRecord, venueInScope, addDays, instantOf, weekdayOf } from '../venue/index.ts';
import { claimsOfDays, claimsOfOrder, claimsOfSeries, findSeries, insertSeries, pageSeries, setSeriesState, type SeriesRecord } from './booking.repository.ts';

/**
 * Fixed bookings (venueFixedManage): a weekly pattern of sites and a time over a date range. Each
 * occurrence is its own order line and its own claims, so the same constraint that keeps single
 * bookings apart covers every occurrence.
 */

/** The longest series: a year. */
const MAX_DAYS = 366;

interface Occurrence {
  date: string;
  siteId: number;
  siteName: string;
  start: string;
  end: string;
  priceFen: number;
  conflict: string | null;
}

async function occurrencesOf(db: Executor, scope: Scope, venue: VenueRecord, p: SeriesPattern, memberId: number | null | undefined): Promise<Occurrence[]> {
  const span = (Date.parse(p.dateTo) - Date.parse(p.dateFrom)) / 86400_000 + 1;
  if (span > MAX_DAYS) throw invalid('pattern.dateTo', 'venue.seriesTooLong', { days: MAX_DAYS });
  const days: string[] = [];
  for (let d = p.dateFrom; d <= p.dateTo; d = addDays(d, 1)) if (p.weekdays.includes(weekdayOf(d))) days.push(d);
  if (!days.length) return [];
  const [d, claims, levels] = await Promise.all([
    loadDays(db, scope, venue, days),
    claimsOfDays(db, scope, venue.id, days[0]!, days[days.length - 1]!),
    memberLevels(db, scope, memberId, venue.id),
  ]);
  const sites = p.siteIds.map((id) => {
    const site = d.sites.find((s) => s.id === id);
    if (!site) throw notFound();
    return site;
  });
  const start = minutesOf(p.start);
  const end = minutesOf(p.end);
  const out: Occurrence[] = [];
  for (const day of days) {
    for (const site of sites) {
      const units = unitsOf(site, d.sites);
      const e = evaluate(d, site, day, start, end, levels);
      const taken = claims.find((c) => c.day === day && units.includes(c.unitId) && c.startMin < end && start < c.endMin);
      const conflict = taken
        ? taken.kind === 'booking'
          ? `booked:${taken.orderNo ?? ''}${taken.buyer ? ` ${taken.buyer}` : ''}`
          : `${taken.kind}:${taken.reason ?? ''}`
        : 'reason' in e
          ? e.reason
          : site.status !== 0
            ? 'siteStopped'
            : null;
      out.push({ date: day, siteId: site.id, siteName: site.name, start: p.start, end: p.end, priceFen: 'reason' in e ? 0 : e.priceFen, conflict });
    }
  }
  return out;
}

/** `POST booking/fixed/preview`: every occurrence of a pattern, bookable or in conflict (with what). */
export async function previewSeries(db: Db, caller: Caller, p: SeriesPattern, memberId?: number) {
  const scope = scopeOf(caller);
  const venue = await venueInScope(db, scope, p.stadiumId);
  const occurrences = await occurrencesOf(db, scope, venue, p, memberId);
  const ok = occurrences.filter((o) => !o.conflict);
  return { occurrences, totalFen: ok.reduce((n, o) => n + o.priceFen, 0), conflicts: occurrences.length - ok.length };
}

/**
 * `POST booking/fixed`: makes the series and its orders in one transaction: one order for the
 * whole series, or one per month. Conflicts are skipped (and listed on the series) or refuse it
 * whole; an occurrence taken meanwhile refuses it whole (100409 taken).
 */
export async function createSeries(db: Db, caller: Caller, input: SeriesCreate) {
  const scope = scopeOf(caller);
  const venue = await venueInScope(db, scope, input.pattern.stadiumId);
  if (venue.locked) throw conflict('state', 'venue.locked', { reason: venue.lockReason ?? '' });
  const occurrences = await occurrencesOf(db, scope, venue, input.pattern, input.memberId);
  const skipped = occurrences.filter((o) => o.conflict);
  if (skipped.length && input.onConflict === 'refuse') throw conflict('taken', 'venue.seriesConflicts', { n: skipped.length });
  const booked = occurrences.filter((o) => !o.conflict);
  if (!booked.length) throw invalid('pattern', 'venue.seriesEmpty');
  const p = input.pattern;
  const id = await db.transaction(async (tx) => {
    const series = await insertSeries(tx, scope, {
      orgId: venue.orgId,
      venueId: venue.id,
      name: input.name,
      memberId: input.memberId ?? null,
      buyerName: input.buyerName,
      buyerPhone: input.buyerPhone,
      siteIds: p.siteIds,
      weekdays: [...new Set(p.weekdays)].sort(),
      startMin: minutesOf(p.start),
      endMin: minutesOf(p.end),
      dateFrom: p.dateFrom,
      dateTo: p.dateTo,
      billing: input.billing,
      skipped: skipped.map((o) => ({ date: o.date, siteId: o.siteId, reason: o.conflict! })),
      remark: input.remark,
      createdBy: caller.userId,
    });
    const groups = new Map<string, Occurrence[]>();
    for (const o of booked) {
      const key = input.billing === 'month' ? o.date.slice(0, 7) : 'all';
      groups.set(key, [...(groups.get(key) ?? []), o]);
    }
    for (const [key, occ] of groups) {
      await createOrder(
        tx,
        caller,
        {
          orgId: venue.orgId,
          type: 'venue',
          venueId: venue.id,
          memberId: input.memberId,
          buyerName: input.buyerName ?? input.name,
          buyerPhone: input.buyerPhone,
          channel: 'console',
          remark: `${input.name}${key === 'all' ? '' : ` ${key}`}`,
          items: occ.map((o) => ({
            kind: 'venue',
            refId: o.siteId,
            quantity: 1,
            discountFen: 0,
            detail: { date: o.date, start: o.start, end: o.end, seriesId: series.id },
          })),
        },
        undefined,
      );
    }
    return series.id;
  });
  return getSeries(db, scope, id);
}

async function seriesOut(db: Executor, scope: Scope, rows: SeriesRecord[]) {
  const claims = await claimsOfSeries(
    db,
    scope,
    rows.map((r) => r.id),
  );
  return rows.map(({ startMin, endMin, createdAt, updatedAt: _u, createdBy: _c, ...r }) => {
    const mine = claims.filter((c) => c.claim.seriesId === r.id);
    const orders = new Map<number, { orderId: number; orderNo: string; state: string; payableFen: number; paidFen: number }>();
    for (const c of mine)
      orders.set(c.claim.orderId!, { orderId: c.claim.orderId!, orderNo: c.orderNo, state: c.orderState, payableFen: c.payableFen, paidFen: c.paidFen });
    const live = new Set(mine.filter((c) => c.claim.state !== 'released').map((c) => `${c.claim.day}|${c.claim.siteId}`));
    return { ...r, start: hhmmOf(startMin), end: hhmmOf(endMin), live: live.size, orders: [...orders.values()], createTime: createdAt };
  });
}

export async function getSeries(db: Executor, scope: Scope, id: number) {
  const { rows } = await pageSeries(db, scope, { id }, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return (await seriesOut(db, scope, rows))[0]!;
}

export async function listSeries(db: Db, caller: Caller, q: { stadiumId?: number; name?: string; pageNum?: number; pageSize?: number }) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageSeries(db, scope, { venueId: q.stadiumId, name: q.name }, pageOf({ pageNum: q.pageNum ?? 1, pageSize: q.pageSize ?? 20 }));
  return { total, data: await seriesOut(db, scope, rows) };
}

/**
 * `POST booking/fixed/{id}/cancel`: single occurrences (by their claims) or every occurrence from
 * a day on; only those not yet begun. A paid occurrence is refunded by the venue's cancellation
 * rule, as a single booking is: in full up to the cancel deadline before it starts, by the
 * late-cancel share after. An unpaid order whose every occurrence goes is cancelled (part of an
 * unpaid order cannot go: take or cancel it first). The series' orders are locked first and their
 * claims read under the locks, so a change or cancel that went first is seen, never paid twice.
 */
export async function cancelSeries(
  db: Db,
  caller: Caller,
  id: number,
  input: { claimIds?: number[]; from?: string; reason?: string | null },
  after: AfterCommitRunner,
) {
  const scope = scopeOf(caller);
  const series = await findSeries(db, scope, id);
  if (!series) throw notFound();
  if (!input.claimIds?.length && !input.from) throw invalid('from', 'error.field.required');
  const venue = await venueInScope(db, scope, series.venueId);
  const rules = rulesOf(venue);
  const works: AfterCommit[] = [];
  let cancelled = 0;
  let refundFen = 0;
  await db.transaction(async (tx) => {
    // The series' orders never change: lock them (in id order, as every cancel of a series does), then read.
    const orderIds = [...new Set((await claimsOfSeries(tx, scope, [id])).map((c) => c.claim.orderId!))].sort((a, b) => a - b);
    const orders = new Map<number, OrderRecord>();
    for (const orderId of orderIds) orders.set(orderId, (await findOrder(tx, scope, orderId, { lock: true }))!);
    const now = Date.now();
    const startOf = (c: { day: string; startMin: number }) => instantOf(c.day, c.startMin, venue.timeZone)!.getTime();
    const all = (await claimsOfSeries(tx, scope, [id])).map((c) => c.claim);
    const picked = input.claimIds?.length ? all.filter((c) => input.claimIds!.includes(c.id)) : all.filter((c) => c.day >= input.from!);
    if (input.claimIds?.length && new Set(picked.map((c) => c.id)).size !== new Set(input.claimIds).size) throw notFound();
    // An occurrence named by a claim that a change or a cancel has released meanwhile: refresh first.
    if (input.claimIds?.length && picked.some((c) => c.state === 'released')) throw conflict('state', 'venue.bookingMoved');
    const live = (c: (typeof all)[number]) => ['held', 'booked'].includes(c.state) && startOf(c) > now;
    // A cell of a full site is claimed on each half: the whole item goes.
    const itemIds = new Set(picked.filter(live).map((c) => c.itemId!));
    const chosen = all.filter((c) => itemIds.has(c.itemId!) && ['held', 'booked'].includes(c.state));
    for (const orderId of new Set(chosen.map((c) => c.orderId!))) {
      const order = orders.get(orderId)!;
      const items = (await itemsOf(tx, scope, orderId)).filter((i) => itemIds.has(i.id));
      if (order.state === 'pending') {
        const liveItems = new Set(all.filter((c) => c.orderId === orderId && c.state === 'held').map((c) => c.itemId));
        if ([...liveItems].some((i) => !itemIds.has(i!))) throw conflict('state', 'venue.payFirst', { orderNo: order.orderNo });
        const w = await cancelPending(tx, scope, order, input.reason ?? 'series cancelled');
        if (w) works.push(w);
      } else if (['paid', 'part_refunded'].includes(order.state)) {
        const mine = chosen.filter((c) => c.orderId === orderId);
        // Each occurrence by the venue's rule, by when it starts: a late one keeps its fee.
        let late = false;
        const lines = items
          .map((i) => {
            const startsAt = Math.min(...mine.filter((c) => c.itemId === i.id).map(startOf));
            const percent = (startsAt - now) / 60_000 >= rules.cancelDeadlineMinutes ? 100 : rules.lateCancelRefundPercent;
            if (percent < 100) late = true;
            return { itemId: i.id, quantity: i.quantity - i.refundedQty, amountFen: shareOf(i.amountFen - i.refundedFen, percent) };
          })
          .filter((l) => l.quantity > 0);
        const amount = Math.min(
          order.paidFen - order.refundedFen,
          lines.reduce((n, l) => n + l.amountFen, 0),
        );
        await releaseExactly(tx, scope, mine, ['booked'], 'venue.bookingMoved');
        works.push(
          await refundByRule(tx, scope, order, {
            amountFen: amount,
            items: lines,
            reason: input.reason ?? (late ? 'late cancellation' : 'series cancelled'),
            userId: caller.userId,
          }),
        );
        // Nothing given back and nothing left to play: the order is done.
        if (amount === 0 && !(await claimsOfOrder(tx, scope, orderId)).some((c) => c.state === 'booked' || c.state === 'held'))
          await completePaid(tx, scope, orderId);
        refundFen += amount;
      } else throw conflict('state', 'venue.cannotCancel');
      cancelled += items.length;
    }
    const left = (await claimsOfSeries(tx, scope, [id])).filter((c) => c.claim.state !== 'released' && startOf(c.claim) > now);
    if (!left.length) await setSeriesState(tx, scope, id, 'cancelled');
  });
  for (const w of works) await after({ ...noWork(), ...w });
  return { cancelled, refundFen };
}
