import { COACH_RESOURCE_KIND } from '@venue/contract';
import type { Executor, Tx } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { label } from '../../../platform/i18n.ts';
import type { Scope } from '../../../platform/scope.ts';
import { claimTimes, liveClaims, releaseClaims, timeZoneOf, type ResourceClaim } from '../commerce/index.ts';
import { localOf } from '../venue/index.ts';
import { coachBriefRows, findCoach, type CoachRecord } from './coach.repository.ts';
import './coach.messages.ts';
import { hhmmOf } from '../../../platform/zone.ts';

/** What claims a coach's time: the coach, the range `[from, to)`, and what holds it (`lesson`, `sparring` … and its id). */
export interface CoachTimeAsk {
  coachId: number;
  from: Date;
  to: Date;
  holderKind: string;
  holderId?: number | null;
  createdBy?: number | null;
}

function localText(at: Date, timeZone: string): string {
  const { day, minutes } = localOf(at, timeZone);
  return `${day} ${hhmmOf(minutes)}`;
}

/** The coach in scope and active, else 100404 (not found, another organisation's) or 100409 `state` naming the coach and its status. */
export async function activeCoach(db: Executor, scope: Scope, coachId: number): Promise<CoachRecord> {
  const coach = await findCoach(db, scope, coachId);
  if (!coach) throw notFound();
  if (coach.status !== 'active') throw conflict('state', 'coach.notActive', { name: coach.name, status: label(`coach.status.${coach.status}`) });
  return coach;
}

/**
 * Claims `[from, to)` of a coach's time inside the caller's transaction, through the commerce
 * core's exclusion-constrained claims (resource kind `coach`): a coach is never in two places at
 * once, whatever the number of servers. 100404 when the coach is not in scope; 100409 `state` when
 * the coach is on leave or has left; 100409 `taken` (naming the coach and the range) when any live
 * claim of the coach overlaps; 969600 on `to` when the range is empty.
 */
export async function claimCoachTime(tx: Tx, scope: Scope, ask: CoachTimeAsk): Promise<ResourceClaim> {
  if (!(ask.from.getTime() < ask.to.getTime())) throw invalid('to', 'coach.badRange');
  const coach = await activeCoach(tx, scope, ask.coachId);
  const tz = await timeZoneOf(tx, coach.orgId);
  const [claim] = await claimTimes(
    tx,
    scope,
    [
      {
        orgId: coach.orgId,
        resourceKind: COACH_RESOURCE_KIND,
        resourceId: coach.id,
        from: ask.from,
        to: ask.to,
        holderKind: ask.holderKind,
        holderId: ask.holderId ?? null,
        createdBy: ask.createdBy ?? null,
      },
    ],
    { msgKey: 'coach.taken', params: { name: coach.name, from: localText(ask.from, tz), to: localText(ask.to, tz) } },
  );
  return claim!;
}

/** Gives a coach's time back: claims by id, or every live claim of one holder (a lesson, a sparring line). Answers the claims released. */
export async function releaseCoachTime(db: Executor, scope: Scope, by: { ids: number[] } | { holderKind: string; holderId: number }): Promise<ResourceClaim[]> {
  return releaseClaims(db, scope, by);
}

/** The live claims of some coaches overlapping `[from, to)`. */
export async function coachClaims(db: Executor, scope: Scope, coachIds: number[], from: Date, to: Date): Promise<ResourceClaim[]> {
  return liveClaims(db, scope, COACH_RESOURCE_KIND, coachIds, from, to);
}

/** Short facts of coaches in scope (others' lists, tickets, orders): id, name, level, photo (file name or null), status. Unknown ids are left out. */
export interface CoachBrief {
  id: number;
  orgId: number;
  name: string;
  level: string;
  photo: string | null;
  status: string;
}
export async function coachBriefs(db: Executor, scope: Scope, ids: readonly number[]): Promise<Map<number, CoachBrief>> {
  const rows = await coachBriefRows(db, scope, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}
