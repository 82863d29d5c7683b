import {
  DEFAULT_BOOKING_RULES,
  hhmmOf,
  minutesOf,
  venueSlotDetail,
  type BookingOrder,
  type BookingRules,
  type GridLesson,
  type GridQuery,
  type GridSlot,
  type SlotState,
  type VenueSlotDetail,
} from '@venue/contract';
import type { Db, Executor, Tx } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { oneOrgScope, scopeOf, SYSTEM_SCOPE, type Scope } from '../../../platform/scope.ts';
import { nearestDecision } from '../../system/index.ts';
import {
  findOrder,
  findOrderByNo,
  itemsOf,
  reviseItem,
  refundByRule,
  noWork,
  type AfterCommit,
  cancelOrder,
  completePaid,
  createOrder,
  type AfterCommitRunner,
  itemKind,
  itemKindOf,
  kindContext,
  getOrderDetail,
  memberBriefs,
  refuseOverlap,
  timeRange,
  venueLookup,
  type KindContext,
  type MemberPriced,
  type OrderRecord,
  type PricedItem,
} from '../commerce/index.ts';
import { t } from '../../../platform/i18n.ts';
import {
  sitesOfVenueOfSite,
  findVenue,
  rulesOfVenue,
  sitesOf,
  type SiteRecord,
  type VenueRecord,
  addDays,
  dayKindOf,
  hoursOn,
  instantOf,
  localOf,
  slotsBetween,
  weekdayOf,
  venueInScope,
} from '../venue/index.ts';
import {
  bookingsOfDay,
  findSeries,
  claimsByIds,
  claimsOfDays,
  claimsOfOrder,
  dueNoShows,
  insertClaims,
  setClaimState,
  claimsOverlapping,
  type ClaimRecord,
} from './booking.repository.ts';
import './booking.messages.ts';
import { lessonBriefsPort, memberLevelsPort, memberWhitelistPort } from './booking.ports.ts';
import { priceForBuyer, shareOf, type LevelGrant, type RuleLike } from './pricing.ts';

/**
 * Booking: the grid of a venue's day, orders of slots (an item of kind `venue` whose hold is a
 * claim per unit), locks, cancellation by the venue's rules, check-in and no-shows.
 */

const LIVE_BOOKING = ['held', 'booked', 'used', 'no_show'];
/** Paid orders whose booked lines may still be changed or cancelled (part of one may have been refunded). */
const LIVE_PAID = ['paid', 'part_refunded'];

// ---------------------------------------------------------------- member levels

const whiteListed = (db: Executor, scope: Scope, memberId: number | null | undefined) =>
  memberId ? memberWhitelistPort.get()(db, scope, memberId) : Promise.resolve(false);

// ---------------------------------------------------------------- members' names

/** 138****1234: a member's phone as the desk shows it. */
const maskPhone = (phone: string): string => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone);

/**
 * The names and masked phones of the members of many bookings, in one query (the members module
 * answers through the commerce core's port); unplugged, none are known and the buyer stays as ordered.
 */
async function memberNames(db: Executor, scope: Scope, ids: (number | null | undefined)[]): Promise<Map<number, { name: string; phone: string }>> {
  const wanted = [...new Set(ids.filter((x): x is number => !!x))];
  if (!wanted.length || !memberBriefs.plugged) return new Map();
  const found = await memberBriefs.get()(db, scope, wanted);
  return new Map([...found].map(([id, m]) => [id, { name: m.name, phone: maskPhone(m.phone) }]));
}

// ---------------------------------------------------------------- a venue's days

/** A member's levels at a venue (none for a walk-in), by the cards module's resolver. */
export const memberLevels = (db: Executor, scope: Scope, memberId: number | null | undefined, venueId?: number): Promise<LevelGrant[]> =>
  memberId ? memberLevelsPort.get()(db, scope, memberId, venueId) : Promise.resolve([]);

export const rulesOf = (v: VenueRecord): BookingRules => ({ ...DEFAULT_BOOKING_RULES, ...v.rules });

/** The units a site occupies: its halves when it has them, else itself. */
export function unitsOf(site: SiteRecord, all: SiteRecord[]): number[] {
  const halves = all.filter((s) => s.parentId === site.id).map((s) => s.id);
  return halves.length ? halves : [site.id];
}

/** Everything needed to price and check a venue's slots on some days. */
export interface VenueDays {
  venue: VenueRecord;
  sites: SiteRecord[];
  rules: RuleLike[];
  kinds: Map<string, ReturnType<typeof dayKindOf>>;
}

export async function loadDays(db: Executor, scope: Scope, venue: VenueRecord, days: string[], known?: SiteRecord[]): Promise<VenueDays> {
  // One after another: inside a transaction the statements share one connection.
  const sites = known ?? (await sitesOf(db, scope, { venueId: venue.id }));
  const rules = await rulesOfVenue(db, scope, venue.id, days[0]!, days[days.length - 1]!);
  // The holiday calendar matters only to rules of a kind of day and to holiday hours.
  const calendar = rules.some((r) => r.dayKind !== 'any') || sites.some((s) => s.hours.some((h) => h.day === 8));
  const decisions: (number | undefined)[] = [];
  for (const d of days) decisions.push(calendar ? await nearestDecision(db, oneOrgScope(venue.orgId), d) : undefined);
  return { venue, sites, rules, kinds: new Map(days.map((d, i) => [d, dayKindOf(d, decisions[i])])) };
}

interface PricedSlot {
  start: number;
  end: number;
  at: Date | undefined;
  until: Date | undefined;
  rule: RuleLike | undefined;
}

/** The slots of a site on a day (those within [from, to) when given) with the rule that prices each (for a buyer holding `levels`). */
function slotsOfSite(d: VenueDays, site: SiteRecord, day: string, levels: readonly LevelGrant[], from = 0, to = 1440): PricedSlot[] {
  const kind = d.kinds.get(day)!;
  const hours = hoursOn(site.hours, day, kind);
  if (!hours) return [];
  const tz = d.venue.timeZone;
  return slotsBetween(hours.open, hours.close, d.venue.slotMinutes)
    .filter(([start, end]) => start >= from && end <= to)
    .map(([start, end]) => ({
      start,
      end,
      at: instantOf(day, start, tz),
      until: instantOf(day, end, tz),
      rule: priceForBuyer(d.rules, { siteId: site.id, sport: site.sport, day, weekday: weekdayOf(day), dayKind: kind, startMin: start, endMin: end }, levels),
    }))
    .filter((s) => s.at !== undefined);
}

