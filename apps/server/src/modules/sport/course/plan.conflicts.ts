import type { Executor } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import type { Scope } from '../../../platform/scope.ts';
import { unitClaimsOverlapping, type UnitTimeAsk } from '../booking/index.ts';
import { liveClaims } from '../commerce/index.ts';
import { sitesOf, type SiteRecord } from '../venue/index.ts';

/**
 * The conflict preview of a scheduling plan (issue 26, "Scheduling plans", "Coach time is a
 * resource"): for every candidate lesson (a coach, its sites, a time), whether it can be saved, or
 * what it clashes with. In bulk, whatever the number of lessons (a year of a venue's plans is about
 * 52,000): three reads, then sweeps in memory.
 * 1. the sites named, and their venues' sites (a full site's time is its halves', as in booking);
 * 2. the coaches' live claims over the candidates' whole span (commerce's `liveClaims`: sparring
 *    hours, saved lessons);
 * 3. the sites' live slot claims over the same span (booking's `unitClaimsOverlapping`):
 *    bookings, locks, closures, sparring hours;
 * each claim matched to its lessons by a binary search (a resource's live claims never overlap one
 * another: the exclusion constraint);
 * and clashes inside the candidates: two lessons on one coach, or on one site (a full site and its
 * half count), at overlapping times. Touching ranges (one ends as the next starts) do not clash.
 * Read only: the save claims the same times under the database's exclusion constraints, so a
 * lesson taken between preview and save still answers 100409 `taken`.
 */

export interface CandidateLesson {
  coachId: number;
  siteIds: readonly number[];
  from: Date;
  to: Date;
}

/** What holds the time a lesson wants. */
export type ClashHolder =
  /** Another candidate lesson (its position in the list checked). */
  | { kind: 'lesson'; index: number }
  /** A live claim on the coach (a sparring hour, a saved lesson): commerce's claim and its holder. */
  | { kind: 'coachClaim'; claimId: number; holderKind: string; holderId: number | null; from: Date; to: Date }
  /** A live claim on the site: a booking, a lock, a closure, a fixed booking or another module's time (`kind`). */
  | {
      kind: 'siteClaim';
      claimId: number;
      claimKind: string;
      state: string;
      siteId: number;
      orderId: number | null;
      reason: string | null;
      from: Date;
      to: Date;
    };

export interface Clash {
  on: 'coach' | 'site';
  /** The coach's id, or the lesson's site that is taken. */
  resourceId: number;
  holder: ClashHolder;
}

export interface LessonCheck {
  ok: boolean;
  /** What the lesson clashes with (the first few; `ok` is false whenever there is any). */
  clashes: Clash[];
}

/** The most lessons one check takes (a year of 50 coaches on 20 sites, with room). */
export const MAX_CANDIDATES = 60_000;
/** The most clashes listed per lesson. */
export const MAX_CLASHES_LISTED = 8;

/** Each candidate lesson checked, in the order given. 100404 when a site is not in scope. */
export async function checkPlanClashes(db: Executor, scope: Scope, lessons: readonly CandidateLesson[]): Promise<LessonCheck[]> {
  if (lessons.length > MAX_CANDIDATES) throw new Error(`checkPlanClashes: ${lessons.length} lessons`);
  for (const l of lessons)
    if (!(l.from.getTime() < l.to.getTime())) throw new Error(`checkPlanClashes: an empty range ${l.from.toISOString()}–${l.to.toISOString()}`);
  const out: LessonCheck[] = lessons.map(() => ({ ok: true, clashes: [] }));
  if (!lessons.length) return out;
  const add = (i: number, clash: Clash) => {
    const check = out[i]!;
    check.ok = false;
    if (check.clashes.length < MAX_CLASHES_LISTED) check.clashes.push(clash);
  };

  const units = await unitsOfSites(db, scope, [...new Set(lessons.flatMap((l) => l.siteIds))]);
  let first = Infinity;
  let last = -Infinity;
  for (const l of lessons) {
    first = Math.min(first, l.from.getTime());
    last = Math.max(last, l.to.getTime());
  }
  const coachIds = [...new Set(lessons.map((l) => l.coachId))];
  // One after another: inside a transaction the statements share one connection.
  const coachClaims = await liveClaims(db, scope, 'coach', coachIds, new Date(first), new Date(last));
  const asks: UnitTimeAsk[] = [];
  for (const l of lessons) for (const siteId of new Set(l.siteIds)) for (const unitId of units.get(siteId)!) asks.push({ unitId, from: l.from, to: l.to });
  const siteClaims = await unitClaimsOverlapping(db, scope, asks);

  // Against the coaches' live claims.
  const ofCoach = byResource(coachClaims.map((c) => ({ resourceId: c.resourceId, ...rangeOf(c.during), claim: c })));
  lessons.forEach((l, i) =>
    overlapping(ofCoach.get(l.coachId), l.from.getTime(), l.to.getTime(), (h) =>
      add(i, {
        on: 'coach',
        resourceId: l.coachId,
        holder: {
          kind: 'coachClaim',
          claimId: h.claim.id,
          holderKind: h.claim.holderKind,
          holderId: h.claim.holderId,
          from: new Date(h.from),
          to: new Date(h.to),
        },
      }),
    ),
  );

  // Against the sites' live claims (a full site's booking holds each half: listed once).
  const ofUnit = byResource(siteClaims.map((c) => ({ resourceId: c.unitId, from: c.from.getTime(), to: c.to.getTime(), claim: c })));
  lessons.forEach((l, i) => {
    const seen = new Set<string>();
    for (const siteId of new Set(l.siteIds))
      for (const unitId of units.get(siteId)!)
        overlapping(ofUnit.get(unitId), l.from.getTime(), l.to.getTime(), ({ claim: c }) => {
          const key = `${siteId}|${c.siteId}|${c.kind}|${c.orderId}|${c.reason}|${c.from.getTime()}|${c.to.getTime()}`;
          if (seen.has(key)) return;
          seen.add(key);
          add(i, {
            on: 'site',
            resourceId: siteId,
            holder: {
              kind: 'siteClaim',
              claimId: c.claimId,
              claimKind: c.kind,
              state: c.state,
              siteId: c.siteId,
              orderId: c.orderId,
              reason: c.reason,
              from: c.from,
              to: c.to,
            },
          });
        });
  });

  // Inside the candidates: per coach, and per unit.
  const byCoach = new Map<number, Slot[]>();
  const byUnit = new Map<number, Slot[]>();
  const push = <K>(m: Map<K, Slot[]>, k: K, s: Slot) => {
    const list = m.get(k);
    if (list) list.push(s);
    else m.set(k, [s]);
  };
  lessons.forEach((l, i) => {
    const from = l.from.getTime();
    const to = l.to.getTime();
    push(byCoach, l.coachId, { i, from, to, siteId: l.coachId });
    for (const siteId of new Set(l.siteIds)) for (const unitId of units.get(siteId)!) push(byUnit, unitId, { i, from, to, siteId });
  });
  const listed = new Set<string>();
  const pair = (on: 'coach' | 'site') => (a: Slot, b: Slot) => {
    // One line per lesson, site and other lesson (a full site clashes on each of its halves).
    const key = `${a.i}|${on}|${a.siteId}|${b.i}`;
    if (on === 'site' && listed.has(key)) return;
    if (on === 'site') listed.add(key);
    add(a.i, { on, resourceId: a.siteId, holder: { kind: 'lesson', index: b.i } });
  };
  for (const list of byCoach.values()) sweep(list, pair('coach'));
  for (const list of byUnit.values()) sweep(list, pair('site'));
  return out;
}

