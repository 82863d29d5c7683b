import { sql } from 'drizzle-orm';
import type { CourseCreate } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import { actingAs } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { startPayment } from '../commerce/index.ts';
import { searchMembers } from '../member/index.ts';
import { addDays, firstVenueOf, instantOf, localOf } from '../venue/index.ts';
import { firstCoaches } from './course.repository.ts';
import { addClass, addCourse, addLessons, enrol, reviewCourse, submitCourse } from './course.service.ts';
import { seedLessonDemo } from './lesson.seed.ts';
import { seedAttendanceDemo } from './attendance.seed.ts';
import { seedSettlementDemo } from './settlement.seed.ts';
import { seedPlanDemo } from './plan.seed.ts';
import { seedConsignDemo } from './consign.seed.ts';
import { seedParticipantDemo } from './participant.seed.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'course_demo_seeded';
const DEMO_KEYS = ['training', 'sport.course'];

/**
 * The demo centre's training (`SEED_DEMO=1`), once per database, through the services as the console
 * would: a children's swimming course with a class of 20 seats, nobody enrolled, and eight weekly
 * lessons from next week; an adults' badminton course whose class of 2 is full (one seat paid in cash,
 * one held by a pending order) with two members waiting.
 */
const quietLog = { warn: () => undefined, error: () => undefined } as never;

export async function seedCourseDemo(
  db: Db,
  cfg: { publicUrl?: string; port: number; prefixes: { sport: string }; dataDir?: string },
  secretKey: Buffer,
): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  const scope = oneOrgScope(center.id);
  const venue = await firstVenueOf(db, scope, center.id);
  const [coachA, coachB] = await firstCoaches(db, scope, center.id, 2);
  if (!venue || !coachA) return;
  await grantDemoMenus(db, DEMO_KEYS);
  const deps = { db, secretKey, origin: cfg.publicUrl ?? `http://127.0.0.1:${cfg.port}`, sportPrefix: cfg.prefixes.sport, log: quietLog };
  const caller = actingAs(manager, center.id);
  const base: Omit<CourseCreate, 'name' | 'sport' | 'kind' | 'priceFen'> = {
    venueId: venue.id,
    coverUrl: null,
    intro: null,
    ageMin: null,
    ageMax: null,
    level: null,
    lessonsPerClass: 8,
    minutesPerLesson: 60,
    sellingPoints: null,
    saleFrom: null,
    saleTo: null,
  };
  const approved = async (v: CourseCreate) => {
    const c = await addCourse(db, caller, v);
    const sent = await submitCourse(db, caller, c.id, c.version);
    return reviewCourse(db, caller, c.id, { approved: true, reason: '资料齐全', version: sent.version });
  };
  const tz = venue.timeZone;
  const today = localOf(new Date(), tz).day;
  const weekly = (firstDay: string, fromMin: number, n: number) =>
    Array.from({ length: n }, (_, i) => {
      const day = addDays(firstDay, 7 * i);
      return { startsAt: instantOf(day, fromMin, tz)!, endsAt: instantOf(day, fromMin + 60, tz)! };
    });

  const swim = await approved({
    ...base,
    name: '少儿游泳启蒙',
    sport: 'swimming',
    kind: 'group',
    priceFen: 128_000,
    ageMin: 5,
    ageMax: 10,
    level: '启蒙',
    intro: '水性适应、漂浮与换气，8 节课学会自由泳打腿。',
    sellingPoints: '小班教学 · 恒温泳池',
  });
  const swimClass = await addClass(db, caller, {
    courseId: swim.id,
    name: '周六上午班',
    capacity: 20,
    coachId: coachA,
    siteId: null,
    startDay: addDays(today, 7),
    endDay: addDays(today, 7 * 8),
    state: 'open',
  });
  await addLessons(db, caller, swimClass.id, weekly(addDays(today, 7), 9 * 60, 8));

  const badminton = await approved({ ...base, name: '成人羽毛球提高', sport: 'badminton', kind: 'group', priceFen: 96_000, level: '提高' });
  const full = await addClass(db, caller, {
    courseId: badminton.id,
    name: '周三晚班',
    capacity: 2,
    coachId: coachB ?? coachA,
    siteId: null,
    startDay: addDays(today, 8),
    endDay: addDays(today, 8 + 7 * 8),
    state: 'open',
  });
  await addLessons(db, caller, full.id, weekly(addDays(today, 8), 19 * 60 + 30, 8));
  const member = async (phone: string) => (await searchMembers(db, scope, phone, 5)).find((m) => m.phone === phone);
  const people = (await Promise.all(['13900001111', '13700002222', '13600008888', '13500009999'].map(member))).filter((m) => m !== undefined);
  for (const [i, m] of people.entries()) {
    const r = await enrol(db, caller, { classId: full.id, memberId: m.id }, undefined);
    if (i === 0 && r.orderId !== null) await startPayment(deps, caller, r.orderId, { method: 'cash', amountFen: 96_000 }, undefined);
  }
  await seedSettlementDemo(db, caller, swim.id, coachA, tz);
  await seedLessonDemo(db, caller, deps, {
    courseId: badminton.id,
    coachId: coachB ?? coachA,
    priceFen: 96_000,
    swimClassId: swimClass.id,
    memberIds: people.map((m) => m.id),
    today,
    tz,
  });
  await seedAttendanceDemo(db, caller, deps, {
    courseId: swim.id,
    coachId: coachB ?? coachA,
    priceFen: 128_000,
    memberIds: people.map((m) => m.id),
    today,
    tz,
  });
  await seedPlanDemo(db, caller, swimClass.id, today);
  await seedConsignDemo(db, caller, deps, { venueId: venue.id, coachId: coachB ?? coachA, memberIds: people.map((m) => m.id), today, tz });
  // participants: face image consents of two demo participants
  await seedParticipantDemo(
    db,
    caller,
    cfg.dataDir,
    people.map((m) => m.id),
  );
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}