// ---------------------------------------------------------------- the grid

/** `POST booking/grid`: each site's slots of a day (or a week) with their state and price. */
export async function bookingGrid(db: Db, caller: Caller, q: GridQuery) {
  return gridInScope(db, scopeOf(caller), q);
}

/** The grid of a venue in the scope (the console's, and third-party applications' without detail). */
export async function gridInScope(db: Db, scope: Scope, q: GridQuery) {
  const venue = await venueInScope(db, scope, q.stadiumId);
  const days = Array.from({ length: q.days ?? 1 }, (_, i) => addDays(q.date, i));
  const [d, claims, levels] = await Promise.all([
    loadDays(db, scope, venue, days),
    claimsOfDays(db, scope, venue.id, days[0]!, days[days.length - 1]!),
    memberLevels(db, scope, q.memberId, venue.id),
  ]);
  const detail = q.detail || (q.days ?? 1) > 1;
  // Who booked: one lookup of the members of the whole grid, not one per cell.
  const names = detail
    ? await memberNames(
        db,
        scope,
        claims.map((c) => c.memberId),
      )
    : new Map<number, { name: string; phone: string }>();
  const lessons = detail ? await lessonsOf(db, scope, claims) : new Map<number, GridLesson>();
  const now = Date.now();
  const byUnitDay = new Map<string, typeof claims>();
  for (const c of claims) {
    const k = `${c.unitId}|${c.day}`;
    byUnitDay.set(k, [...(byUnitDay.get(k) ?? []), c]);
  }
  const slots: GridSlot[] = [];
  for (const day of days) {
    for (const site of d.sites) {
      const units = unitsOf(site, d.sites);
      const stopped = site.status !== 0 || venue.locked;
      for (const s of slotsOfSite(d, site, day, levels)) {
        let claim: (typeof claims)[number] | undefined;
        for (const u of units) {
          claim = byUnitDay.get(`${u}|${day}`)?.find((c) => c.startMin < s.end && s.start < c.endMin);
          if (claim) break;
        }
        const state: SlotState = claim
          ? claim.kind === 'closure'
            ? 'closed'
            : claim.kind === 'lock'
              ? 'locked'
              : claim.state === 'held'
                ? 'held'
                : 'booked'
          : s.at!.getTime() < now
            ? 'past'
            : stopped || !s.rule
              ? 'closed'
              : 'free';
        const slot: GridSlot = { siteId: site.id, start: hhmmOf(s.start), end: hhmmOf(s.end), state, price: s.rule?.priceFen ?? 0 };
        if (detail) {
          Object.assign(slot, {
            date: day,
            ruleId: s.rule?.id ?? null,
            ruleName: s.rule?.name ?? null,
            claimId: claim?.id ?? null,
            orderId: claim?.orderId ?? null,
            orderNo: claim?.orderNo ?? null,
            buyer: (claim?.memberId ? names.get(claim.memberId)?.name : undefined) ?? claim?.buyer ?? null,
            buyerPhone: claim?.memberId ? (names.get(claim.memberId)?.phone ?? null) : null,
            memberId: claim?.memberId ?? null,
            itemId: claim?.itemId ?? null,
            reason: claim?.reason ?? (site.status !== 0 ? 'site stopped' : venue.locked ? venue.lockReason : null),
          });
          const lesson = claim ? lessonIdOf(claim) : undefined;
          if (lesson !== undefined) slot.lesson = lessons.get(lesson) ?? null;
        }
        slots.push(slot);
      }
    }
  }
  const sites = d.sites.map((s) => (detail ? { id: s.id, name: s.name, sport: s.sport, parentId: s.parentId } : { id: s.id, name: s.name }));
  return { sites, slots };
}

/** The lesson a claim holds a site for (`claimSiteTime` by the course module: kind `lesson`, reason `lesson#12`). */
function lessonIdOf(c: { kind: string; reason: string | null }): number | undefined {
  if (c.kind !== 'lesson') return undefined;
  const m = /^lesson#(\d+)$/.exec(c.reason ?? '');
  return m ? Number(m[1]) : undefined;
}

/** The lessons holding cells of the grid, described by the course module (one call for the whole grid); none when it is not loaded. */
async function lessonsOf(db: Executor, scope: Scope, claims: { kind: string; reason: string | null }[]): Promise<Map<number, GridLesson>> {
  const ids = [...new Set(claims.map(lessonIdOf).filter((x): x is number => x !== undefined))];
  if (!ids.length || !lessonBriefsPort.plugged) return new Map();
  return lessonBriefsPort.get()(db, scope, ids);
}

// ---------------------------------------------------------------- the `venue` item kind

/**
 * What one transaction has read of venues: an order of many cells (or a series of many
 * occurrences) reads its venue, its sites and each day's rules once.
 */
interface TxMemo {
  venues: Map<number, VenueRecord>;
  sites: Map<number, SiteRecord[]>;
  days: Map<string, Promise<VenueDays>>;
}
const memo = new WeakMap<Tx, TxMemo>();
function memoOf(tx: Tx): TxMemo {
  let m = memo.get(tx);
  if (!m) memo.set(tx, (m = { venues: new Map(), sites: new Map(), days: new Map() }));
  return m;
}

/** A venue in the transaction's scope, read once per transaction. */
async function venueIn(tx: Tx, scope: Scope, id: number): Promise<VenueRecord | undefined> {
  const m = memoOf(tx);
  let v = m.venues.get(id);
  if (!v) {
    v = await findVenue(tx, scope, id);
    if (v) m.venues.set(id, v);
  }
  return v;
}

/** A site and every live site of its venue (its halves and parent among them), read once per transaction. */
async function siteIn(tx: Tx, scope: Scope, siteId: number): Promise<{ site: SiteRecord; all: SiteRecord[] } | undefined> {
  const m = memoOf(tx);
  for (const all of m.sites.values()) {
    const site = all.find((s) => s.id === siteId);
    if (site) return { site, all };
  }
  const all = await sitesOfVenueOfSite(tx, scope, siteId);
  const site = all.find((s) => s.id === siteId);
  if (!site) return undefined;
  m.sites.set(site.venueId, all);
  return { site, all };
}

