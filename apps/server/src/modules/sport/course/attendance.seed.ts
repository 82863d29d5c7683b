import type { Db } from '../../../platform/db.ts';
import type { Caller } from '../../../platform/http.ts';
import { oneOrgScope } from '../../../platform/scope.ts';
import { startPayment, type PayDeps } from '../commerce/index.ts';
import { findMember } from '../member/index.ts';
import { addDays, instantOf } from '../venue/index.ts';
import { addType, checkIn, lessonDone, mark, sellPackage } from './attendance.service.ts';
import { lessonIdsOfClass } from './lesson.repository.ts';
import { addClass, addLessons, enrol } from './course.service.ts';
import { evaluateLesson } from './lesson.service.ts';

/**
 * The demo centre's attendance and a class package in use (`SEED_DEMO=1`, from `seedCourseDemo`): a
 * Sunday class of the swimming course that began three weeks ago (two members enrolled and paid), a
 * 10-lesson package type, sold and paid to a third member; the three past lessons checked into by member
 * number, QR code, at the desk and by the coach, the second finished with its no-show absent. The package
 * has 7 lessons left, each used lesson recognised in the ledger. The enrolled members rated the first
 * lesson (one of them low) and the third, so the training statistics show evaluations by coach and course.
 */
export async function seedAttendanceDemo(
  db: Db,
  caller: Caller,
  deps: PayDeps,
  at: { courseId: number; coachId: number; priceFen: number; memberIds: number[]; today: string; tz: string },
): Promise<void> {
  const [a, b, c] = at.memberIds;
  if (!a || !b || !c) return;
  const scope = oneOrgScope(caller.orgId);
  const first = addDays(at.today, -21);
  const cls = await addClass(db, caller, {
    courseId: at.courseId,
    name: '周日体验班',
    capacity: 12,
    coachId: at.coachId,
    siteId: null,
    startDay: first,
    endDay: addDays(at.today, 35),
    state: 'open',
  });
  const days = [-21, -14, -7, 7].map((d) => addDays(at.today, d));
  await addLessons(
    db,
    caller,
    cls.id,
    days.map((d) => ({ startsAt: instantOf(d, 16 * 60 + 30, at.tz)!, endsAt: instantOf(d, 17 * 60 + 30, at.tz)! })),
  );
  const lessons = await lessonIdsOfClass(db, scope, cls.id);
  for (const m of [a, b]) {
    const r = await enrol(db, caller, { classId: cls.id, memberId: m }, undefined);
    if (r.orderId !== null) await startPayment(deps, caller, r.orderId, { method: 'cash', amountFen: at.priceFen }, undefined);
  }
  const type = await addType(db, caller, {
    courseId: at.courseId,
    name: '游泳 10 次课包',
    lessons: 10,
    priceFen: 150_000,
    validityDays: 180,
    noShowConsumes: true,
  });
  const sold = await sellPackage(db, caller, { typeId: type.id, memberId: c }, undefined);
  await startPayment(deps, caller, sold.orderId, { method: 'cash', amountFen: sold.amountFen }, undefined);
  const no = async (id: number) => (await findMember(db, scope, id))!.memberNo;
  const [l1, l2, l3] = lessons;
  if (!l1 || !l2 || !l3) return;
  await checkIn(db, caller, { lessonId: l1, memberNo: await no(a) });
  await checkIn(db, caller, { lessonId: l1, qr: `VM:${await no(b)}`, late: true });
  await checkIn(db, caller, { lessonId: l1, memberNo: await no(c) });
  await checkIn(db, caller, { lessonId: l2, memberId: a });
  await mark(db, caller, { lessonId: l2, memberId: c, state: 'present' });
  await lessonDone(db, caller, l2);
  await checkIn(db, caller, { lessonId: l3, memberNo: await no(a) });
  await mark(db, caller, { lessonId: l3, memberId: b, state: 'leave' });
  await checkIn(db, caller, { lessonId: l3, memberNo: await no(c) });
  await evaluateLesson(db, caller, l1, { memberId: a, rating: 4, comment: '动作讲解清楚，节奏稍快' });
  await evaluateLesson(db, caller, l1, { memberId: b, rating: 2, comment: '迟到了没跟上热身，水温偏低' });
  await evaluateLesson(db, caller, l3, { memberId: a, rating: 5, comment: '换气进步很大' });
}
