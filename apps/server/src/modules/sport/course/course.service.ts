import type {
  ClassCreate,
  ClassEnrol,
  ClassEnrolAnswer,
  ClassListQuery,
  ClassPageQuery,
  ClassUpdate,
  CourseCreate,
  CourseListQuery,
  CourseReview,
  CourseUpdate,
  LessonCreate,
  LessonListQuery,
} from '@venue/contract';
import type { Db, Tx } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { expectOneUpdated, scopeOf, type Scope } from '../../../platform/scope.ts';
import { today } from '../../system/index.ts';
import { createOrder, idempotent, timeZoneOf } from '../commerce/index.ts';
import { findMember } from '../member/index.ts';
import { findVenue, sitesOf } from '../venue/index.ts';
import { claimLessonTime, coachNames, coachOf } from './course.coach.ts';
import {
  classDefaultOrder,
  classSorts,
  courseDefaultOrder,
  courseSorts,
  enrolledIn,
  enrolmentOfOrder,
  findClass,
  findCourse,
  insertClass,
  insertCourse,
  insertCourseLog,
  insertEnrolment,
  insertLesson,
  liveEnrolment,
  lockClass,
  logsOfCourse,
  pageClasses,
  pageCourses,
  pageLessons,
  positionOf,
  rosterOf,
  updateClass,
  updateCourse,
  type ClassRecord,
  type CourseRecord,
  type LessonRecord,
} from './course.repository.ts';
import { ratingOf } from './lesson.repository.ts';
import './course.messages.ts';
import { checkCoursePartner } from './consign.service.ts';
import { partnerNames } from './consign.repository.ts';

// ---------------------------------------------------------------- courses

function checkCourse(v: { ageMin?: number | null; ageMax?: number | null; saleFrom?: string | null; saleTo?: string | null }) {
  if (v.ageMin != null && v.ageMax != null && v.ageMin > v.ageMax) throw invalid('ageMax', 'course.ageRange');
  if (v.saleFrom && v.saleTo && v.saleFrom > v.saleTo) throw invalid('saleTo', 'course.saleWindow');
}

async function courseRows(db: Db | Tx, scope: Scope, q: CourseListQuery | { id: number; pageNum?: number; pageSize?: number }) {
  const { total, rows } = await pageCourses(
    db,
    scope,
    'id' in q ? { id: q.id } : { name: q.name, sport: q.sport, kind: q.kind, state: q.state },
    'id' in q ? courseDefaultOrder : orderOf(q, courseSorts, courseDefaultOrder),
    'id' in q ? { limit: 1, offset: 0 } : pageOf(q),
  );
  // consignment: the partner's name of a consigned course
  const partners = await partnerNames(db, scope, [...new Set(rows.flatMap((r) => (r.course.partnerId ? [r.course.partnerId] : [])))]);
  return {
    total,
    data: rows.map(({ course: { createdAt, updatedAt, ...c }, venueName }) => ({
      ...c,
      venueName,
      partnerName: c.partnerId ? (partners.get(c.partnerId) ?? null) : null,
      createTime: createdAt,
      updateTime: updatedAt,
    })),
  };
}

export const listCourses = (db: Db, caller: Caller, q: CourseListQuery) => courseRows(db, scopeOf(caller), q);

export async function getCourse(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const [row] = (await courseRows(db, scope, { id })).data;
  if (!row) throw notFound();
  const logs = (await logsOfCourse(db, scope, id)).map(({ log: { createdAt, orgId: _o, courseId: _c, operatorId: _u, ...l }, operatorName }) => ({
    ...l,
    kind: l.kind,
    operatorName,
    createTime: createdAt,
  }));
  // The members' average rating of the course's lessons (one aggregate over its evaluations).
  const rating = await ratingOf(db, scope, { courseId: id });
  return { ...row, logs, ratingAvg: rating.avg, ratingCount: rating.count };
}

