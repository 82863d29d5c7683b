import {
  CARD_QR_PREFIX,
  PAID_ORDER_STATES,
  MEMBER_QR_PREFIX,
  type AttendanceCheckIn,
  type AttendanceMark,
  type AttendancePageQuery,
  type AttendanceRoster,
  type MemberPackagePageQuery,
  type PackageTypeCreate,
  type PackageTypePageQuery,
  type PackageTypeUpdate,
} from '@venue/contract';
import type { Db, Tx } from '../../../platform/db.ts';
import { AppError, conflict, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import type { Lang } from '../../../platform/i18n.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { type LocalText, type SheetColumn, rowsXlsx } from '../../../platform/xlsx.ts';
import { consumeItem, createOrder, findOrder, itemsOf, kindContext, timeZoneOf } from '../commerce/index.ts';
import { findMember, type MemberRecord } from '../member/index.ts';
import { instantOf } from '../venue/index.ts';
import { packageLine } from './attendance.kinds.ts';
import {
  attendanceDefaultOrder,
  attendanceSorts,
  attendancesOfLesson,
  enrolledOf,
  enrolledRow,
  findMemberPackage,
  findPackageType,
  insertAttendance,
  insertPackageType,
  lessonWithCourse,
  lessonsBetween,
  memberByNo,
  memberIdOfCardNo,
  packageHolders,
  pageAttendances,
  pageMemberPackages,
  pagePackageTypes,
  updatePackageType,
  takeLesson,
  usablePackage,
  type AttendanceFilter,
  type MemberPackageRecord,
  type PackageTypeRecord,
} from './attendance.repository.ts';
import { coachNames } from './course.coach.ts';
import { findCourse, patchLesson } from './course.repository.ts';
import './course.messages.ts';

/**
 * Attendance (issue 26). A member checks into a lesson once (the unique lesson × member row): only a
 * member enrolled in the lesson's class or holding a usable class package of its course. A member with
 * a usable package of the course pays the lesson with it: one lesson off the package by a conditional
 * write (`left > 0`) in the check-in's transaction, whose kind's `consume` recognises the lesson's share
 * of the price in the ledger; the last lesson cannot be taken twice, the package never goes below zero.
 */

// ---------------------------------------------------------------- check-in

type Method = 'qr' | 'memberNo' | 'card' | 'coach' | 'desk' | 'face';
/** A check-in's body (the seed leaves out the ways it does not use). */
type CheckInBody = Pick<AttendanceCheckIn, 'lessonId'> & Partial<Omit<AttendanceCheckIn, 'lessonId'>>;

/** The member a desk check-in names: member number, QR text (`VM:<memberNo>` or a card's `VC:<cardNo>`), card number, or picked. */
async function memberOf(db: Db | Tx, scope: Scope, orgId: number, input: CheckInBody): Promise<{ member: MemberRecord; method: Method }> {
  const none = (field: string) =>
    new AppError('NOT_FOUND', 'courseAttendance.memberNotFound', undefined, [{ field, message: 'courseAttendance.memberNotFound' }]);
  let id: number | undefined;
  let method: Method;
  if (input.memberNo) {
    id = (await memberByNo(db, scope, orgId, input.memberNo.trim()))?.id;
    method = 'memberNo';
    if (!id) throw none('memberNo');
  } else if (input.qr) {
    const qr = input.qr.trim();
    method = 'qr';
    if (qr.startsWith(MEMBER_QR_PREFIX)) id = (await memberByNo(db, scope, orgId, qr.slice(MEMBER_QR_PREFIX.length).trim()))?.id;
    else if (qr.startsWith(CARD_QR_PREFIX)) id = await memberIdOfCardNo(db, scope, qr.slice(CARD_QR_PREFIX.length).trim());
    if (!id) throw none('qr');
  } else if (input.cardNo) {
    id = await memberIdOfCardNo(db, scope, input.cardNo.trim());
    method = 'card';
    if (!id) throw none('cardNo');
  } else {
    id = input.memberId!;
    method = 'desk';
  }
  const member = await findMember(db, scope, id);
  if (!member || member.orgId !== orgId) throw notFound();
  return { member, method };
}

/**
 * One member into one lesson, in one transaction: the right to come (enrolled, or a usable package),
 * the attendance row (a second one answers 100409 `duplicate`), and the package's lesson taken and
 * recognised when `state` is one that consumes.
 */
async function record(
  tx: Tx,
  caller: Caller,
  lessonId: number,
  memberId: number,
  state: 'present' | 'late' | 'absent' | 'leave',
  method: Method,
  opts: { consumes?: boolean } = {},
) {
  const scope = scopeOf(caller);
  const l = await lessonWithCourse(tx, scope, lessonId);
  if (!l) throw notFound();
  if (l.lesson.state === 'cancelled' || l.lesson.state === 'suspended') throw conflict('state', 'courseAttendance.lessonNotOn');
  const now = new Date();
  const enrolment = await enrolledRow(tx, scope, l.lesson.classId, memberId);
  const pkg = await usablePackage(tx, scope, l.courseId, memberId, now);
  // A seat held by an order not paid yet gives no right to come (the desk takes the payment first).
  const seatOrder = enrolment?.orderId ? await findOrder(tx, scope, enrolment.orderId) : undefined;
  const paid = !seatOrder || PAID_ORDER_STATES.includes(seatOrder.state);
  const attends = state === 'present' || state === 'late';
  if (!pkg && !(enrolment && (paid || !attends))) {
    const why = enrolment ? 'courseAttendance.seatUnpaid' : 'courseAttendance.notEnrolled';
    throw conflict('state', why, undefined, [{ field: 'memberId', message: why }]);
  }
  const consumes = opts.consumes ?? attends;
  const row = await insertAttendance(tx, scope, {
    orgId: l.lesson.orgId,
    lessonId,
    memberId,
    enrolmentId: enrolment?.id ?? null,
    packageId: pkg?.id ?? null,
    state,
    method,
    consumed: !!(pkg && consumes),
    checkedAt: now,
    checkedBy: caller.userId || null,
  });
  if (!row) throw conflict('duplicate', 'courseAttendance.twice', undefined, [{ field: 'memberId', message: 'courseAttendance.twice' }]);
  if (pkg && consumes) await consume(tx, caller, pkg, row.id);
  return row;
}

/** One lesson off the package (never below zero) and its share recognised by the kind's `consume`. */
async function consume(tx: Tx, caller: Caller, pkg: MemberPackageRecord, attendanceId: number) {
  const scope = scopeOf(caller);
  const taken = await takeLesson(tx, scope, pkg.id);
  // Another check-in took the last lesson meanwhile: this one is refused (its attendance is rolled back).
  if (!taken) throw conflict('taken', 'courseAttendance.noLessonsLeft');
  if (!pkg.orderId) return;
  const line = packageLine(await itemsOf(tx, scope, pkg.orderId), pkg.id);
  if (!line) return;
  const order = (await findOrder(tx, scope, pkg.orderId))!;
  const ctx = kindContext(tx, scope, { orgId: pkg.orgId, memberId: pkg.memberId, channel: order.channel, type: order.type }, caller);
  await consumeItem(ctx, line, { quantity: 1, ref: `attendance ${attendanceId}` });
}

export async function checkIn(db: Db, caller: Caller, input: CheckInBody) {
  const scope = scopeOf(caller);
  const l = await lessonWithCourse(db, scope, input.lessonId);
  if (!l) throw notFound();
  const { member, method } = await memberOf(db, scope, l.lesson.orgId, input);
  const row = await db.transaction((tx) => record(tx, caller, input.lessonId, member.id, input.late ? 'late' : 'present', method));
  return (await attendanceRows(db, caller, { id: row.id })).data[0]!;
}

/** The coach marks one member of the roster (present, late, absent, leave). */
export async function mark(db: Db, caller: Caller, input: AttendanceMark) {
  const scope = scopeOf(caller);
  const l = await lessonWithCourse(db, scope, input.lessonId);
  if (!l) throw notFound();
  const member = await findMember(db, scope, input.memberId);
  if (!member || member.orgId !== l.lesson.orgId) throw notFound();
  const row = await db.transaction((tx) => record(tx, caller, input.lessonId, member.id, input.state, 'coach'));
  return (await attendanceRows(db, caller, { id: row.id })).data[0]!;
}

/**
 * The lesson is over (`done`): each enrolled member without an attendance is recorded `absent`; one who
 * pays with a package whose type says no-shows consume loses that lesson. One transaction, the lesson locked.
 */
export async function lessonDone(db: Db, caller: Caller, lessonId: number) {
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    const l = await lessonWithCourse(tx, scope, lessonId, true);
    if (!l) throw notFound();
    if (l.lesson.state !== 'scheduled' && l.lesson.state !== 'done') throw conflict('state', 'courseAttendance.lessonNotOn');
    if (l.lesson.startsAt > new Date()) throw conflict('state', 'courseAttendance.notStarted');
    const seen = new Set((await attendancesOfLesson(tx, scope, lessonId)).map((a) => a.memberId));
    let absent = 0;
    let consumed = 0;
    for (const e of await enrolledOf(tx, scope, l.lesson.classId)) {
      if (seen.has(e.memberId)) continue;
      const pkg = await usablePackage(tx, scope, l.courseId, e.memberId, new Date());
      const consumes = !!pkg?.noShowConsumes;
      await record(tx, caller, lessonId, e.memberId, 'absent', 'coach', { consumes });
      absent++;
      if (consumes) consumed++;
    }
    if (l.lesson.state === 'scheduled') await patchLesson(tx, scope, lessonId, { state: 'done' });
    return { absent, consumed };
  });
}

