import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { pageOf } from '../../../platform/list.ts';
import { expectOneUpdated, scopeOf, type Scope } from '../../../platform/scope.ts';
import { timeZoneOf, drawerTakings, firstMovementSince, type DrawerCash } from '../commerce/index.ts';
import { type VenueRecord, venueInScope, instantOf, localOf } from '../venue/index.ts';
import { findShift, lastCountedAt, lastShiftClosedAt, openShift, operatorShift, pageShifts, transitionShift, type ShiftRecord } from './booking.repository.ts';

/**
 * Front-desk shifts (workBench settlement). An operator's shifts at a venue follow one another:
 * a shift opens at their first payment (or refund paid back) after their previous shift was
 * counted, or when they sign in at the desk (the workbench), whichever comes first; so every
 * payment and refund belongs to the shift open at its moment. Its takings are what they took by
 * payment method, less what was paid back through them. The count is blind: while the shift is
 * open nobody is told the cash it should hold; the operator records the count once (the takings
 * are frozen then), sees the expected cash, hands over with a note when over or short, and someone
 * else signs it off.
 */

type ShiftView = ShiftRecord & { userName: string; signedByName: string | null };

async function shiftOut(db: Executor, scope: Scope, s: ShiftView) {
  const { orgId: _o, signedBy: _s, takings: frozen, ...rest } = s;
  const takings = frozen ?? (await drawerTakings(db, scope, s.orgId, s.userId, s.openedAt, new Date()));
  if (s.state === 'open') {
    // Blind: the cash (and the total, which would give it away) only once the count is recorded.
    const { cash: _c, ...others } = takings;
    return { ...rest, takings: others, totalFen: null, cashFen: null };
  }
  return { ...rest, takings, totalFen: Object.values(takings).reduce((n, v) => n + v, 0), cashFen: takings.cash ?? 0 };
}

async function getShift(db: Executor, scope: Scope, id: number) {
  const { rows } = await pageShifts(db, scope, { id }, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return shiftOut(db, scope, rows[0]);
}

/** The start of the venue's day (the look-back of an operator's first shift). */
function startOfDay(at: Date, timeZone: string): Date {
  return instantOf(localOf(at, timeZone).day, 0, timeZone) ?? new Date(at.getTime() - 24 * 3600_000);
}

/**
 * A cash refund is paid out of the applicant's drawer: the cash they took since they last counted
 * it (before their first count of the day, since the start of the day). The manifest plugs it into commerce.
 */
export const operatorDrawerCash: DrawerCash = async (tx, scope, orgId, userId) => {
  const now = new Date();
  const since = (await lastCountedAt(tx, scope, orgId, userId)) ?? startOfDay(now, await timeZoneOf(tx, orgId));
  return (await drawerTakings(tx, scope, orgId, userId, since, new Date(now.getTime() + 1000))).cash ?? 0;
};

/**
 * The operator's open shift at the venue. None open: one opens, at their first payment or refund
 * since their previous shift was counted (before their first shift: since the start of the day),
 * or now when nothing moved meanwhile.
 */
async function ensureOpenShift(db: Executor, scope: Scope, venue: VenueRecord, userId: number): Promise<ShiftRecord> {
  const open = await operatorShift(db, scope, venue.id, userId, 'open');
  if (open) return open;
  const now = new Date();
  const since = (await lastShiftClosedAt(db, scope, venue.id, userId)) ?? startOfDay(now, venue.timeZone);
  const first = await firstMovementSince(db, scope, venue.orgId, userId, since);
  return openShift(db, scope, { orgId: venue.orgId, venueId: venue.id, userId, openedAt: first && first < now ? first : now });
}

/**
 * `POST workbench/shift/current`: signing in at the desk. The caller's shift counted and waiting to
 * be handed over, else their open shift (opened as above when there is none).
 */
export async function currentShift(db: Db, caller: Caller, stadiumId: number) {
  const scope = scopeOf(caller);
  const venue = await venueInScope(db, scope, stadiumId);
  const counted = await operatorShift(db, scope, venue.id, caller.userId, 'counted');
  if (counted) return getShift(db, scope, counted.id);
  const s = await ensureOpenShift(db, scope, venue, caller.userId);
  return getShift(db, scope, s.id);
}

function ownShift(s: ShiftRecord | undefined, caller: Caller): ShiftRecord {
  if (!s || s.userId !== caller.userId) throw notFound();
  return s;
}

/**
 * `POST workbench/shift/{id}/count`: the operator records the cash counted, blind, once. The
 * shift closes then: its takings are frozen and the expected cash is shown; what they take after
 * belongs to their next shift.
 */
export async function countShift(db: Db, caller: Caller, id: number, input: { countedFen: number; version: number }) {
  const scope = scopeOf(caller);
  await db.transaction(async (tx) => {
    const s = ownShift(await findShift(tx, scope, id), caller);
    if (s.state !== 'open') throw conflict('state', 'venue.shiftCounted');
    const closedAt = new Date();
    const takings = await drawerTakings(tx, scope, s.orgId, s.userId, s.openedAt, closedAt);
    expectOneUpdated(await transitionShift(tx, scope, id, 'open', input.version, { state: 'counted', closedAt, takings, handedFen: input.countedFen }));
  });
  return getShift(db, scope, id);
}

/** `POST workbench/shift/{id}/hand`: the operator hands a counted shift over; over or short needs a note. */
export async function handShift(db: Db, caller: Caller, id: number, input: { handedFen?: number | undefined; remark?: string | null; version: number }) {
  const scope = scopeOf(caller);
  const s = ownShift(await findShift(db, scope, id), caller);
  if (s.state === 'open') throw conflict('state', 'venue.shiftNotCounted');
  if (s.state !== 'counted') throw conflict('state', 'venue.shiftNotOpen');
  const counted = s.handedFen ?? 0;
  if (input.handedFen !== undefined && input.handedFen !== counted)
    throw invalid('handedFen', 'venue.shiftCountRecorded', { amount: (counted / 100).toFixed(2) });
  const remark = input.remark?.trim() || null;
  if (counted !== (s.takings?.cash ?? 0) && !remark) throw invalid('remark', 'venue.shiftNoteNeeded');
  expectOneUpdated(await transitionShift(db, scope, id, 'counted', input.version, { state: 'handed', remark }));
  return getShift(db, scope, id);
}

/** `POST workbench/shift/{id}/sign`: someone else signs a handed-over shift off. */
export async function signShift(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const s = await findShift(db, scope, id);
  if (!s) throw notFound();
  if (s.userId === caller.userId) throw conflict('state', 'venue.signOwnShift');
  if (!(await transitionShift(db, scope, id, 'handed', undefined, { state: 'signed', signedBy: caller.userId, signedAt: new Date() })).length)
    throw conflict('state', 'venue.shiftNotHanded');
  return getShift(db, scope, id);
}

export async function listShifts(db: Db, caller: Caller, q: { stadiumId?: number; state?: string; pageNum?: number; pageSize?: number }) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageShifts(
    db,
    scope,
    { venueId: q.stadiumId, state: q.state },
    pageOf({ pageNum: q.pageNum ?? 1, pageSize: q.pageSize ?? 20 }),
  );
  return { total, data: await Promise.all(rows.map((r) => shiftOut(db, scope, r))) };
}
