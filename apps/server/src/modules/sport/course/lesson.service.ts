import {
  PAID_ORDER_STATES,
  type LessonAdjust,
  type LessonCancel,
  type LessonCancelled,
  type LessonEvaluate,
  type LessonItem,
  type LessonPageQuery,
} from '@venue/contract';
import type { Db, Executor, Tx } from '../../../platform/db.ts';
import { AppError, conflict, invalid, isUniqueViolation, notFound, staleVersion } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { t, type Lang } from '../../../platform/i18n.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { type LocalText, type SheetColumn, rowsXlsx } from '../../../platform/xlsx.ts';
import { publish } from '../../message/index.ts';
import { fenToYuan, findOrder, refundByRule, timeZoneOf, type AfterCommit, type AfterCommitRunner } from '../commerce/index.ts';
import { addDays, instantOf, localOf, sitesOf } from '../venue/index.ts';
import { claimLessonTime, coachNames, coachOf, releaseLessonTime } from './course.coach.ts';
import { findClass, findCourse, type LessonRecord } from './course.repository.ts';
import {
  enrolledMembers,
  evaluationsOf,
  insertEvaluation,
  lessonDefaultOrder,
  lessonIdsOfClass,
  lessonSorts,
  lockLessons,
  pageLessonItems,
  ratingOf,
  updateLesson,
  type LessonFilter,
} from './lesson.repository.ts';
import './course.messages.ts';

/**
 * All lessons (issue 26, `totalSchedulingAttempts`). A lesson's time is its coach's (and its site's)
 * through the same claims a lesson takes when it is added (`course.coach.ts`): a batch adjustment gives
 * back the old claims and takes the new ones in one transaction, so one clash changes nothing. A lesson
 * cancelled by the venue gives its time back and refunds each paid seat of its class the lesson's share
 * of the seat's price (the order's payable / the class's lessons, in fen; the class's last lesson takes
 * the remainder), back to the order's payment, and tells every enrolled member (`course.lessonCancelled`).
 */

/** States a lesson holds its claims in (a suspended lesson keeps its time: it can resume). */
const LIVE = ['scheduled', 'suspended'];
/** Orders of a seat that hold money to refund a share of. */
const EXPORT_MAX = 50_000;

// ---------------------------------------------------------------- reading

async function filterOf(db: Executor, caller: Caller, q: Partial<LessonPageQuery>): Promise<LessonFilter> {
  if (q.from && q.to && q.from > q.to) throw invalid('to', 'courseLesson.range');
  const tz = await timeZoneOf(db as Tx, caller.orgId);
  return {
    from: q.from ? instantOf(q.from, 0, tz) : undefined,
    to: q.to ? instantOf(addDays(q.to, 1), 0, tz) : undefined,
    courseId: q.courseId,
    classId: q.classId,
    coachId: q.coachId,
    siteId: q.siteId,
    state: q.state,
  };
}

type ItemRow = Awaited<ReturnType<typeof pageLessonItems>>['rows'][number];

async function itemsOf(db: Executor, scope: Scope, rows: ItemRow[]): Promise<LessonItem[]> {
  const names = await coachNames(db, scope, [...new Set(rows.map((r) => r.lesson.coachId))]);
  return rows.map(({ lesson: l, ...r }) => ({
    id: l.id,
    orgId: l.orgId,
    classId: l.classId,
    className: r.className,
    courseId: r.courseId,
    courseName: r.courseName,
    planId: l.planId,
    startsAt: l.startsAt.toISOString(),
    endsAt: l.endsAt.toISOString(),
    coachId: l.coachId,
    coachName: names.get(l.coachId) ?? null,
    siteId: l.siteId,
    siteName: r.siteName,
    state: l.state as LessonItem['state'],
    enrolled: Number(r.enrolled),
    ratingAvg: r.ratingAvg == null ? null : Number(r.ratingAvg),
    ratingCount: Number(r.ratingCount),
    version: l.version,
  }));
}

/** `POST course/lesson/page`: every lesson of the organisation, filtered (the list and the day view). */
export async function pageLessons(db: Db, caller: Caller, q: LessonPageQuery) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageLessonItems(db, scope, await filterOf(db, caller, q), orderOf(q, lessonSorts, lessonDefaultOrder), pageOf(q));
  return { total, data: await itemsOf(db, scope, rows) };
}

async function itemsByIds(db: Executor, scope: Scope, ids: number[]): Promise<LessonItem[]> {
  if (!ids.length) return [];
  const { rows } = await pageLessonItems(db, scope, { ids }, lessonDefaultOrder, { limit: ids.length, offset: 0 });
  return itemsOf(db, scope, rows);
}