function daysIn(ctx: KindContext, venue: VenueRecord, day: string, sites: SiteRecord[]): Promise<VenueDays> {
  const m = memoOf(ctx.tx);
  const key = `${venue.id}|${day}`;
  let p = m.days.get(key);
  if (!p) m.days.set(key, (p = loadDays(ctx.tx, ctx.scope, venue, [day], sites)));
  return p;
}

/** Why a site's time on a day cannot be sold (whole opening slots, each priced, not begun), or its slots and price. */
export function evaluate(
  d: VenueDays,
  site: SiteRecord,
  day: string,
  start: number,
  end: number,
  levels: readonly LevelGrant[],
  now = Date.now(),
): { slots: PricedSlot[]; priceFen: number } | { reason: 'notSlots' | 'noPrice' | 'slotPast' } {
  const covered = slotsOfSite(d, site, day, levels, start, end);
  if (
    !covered.length ||
    covered[0]!.start !== start ||
    covered[covered.length - 1]!.end !== end ||
    covered.some((s, i) => i > 0 && s.start !== covered[i - 1]!.end)
  )
    return { reason: 'notSlots' };
  if (covered.some((s) => !s.rule)) return { reason: 'noPrice' };
  if (covered[0]!.at!.getTime() < now) return { reason: 'slotPast' };
  return { slots: covered, priceFen: covered.reduce((n, s) => n + s.rule!.priceFen, 0) };
}

/**
 * Checks a booking line against the venue's rules and prices it: the slots must be whole slots of
 * the site's opening that day, each priced, not yet begun, within the booking window (a fixed
 * series has its own range instead).
 */
async function priceLine(ctx: KindContext, siteId: number, h: VenueSlotDetail, line: number) {
  const found = await siteIn(ctx.tx, ctx.scope, siteId);
  if (!found) throw notFound();
  const { site, all } = found;
  const venue = await venueIn(ctx.tx, ctx.scope, site.venueId);
  if (!venue || venue.orgId !== ctx.orgId) throw notFound();
  if (venue.locked) throw conflict('state', 'venue.locked', { reason: venue.lockReason ?? '' });
  if (site.status !== 0) throw invalid(`items.${line}.siteId`, 'venue.siteStopped', { site: site.name });
  const rules = rulesOf(venue);
  const today = localOf(new Date(), venue.timeZone).day;
  if (h.date < today) throw invalid(`items.${line}.start`, 'venue.slotPast');
  if (h.seriesId) {
    const series = await findSeries(ctx.tx, ctx.scope, h.seriesId);
    if (!series || series.venueId !== venue.id || h.date < series.dateFrom || h.date > series.dateTo)
      throw invalid(`items.${line}.detail.seriesId`, 'error.notFound');
  } else if (h.date > addDays(today, rules.advanceDays) && !(await whiteListed(ctx.tx, ctx.scope, ctx.memberId)))
    throw invalid(`items.${line}.date`, 'venue.tooFarAhead', { days: rules.advanceDays });
  const d = await daysIn(ctx, venue, h.date, all);
  const levels = await memberLevels(ctx.tx, ctx.scope, ctx.memberId, venue.id);
  const e = evaluate(d, site, h.date, minutesOf(h.start), minutesOf(h.end), levels);
  if ('reason' in e) throw invalid(`items.${line}.start`, `venue.${e.reason}`, { site: site.name });
  if (e.slots.length > rules.maxSlots && !h.seriesId && !(await whiteListed(ctx.tx, ctx.scope, ctx.memberId)))
    throw invalid(`items.${line}.end`, 'venue.tooManySlots', { max: rules.maxSlots });
  // Priced at a member level: the walk-in price beside it, so the order records the level as the line's source (pricing's `member` adjuster). No query: the day is loaded.
  const level = e.slots.find((x) => x.rule!.level !== null)?.rule!.level;
  const walkIn = level ? evaluate(d, site, h.date, minutesOf(h.start), minutesOf(h.end), []) : undefined;
  const memberPrice = level && walkIn && !('reason' in walkIn) ? { level, listUnitPriceFen: walkIn.priceFen } : undefined;
  return { venue, site, sites: d.sites, slots: e.slots, priceFen: e.priceFen, memberPrice };
}

/** A priced `venue` line as `hold` receives it: the slots found for the line's detail. */
interface PricedSlots extends PricedItem, MemberPriced {
  slot: VenueSlotDetail;
  found: Awaited<ReturnType<typeof priceLine>>;
}

/** Inserts claims, answering 100409 `taken` when another live claim holds any of the units (the claim primitive's refusal). */
export async function claim(tx: Tx, scope: Scope, rows: Parameters<typeof insertClaims>[2], what: string): Promise<ClaimRecord[]> {
  return refuseOverlap(insertClaims(tx, scope, rows), { msgKey: 'venue.slotTaken', params: { slot: what } });
}

/** A venue's organisation for the commerce core, read through the transaction's memo (the kind's price reads the venue again at no cost). */
const venueOrgOf: Parameters<typeof venueLookup.plug>[0] = async (tx, scope, venueId) => (await venueIn(tx, scope, venueId))?.orgId;

/** Plugs booking's answers into the commerce core's ports: from the module's manifest, never at import. */
export function plugBookingPorts(): void {
  venueLookup.plug(venueOrgOf);
}

