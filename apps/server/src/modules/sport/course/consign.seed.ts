import type { CourseCreate } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import type { Caller } from '../../../platform/http.ts';
import { startPayment, type PayDeps } from '../commerce/index.ts';
import { addDays, instantOf } from '../venue/index.ts';
import { addPartner } from './consign.service.ts';
import { addClass, addCourse, addLessons, enrol, reviewCourse, submitCourse } from './course.service.ts';

/**
 * The demo centre's consignment (`SEED_DEMO=1`, from `seedCourseDemo`): the partner Blue Dolphin Swim
 * School (30% of each seat, less ¥20 per seat) runs a summer swimming camp at the venue; two members
 * enrolled and paid in cash today, so this month's consignment screen shows two seats, ¥3,360 of revenue
 * and ¥968 owed to the partner.
 */
export async function seedConsignDemo(
  db: Db,
  caller: Caller,
  deps: PayDeps,
  at: { venueId: number; coachId: number; memberIds: number[]; today: string; tz: string },
): Promise<void> {
  const members = at.memberIds.slice(-2);
  if (members.length < 2) return;
  const partner = await addPartner(db, caller, {
    name: '蓝海豚游泳学校',
    contact: '林海',
    phone: '0571-88886666',
    account: '招商银行杭州分行 蓝海豚游泳学校 6214 8300 1234 5678',
    sharePermille: 300,
    seatFeeFen: 2_000,
    status: 'on',
    remark: 'Blue Dolphin Swim School',
  });
  const course: CourseCreate = {
    venueId: at.venueId,
    name: '蓝海豚少儿游泳营',
    sport: 'swimming',
    kind: 'group',
    coverUrl: null,
    intro: '蓝海豚游泳学校执教，10 节课掌握蛙泳。',
    ageMin: 6,
    ageMax: 12,
    level: '初级',
    lessonsPerClass: 10,
    minutesPerLesson: 60,
    priceFen: 168_000,
    sellingPoints: '合作机构寄售 · 专业外教',
    saleFrom: null,
    saleTo: null,
    partnerId: partner.id,
  };
  const c = await addCourse(db, caller, course);
  const sent = await submitCourse(db, caller, c.id, c.version);
  await reviewCourse(db, caller, c.id, { approved: true, reason: '合作协议已签', version: sent.version });
  const first = addDays(at.today, 11);
  const cls = await addClass(db, caller, {
    courseId: c.id,
    name: '蓝海豚暑期班',
    capacity: 16,
    coachId: at.coachId,
    siteId: null,
    startDay: first,
    endDay: addDays(first, 7 * 9),
    state: 'open',
  });
  await addLessons(
    db,
    caller,
    cls.id,
    Array.from({ length: 10 }, (_, i) => {
      const day = addDays(first, 7 * i);
      return { startsAt: instantOf(day, 7 * 60, at.tz)!, endsAt: instantOf(day, 8 * 60, at.tz)! };
    }),
  );
  for (const memberId of members) {
    const r = await enrol(db, caller, { classId: cls.id, memberId }, undefined);
    if (r.orderId !== null) await startPayment(deps, caller, r.orderId, { method: 'cash', amountFen: course.priceFen }, undefined);
  }
}