async function log(tx: Tx, scope: Scope, caller: Caller, c: CourseRecord, action: string, toState: string | null, remark: string | null = null) {
  await insertCourseLog(tx, scope, {
    orgId: c.orgId,
    courseId: c.id,
    kind: action === 'approve' || action === 'reject' ? 'audit' : 'operate',
    action,
    fromState: action === 'add' ? null : c.state,
    toState,
    remark,
    operatorId: caller.userId,
  });
}

export async function addCourse(db: Db, caller: Caller, input: CourseCreate) {
  const scope = scopeOf(caller);
  const orgId = input.orgId ?? caller.orgId;
  const venue = await findVenue(db, scope, input.venueId);
  if (!venue || venue.orgId !== orgId) throw notFound();
  checkCourse(input);
  if (input.partnerId) await checkCoursePartner(db, scope, orgId, input.partnerId);
  const id = await db.transaction(async (tx) => {
    const c = await insertCourse(tx, scope, { ...input, orgId, state: 'draft' });
    await log(tx, scope, caller, c, 'add', 'draft');
    return c.id;
  });
  return getCourse(db, caller, id);
}

/** An edit: a course under review cannot change; an approved, rejected or off-sale course goes back to draft (reviewed again). */
export async function editCourse(db: Db, caller: Caller, id: number, input: CourseUpdate) {
  const scope = scopeOf(caller);
  const c = await findCourse(db, scope, id);
  if (!c) throw notFound();
  if (c.state === 'submitted') throw conflict('state', 'course.notEditable');
  const { version, ...values } = input;
  if (values.venueId !== undefined && values.venueId !== c.venueId) {
    const venue = await findVenue(db, scope, values.venueId);
    if (!venue || venue.orgId !== c.orgId) throw notFound();
  }
  checkCourse({ ...c, ...values });
  if (values.partnerId && values.partnerId !== c.partnerId) await checkCoursePartner(db, scope, c.orgId, values.partnerId);
  await db.transaction(async (tx) => {
    await updateCourse(tx, scope, id, version, { ...values, state: 'draft', rejectReason: null });
    await log(tx, scope, caller, c, 'edit', 'draft');
  });
  return getCourse(db, caller, id);
}

async function moveCourse(
  db: Db,
  caller: Caller,
  id: number,
  version: number,
  from: string[],
  to: string,
  action: string,
  msg: string,
  remark?: string | null,
) {
  const scope = scopeOf(caller);
  const c = await findCourse(db, scope, id);
  if (!c) throw notFound();
  if (!from.includes(c.state)) throw conflict('state', msg);
  await db.transaction(async (tx) => {
    expectOneUpdated([await updateCourse(tx, scope, id, version, { state: to, rejectReason: to === 'rejected' ? (remark ?? null) : null })]);
    await log(tx, scope, caller, c, action, to, remark ?? null);
  });
  return getCourse(db, caller, id);
}

export const submitCourse = (db: Db, caller: Caller, id: number, version: number) =>
  moveCourse(db, caller, id, version, ['draft', 'rejected'], 'submitted', 'submit', 'course.notDraft');

export function reviewCourse(db: Db, caller: Caller, id: number, input: CourseReview) {
  if (!input.approved && !input.reason) throw invalid('reason', 'course.rejectReason');
  return input.approved
    ? moveCourse(db, caller, id, input.version, ['submitted'], 'approved', 'approve', 'course.notSubmitted', input.reason)
    : moveCourse(db, caller, id, input.version, ['submitted'], 'rejected', 'reject', 'course.notSubmitted', input.reason);
}

export const offSaleCourse = (db: Db, caller: Caller, id: number, version: number) =>
  moveCourse(db, caller, id, version, ['approved'], 'off_sale', 'offSale', 'course.notOnSale');

// ---------------------------------------------------------------- classes