/** A lesson and who may check into it, with their attendance so far (the coach's phone page). */
export async function lessonRoster(db: Db, caller: Caller, lessonId: number): Promise<AttendanceRoster> {
  const scope = scopeOf(caller);
  const l = await lessonWithCourse(db, scope, lessonId);
  if (!l) throw notFound();
  const now = new Date();
  const [enrolled, holders, seen] = await Promise.all([
    enrolledOf(db, scope, l.lesson.classId),
    packageHolders(db, scope, l.courseId, now),
    attendancesOfLesson(db, scope, lessonId),
  ]);
  const att = new Map(seen.map((a) => [a.memberId, a]));
  const left = new Map(holders.map((h) => [h.pkg.memberId, h.pkg.lessonsLeft]));
  const people: AttendanceRoster['people'] = enrolled.map((e) => ({
    memberId: e.memberId,
    memberName: e.memberName,
    memberNo: e.memberNo,
    via: 'enrolled',
    lessonsLeft: left.get(e.memberId) ?? null,
    state: (att.get(e.memberId)?.state as 'present') ?? null,
    attendanceId: att.get(e.memberId)?.id ?? null,
  }));
  const inClass = new Set(enrolled.map((e) => e.memberId));
  for (const h of holders) {
    if (inClass.has(h.pkg.memberId)) continue;
    inClass.add(h.pkg.memberId);
    people.push({
      memberId: h.pkg.memberId,
      memberName: h.memberName,
      memberNo: h.memberNo,
      via: 'package',
      lessonsLeft: h.pkg.lessonsLeft,
      state: (att.get(h.pkg.memberId)?.state as 'present') ?? null,
      attendanceId: att.get(h.pkg.memberId)?.id ?? null,
    });
  }
  return {
    lessonId,
    startsAt: l.lesson.startsAt,
    endsAt: l.lesson.endsAt,
    lessonState: l.lesson.state,
    courseName: l.courseName,
    className: l.className,
    people,
  } as unknown as AttendanceRoster;
}