async function itemOf(db: Executor, scope: Scope, id: number): Promise<LessonItem> {
  const [item] = await itemsByIds(db, scope, [id]);
  if (!item) throw notFound();
  return item;
}

/** `GET course/lesson/{id}`: the lesson, its ratings, its members, and the averages of its course and its coach. */
export async function lessonDetail(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const item = await itemOf(db, scope, id);
  const [evaluations, people, courseRating, coachRating] = await Promise.all([
    evaluationsOf(db, scope, id),
    enrolledMembers(db, scope, item.classId),
    ratingOf(db, scope, { courseId: item.courseId }),
    ratingOf(db, scope, { coachId: item.coachId }),
  ]);
  return {
    ...item,
    evaluations: evaluations.map(({ e, memberName }) => ({
      id: e.id,
      lessonId: e.lessonId,
      memberId: e.memberId,
      memberName,
      rating: e.rating,
      comment: e.comment,
      createTime: e.createdAt,
    })),
    members: people.map((p) => ({ memberId: p.memberId, memberName: p.memberName })),
    courseRating,
    coachRating,
  };
}

const t2 = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });
const STATE_TEXT: Record<string, LocalText> = {
  scheduled: t2('待上课', 'Scheduled'),
  suspended: t2('已停课', 'Suspended'),
  cancelled: t2('已取消', 'Cancelled'),
  done: t2('已结束', 'Done'),
};
const lessonSheet: SheetColumn[] = [
  { key: 'id', title: t2('课节编号', 'Lesson no.') },
  { key: 'time', title: t2('上课时间', 'Time') },
  { key: 'courseName', title: t2('课程', 'Course') },
  { key: 'className', title: t2('班级', 'Class') },
  { key: 'coachName', title: t2('教练', 'Coach') },
  { key: 'siteName', title: t2('场地', 'Site') },
  { key: 'enrolled', title: t2('报名人数', 'Enrolled') },
  { key: 'state', title: t2('状态', 'State'), options: Object.entries(STATE_TEXT).map(([value, label]) => ({ value, label })) },
  { key: 'ratingAvg', title: t2('平均评分', 'Average rating') },
  { key: 'ratingCount', title: t2('评价数', 'Ratings') },
];

const whenOf = (from: Date, to: Date, tz: string) => {
  const a = localOf(from, tz);
  const b = localOf(to, tz);
  const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return `${a.day} ${hm(a.minutes)}-${b.day === a.day ? '' : `${b.day} `}${hm(b.minutes)}`;
};

/** `POST course/lesson/export`: the filtered lessons as a spreadsheet. */
export async function exportLessons(db: Db, caller: Caller, q: LessonPageQuery, lang: Lang) {
  const scope = scopeOf(caller);
  const { rows } = await pageLessonItems(db, scope, await filterOf(db, caller, q), orderOf(q, lessonSorts, lessonDefaultOrder), {
    limit: EXPORT_MAX,
    offset: 0,
  });
  const tz = await timeZoneOf(db as unknown as Tx, caller.orgId);
  const data = (await itemsOf(db, scope, rows)).map((i) => ({ ...i, time: whenOf(new Date(i.startsAt), new Date(i.endsAt), tz), siteName: i.siteName ?? '' }));
  return rowsXlsx(lessonSheet, data, lang, lang === 'zh-CN' ? '全部课节' : 'lessons', lang === 'zh-CN' ? '课节' : 'Lessons');
}

// ---------------------------------------------------------------- batch adjustment

/**
 * `POST course/lesson/adjust`: many lessons' time (shifted, or a new start keeping each one's length),
 * site or coach at once. Under the lessons' locks, every version must be the one seen (else the stale
 * error); the old claims are given back and the new ones taken in the same transaction: a clash with a
 * booking, another lesson or a sparring hour answers 100409 `taken` naming the lesson, and nothing changes.
 */