/** `POST course/class/list` (fixed call): id, course, name, capacity, seats taken, waitlist length. */
export async function listClasses(db: Db, caller: Caller, q: ClassListQuery) {
  const { total, rows } = await pageClasses(db, scopeOf(caller), { keyword: q.keyword }, classDefaultOrder, pageOf(q));
  return {
    total,
    data: rows.map(({ cls, enrolled, waitlisted }) => ({ id: cls.id, courseId: cls.courseId, name: cls.name, capacity: cls.capacity, enrolled, waitlisted })),
  };
}

/** `POST course/class/page`: the console's class list. */
export async function pageClassRows(db: Db | Tx, caller: Caller, q: ClassPageQuery | { id: number }) {
  const scope = scopeOf(caller);
  const byId = 'id' in q;
  const { total, rows } = await pageClasses(
    db,
    scope,
    byId ? { id: q.id } : { keyword: q.keyword, courseId: q.courseId, state: q.state },
    byId ? classDefaultOrder : orderOf(q, classSorts, classDefaultOrder),
    byId ? { limit: 1, offset: 0 } : pageOf(q),
  );
  const names = await coachNames(db, scope, [...new Set(rows.map((r) => r.cls.coachId))]);
  return {
    total,
    data: rows.map(({ cls: { createdAt, updatedAt: _u, ...c }, ...r }) => ({
      ...c,
      ...r,
      coachName: names.get(c.coachId) ?? null,
      createTime: createdAt,
    })),
  };
}

export async function getClass(db: Db | Tx, caller: Caller, id: number) {
  const [row] = (await pageClassRows(db, caller, { id })).data;
  if (!row) throw notFound();
  return row;
}

async function checkSite(db: Db, scope: Scope, venueId: number, siteId: number | null | undefined) {
  if (siteId == null) return;
  if (!(await sitesOf(db, scope, { venueId, ids: [siteId] })).some((s) => s.id === siteId)) throw invalid('siteId', 'course.siteMissing');
}

export async function addClass(db: Db, caller: Caller, input: ClassCreate) {
  const scope = scopeOf(caller);
  const course = await findCourse(db, scope, input.courseId);
  if (!course) throw notFound();
  if (input.startDay > input.endDay) throw invalid('endDay', 'course.classDays');
  const coach = await coachOf(db, scope, input.coachId);
  if (!coach || coach.orgId !== course.orgId) throw invalid('coachId', 'course.coachMissing');
  await checkSite(db, scope, course.venueId, input.siteId);
  const c = await insertClass(db, scope, { ...input, siteId: input.siteId ?? null, orgId: course.orgId });
  return getClass(db, caller, c.id);
}

export async function editClass(db: Db, caller: Caller, id: number, input: ClassUpdate) {
  const scope = scopeOf(caller);
  const cls = await findClass(db, scope, id);
  if (!cls) throw notFound();
  const { version, ...values } = input;
  const next = { ...cls, ...values };
  if (next.startDay > next.endDay) throw invalid('endDay', 'course.classDays');
  if (values.coachId !== undefined) {
    const coach = await coachOf(db, scope, values.coachId);
    if (!coach || coach.orgId !== cls.orgId) throw invalid('coachId', 'course.coachMissing');
  }
  const course = (await findCourse(db, scope, cls.courseId))!;
  if (values.siteId !== undefined) await checkSite(db, scope, course.venueId, values.siteId);
  await db.transaction(async (tx) => {
    await lockClass(tx, scope, id);
    // A smaller class keeps every seat already taken.
    const taken = await enrolledIn(tx, scope, id);
    if (values.capacity !== undefined && values.capacity < taken) throw invalid('capacity', 'course.capacityBelowEnrolled', { n: taken });
    await updateClass(tx, scope, id, version, values);
  });
  return getClass(db, caller, id);
}

// ---------------------------------------------------------------- lessons

export async function listLessons(db: Db, caller: Caller, q: LessonListQuery) {
  const scope = scopeOf(caller);
  if (!(await findClass(db, scope, q.classId))) throw notFound();
  const { total, rows } = await pageLessons(db, scope, q.classId, pageOf(q));
  return { total, data: await lessonAnswers(db, scope, rows) };
}

