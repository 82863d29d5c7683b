import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { pageOf } from '../../../platform/list.ts';
import { expectOneUpdated, scopeOf, type Scope } from '../../../platform/scope.ts';
import { operatorTakings } from '../commerce/commerce.repository.ts';
import { findShift, openShift, pageShifts, transitionShift, type ShiftRecord } from './venue.repository.ts';
import { venueInScope } from './venue.service.ts';
import './venue.messages.ts';

/**
 * Front-desk shifts (workBench settlement): an operator's shift opens with their first look at
 * the workbench; its takings are what they took by payment method, less refunds they paid back;
 * they hand it over with the cash counted, and someone else signs it off.
 */

async function shiftOut(db: Executor, scope: Scope, s: ShiftRecord & { userName: string; signedByName: string | null }) {
  const takings = s.takings ?? (await operatorTakings(db, scope, s.orgId, s.userId, s.openedAt, new Date()));
  const { orgId: _o, signedBy: _s, takings: _t, ...rest } = s;
  return { ...rest, takings, totalFen: Object.values(takings).reduce((n, v) => n + v, 0), cashFen: takings.cash ?? 0 };
}

async function getShift(db: Executor, scope: Scope, id: number) {
  const { rows } = await pageShifts(db, scope, { id }, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return shiftOut(db, scope, rows[0]);
}

/** `POST workbench/shift/current`: the caller's open shift at the venue (opened now if none). */
export async function currentShift(db: Db, caller: Caller, stadiumId: number) {
  const scope = scopeOf(caller);
  const venue = await venueInScope(db, scope, stadiumId);
  const s = await openShift(db, scope, { orgId: venue.orgId, venueId: venue.id, userId: caller.userId });
  return getShift(db, scope, s.id);
}

/** `POST workbench/shift/{id}/hand`: the operator hands their shift over with the cash counted; its takings are frozen. */
export async function handShift(db: Db, caller: Caller, id: number, input: { handedFen: number; remark?: string | null; version: number }) {
  const scope = scopeOf(caller);
  const s = await findShift(db, scope, id);
  if (!s || s.userId !== caller.userId) throw notFound();
  if (s.state !== 'open') throw conflict('state', 'venue.shiftNotOpen');
  const closedAt = new Date();
  const takings = await operatorTakings(db, scope, s.orgId, s.userId, s.openedAt, closedAt);
  expectOneUpdated(await transitionShift(db, scope, id, 'open', input.version, { state: 'handed', closedAt, takings, handedFen: input.handedFen, remark: input.remark ?? null }));
  return getShift(db, scope, id);
}

/** `POST workbench/shift/{id}/sign`: someone else signs a handed-over shift off. */
export async function signShift(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const s = await findShift(db, scope, id);
  if (!s) throw notFound();
  if (s.userId === caller.userId) throw conflict('state', 'venue.signOwnShift');
  if (!(await transitionShift(db, scope, id, 'handed', undefined, { state: 'signed', signedBy: caller.userId, signedAt: new Date() })).length) throw conflict('state', 'venue.shiftNotHanded');
  return getShift(db, scope, id);
}

export async function listShifts(db: Db, caller: Caller, q: { stadiumId?: number; state?: string; pageNum?: number; pageSize?: number }) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageShifts(db, scope, { venueId: q.stadiumId, state: q.state }, pageOf({ pageNum: q.pageNum ?? 1, pageSize: q.pageSize ?? 20 }));
  return { total, data: await Promise.all(rows.map((r) => shiftOut(db, scope, r))) };
}