/** A booked slot (or several of one site): the venue kind booking's manifest declares. */
export const venueSlotKind = itemKind<VenueSlotDetail, PricedSlots>({
  kind: 'venue',
  orderTypes: ['venue'],
  detail: venueSlotDetail,
  async price(ctx, input, line) {
    if (!input.refId) throw invalid(`items.${line}.refId`, 'error.field.required');
    if (input.quantity !== 1) throw invalid(`items.${line}.quantity`, 'commerce.rechargeOne');
    const h = input.detail;
    const found = await priceLine(ctx, input.refId, h, line);
    const priced: PricedSlots = { name: found.site.name, spec: `${h.date} ${h.start}-${h.end}`, unitPriceFen: found.priceFen, slot: h, found };
    if (found.memberPrice) priced.memberPrice = found.memberPrice;
    return priced;
  },
  async hold(ctx, item, order, { slot: h, found: p }) {
    const during = timeRange(p.slots[0]!.at!, p.slots[p.slots.length - 1]!.until!);
    await claim(
      ctx.tx,
      ctx.scope,
      unitsOf(p.site, p.sites).map((unitId) => ({
        orgId: order.orgId,
        venueId: p.venue.id,
        siteId: p.site.id,
        unitId,
        day: h.date,
        startMin: minutesOf(h.start),
        endMin: minutesOf(h.end),
        during,
        kind: 'booking',
        state: 'held',
        orderId: order.id,
        itemId: item.id,
        seriesId: h.seriesId ?? null,
        priceFen: item.amountFen,
        createdBy: order.createdBy,
      })),
      `${p.site.name} ${h.start}-${h.end}`,
    );
    // The line's detail (date, start, end, series) is the hold; its refId is the site.
    return undefined;
  },
  async use(ctx, item) {
    const found = await siteIn(ctx.tx, ctx.scope, item.refId!);
    // The hold is the detail as parsed when the line was sold.
    const h = item.hold as VenueSlotDetail;
    return { sport: found?.site.sport, startMin: minutesOf(h.start), endMin: minutesOf(h.end) };
  },
  async confirm(ctx, item) {
    // Paid: the held claims become booked. None held: they expired and the slot may be someone else's.
    return (await setClaimState(ctx.tx, ctx.scope, { itemId: item.id }, ['held'], 'booked')).length > 0;
  },
  async release(ctx, item, quantity) {
    // A refund of money only (a cheaper change) keeps the line's slots.
    if (quantity <= 0) return;
    await setClaimState(ctx.tx, ctx.scope, { itemId: item.id }, ['held', 'booked', 'no_show'], 'released');
  },
});

// ---------------------------------------------------------------- booking

/**
 * A coach for the booked time (the booking dialog's coach step): a line of the sparring module's
 * kind `sparring` in the same order, from the first slot's start to the last one's end, without a
 * site (the `venue` lines hold the sites). Its hold claims the coach in the order's transaction, so a
 * coach taken meanwhile refuses the whole booking (100409 `taken`) and nothing is held; cancelling
 * or refunding the order releases it with the sites.
 */
function coachLine(input: BookingOrder) {
  const start = input.items.map((it) => it.start).sort()[0]!;
  const end = input.items
    .map((it) => it.end)
    .sort()
    .at(-1)!;
  return { kind: 'sparring', refId: input.coachId!, quantity: 1, discountFen: 0, detail: { date: input.date, start, end, venueId: input.stadiumId } };
}

/** The goods sold with a booking: one `goods` line per good (units merged), in order of good, from the venue's default warehouse. */
function goodsLines(input: BookingOrder) {
  const units = new Map<number, number>();
  for (const g of input.goods ?? []) units.set(g.goodsId, (units.get(g.goodsId) ?? 0) + g.quantity);
  return [...units]
    .sort(([a], [b]) => a - b)
    .map(([goodsId, quantity]) => ({ kind: 'goods', refId: goodsId, quantity, discountFen: 0, detail: { stadiumId: input.stadiumId } }));
}

/** Lines a whole-booking cancel refunds and releases: the sites and a coach booked with them (by the venue's cancel share), and goods sold with them (by their own rule). */
const CANCELLED_KINDS = ['venue', 'sparring'];
const OWN_RULE_KINDS = ['goods'];

/** `POST booking/order`: a pending order of kind-`venue` items (and a coach's `sparring` line when asked), its slots held until it is paid or times out. */
export async function bookSlots(db: Db, caller: Caller, input: BookingOrder, key: string | undefined) {
  const scope = scopeOf(caller);
  const venue = await venueInScope(db, scope, input.stadiumId);
  const rules = rulesOf(venue);
  const slotCount = input.items.reduce((n, it) => n + Math.max(0, (minutesOf(it.end) - minutesOf(it.start)) / venue.slotMinutes), 0);
  if ((slotCount < rules.minSlots || slotCount > rules.maxSlots) && !(await whiteListed(db, scope, input.memberId))) {
    if (slotCount < rules.minSlots) throw invalid('items', 'venue.tooFewSlots', { min: rules.minSlots });
    throw invalid('items', 'venue.tooManySlots', { max: rules.maxSlots });
  }
  let made: { orderNo: string; id: number; payableFen: number; state: string; expiresAt: Date | null } | undefined;
  const id = await createOrder(
    db,
    caller,
    {
      orgId: venue.orgId,
      type: 'venue',
      venueId: venue.id,
      memberId: input.memberId,
      buyerName: input.buyerName,
      buyerPhone: input.buyerPhone,
      channel: 'console',
      remark: input.remark,
      couponCode: input.couponCode,
      couponIds: input.couponIds,
      items: [
        ...input.items.map((it) => ({
          kind: 'venue',
          refId: it.siteId,
          quantity: 1,
          discountFen: 0,
          detail: { date: input.date, start: it.start, end: it.end },
        })),
        ...(input.coachId ? [coachLine(input)] : []),
        ...goodsLines(input),
      ],
    },
    key,
    (m) => (made = m.order),
  );
  // A retry with the same Idempotency-Key made nothing: it answers the first order as it is now.
  const order = made ?? (await findOrder(db, scope, id))!;
  return { orderNo: order.orderNo, orderId: order.id, amount: order.payableFen, state: order.state, expiresAt: order.expiresAt };
}

/** `POST booking/lock`: each cell locked with a reason (maintenance, an event). Not an order. */
export async function lockSlots(
  db: Db,
  caller: Caller,
  input: { stadiumId: number; date: string; items: { siteId: number; start: string; end: string }[]; reason: string },
) {
  const scope = scopeOf(caller);
  const venue = await venueInScope(db, scope, input.stadiumId);
  const d = await loadDays(db, scope, venue, [input.date]);
  const rows: Parameters<typeof insertClaims>[2] = [];
  for (const [i, it] of input.items.entries()) {
    const site = d.sites.find((s) => s.id === it.siteId);
    if (!site) throw notFound();
    const start = minutesOf(it.start);
    const end = minutesOf(it.end);
    const at = instantOf(input.date, start, venue.timeZone);
    const until = instantOf(input.date, end, venue.timeZone);
    if (!at || !until || start >= end) throw invalid(`items.${i}.start`, 'venue.notSlots', { site: site.name });
    for (const unitId of unitsOf(site, d.sites))
      rows.push({
        orgId: venue.orgId,
        venueId: venue.id,
        siteId: site.id,
        unitId,
        day: input.date,
        startMin: start,
        endMin: end,
        during: timeRange(at, until),
        kind: 'lock',
        state: 'locked',
        reason: input.reason,
        createdBy: caller.userId,
      });
  }
  const made = await db.transaction((tx) => claim(tx, scope, rows, input.items.map((it) => `${it.start}-${it.end}`).join(', ')));
  return { claimIds: made.map((c) => c.id) };
}