async function lessonAnswers(db: Db | Tx, scope: Scope, rows: LessonRecord[]) {
  const names = await coachNames(db, scope, [...new Set(rows.map((r) => r.coachId))]);
  return rows.map((l) => ({
    id: l.id,
    classId: l.classId,
    planId: l.planId,
    startsAt: l.startsAt,
    endsAt: l.endsAt,
    coachId: l.coachId,
    coachName: names.get(l.coachId) ?? null,
    siteId: l.siteId,
    state: l.state,
  }));
}

/** A lesson of a class: its coach's time is claimed (and its site's, when it has one); a taken hour answers 100409 `taken`. */
export async function addLesson(db: Db, caller: Caller, input: LessonCreate) {
  const scope = scopeOf(caller);
  const cls = await findClass(db, scope, input.classId);
  if (!cls) throw notFound();
  if (input.endsAt <= input.startsAt) throw invalid('endsAt', 'course.lessonTimes');
  const coachId = input.coachId ?? cls.coachId;
  const siteId = input.siteId === undefined ? cls.siteId : input.siteId;
  if (input.coachId !== undefined) {
    const coach = await coachOf(db, scope, coachId);
    if (!coach || coach.orgId !== cls.orgId) throw invalid('coachId', 'course.coachMissing');
  }
  const course = (await findCourse(db, scope, cls.courseId))!;
  if (input.siteId != null) await checkSite(db, scope, course.venueId, input.siteId);
  const lesson = await db.transaction(async (tx) => {
    const l = await insertLesson(tx, scope, { orgId: cls.orgId, classId: cls.id, startsAt: input.startsAt, endsAt: input.endsAt, coachId, siteId });
    await claimLessonTime(tx, scope, l, caller.userId);
    return l;
  });
  return (await lessonAnswers(db, scope, [lesson]))[0]!;
}

/** Several lessons of a class in one transaction, each claiming its coach's time (the demo; a scheduling plan later). */
export async function addLessons(db: Db, caller: Caller, classId: number, times: { startsAt: Date; endsAt: Date }[]) {
  const scope = scopeOf(caller);
  const cls = await findClass(db, scope, classId);
  if (!cls) throw notFound();
  await db.transaction(async (tx) => {
    for (const t of times) {
      const l = await insertLesson(tx, scope, { orgId: cls.orgId, classId, startsAt: t.startsAt, endsAt: t.endsAt, coachId: cls.coachId, siteId: cls.siteId });
      await claimLessonTime(tx, scope, l, caller.userId);
    }
  });
}

// ---------------------------------------------------------------- enrolment and waitlist

/** Whether a course sells today: approved, and within its sale window (the organisation's day). */
async function selling(tx: Tx, course: CourseRecord): Promise<boolean> {
  if (course.state !== 'approved') return false;
  const day = today(await timeZoneOf(tx, course.orgId));
  return (!course.saleFrom || course.saleFrom <= day) && (!course.saleTo || day <= course.saleTo);
}

/**
 * `POST course/class/enrol` (fixed call; `Idempotency-Key`): under the class row's lock, a free seat
 * is taken with a pending order (item kind `course`), else the member joins the waitlist at its end.
 */
