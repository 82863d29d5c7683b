import type { Tx } from '../../../platform/db.ts';
import { conflict } from '../../../platform/errors.ts';
import { addMessages } from '../../../platform/i18n.ts';
import type { Scope } from '../../../platform/scope.ts';
import { insertResourceClaims, type ResourceClaim } from './claims.repository.ts';

export { liveClaims, releaseClaims, type ResourceClaim } from './claims.repository.ts';

/**
 * The time-range claim: the hold primitive for anything sold by the hour (a site, a coach, a bay).
 * A module claims `[from, to)` of one of its resources inside the order's transaction (from its
 * kind's `hold`), and the database refuses a second live claim over an overlapping range: no
 * lock, no read-then-write, whatever the number of servers. The loser answers 100409 `taken`.
 *
 * One table holds every module's claims (`sport_resource_claim`, keyed by resource kind and id).
 * A module that needs more columns on its claims keeps its own table with the same exclusion
 * constraint and inserts through `refuseOverlap` (the venue slots do: `sport_slot_claim`).
 */
export interface ClaimAsk {
  orgId: number;
  /** The module's name for the resource (`coach`, `bay`); one namespace of ids per kind. */
  resourceKind: string;
  resourceId: number;
  from: Date;
  to: Date;
  /** What holds it (`order_item`, `lock` …) and its id, for the module's own reads and releases. */
  holderKind: string;
  holderId?: number | null;
  createdBy?: number | null;
}

/** The message a refused claim answers with (100409 `taken`): the module's own, naming what was taken. */
export interface TakenMessage {
  msgKey: string;
  params?: Record<string, unknown>;
}

addMessages({
  'zh-CN': { 'commerce.claimTaken': '{what} 已被占用，请重新选择' },
  'en-US': { 'commerce.claimTaken': '{what} is taken; choose again' },
});

/** `[from,to)` as PostgreSQL range text (the claim tables' `during`). */
export const timeRange = (from: Date, to: Date): string => `[${from.toISOString()},${to.toISOString()})`;

/**
 * Whether the database refused an overlapping claim: exclusion violation 23P01, or deadlock 40P01
 * on the claim's insert. PostgreSQL checks an exclusion constraint after inserting the row, and two
 * transactions inserting overlapping rows at the same instant each wait for the other: one is
 * aborted as a deadlock while the other goes on to hold the range, so for the loser it is the same
 * refusal (the CI race test caught it once in 50 rounds). Possibly wrapped by the driver.
 */
function isOverlapRefusal(e: unknown): boolean {
  for (let x = e as { code?: string; cause?: unknown } | undefined, i = 0; x && i < 4; x = x.cause as typeof x, i++)
    if (x.code === '23P01' || x.code === '40P01') return true;
  return false;
}

/** Runs an insert into a claim table, answering 100409 `taken` with the module's message when the database refuses an overlap. */
export async function refuseOverlap<T>(insert: Promise<T>, taken: TakenMessage): Promise<T> {
  try {
    return await insert;
  } catch (e) {
    if (isOverlapRefusal(e)) throw conflict('taken', taken.msgKey, taken.params);
    throw e;
  }
}

/** Claims each range in one statement (all or none): 100409 `taken` when any overlaps a live claim of its resource. */
export async function claimTimes(
  tx: Tx,
  scope: Scope,
  asks: ClaimAsk[],
  taken: TakenMessage = { msgKey: 'commerce.claimTaken', params: { what: '' } },
): Promise<ResourceClaim[]> {
  if (!asks.length) return [];
  const rows = asks.map((a) => ({
    orgId: a.orgId,
    resourceKind: a.resourceKind,
    resourceId: a.resourceId,
    during: timeRange(a.from, a.to),
    holderKind: a.holderKind,
    holderId: a.holderId ?? null,
    createdBy: a.createdBy ?? null,
  }));
  return refuseOverlap(insertResourceClaims(tx, scope, rows), taken);
}
