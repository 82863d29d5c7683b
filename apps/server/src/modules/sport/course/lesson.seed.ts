import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { actingAs, type Caller } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope, scopeOf } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode } from '../../system/index.ts';
import { afterCommit, startPayment, type PayDeps } from '../commerce/index.ts';
import { addDays, firstVenueOf, instantOf, sitesOf } from '../venue/index.ts';
import { addClass, addLessons, enrol } from './course.service.ts';
import { lessonDefaultOrder, pageLessonItems } from './lesson.repository.ts';
import { findCourse } from './course.repository.ts';
import { adjustLessons, cancelLessonByVenue, evaluateLesson, suspendLesson } from './lesson.service.ts';

/**
 * All lessons' demo (`SEED_DEMO=1`, one line at the end of `seedCourseDemo`), through the services: the
 * swimming class's third lesson suspended; a badminton trial class of its own (two members, one seat
 * paid in cash) with a trial lesson held last week and rated by both, and its second lesson cancelled
 * by the venue (the paid seat gets that lesson's share back, both members are told).
 */
export async function seedLessonDemo(
  db: Db,
  caller: Caller,
  deps: PayDeps,
  d: { courseId: number; coachId: number; priceFen: number; swimClassId: number; memberIds: number[]; today: string; tz: string },
): Promise<void> {
  const scope = scopeOf(caller);
  const lessonsOf = async (classId: number) =>
    (await pageLessonItems(db, scope, { classId }, lessonDefaultOrder, { limit: 100, offset: 0 })).rows.map((r) => r.lesson);
  const swim = await lessonsOf(d.swimClassId);
  if (swim[2]) await suspendLesson(db, caller, swim[2].id, swim[2].version);
  if (d.memberIds.length < 2) return;
  const trialDay = addDays(d.today, -6);
  const cls = await addClass(db, caller, {
    courseId: d.courseId,
    name: '羽毛球体验班',
    capacity: 8,
    coachId: d.coachId,
    siteId: null,
    startDay: trialDay,
    endDay: addDays(d.today, 7 * 5),
    state: 'open',
  });
  const at = (day: string) => ({ startsAt: instantOf(day, 10 * 60, d.tz)!, endsAt: instantOf(day, 11 * 60, d.tz)! });
  await addLessons(db, caller, cls.id, [at(trialDay), ...[1, 2, 3, 4].map((w) => at(addDays(trialDay, 7 * w)))]);
  const [payer, other] = d.memberIds as [number, number];
  const seat = await enrol(db, caller, { classId: cls.id, memberId: payer }, undefined);
  if (seat.orderId !== null) await startPayment(deps, caller, seat.orderId, { method: 'cash', amountFen: d.priceFen }, undefined);
  await enrol(db, caller, { classId: cls.id, memberId: other }, undefined);
  const [trial, , second] = await lessonsOf(cls.id);
  await evaluateLesson(db, caller, trial!.id, { memberId: payer, rating: 5, comment: '教练讲解很细，步伐练习很有帮助' });
  await evaluateLesson(db, caller, trial!.id, { memberId: other, rating: 4, comment: '场地灯光有点暗，其他都好' });
  await cancelLessonByVenue(db, caller, second!.id, { reason: '羽毛球场地面翻新' }, afterCommit(deps));
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
  const venue = await firstVenueOf(db, scope, center.id);
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