export async function enrol(db: Db, caller: Caller, input: ClassEnrol, key: string | undefined): Promise<ClassEnrolAnswer> {
  const scope = scopeOf(caller);
  const cls = await findClass(db, scope, input.classId);
  if (!cls) throw notFound();
  const member = await findMember(db, scope, input.memberId);
  if (!member || member.orgId !== cls.orgId) throw notFound();
  let answer: ClassEnrolAnswer | undefined;
  const enrolmentId = await idempotent(db, caller, 'course.enrol', key, input, async (tx) => {
    const c = (await lockClass(tx, scope, cls.id))!;
    const course = (await findCourse(tx, scope, c.courseId))!;
    if (!(await selling(tx, course))) throw conflict('state', 'course.notSelling');
    if (c.state !== 'open') throw conflict('state', 'course.classClosed');
    if (await liveEnrolment(tx, scope, c.id, member.id))
      throw conflict('duplicate', 'course.alreadyIn', undefined, [{ field: 'memberId', message: 'course.alreadyIn' }]);
    if ((await enrolledIn(tx, scope, c.id)) < c.capacity) {
      const orderId = await seatOrder(tx, caller, c, member);
      const e = (await enrolmentOfOrder(tx, scope, orderId))!;
      answer = { state: 'enrolled', position: null, orderId };
      return e.id;
    }
    const e = await insertEnrolment(tx, scope, { orgId: c.orgId, classId: c.id, memberId: member.id, state: 'waitlisted' });
    answer = { state: 'waitlisted', position: await positionOf(tx, scope, e), orderId: null };
    return e.id;
  });
  if (answer) return answer;
  // A retry of the same key: the enrolment as it is now (a waiting member since promoted answers their seat).
  const live = await liveEnrolment(db, scope, cls.id, member.id);
  if (live?.state === 'enrolled') return { state: 'enrolled', position: null, orderId: live.orderId };
  if (live?.state === 'waitlisted') return { state: 'waitlisted', position: await positionOf(db, scope, live), orderId: null };
  void enrolmentId;
  throw conflict('state', 'course.notSelling');
}

/** A pending order holding a seat of the class for the member (the kind's hold inserts the enrolled row). */
export async function seatOrder(tx: Tx, caller: Caller, cls: ClassRecord, member: { id: number; name: string; phone: string }): Promise<number> {
  return createOrder(
    tx,
    caller,
    {
      orgId: cls.orgId,
      type: 'course',
      memberId: member.id,
      buyerName: member.name,
      buyerPhone: /^1\d{10}$/.test(member.phone) ? member.phone : null,
      channel: 'console',
      items: [{ kind: 'course', refId: cls.id, quantity: 1, discountFen: 0, detail: { classId: cls.id } }],
      remark: null,
    },
    undefined,
  );
}

/** `POST course/class/roster` (fixed call). */
export async function roster(db: Db, caller: Caller, classId: number) {
  const scope = scopeOf(caller);
  if (!(await findClass(db, scope, classId))) throw notFound();
  const rows = await rosterOf(db, scope, classId);
  return {
    enrolled: rows.filter((r) => r.e.state === 'enrolled').map((r) => ({ memberId: r.e.memberId, orderId: r.e.orderId! })),
    waitlist: rows.filter((r) => r.e.state === 'waitlisted').map((r, i) => ({ memberId: r.e.memberId, position: i + 1 })),
  };
}

/** `138****1234`: the class detail shows members' phones masked. */
const maskPhone = (p: string) => (p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : '****');

/** `POST course/class/people`: the roster with names (phones masked) and orders, as the class detail shows it. */
export async function people(db: Db, caller: Caller, classId: number) {
  const scope = scopeOf(caller);
  if (!(await findClass(db, scope, classId))) throw notFound();
  const rows = await rosterOf(db, scope, classId);
  return {
    enrolled: rows
      .filter((r) => r.e.state === 'enrolled')
      .map((r) => ({
        memberId: r.e.memberId,
        memberName: r.memberName,
        memberPhone: maskPhone(r.memberPhone),
        orderId: r.e.orderId!,
        orderNo: r.orderNo ?? '',
        orderState: r.orderState ?? '',
        enrolTime: r.e.createdAt,
      })),
    waitlist: rows
      .filter((r) => r.e.state === 'waitlisted')
      .map((r, i) => ({ memberId: r.e.memberId, memberName: r.memberName, memberPhone: maskPhone(r.memberPhone), position: i + 1, enrolTime: r.e.createdAt })),
  };
}