/** `POST booking/unlock`: releases locks (with the other units of the same locked cell); a lock released already answers 100409. */
export async function unlockSlots(db: Db, caller: Caller, claimIds: number[]) {
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    const found = await claimsByIds(tx, scope, claimIds);
    if (found.length !== new Set(claimIds).size) throw notFound();
    if (found.some((c) => c.kind !== 'lock')) throw conflict('state', 'venue.notALock');
    const days = found.map((c) => c.day).sort();
    // A locked cell of a full site is one claim per half: the others of the same cell go too.
    const ids = new Set(claimIds);
    for (const venueId of new Set(found.map((c) => c.venueId)))
      for (const s of await claimsOfDays(tx, scope, venueId, days[0]!, days[days.length - 1]!))
        if (s.kind === 'lock' && found.some((c) => s.siteId === c.siteId && s.day === c.day && s.startMin === c.startMin && s.endMin === c.endMin))
          ids.add(s.id);
    const moved = await setClaimState(tx, scope, { ids: [...ids] }, ['locked'], 'released');
    // Each lock asked for is released by this call, or it was released already (by another, or before).
    if (found.some((c) => !moved.some((m) => m.id === c.id))) throw conflict('state', 'venue.alreadyUnlocked');
    return { claimIds: moved.map((c) => c.id) };
  });
}

/**
 * What cancelling a paid booking (or one line of it) gives back, read in the caller's transaction:
 * its booked claims, each line's refund by the venue's rule (in full up to the cancel deadline,
 * its late-cancel share after), the fee kept and the amount it is taken from.
 */
async function cancelTerms(db: Tx, scope: Scope, order: OrderRecord, itemId: number | undefined) {
  const claims = (await claimsOfOrder(db, scope, order.id)).filter((c) => c.state === 'booked' && (itemId === undefined || c.itemId === itemId));
  if (!claims.length) throw conflict('state', 'venue.cannotCancel');
  const venue = (await findVenue(db, scope, claims[0]!.venueId))!;
  const rules = rulesOf(venue);
  const startsAt = Math.min(...claims.map((c) => instantOf(c.day, c.startMin, venue.timeZone)!.getTime()));
  const minutesLeft = (startsAt - Date.now()) / 60_000;
  if (minutesLeft <= 0) throw conflict('state', 'venue.alreadyStarted');
  const percent = minutesLeft >= rules.cancelDeadlineMinutes ? 100 : rules.lateCancelRefundPercent;
  const net = order.paidFen - order.refundedFen;
  // The whole booking: its sites and the coach booked with them; one line: that site only.
  const items = (await itemsOf(db, scope, order.id)).filter(
    (i) =>
      (itemId === undefined ? [...CANCELLED_KINDS, ...OWN_RULE_KINDS].includes(i.kind) : i.kind === 'venue') &&
      i.refundedQty < i.quantity &&
      (itemId === undefined || i.id === itemId),
  );
  if (itemId !== undefined && !items.length) throw conflict('state', 'venue.cannotCancel');
  const ctx = kindContext(db, scope, order);
  const lines = await Promise.all(
    items.map(async (i) => {
      const left = i.amountFen - i.refundedFen;
      const quantity = i.quantity - i.refundedQty;
      // Goods go back by their own rule (an opened bottle is not refunded), not by the booking's share.
      const own = OWN_RULE_KINDS.includes(i.kind) ? await itemKindOf(i.kind)?.refundQuote?.(ctx, i, quantity, left) : undefined;
      return {
        itemId: i.id,
        name: i.name,
        spec: i.spec ?? null,
        quantity,
        amountFen: left,
        refundFen: own ? Math.min(left, own.amountFen) : shareOf(left, percent),
      };
    }),
  );
  // The whole booking: what is left of the order; one line: what is left of that line.
  const amountFen =
    itemId === undefined
      ? net
      : Math.min(
          net,
          lines.reduce((n, l) => n + l.amountFen, 0),
        );
  const refundFen = Math.min(
    amountFen,
    lines.reduce((n, l) => n + l.refundFen, 0),
  );
  return { claims, lines, percent, amountFen, refundFen, feeFen: amountFen - refundFen };
}

/**
 * `POST booking/cancel/quote`: what a cancel would give back before anyone confirms it (the amount,
 * the fee, the refund and the methods it goes back to). Nothing changes.
 */
export async function quoteCancel(db: Db, caller: Caller, orderId: number, itemId: number | undefined) {
  const scope = scopeOf(caller);
  const order = await findOrder(db, scope, orderId);
  if (!order || order.type !== 'venue') throw notFound();
  if (order.state === 'pending') {
    if (itemId !== undefined) throw conflict('state', 'venue.cancelLineUnpaid');
    const items = (await itemsOf(db, scope, orderId)).filter((i) => CANCELLED_KINDS.includes(i.kind));
    return {
      orderId,
      orderState: order.state,
      lines: items.map((i) => ({ itemId: i.id, name: i.name, spec: i.spec ?? null, amountFen: i.amountFen, refundFen: 0 })),
      amountFen: 0,
      refundFen: 0,
      feeFen: 0,
      percent: 100,
      methods: [],
    };
  }
  if (!LIVE_PAID.includes(order.state)) throw conflict('state', 'venue.cannotCancel');
  const q = await db.transaction((tx) => cancelTerms(tx, scope, order, itemId));
  const detail = await getOrderDetail(db, caller, orderId, '');
  const methods = [...new Set(detail.payments.filter((p) => p.state === 'succeeded').map((p) => p.method))];
  return {
    orderId,
    orderState: order.state,
    lines: q.lines.map(({ itemId: id, name, spec, amountFen, refundFen }) => ({ itemId: id, name, spec, amountFen, refundFen })),
    amountFen: q.amountFen,
    refundFen: q.refundFen,
    feeFen: q.feeFen,
    percent: q.percent,
    methods,
  };
}