/** The lessons of a day in the organisation's time zone (the coach's page and the desk's dialog pick one). */
export async function lessonsOfDay(db: Db, caller: Caller, q: { day: string; coachId?: number }) {
  const tz = await timeZoneOf(db, caller.orgId);
  const from = instantOf(q.day, 0, tz)!;
  const to = new Date(from.getTime() + 86_400_000);
  const rows = await lessonsBetween(db, scopeOf(caller), from, to, q.coachId);
  const names = await coachNames(db, scopeOf(caller), [...new Set(rows.map((r) => r.coachId))]);
  return rows.map(({ coachId, ...l }) => ({
    ...l,
    coachName: names.get(coachId) ?? null,
    present: Number(l.present),
  }));
}

// ---------------------------------------------------------------- lists and export

/** The organisation's time zone (the core reads it in a transaction). */

async function attendanceRows(db: Db | Tx, caller: Caller, q: Partial<AttendancePageQuery> & { id?: number; packageId?: number }, limit?: number) {
  const scope = scopeOf(caller);
  const tz = q.from || q.to ? await timeZoneOf(db, caller.orgId) : 'UTC';
  const f: AttendanceFilter = {
    id: q.id,
    from: q.from ? instantOf(q.from, 0, tz)! : undefined,
    to: q.to ? new Date(instantOf(q.to, 0, tz)!.getTime() + 86_400_000) : undefined,
    courseId: q.courseId,
    classId: q.classId,
    lessonId: q.lessonId,
    memberId: q.memberId,
    packageId: q.packageId,
    keyword: q.keyword ?? null,
    state: q.state,
    method: q.method,
  };
  const order = orderOf(q as AttendancePageQuery, attendanceSorts, attendanceDefaultOrder);
  const page = limit ? { limit, offset: 0 } : q.id ? { limit: 1, offset: 0 } : pageOf(q as AttendancePageQuery);
  const { total, rows } = await pageAttendances(db, scope, f, order, page);
  const data = rows.map((r) => ({
    id: r.a.id,
    lessonId: r.a.lessonId,
    lessonStartsAt: r.lessonStartsAt,
    lessonEndsAt: r.lessonEndsAt,
    classId: r.classId,
    className: r.className,
    courseId: r.courseId,
    courseName: r.courseName,
    memberId: r.a.memberId,
    memberName: r.memberName,
    memberNo: r.memberNo,
    enrolmentId: r.a.enrolmentId,
    packageId: r.a.packageId,
    consumed: r.a.consumed,
    state: r.a.state,
    method: r.a.method,
    checkedAt: r.a.checkedAt,
    checkedByName: r.checkedByName ?? null,
  }));
  return { total, data };
}