export async function adjustLessons(db: Db, caller: Caller, input: LessonAdjust) {
  const scope = scopeOf(caller);
  const timeChange = input.shiftMinutes !== undefined || input.startsAt !== undefined;
  if (input.shiftMinutes !== undefined && input.startsAt !== undefined) throw invalid('startsAt', 'courseLesson.oneTime');
  if (!timeChange && input.siteId === undefined && input.coachId === undefined) throw invalid('lessons', 'courseLesson.noChange');
  const seen = new Map<number, number>();
  for (const [i, r] of input.lessons.entries()) {
    if (seen.has(r.id)) throw invalid(`lessons.${i}.id`, 'error.field.duplicate');
    seen.set(r.id, r.version);
  }
  const ids = [...seen.keys()];
  const works = await db.transaction(async (tx) => {
    const locked = await lockLessons(tx, scope, ids);
    if (locked.length !== ids.length) throw notFound();
    const venueOf = new Map<number, number>();
    for (const l of locked) {
      if (l.version !== seen.get(l.id)) throw staleVersion();
      if (!LIVE.includes(l.state)) throw conflict('state', 'courseLesson.notAdjustable', { id: l.id });
      if (!venueOf.has(l.classId)) {
        const cls = (await findClass(tx, scope, l.classId))!;
        venueOf.set(l.classId, (await findCourse(tx, scope, cls.courseId))!.venueId);
      }
    }
    if (input.coachId !== undefined) {
      const coach = await coachOf(tx, scope, input.coachId);
      if (!coach || locked.some((l) => l.orgId !== coach.orgId)) throw invalid('coachId', 'course.coachMissing');
    }
    if (input.siteId != null) {
      for (const venueId of new Set(venueOf.values())) {
        const found = await sitesOf(tx, scope, { venueId, ids: [input.siteId] });
        if (!found.some((s) => s.id === input.siteId)) throw invalid('siteId', 'course.siteMissing');
      }
    }
    const next = locked.map((l): LessonRecord => {
      let { startsAt, endsAt } = l;
      const length = endsAt.getTime() - startsAt.getTime();
      if (input.shiftMinutes !== undefined) startsAt = new Date(startsAt.getTime() + input.shiftMinutes * 60_000);
      if (input.startsAt !== undefined) startsAt = input.startsAt;
      endsAt = new Date(startsAt.getTime() + length);
      return {
        ...l,
        startsAt,
        endsAt,
        coachId: input.coachId ?? l.coachId,
        siteId: input.siteId === undefined ? l.siteId : input.siteId,
      };
    });
    // All old claims first, so lessons moved into each other's old time do not clash with themselves.
    // A lesson on several sites (a plan's) keeps them all unless it is moved to one site.
    const heldSites = new Map<number, number[]>();
    for (const l of locked) heldSites.set(l.id, await releaseLessonTime(tx, scope, l));
    const tz = await timeZoneOf(tx, locked[0]!.orgId);
    for (const [i, l] of next.entries()) {
      const row = await updateLesson(tx, scope, l.id, l.version, { startsAt: l.startsAt, endsAt: l.endsAt, coachId: l.coachId, siteId: l.siteId }, LIVE);
      if (!row) throw staleVersion();
      try {
        await claimLessonTime(tx, scope, row, caller.userId, input.siteId === undefined ? heldSites.get(l.id) : []);
      } catch (e) {
        if (e instanceof AppError && e.codeName === 'CONFLICT' && (e.detail as { reason?: string })?.reason === 'taken') {
          const params = { id: l.id, when: whenOf(l.startsAt, l.endsAt, tz), cause: t('zh-CN', e.msgKey, e.params) };
          throw conflict('taken', 'courseLesson.taken', params, [
            { field: `lessons.${input.lessons.findIndex((r) => r.id === l.id)}.id`, message: 'courseLesson.taken', params: { ...params, lessonId: l.id } },
          ]);
        }
        throw e;
      }
      void i;
    }
    return ids;
  });
  return { data: await itemsByIds(db, scope, works) };
}

// ---------------------------------------------------------------- suspend, resume, cancel

async function move(db: Db, caller: Caller, id: number, version: number, from: string, to: string, msg: string) {
  const scope = scopeOf(caller);
  await db.transaction(async (tx) => {
    const [l] = await lockLessons(tx, scope, [id]);
    if (!l) throw notFound();
    if (l.version !== version) throw staleVersion();
    if (l.state !== from) throw conflict('state', msg);
    await updateLesson(tx, scope, id, version, { state: to }, [from]);
  });
  return itemOf(db, scope, id);
}

/** `POST course/lesson/{id}/suspend`: a scheduled lesson is suspended (it keeps its time and can resume). */
export const suspendLesson = (db: Db, caller: Caller, id: number, version: number) =>
  move(db, caller, id, version, 'scheduled', 'suspended', 'courseLesson.notScheduled');

/** `POST course/lesson/{id}/resume`: a suspended lesson is scheduled again. */
export const resumeLesson = (db: Db, caller: Caller, id: number, version: number) =>
  move(db, caller, id, version, 'suspended', 'scheduled', 'courseLesson.notSuspended');