interface Slot {
  i: number;
  from: number;
  to: number;
  /** The coach (on a coach's list) or the lesson's site (on a unit's list). */
  siteId: number;
}

/**
 * Calls `clash(a, b)` and `clash(b, a)` for overlapping slots of one resource, at most a few times
 * per slot but at least once for every slot that overlaps another: sorted by start, every slot
 * still running when one starts overlaps it (and they all overlap one another at that instant), so
 * a slot that has met enough others leaves the open list and the sweep stays linear.
 */
function sweep(list: Slot[], clash: (a: Slot, b: Slot) => void): void {
  if (list.length < 2) return;
  list.sort((a, b) => a.from - b.from || a.to - b.to);
  const met = new Map<Slot, number>();
  let open: Slot[] = [];
  let longest: Slot | undefined;
  for (const s of list) {
    open = open.filter((o) => o.to > s.from && (met.get(o) ?? 0) < MAX_CLASHES_LISTED);
    if (longest && longest.to > s.from) {
      const others = open.length ? open : [longest];
      for (const o of others) {
        clash(s, o);
        clash(o, s);
        met.set(o, (met.get(o) ?? 0) + 1);
        met.set(s, (met.get(s) ?? 0) + 1);
      }
    }
    if ((met.get(s) ?? 0) < MAX_CLASHES_LISTED) open.push(s);
    if (!longest || s.to > longest.to) longest = s;
  }
}

interface Held<T> {
  resourceId: number;
  from: number;
  to: number;
  claim: T;
}

/** Live claims by resource, each list sorted by start. */
function byResource<T>(held: Held<T>[]): Map<number, Held<T>[]> {
  const out = new Map<number, Held<T>[]>();
  for (const h of held) {
    const list = out.get(h.resourceId);
    if (list) list.push(h);
    else out.set(h.resourceId, [h]);
  }
  for (const list of out.values()) list.sort((a, b) => a.from - b.from);
  return out;
}

/**
 * Calls `each` for the claims of a list overlapping `[from, to)`. A resource's live claims never
 * overlap one another (the exclusion constraint), so sorted by start they are sorted by end too:
 * a binary search finds the first one ending after `from`.
 */
function overlapping<T>(list: Held<T>[] | undefined, from: number, to: number, each: (h: Held<T>) => void): void {
  if (!list) return;
  let lo = 0;
  for (let hi = list.length; lo < hi;) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.to > from) hi = mid;
    else lo = mid + 1;
  }
  for (let k = lo; k < list.length && list[k]!.from < to; k++) each(list[k]!);
}

/** The units of each site (its halves when it has them, else itself), from the sites of their venues. 100404: a site not in scope. */
async function unitsOfSites(db: Executor, scope: Scope, siteIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!siteIds.length) return out;
  const named = await sitesOf(db, scope, { ids: siteIds });
  if (named.length !== siteIds.length) throw notFound();
  const all: SiteRecord[] = [];
  for (const venueId of new Set(named.map((s) => s.venueId))) all.push(...(await sitesOf(db, scope, { venueId })));
  for (const site of named) {
    const halves = all.filter((s) => s.parentId === site.id).map((s) => s.id);
    out.set(site.id, halves.length ? halves : [site.id]);
  }
  return out;
}

/** `[from,to)` of a PostgreSQL range's text (`["2027-02-01 11:00:00+00","2027-02-01 12:30:00+00")`), as epoch milliseconds. */
export function rangeOf(text: string): { from: number; to: number } {
  const m = /^[[(]"?([^",]+)"?,"?([^",]+)"?[)\]]$/.exec(text);
  if (!m) throw new Error(`not a time range: ${text}`);
  return { from: instantText(m[1]!), to: instantText(m[2]!) };
}

function instantText(s: string): number {
  const t = Date.parse(s.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  if (Number.isNaN(t)) throw new Error(`not an instant: ${s}`);
  return t;
}
