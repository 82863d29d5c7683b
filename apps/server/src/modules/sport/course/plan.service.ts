import type { PlanApply, PlanCreate, PlanListQuery, PlanUpdate } from '@venue/contract';
import type { Db, Executor, Tx } from '../../../platform/db.ts';
import { AppError, conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { workDaysBetween } from '../../system/index.ts';
import { findVenue, sitesOf } from '../venue/index.ts';
import { claimLessonTime, coachNames, coachOf } from './course.coach.ts';
import { findClass, findCourse, insertLesson, lockClass, type ClassRecord } from './course.repository.ts';
import { checkPlanClashes, type CandidateLesson, type Clash, type LessonCheck } from './plan.conflicts.ts';
import { MAX_PLAN_DAYS, planDates, type PlanDates, type PlanRule } from './plan.dates.ts';
import { findPlan, insertPlan, lessonCounts, pagePlans, planDefaultOrder, planSorts, removePlan, updatePlan, type PlanRecord } from './plan.repository.ts';
import './course.messages.ts';

/**
 * Scheduling plans (issue 26): a class's recurring period, its preview (every lesson with what holds
 * its coach's or sites' time, every date left out and why) and its save, all or nothing or without the
 * conflicting lessons, in one transaction under the class's lock; each lesson claims its coach's and
 * sites' time as a lesson added by hand does (`claimLessonTime`), so a time taken between the preview
 * and the save answers 100409 `taken`.
 */

/** A plan's fields as the service works with them (a saved plan or an unsaved form). */
interface PlanShape {
  classId: number;
  name: string;
  dayRule: string;
  weekdays: number[];
  startMinute: number;
  endMinute: number;
  fromDay: string;
  toDay: string;
  siteIds: number[];
  coachId: number;
  skipHolidays: boolean;
}

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const clockOf = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

function shapeOf(input: Omit<PlanCreate, 'classId'> & { classId: number }): PlanShape {
  return {
    classId: input.classId,
    name: input.name,
    dayRule: input.dayRule,
    weekdays: [...new Set(input.weekdays)].sort(),
    startMinute: minuteOf(input.start),
    endMinute: minuteOf(input.end),
    fromDay: input.fromDay,
    toDay: input.toDay,
    siteIds: [...new Set(input.siteIds)],
    coachId: input.coachId,
    skipHolidays: input.skipHolidays,
  };
}

const recordShape = (p: PlanRecord): PlanShape => ({ ...p, weekdays: p.weekdays, siteIds: p.siteIds });

/** The class, its course and venue; the plan's rules checked (100400 naming the field, 100404 a class out of scope). */
async function checked(db: Executor, scope: Scope, p: PlanShape) {
  const cls = await findClass(db, scope, p.classId);
  if (!cls) throw notFound();
  if (p.dayRule === 'weekdays' && !p.weekdays.length) throw invalid('weekdays', 'coursePlan.noWeekdays');
  if (p.endMinute <= p.startMinute) throw invalid('end', 'coursePlan.times');
  if (p.fromDay > p.toDay) throw invalid('toDay', 'coursePlan.days');
  if (daysBetween(p.fromDay, p.toDay) > MAX_PLAN_DAYS) throw invalid('toDay', 'coursePlan.tooLong', { n: MAX_PLAN_DAYS });
  const course = (await findCourse(db, scope, cls.courseId))!;
  const venue = await findVenue(db, scope, course.venueId);
  if (!venue) throw notFound();
  const coach = await coachOf(db, scope, p.coachId);
  if (!coach || coach.orgId !== cls.orgId) throw invalid('coachId', 'course.coachMissing');
  const sites = p.siteIds.length ? await sitesOf(db, scope, { venueId: venue.id, ids: p.siteIds }) : [];
  if (sites.length !== p.siteIds.length) throw invalid('siteIds', 'course.siteMissing');
  return { cls, course, venue, coach, sites };
}

/** The dates of a plan (the organisation's holiday calendar over its range) and its candidate lessons. */
async function datesOf(db: Executor, p: PlanShape, orgId: number, timeZone: string): Promise<{ dates: PlanDates; candidates: CandidateLesson[] }> {
  const rule: PlanRule = {
    days: p.dayRule === 'weekdays' ? p.weekdays : (p.dayRule as 'workdays' | 'non-workdays'),
    start: p.startMinute,
    minutes: p.endMinute - p.startMinute,
    from: p.fromDay,
    to: p.toDay,
    skipHolidays: p.skipHolidays,
    timeZone,
  };
  const dates = planDates(rule, await workDaysBetween(db, orgId, p.fromDay, p.toDay));
  return { dates, candidates: dates.lessons.map((l) => ({ coachId: p.coachId, siteIds: p.siteIds, from: l.from, to: l.to })) };
}

interface ClashAnswer {
  on: 'coach' | 'site';
  resourceId: number;
  resourceName: string | null;
  kind: string;
  holderKind: string;
  holderId: number | null;
  index: number | null;
  from: Date | null;
  to: Date | null;
}

async function clashAnswer(db: Executor, scope: Scope, checks: LessonCheck[], siteNames: Map<number, string>): Promise<(c: Clash) => ClashAnswer> {
  const coachIds = new Set<number>();
  for (const ch of checks) for (const c of ch.clashes) if (c.on === 'coach') coachIds.add(c.resourceId);
  const names = await coachNames(db, scope, [...coachIds]);
  return (c) => {
    const h = c.holder;
    const base = { on: c.on, resourceId: c.resourceId, resourceName: (c.on === 'coach' ? names.get(c.resourceId) : siteNames.get(c.resourceId)) ?? null };
    if (h.kind === 'lesson') return { ...base, kind: 'lesson', holderKind: 'plan', holderId: null, index: h.index, from: null, to: null };
    if (h.kind === 'coachClaim') return { ...base, kind: 'coachClaim', holderKind: h.holderKind, holderId: h.holderId, index: null, from: h.from, to: h.to };
    return { ...base, kind: 'siteClaim', holderKind: h.claimKind, holderId: h.orderId, index: null, from: h.from, to: h.to };
  };
}

async function previewShape(db: Executor, scope: Scope, p: PlanShape) {
  const { cls, venue, sites } = await checked(db, scope, p);
  const { dates, candidates } = await datesOf(db, p, cls.orgId, venue.timeZone);
  const checks = await checkPlanClashes(db, scope, candidates);
  const toClash = await clashAnswer(db, scope, checks, new Map(sites.map((s) => [s.id, s.name])));
  return {
    lessons: dates.lessons.map((l, i) => ({
      index: i,
      day: l.day,
      startsAt: l.from,
      endsAt: l.to,
      coachId: p.coachId,
      siteIds: p.siteIds,
      ok: checks[i]!.ok,
      clashes: checks[i]!.clashes.map(toClash),
    })),
    skipped: dates.skipped,
    conflicts: checks.filter((c) => !c.ok).length,
  };
}

/** `POST course/plan/preview`: an unsaved plan's lessons, conflicts and skipped dates. */
export const previewDraft = (db: Db, caller: Caller, input: PlanCreate) => previewShape(db, scopeOf(caller), shapeOf(input));

/** `POST course/plan/{id}/preview`: a saved plan's. */
export async function previewPlan(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const plan = await findPlan(db, scope, id);
  if (!plan) throw notFound();
  return previewShape(db, scope, recordShape(plan));
}

// ---------------------------------------------------------------- list, get, add, edit, delete

async function planRows(db: Executor, scope: Scope, q: PlanListQuery | { id: number }) {
  const byId = 'id' in q;
  const { total, rows } = await pagePlans(
    db,
    scope,
    byId ? { id: q.id } : { keyword: q.keyword, classId: q.classId, state: q.state },
    byId ? planDefaultOrder : orderOf(q, planSorts, planDefaultOrder),
    byId ? { limit: 1, offset: 0 } : pageOf(q),
  );
  const coaches = await coachNames(db, scope, [...new Set(rows.map((r) => r.plan.coachId))]);
  const siteIds = [...new Set(rows.flatMap((r) => r.plan.siteIds))];
  const sites = new Map((siteIds.length ? await sitesOf(db, scope, { ids: siteIds }) : []).map((s) => [s.id, s.name]));
  const counts = await lessonCounts(
    db,
    scope,
    rows.map((r) => r.plan.id),
  );
  return {
    total,
    data: rows.map(({ plan: { createdAt, updatedAt: _u, startMinute, endMinute, ...p }, className, courseName }) => ({
      ...p,
      className,
      courseName,
      start: clockOf(startMinute),
      end: clockOf(endMinute),
      siteNames: p.siteIds.map((s) => sites.get(s) ?? String(s)),
      coachName: coaches.get(p.coachId) ?? null,
      lessons: counts.get(p.id) ?? 0,
      createTime: createdAt,
    })),
  };
}

export const listPlans = (db: Db, caller: Caller, q: PlanListQuery) => planRows(db, scopeOf(caller), q);

export async function getPlan(db: Executor, caller: Caller, id: number) {
  const [row] = (await planRows(db, scopeOf(caller), { id })).data;
  if (!row) throw notFound();
  return row;
}

export async function addPlan(db: Db, caller: Caller, input: PlanCreate) {
  const scope = scopeOf(caller);
  const p = shapeOf(input);
  const { cls } = await checked(db, scope, p);
  const plan = await insertPlan(db, scope, { ...p, orgId: cls.orgId, state: 'draft' });
  return getPlan(db, caller, plan.id);
}

/** An edit of a plan whose lessons are not saved yet (a saved plan's lessons are adjusted on the lessons screen). */
export async function editPlan(db: Db, caller: Caller, id: number, input: PlanUpdate) {
  const scope = scopeOf(caller);
  const plan = await findPlan(db, scope, id);
  if (!plan) throw notFound();
  if (plan.state !== 'draft') throw conflict('state', 'coursePlan.applied');
  const { version, ...values } = input;
  const cur = recordShape(plan);
  const next: PlanShape = {
    ...cur,
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values.dayRule !== undefined ? { dayRule: values.dayRule } : {}),
    ...(values.weekdays !== undefined ? { weekdays: [...new Set(values.weekdays)].sort() } : {}),
    ...(values.start !== undefined ? { startMinute: minuteOf(values.start) } : {}),
    ...(values.end !== undefined ? { endMinute: minuteOf(values.end) } : {}),
    ...(values.fromDay !== undefined ? { fromDay: values.fromDay } : {}),
    ...(values.toDay !== undefined ? { toDay: values.toDay } : {}),
    ...(values.siteIds !== undefined ? { siteIds: [...new Set(values.siteIds)] } : {}),
    ...(values.coachId !== undefined ? { coachId: values.coachId } : {}),
    ...(values.skipHolidays !== undefined ? { skipHolidays: values.skipHolidays } : {}),
  };
  await checked(db, scope, next);
  await updatePlan(db, scope, id, version, {
    name: next.name,
    dayRule: next.dayRule,
    weekdays: next.weekdays,
    startMinute: next.startMinute,
    endMinute: next.endMinute,
    fromDay: next.fromDay,
    toDay: next.toDay,
    siteIds: next.siteIds,
    coachId: next.coachId,
    skipHolidays: next.skipHolidays,
  });
  return getPlan(db, caller, id);
}