/**
 * A lesson cancelled by the venue (`POST course/lesson/{id}/cancel`), in one transaction under the
 * lesson's lock: its claims are given back; each member enrolled in its class whose seat is paid gets the
 * lesson's share of the seat's price back to the order's payment (what the order still holds at most);
 * every enrolled member is told through messaging. Provider refunds are sent after the commit.
 */
export async function cancelLessonByVenue(db: Db, caller: Caller, id: number, input: LessonCancel, after: AfterCommitRunner): Promise<LessonCancelled> {
  const scope = scopeOf(caller);
  const refunds: LessonCancelled['refunds'] = [];
  const works = await db.transaction(async (tx) => {
    const [l] = await lockLessons(tx, scope, [id]);
    if (!l) throw notFound();
    if (input.version !== undefined && l.version !== input.version) throw staleVersion();
    if (!LIVE.includes(l.state)) throw conflict('state', 'courseLesson.notCancellable');
    await updateLesson(tx, scope, id, undefined, { state: 'cancelled' }, LIVE);
    await releaseLessonTime(tx, scope, l);
    const cls = (await findClass(tx, scope, l.classId))!;
    const course = (await findCourse(tx, scope, cls.courseId))!;
    const tz = await timeZoneOf(tx, l.orgId);
    const when = whenOf(l.startsAt, l.endsAt, tz);
    const ids = await lessonIdsOfClass(tx, scope, cls.id);
    const last = ids[ids.length - 1] === l.id;
    const reason = input.reason?.trim() || t('zh-CN', 'courseLesson.cancelReason');
    const out: AfterCommit[] = [];
    for (const m of await enrolledMembers(tx, scope, cls.id)) {
      let amountFen = 0;
      let orderNo = m.orderNo ?? '';
      if (m.orderId !== null && m.orderState && PAID_ORDER_STATES.includes(m.orderState)) {
        const order = (await findOrder(tx, scope, m.orderId, { lock: true }))!;
        orderNo = order.orderNo;
        const n = Math.max(ids.length, 1);
        const each = Math.floor(order.payableFen / n);
        const share = last ? order.payableFen - each * (n - 1) : each;
        amountFen = Math.max(0, Math.min(share, order.paidFen - order.refundedFen));
        if (amountFen > 0) {
          out.push(
            await refundByRule(tx, scope, order, {
              amountFen,
              items: [],
              reason: t('zh-CN', 'courseLesson.refundReason', { course: course.name, when }),
              userId: caller.userId,
            }),
          );
          refunds.push({ memberId: m.memberId, memberName: m.memberName, orderId: order.id, orderNo, amountFen });
        }
      }
      await publish(tx, {
        orgId: l.orgId,
        type: 'course.lessonCancelled',
        operatorId: caller.userId || null,
        member: { name: m.memberName, phone: m.memberPhone },
        data: { memberName: m.memberName, courseName: course.name, className: cls.name, lessonTime: when, reason, refundYuan: fenToYuan(amountFen) },
        link: orderNo ? `/sport/views/orderManagement/mainOrder?orderNo=${orderNo}` : `/sport/views/trainingCourse/totalSchedulingAttempts/index`,
      });
    }
    return out;
  });
  for (const w of works) await after(w);
  return { ...(await itemOf(db, scope, id)), refunds };
}

// ---------------------------------------------------------------- evaluation

/**
 * `POST course/lesson/{id}/evaluate`: a member's rating (1–5, a comment) entered at the desk: once per
 * member and lesson, only for a member enrolled in the lesson's class, only once the lesson has started.
 */
export async function evaluateLesson(db: Db, caller: Caller, id: number, input: LessonEvaluate) {
  const scope = scopeOf(caller);
  const item = await itemOf(db, scope, id);
  if (item.state === 'cancelled') throw conflict('state', 'courseLesson.cancelledNoRating');
  if (new Date(item.startsAt).getTime() > Date.now()) throw conflict('state', 'courseLesson.notStarted');
  const people = await enrolledMembers(db, scope, item.classId);
  if (!people.some((p) => p.memberId === input.memberId)) throw invalid('memberId', 'courseLesson.notEnrolled');
  try {
    await insertEvaluation(db, scope, {
      orgId: item.orgId,
      lessonId: id,
      memberId: input.memberId,
      rating: input.rating,
      comment: input.comment?.trim() || null,
      createdBy: caller.userId || null,
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('duplicate', 'courseLesson.rated', undefined, [{ field: 'memberId', message: 'courseLesson.rated' }]);
    throw e;
  }
  return lessonDetail(db, caller, id);
}