export const pageAttendanceRows = (db: Db, caller: Caller, q: AttendancePageQuery) => attendanceRows(db, caller, q);

const t2 = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });
const STATE_TEXT: Record<string, LocalText> = {
  present: t2('出勤', 'Present'),
  late: t2('迟到', 'Late'),
  absent: t2('缺勤', 'Absent'),
  leave: t2('请假', 'On leave'),
};
const METHOD_TEXT: Record<string, LocalText> = {
  qr: t2('扫码', 'QR code'),
  memberNo: t2('会员号', 'Member number'),
  card: t2('刷卡', 'Card'),
  coach: t2('教练点名', 'Coach'),
  desk: t2('前台', 'Desk'),
  face: t2('人脸', 'Face'),
};
const sheet: SheetColumn[] = [
  { key: 'checkedAt', title: t2('签到时间', 'Checked in at') },
  { key: 'memberName', title: t2('会员', 'Member') },
  { key: 'memberNo', title: t2('会员号', 'Member no.') },
  { key: 'courseName', title: t2('课程', 'Course') },
  { key: 'className', title: t2('班级', 'Class') },
  { key: 'lessonStartsAt', title: t2('上课时间', 'Lesson') },
  { key: 'state', title: t2('状态', 'State'), options: Object.entries(STATE_TEXT).map(([value, label]) => ({ value, label })) },
  { key: 'method', title: t2('方式', 'Method'), options: Object.entries(METHOD_TEXT).map(([value, label]) => ({ value, label })) },
  { key: 'consumed', title: t2('扣课包', 'Package lesson used') },
  { key: 'checkedByName', title: t2('操作人', 'By') },
];

export async function exportAttendances(db: Db, caller: Caller, q: AttendancePageQuery, lang: Lang) {
  const tz = await timeZoneOf(db, caller.orgId);
  const fmt = (d: Date | string) => new Date(d).toLocaleString(lang, { timeZone: tz, hour12: false });
  const { data } = await attendanceRows(db, caller, q, 50_000);
  const rows = data.map((r) => ({
    ...r,
    checkedAt: fmt(r.checkedAt),
    lessonStartsAt: fmt(r.lessonStartsAt),
    consumed: r.consumed ? (lang === 'zh-CN' ? '是' : 'Yes') : '',
  }));
  return rowsXlsx(sheet, rows, lang, lang === 'zh-CN' ? '考勤记录' : 'attendance', lang === 'zh-CN' ? '考勤记录' : 'Attendance');
}

