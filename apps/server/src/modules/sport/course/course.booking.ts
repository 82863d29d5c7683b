import type { GridLesson } from '@venue/contract';
import type { Executor, Tx } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';
import { timeZoneOf } from '../commerce/index.ts';
import { localOf } from '../venue/index.ts';
import { coachNames } from './course.coach.ts';
import { findClass } from './course.repository.ts';
import { lessonDefaultOrder, pageLessonItems } from './lesson.repository.ts';

const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * The booking grid's "view course" dialog (booking's `lessonBriefsPort`, plugged by the manifest):
 * lessons by id, each with its course, class, coach, local day and times, and seats taken of the
 * class's capacity. Lessons out of scope are left out.
 */
export async function lessonBriefs(db: Executor, scope: Scope, ids: number[]): Promise<Map<number, GridLesson>> {
  if (!ids.length) return new Map();
  const { rows } = await pageLessonItems(db, scope, { ids }, lessonDefaultOrder, { limit: ids.length, offset: 0 });
  const names = await coachNames(db, scope, [...new Set(rows.map((r) => r.lesson.coachId))]);
  const capacity = new Map<number, number>();
  const zones = new Map<number, string>();
  const out = new Map<number, GridLesson>();
  for (const r of rows) {
    const l = r.lesson;
    if (!capacity.has(l.classId)) capacity.set(l.classId, (await findClass(db, scope, l.classId))?.capacity ?? 0);
    if (!zones.has(l.orgId)) zones.set(l.orgId, await timeZoneOf(db as Tx, l.orgId));
    const tz = zones.get(l.orgId)!;
    const from = localOf(l.startsAt, tz);
    const to = localOf(l.endsAt, tz);
    out.set(l.id, {
      lessonId: l.id,
      courseId: r.courseId,
      courseName: r.courseName,
      classId: l.classId,
      className: r.className,
      coachName: names.get(l.coachId) ?? null,
      date: from.day,
      start: hm(from.minutes),
      end: hm(to.day === from.day ? to.minutes : 1440),
      enrolled: Number(r.enrolled),
      capacity: capacity.get(l.classId)!,
      state: l.state,
    });
  }
  return out;
}