/**
 * `POST booking/cancel`: a pending booking is cancelled (its slots freed); a paid one, before it
 * starts, is refunded in full up to the venue's cancel deadline and by its late-cancel share after.
 * With `itemId`, one line only (one court of two): its slots are freed and its share refunded, the
 * other lines stay booked and paid.
 */
export async function cancelBooking(db: Db, caller: Caller, orderId: number, reason: string | null, after: AfterCommitRunner, itemId?: number) {
  const scope = scopeOf(caller);
  const order = await findOrder(db, scope, orderId);
  if (!order || order.type !== 'venue') throw notFound();
  if (order.state === 'pending') {
    // An unpaid booking is cancelled whole (its lines were never paid apart).
    if (itemId !== undefined) throw conflict('state', 'venue.cancelLineUnpaid');
    const row = await cancelOrder(db, caller, orderId, reason, after);
    return { orderId, state: row.state, refundFen: 0, feeFen: 0 };
  }
  if (!LIVE_PAID.includes(order.state)) throw conflict('state', 'venue.cannotCancel');
  let work: AfterCommit = noWork();
  let refundFen = 0;
  let feeFen = 0;
  await db.transaction(async (tx) => {
    const locked = (await findOrder(tx, scope, orderId, { lock: true }))!;
    if (!LIVE_PAID.includes(locked.state)) throw conflict('state', 'venue.cannotCancel');
    const q = await cancelTerms(tx, scope, locked, itemId);
    refundFen = q.refundFen;
    feeFen = q.feeFen;
    // Exactly the claims priced above: the share is never paid for a slot this does not free.
    await releaseExactly(tx, scope, q.claims, ['booked'], 'venue.cannotCancel');
    work = await refundByRule(tx, scope, locked, {
      amountFen: refundFen,
      items: q.lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity, amountFen: l.refundFen })),
      reason: reason ?? (q.percent < 100 ? 'late cancellation' : 'cancelled'),
      userId: caller.userId,
    });
    // Nothing refunded (the whole amount is the fee): a coach booked with the sites is given back here (a refund's lines release themselves).
    if (refundFen === 0) await releaseCoachLines(tx, scope, locked, q.lines);
    // Nothing to give back (the whole amount is the fee) and nothing left booked: the order is done.
    const left = (await claimsOfOrder(tx, scope, orderId)).some((c) => c.state === 'booked' || c.state === 'held');
    if (refundFen === 0 && !left) await completePaid(tx, scope, orderId);
  });
  await after({ ...work });
  const now = (await findOrder(db, scope, orderId))!;
  return { orderId, state: now.state, refundFen, feeFen };
}

/** Gives back the coach time of a booking's `sparring` lines among `lines` (by the kind's own release). */
async function releaseCoachLines(tx: Tx, scope: Scope, order: OrderRecord, lines: { itemId: number }[]): Promise<void> {
  const wanted = new Set(lines.map((l) => l.itemId));
  const coachItems = (await itemsOf(tx, scope, order.id)).filter((i) => i.kind === 'sparring' && wanted.has(i.id));
  const ctx: KindContext = { tx, scope, orgId: order.orgId, memberId: order.memberId, orderType: order.type };
  for (const item of coachItems) await itemKindOf('sparring')?.release?.(ctx, item, item.quantity - item.refundedQty, 'cancel', order.orderNo);
}

// ---------------------------------------------------------------- check-in, plan, no-shows

function bookingOut(rows: Awaited<ReturnType<typeof bookingsOfDay>>, names: Map<number, { name: string; phone: string }>) {
  const byOrder = new Map<number, ReturnType<typeof first>>();
  function first(r: (typeof rows)[number]) {
    return {
      orderId: r.order.id,
      orderNo: r.order.orderNo,
      orderState: r.order.state,
      // A member's booking: the member's name and masked phone.
      buyer: (r.order.memberId ? names.get(r.order.memberId)?.name : undefined) ?? r.order.buyerName ?? r.order.buyerPhone,
      buyerPhone: (r.order.memberId ? names.get(r.order.memberId)?.phone : undefined) ?? r.order.buyerPhone,
      memberId: r.order.memberId,
      date: r.claim.day,
      slots: [] as { claimId: number; siteId: number; siteName: string; start: string; end: string; state: string }[],
      amountFen: r.order.payableFen,
      paidFen: r.order.paidFen,
      checkedInAt: r.claim.checkedInAt,
    };
  }
  for (const r of rows) {
    if (r.claim.state === 'released') continue;
    const b = byOrder.get(r.order.id) ?? first(r);
    byOrder.set(r.order.id, b);
    // One row per booked site and time (a full court's claims on its halves show once).
    if (!b.slots.some((s) => s.siteId === r.claim.siteId && s.start === hhmmOf(r.claim.startMin)))
      b.slots.push({
        claimId: r.claim.id,
        siteId: r.claim.siteId,
        siteName: r.siteName,
        start: hhmmOf(r.claim.startMin),
        end: hhmmOf(r.claim.endMin),
        state: r.claim.state,
      });
    b.checkedInAt ??= r.claim.checkedInAt;
  }
  return [...byOrder.values()];
}

/** `POST booking/plan`: the day's bookings of a venue, with their arrival. */
export async function bookingPlan(db: Db, caller: Caller, stadiumId: number, date: string) {
  const scope = scopeOf(caller);
  const venue = await venueInScope(db, scope, stadiumId);
  const rows = await bookingsOfDay(db, scope, venue.id, date);
  return {
    bookings: bookingOut(
      rows,
      await memberNames(
        db,
        scope,
        rows.map((r) => r.order.memberId),
      ),
    ),
  };
}