// ---------------------------------------------------------------- class packages

async function typeRow(db: Db | Tx, scope: Scope, id: number) {
  const t = await findPackageType(db, scope, id);
  if (!t) throw notFound();
  const course = (await findCourse(db, scope, t.courseId))!;
  return typeOut(t, course.name);
}

const typeOut = ({ orgId, createdAt, updatedAt, ...t }: PackageTypeRecord, courseName: string) => {
  void orgId;
  void updatedAt;
  return { ...t, courseName, createTime: createdAt };
};

export async function pageTypes(db: Db, caller: Caller, q: PackageTypePageQuery) {
  const { total, rows } = await pagePackageTypes(db, scopeOf(caller), q, pageOf(q));
  return { total, data: rows.map((r) => typeOut(r.t, r.courseName)) };
}

export async function addType(db: Db, caller: Caller, input: PackageTypeCreate) {
  const scope = scopeOf(caller);
  const course = await findCourse(db, scope, input.courseId);
  if (!course) throw notFound();
  const t = await insertPackageType(db, scope, { ...input, orgId: course.orgId });
  return typeRow(db, scope, t.id);
}

export async function editType(db: Db, caller: Caller, id: number, input: PackageTypeUpdate) {
  const scope = scopeOf(caller);
  if (!(await findPackageType(db, scope, id))) throw notFound();
  const { version, ...values } = input;
  await updatePackageType(db, scope, id, version, values);
  return typeRow(db, scope, id);
}

/** A pending `classPackage` order for the member; the package is the order line's hold, active once paid. */
export async function sellPackage(db: Db, caller: Caller, input: { typeId: number; memberId: number }, key: string | undefined) {
  const scope = scopeOf(caller);
  const type = await findPackageType(db, scope, input.typeId);
  if (!type) throw notFound();
  const member = await findMember(db, scope, input.memberId);
  if (!member || member.orgId !== type.orgId) throw notFound();
  const orderId = await createOrder(
    db,
    caller,
    {
      orgId: type.orgId,
      type: 'course',
      memberId: member.id,
      buyerName: member.name,
      buyerPhone: /^1\d{10}$/.test(member.phone) ? member.phone : null,
      channel: 'console',
      items: [{ kind: 'classPackage', refId: type.id, quantity: 1, discountFen: 0, detail: { typeId: type.id } }],
      remark: null,
    },
    key,
  );
  const order = (await findOrder(db, scope, orderId))!;
  const line = (await itemsOf(db, scope, orderId)).find((i) => i.kind === 'classPackage')!;
  return { orderId, orderNo: order.orderNo, packageId: (line.hold as { packageId: number }).packageId, amountFen: order.payableFen };
}

async function packageRows(db: Db | Tx, caller: Caller, q: Partial<MemberPackagePageQuery> & { id?: number }) {
  const now = new Date();
  const { total, rows } = await pageMemberPackages(db, scopeOf(caller), q, q.id ? { limit: 1, offset: 0 } : pageOf(q as MemberPackagePageQuery));
  return {
    total,
    data: rows.map(({ p: { orgId, createdAt, updatedAt, ...p }, ...r }) => ({
      ...p,
      // An active package past its validity reads as expired (its lessons can no longer be used).
      state: p.state === 'active' && p.expiresAt && p.expiresAt <= now ? 'expired' : p.state,
      typeName: r.typeName,
      courseName: r.courseName,
      memberName: r.memberName,
      memberNo: r.memberNo,
      orderNo: r.orderNo ?? null,
      createTime: createdAt,
      ...(void orgId, void updatedAt, {}),
    })),
  };
}

export const pagePackages = (db: Db, caller: Caller, q: MemberPackagePageQuery) => packageRows(db, caller, q);

export async function packageDetail(db: Db, caller: Caller, id: number) {
  if (!(await findMemberPackage(db, scopeOf(caller), id))) throw notFound();
  const [row] = (await packageRows(db, caller, { id })).data;
  const usage = await attendanceRows(db, caller, { packageId: id }, 1000);
  return { ...row!, usage: usage.data };
}
