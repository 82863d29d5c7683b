import { sql } from 'drizzle-orm';
import type { GridLesson } from '@venue/contract';
import type { Db, Executor, Tx } from '../../../platform/db.ts';
import { actingAs } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope, type Scope } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode } from '../../system/index.ts';
import { timeZoneOf } from '../commerce/index.ts';
import { localOf, sitesOf } from '../venue/index.ts';
import { coachNames } from './course.coach.ts';
import { findClass, findCourse, venueOfOrg } from './course.repository.ts';
import { lessonDefaultOrder, pageLessonItems } from './lesson.repository.ts';
import { adjustLessons } from './lesson.service.ts';

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

const CELLS_SEEDED = 'course_booking_cells_seeded';

/**
 * The demo's "view course" cells (`SEED_DEMO=1`, after the course demo, once per database): the demo
 * centre's next few lessons with no site are given a free site of their course's sport through the
 * lessons' batch adjustment (their site claimed as any lesson's), so the booking grid shows lesson
 * cells that open the view-course dialog.
 */
export async function seedLessonCellsDemo(db: Db): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${CELLS_SEEDED}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, 'demo-sports-center');
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  const scope = oneOrgScope(center.id);
  const venue = await venueOfOrg(db, scope, center.id);
  if (!venue) return;
  const caller = actingAs(manager, center.id);
  const sites = await sitesOf(db, scope, { venueId: venue.id });
  const { rows } = await pageLessonItems(db, scope, { from: new Date(), state: 'scheduled' }, lessonDefaultOrder, { limit: 40, offset: 0 });
  let placed = 0;
  for (const r of rows) {
    if (placed >= 4) break;
    if (r.lesson.siteId !== null) continue;
    const course = await findCourse(db, scope, r.courseId);
    const fitting = sites.filter((x) => x.parentId === null && x.status === 0 && x.sport === course?.sport);
    for (const site of fitting.length ? fitting : sites.filter((x) => x.parentId === null && x.status === 0)) {
      try {
        await adjustLessons(db, caller, { lessons: [{ id: r.lesson.id, version: r.lesson.version }], siteId: site.id });
        placed++;
        break;
      } catch {
        // Taken (a demo booking there): the next site.
      }
    }
  }
  await db.execute(sql`insert into sys_meta (key, value) values (${CELLS_SEEDED}, 1) on conflict (key) do nothing`);
}