/** `POST booking/checkin`: by order number (the QR code carries it). A paid booking of today is used and its order completed. */
export async function checkIn(db: Db, caller: Caller, code: string) {
  const scope = scopeOf(caller);
  const orderNo = code.replace(/^.*[?&]orderNo=/, '').trim();
  const order = await findOrderByNo(db, scope, orderNo);
  if (!order || order.type !== 'venue') throw notFound();
  // Everything it decides on is read under the order's lock: two desks scanning one code, or a
  // cancel at the same moment, are decided one after the other.
  const { venueId, today } = await db.transaction(async (tx) => {
    const locked = (await findOrder(tx, scope, order.id, { lock: true }))!;
    const live = (await claimsOfOrder(tx, scope, order.id)).filter((c) => LIVE_BOOKING.includes(c.state));
    if (!live.length) throw conflict('state', 'venue.cannotCheckIn');
    const venue = (await findVenue(tx, scope, live[0]!.venueId))!;
    if (locked.state === 'pending') throw conflict('state', 'venue.notPaid');
    if (!['paid', 'part_refunded', 'completed'].includes(locked.state)) throw conflict('state', 'venue.cannotCheckIn');
    const today = localOf(new Date(), venue.timeZone).day;
    if (!live.some((c) => c.day === today)) throw conflict('state', 'venue.notToday', { date: live.find((c) => c.day > today)?.day ?? live[0]!.day });
    const todays = live.filter((c) => c.day === today);
    if (todays.every((c) => c.state === 'used')) throw conflict('state', 'venue.alreadyCheckedIn');
    if (!LIVE_PAID.includes(locked.state)) throw conflict('state', 'venue.cannotCheckIn');
    // Today's slots only: a fixed series' other days stay booked.
    await releaseExactly(
      tx,
      scope,
      todays.filter((c) => c.state !== 'used'),
      ['booked', 'no_show'],
      'venue.alreadyCheckedIn',
      'used',
      { checkedInAt: new Date() },
    );
    const ahead = (await claimsOfOrder(tx, scope, order.id)).some((c) => c.state === 'booked' || c.state === 'held');
    if (!ahead) await completePaid(tx, scope, order.id);
    return { venueId: venue.id, today };
  });
  const rows = (await bookingsOfDay(db, scope, venueId, today)).filter((r) => r.order.id === order.id);
  return bookingOut(rows, await memberNames(db, scope, [order.memberId]))[0]!;
}

/**
 * The no-show job: booked slots nobody checked in to, past their venue's no-show minutes, are
 * recorded as no-shows; when the venue's rule forfeits, the order is done.
 */
export async function markNoShows(db: Db, now = new Date(), batch = 500): Promise<number> {
  let n = 0;
  for (;;) {
    const due = await dueNoShows(db, SYSTEM_SCOPE, now, batch);
    if (!due.length) return n;
    await db.transaction(async (tx) => {
      const moved = await setClaimState(tx, SYSTEM_SCOPE, { ids: due.map((c) => c.id) }, ['booked'], 'no_show');
      n += moved.length;
      for (const orderId of new Set(moved.map((c) => c.orderId!))) {
        const left = (await claimsOfOrder(tx, SYSTEM_SCOPE, orderId)).filter((c) => c.state === 'booked');
        if (left.length) continue;
        const venue = await findVenue(tx, SYSTEM_SCOPE, moved.find((c) => c.orderId === orderId)!.venueId);
        if (venue && rulesOf(venue).noShowForfeits) await completePaid(tx, SYSTEM_SCOPE, orderId);
      }
    });
    if (due.length < batch) return n;
  }
}

// ---------------------------------------------------------------- change (adjustment)

/** What a booked line is worth now: its price, plus the difference of an earlier change once paid (an unpaid one must be paid first). */
async function worthOf(tx: Executor, scope: Scope, first: ClaimRecord): Promise<number> {
  let worth = first.priceFen;
  if (first.differenceOrderId) {
    const d = (await findOrder(tx, scope, first.differenceOrderId))!;
    if (d.state === 'pending') throw conflict('state', 'venue.payDifferenceFirst', { orderNo: d.orderNo });
    if (['paid', 'completed'].includes(d.state)) worth += d.payableFen;
  }
  return worth;
}

/**
 * `POST booking/change/quote`: the price difference of moving a paid line (the grid's drag) before
 * it is confirmed, by the same rules the change applies: the deadline, the target's slots and price,
 * and a target another booking holds refused as 100409 taken. Nothing changes.
 */
export async function quoteChange(
  db: Db,
  caller: Caller,
  input: { orderId: number; itemId: number; siteId: number; date: string; start: string; end: string },
) {
  const scope = scopeOf(caller);
  const order = await findOrder(db, scope, input.orderId);
  if (!order || order.type !== 'venue') throw notFound();
  return db.transaction(async (tx) => {
    const old = (await claimsOfOrder(tx, scope, order.id)).filter((c) => c.itemId === input.itemId && c.state === 'booked');
    if (!LIVE_PAID.includes(order.state) || !old.length) throw conflict('state', 'venue.changeNotPaid');
    const venue = (await findVenue(tx, scope, old[0]!.venueId))!;
    const rules = rulesOf(venue);
    if ((instantOf(old[0]!.day, old[0]!.startMin, venue.timeZone)!.getTime() - Date.now()) / 60_000 < rules.changeDeadlineMinutes)
      throw conflict('state', 'venue.changeTooLate', { minutes: rules.changeDeadlineMinutes });
    await refuseCoachMove(tx, scope, order.id, old[0]!, input);
    const worth = await worthOf(tx, scope, old[0]!);
    const ctx: KindContext = { tx, scope, orgId: order.orgId, memberId: order.memberId };
    const p = await priceLine(ctx, input.siteId, { date: input.date, start: input.start, end: input.end }, 0);
    if (p.venue.id !== venue.id) throw notFound();
    // Held by another booking, a lock or a closure (the line's own slots do not count: it moves off them).
    const own = new Set(old.map((c) => c.id));
    const others = (await claimsOverlapping(tx, scope, venue.id, unitsOf(p.site, p.sites), p.slots[0]!.at!, p.slots[p.slots.length - 1]!.until!)).filter(
      (c) => !own.has(c.id),
    );
    if (others.length) throw conflict('taken', 'venue.slotTaken', { slot: `${p.site.name} ${input.start}-${input.end}` });
    return { worthFen: worth, priceFen: p.priceFen, differenceFen: p.priceFen - worth };
  });
}

/**
 * `POST booking/change`: moves one paid line to another site, day or time, up to the venue's
 * change deadline. The line keeps what was paid for it: more to pay becomes a new order for the
 * difference; less is refunded at once, both through the commerce core.
 */
