import type { Executor, Tx } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';
import { claimCoachTime, coachBriefs, findCoach, releaseCoachTime } from '../coach/index.ts';

/**
 * What sparring needs of the coach module, through its public file only: a coach in scope (its
 * organisation, name and level), names for lists, and the coach's time claimed and given back (the
 * coach module's exclusion-constrained claims: a taken hour is 100409 `taken`, a coach on leave or
 * gone 100409 `state`).
 */
export interface CoachInfo {
  id: number;
  orgId: number;
  name: string;
  level: string | null;
  /** The venues the coach serves. */
  venueIds: number[];
}

export async function coachOf(db: Executor, scope: Scope, id: number): Promise<CoachInfo | undefined> {
  const c = await findCoach(db, scope, id);
  if (!c) return undefined;
  return { id: c.id, orgId: c.orgId, name: c.name, level: c.level ?? null, venueIds: c.venueIds };
}

export async function coachNames(db: Executor, scope: Scope, ids: number[]): Promise<Map<number, { name: string; level: string | null }>> {
  const found = await coachBriefs(db, scope, [...new Set(ids)]);
  return new Map([...found].map(([id, c]) => [id, { name: c.name, level: c.level ?? null }]));
}

/** Claims the coach's `[from, to)` for a sparring line; answers the claims' ids. */
export async function claimCoach(
  tx: Tx,
  scope: Scope,
  a: { coach: CoachInfo; from: Date; to: Date; holderId: number; createdBy: number | null },
): Promise<number[]> {
  const claim = await claimCoachTime(tx, scope, {
    coachId: a.coach.id,
    from: a.from,
    to: a.to,
    holderKind: 'sparring',
    holderId: a.holderId,
    createdBy: a.createdBy,
  });
  return [claim.id];
}

export async function releaseCoach(tx: Tx, scope: Scope, a: { coachId: number; holderId: number; ids: number[] }): Promise<void> {
  await releaseCoachTime(tx, scope, a.ids.length ? { ids: a.ids } : { holderKind: 'sparring', holderId: a.holderId });
}
