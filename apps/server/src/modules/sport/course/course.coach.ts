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

/** The lesson's coach (and site, when it has one) claimed for its time: 100409 `taken` when either is. */
export async function claimLessonTime(tx: Tx, scope: Scope, l: LessonRecord, _venueId: number, userId: number): Promise<void> {
  await claimCoachTime(tx, scope, { coachId: l.coachId, from: l.startsAt, to: l.endsAt, holderKind: 'lesson', holderId: l.id, createdBy: userId });
  if (l.siteId !== null)
    await claimSiteTime(tx, scope, { siteId: l.siteId, from: l.startsAt, to: l.endsAt, holderKind: 'lesson', holderId: l.id, createdBy: userId });
}

export async function releaseLessonTime(tx: Tx, scope: Scope, l: LessonRecord): Promise<void> {
  await releaseCoachTime(tx, scope, { holderKind: 'lesson', holderId: l.id });
  if (l.siteId !== null) await releaseSiteTime(tx, scope, { holderKind: 'lesson', holderId: l.id, siteId: l.siteId, from: l.startsAt, to: l.endsAt });
}
