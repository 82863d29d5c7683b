import type { Executor, Tx } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';
import { claimSiteTime, releaseSiteTime } from '../booking/index.ts';
import { claimCoachTime, coachBriefs, findCoach, releaseCoachTime } from '../coach/index.ts';
import type { LessonRecord } from './course.repository.ts';

/**
 * What training asks of the coach and booking modules (through their index files): a coach of the
 * class's organisation, coaches' names, and a lesson's time on its coach (and site).
 */
export async function coachOf(db: Executor, scope: Scope, id: number): Promise<{ id: number; orgId: number; name: string } | undefined> {
  return findCoach(db, scope, id);
}

export async function coachNames(db: Executor, scope: Scope, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const briefs = await coachBriefs(db, scope, ids);
  return new Map([...briefs].map(([id, b]) => [id, b.name]));
}

/**
 * The lesson's coach, its site and `moreSites` (a plan's lesson on several sites) claimed for its time:
 * 100409 `taken` when any is.
 */
export async function claimLessonTime(tx: Tx, scope: Scope, l: LessonRecord, userId: number, moreSites: number[] = []): Promise<void> {
  await claimCoachTime(tx, scope, { coachId: l.coachId, from: l.startsAt, to: l.endsAt, holderKind: 'lesson', holderId: l.id, createdBy: userId });
  const sites = new Set([...(l.siteId === null ? [] : [l.siteId]), ...moreSites]);
  for (const siteId of sites)
    await claimSiteTime(tx, scope, { siteId, from: l.startsAt, to: l.endsAt, holderKind: 'lesson', holderId: l.id, createdBy: userId });
}

/** Gives back the lesson's coach time and every site it holds; answers those sites. */
export async function releaseLessonTime(tx: Tx, scope: Scope, l: LessonRecord): Promise<number[]> {
  await releaseCoachTime(tx, scope, { holderKind: 'lesson', holderId: l.id });
  return l.siteId === null ? [] : releaseSiteTime(tx, scope, { holderKind: 'lesson', holderId: l.id, siteId: l.siteId, from: l.startsAt, to: l.endsAt });
}