export async function changeBooking(
  db: Db,
  caller: Caller,
  input: { orderId: number; itemId: number; siteId: number; date: string; start: string; end: string },
  after: AfterCommitRunner,
) {
  const scope = scopeOf(caller);
  const order = await findOrder(db, scope, input.orderId);
  if (!order || order.type !== 'venue') throw notFound();
  // What the operator saw (and asked to move): the line's booked claims before anyone holds the order.
  const seen = (await claimsOfOrder(db, scope, order.id)).filter((c) => c.itemId === input.itemId && c.state === 'booked');
  if (!LIVE_PAID.includes(order.state) || !seen.length) throw conflict('state', 'venue.changeNotPaid');
  let work: AfterCommit = noWork();
  const answer = await db.transaction(async (tx) => {
    const locked = (await findOrder(tx, scope, order.id, { lock: true }))!;
    if (!LIVE_PAID.includes(locked.state)) throw conflict('state', 'venue.changeNotPaid');
    const item = (await itemsOf(tx, scope, order.id)).find((i) => i.id === input.itemId);
    if (!item || item.kind !== 'venue') throw notFound();
    // Read again under the order's lock: a change, cancel or check-in that went first has moved
    // them, and this change (asked of what was seen) is refused rather than applied twice.
    const old = (await claimsOfOrder(tx, scope, order.id)).filter((c) => c.itemId === input.itemId && c.state === 'booked');
    if (!old.length || !sameIds(old, seen)) throw conflict('state', 'venue.bookingMoved');
    const venue = (await findVenue(tx, scope, old[0]!.venueId))!;
    const rules = rulesOf(venue);
    if ((instantOf(old[0]!.day, old[0]!.startMin, venue.timeZone)!.getTime() - Date.now()) / 60_000 < rules.changeDeadlineMinutes)
      throw conflict('state', 'venue.changeTooLate', { minutes: rules.changeDeadlineMinutes });
    await refuseCoachMove(tx, scope, order.id, old[0]!, input);
    const worth = await worthOf(tx, scope, old[0]!);
    await releaseExactly(tx, scope, old, ['booked'], 'venue.bookingMoved');
    const ctx: KindContext = { tx, scope, orgId: order.orgId, memberId: locked.memberId };
    const h = { date: input.date, start: input.start, end: input.end };
    const p = await priceLine(ctx, input.siteId, h, 0);
    if (p.venue.id !== venue.id) throw notFound();
    const diff = p.priceFen - worth;
    let differenceOrderId: number | null = null;
    if (diff > 0)
      differenceOrderId = await createOrder(
        tx,
        caller,
        {
          orgId: locked.orgId,
          type: 'general',
          venueId: venue.id,
          memberId: locked.memberId ?? undefined,
          buyerName: locked.buyerName,
          buyerPhone: locked.buyerPhone,
          channel: 'console',
          remark: `${t('zh-CN', 'venue.differenceItem')} ${locked.orderNo}`,
          items: [{ kind: 'general', name: t('zh-CN', 'venue.differenceItem'), quantity: 1, unitPriceFen: diff, discountFen: 0 }],
        },
        undefined,
      );
    // Less to pay: refunded against the line (its units stay), up to what the line and the order still hold.
    const refundFen = diff < 0 ? Math.min(-diff, item.amountFen - item.refundedFen, locked.paidFen - locked.refundedFen) : 0;
    // The new claims are worth what was paid for them; a difference counts once its order is paid.
    const during = timeRange(p.slots[0]!.at!, p.slots[p.slots.length - 1]!.until!);
    await claim(
      tx,
      scope,
      unitsOf(p.site, p.sites).map((unitId) => ({
        orgId: locked.orgId,
        venueId: venue.id,
        siteId: p.site.id,
        unitId,
        day: h.date,
        startMin: minutesOf(h.start),
        endMin: minutesOf(h.end),
        during,
        kind: 'booking',
        state: 'booked',
        orderId: locked.id,
        itemId: item.id,
        seriesId: old[0]!.seriesId,
        priceFen: diff > 0 ? worth : worth - refundFen,
        differenceOrderId,
        createdBy: caller.userId,
      })),
      `${p.site.name} ${h.start}-${h.end}`,
    );
    await reviseItem(tx, scope, item.id, {
      refId: p.site.id,
      name: p.site.name,
      spec: `${h.date} ${h.start}-${h.end}`,
      hold: { ...h, ...(old[0]!.seriesId ? { seriesId: old[0]!.seriesId } : {}) },
    });
    if (refundFen > 0)
      work = await refundByRule(tx, scope, locked, {
        amountFen: refundFen,
        items: [{ itemId: item.id, quantity: 0, amountFen: refundFen }],
        reason: `${t('zh-CN', 'venue.differenceItem')}`,
        userId: caller.userId,
      });
    return { orderId: locked.id, differenceOrderId, differenceFen: Math.max(diff, 0), refundFen };
  });
  await after(work);
  return answer;
}

/**
 * A booking with a coach (the booking dialog's coach step) holds the coach for its time: a line of
 * it moves to another site at the same time, not to another day or time (the coach's hours would
 * stay behind). To change its time, cancel and book again.
 */
async function refuseCoachMove(
  tx: Tx,
  scope: Scope,
  orderId: number,
  old: { day: string; startMin: number; endMin: number },
  to: { date: string; start: string; end: string },
): Promise<void> {
  if (to.date === old.day && minutesOf(to.start) === old.startMin && minutesOf(to.end) === old.endMin) return;
  const coach = (await itemsOf(tx, scope, orderId)).some((i) => i.kind === 'sparring' && i.refundedQty < i.quantity);
  if (coach) throw conflict('state', 'venue.changeWithCoach');
}

// ---------------------------------------------------------------- claims read under a lock

function sameIds(a: readonly { id: number }[], b: readonly { id: number }[]): boolean {
  const x = new Set(a.map((c) => c.id));
  return x.size === new Set(b.map((c) => c.id)).size && b.every((c) => x.has(c.id));
}

/**
 * Releases (or moves to `to`) exactly these claims, read under their order's lock: one that is no
 * longer in a `from` state was moved by something that did not wait for the lock, and the whole
 * transaction is refused (100409 state) rather than paying for slots it did not free.
 */
export async function releaseExactly(
  tx: Tx,
  scope: Scope,
  claims: readonly { id: number }[],
  from: string[],
  msgKey: string,
  to = 'released',
  extra: Parameters<typeof setClaimState>[5] = {},
): Promise<void> {
  if (!claims.length) return;
  const moved = await setClaimState(tx, scope, { ids: claims.map((c) => c.id) }, from, to, extra);
  if (moved.length !== new Set(claims.map((c) => c.id)).size) throw conflict('state', msgKey);
}