/** A plan whose lessons are not saved can go; a saved plan stays (its lessons name it). */
export async function deletePlan(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const plan = await findPlan(db, scope, id);
  if (!plan) throw notFound();
  if (plan.state !== 'draft') throw conflict('state', 'coursePlan.applied');
  return { deleted: await removePlan(db, scope, id) };
}

// ---------------------------------------------------------------- apply

const isTaken = (e: unknown) => e instanceof AppError && (e.detail as { reason?: string } | undefined)?.reason === 'taken';

/**
 * `POST course/plan/{id}/apply`: the plan's lessons saved in one transaction under the class's lock.
 * `all`: nothing is saved when any lesson has a conflict (100409 `taken`, each conflict a line of the
 * detail) or loses its time to another claim while saving. `skipConflicts`: the free lessons are saved
 * (each in its own savepoint, so one taken while saving is left out too) and the answer names the rest.
 */
export async function applyPlan(db: Db, caller: Caller, id: number, input: PlanApply) {
  const scope = scopeOf(caller);
  const plan = await findPlan(db, scope, id);
  if (!plan) throw notFound();
  const shape = recordShape(plan);
  const { venue } = await checked(db, scope, shape);
  const skippedLessons: { day: string; startsAt: Date; reason: 'conflict' | 'taken' }[] = [];
  let saved = 0;
  await db.transaction(async (tx) => {
    const cls = (await lockClass(tx, scope, plan.classId)) as ClassRecord;
    const now = await findPlan(tx, scope, id);
    if (!now || now.version !== input.version) throw conflict('stale', 'error.stale');
    if (now.state !== 'draft') throw conflict('state', 'coursePlan.applied');
    const { dates, candidates } = await datesOf(tx, shape, cls.orgId, venue.timeZone);
    if (!candidates.length) throw conflict('state', 'coursePlan.noLessons');
    const checks = await checkPlanClashes(tx, scope, candidates);
    if (input.mode === 'all') {
      const bad = checks.flatMap((c, i) => (c.ok ? [] : [i]));
      if (bad.length)
        throw conflict(
          'taken',
          'coursePlan.conflicts',
          { n: bad.length },
          bad.slice(0, 50).map((i) => ({ field: `lessons[${i}]`, message: 'coursePlan.lessonTaken', params: { day: dates.lessons[i]!.day } })),
        );
    }
    for (const [i, l] of dates.lessons.entries()) {
      if (!checks[i]!.ok) {
        skippedLessons.push({ day: l.day, startsAt: l.from, reason: 'conflict' });
        continue;
      }
      const save = (t: Tx) => saveLesson(t, scope, caller, cls, plan, l.from, l.to);
      if (input.mode === 'all') await save(tx);
      else
        try {
          await tx.transaction(save);
        } catch (e) {
          if (!isTaken(e)) throw e;
          skippedLessons.push({ day: l.day, startsAt: l.from, reason: 'taken' });
          continue;
        }
      saved++;
    }
    if (!saved) throw conflict('taken', 'coursePlan.conflicts', { n: skippedLessons.length });
    await updatePlan(tx, scope, id, input.version, { state: 'applied' });
  });
  return { saved, skippedLessons, plan: await getPlan(db, caller, id) };
}

/** One lesson of the plan on the plan's coach and all its sites (the first is the lesson's own). */
async function saveLesson(tx: Tx, scope: Scope, caller: Caller, cls: ClassRecord, plan: PlanRecord, from: Date, to: Date) {
  const [first, ...more] = plan.siteIds;
  const l = await insertLesson(tx, scope, {
    orgId: cls.orgId,
    classId: cls.id,
    planId: plan.id,
    startsAt: from,
    endsAt: to,
    coachId: plan.coachId,
    siteId: first ?? null,
  });
  await claimLessonTime(tx, scope, l, caller.userId, more);
}
