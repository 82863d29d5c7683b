import type { Db } from '../../../platform/db.ts';
import type { Caller } from '../../../platform/http.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { afterCommit, startPayment, type PayDeps } from '../commerce/index.ts';
import { addDays, instantOf } from '../venue/index.ts';
import { addClass, addLessons, enrol } from './course.service.ts';
import { lessonDefaultOrder, pageLessonItems } from './lesson.repository.ts';
import { cancelLessonByVenue, evaluateLesson, suspendLesson } from './lesson.service.ts';

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
