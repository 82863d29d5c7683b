import type { Db } from '../../../platform/db.ts';
import type { Caller } from '../../../platform/http.ts';
import { oneOrgScope } from '../../../platform/scope.ts';
import { findVisibleUserByCode } from '../../system/index.ts';
import { searchMembers } from '../member/index.ts';
import { addDays, instantOf, localOf } from '../venue/index.ts';
import { addClass } from './course.service.ts';
import { insertDoneLessons } from './settlement.repository.ts';
import { addRate, addSettlement, approveSettlement, paySettlement } from './settlement.service.ts';

/**
 * The demo centre's coach settlement (`SEED_DEMO=1`, from `seedCourseDemo`): the coach's rates (courses:
 * ¥80 a lesson + ¥5 per attendee beyond 3; sparring: 40% of revenue, at least ¥100), a class of last month
 * with four done Saturday lessons and their attendance, and that month's settlement of the coach: made by
 * the manager, approved by the front desk, paid by transfer.
 */
export async function seedSettlementDemo(db: Db, manager: Caller, courseId: number, coachId: number, timeZone: string): Promise<void> {
  const scope = oneOrgScope(manager.orgId);
  const desk = await findVisibleUserByCode(db, scope, 'frontdesk');
  if (!desk) return;
  const approver: Caller = { ...manager, userId: desk.id, userName: desk.name, userCode: desk.code };
  const today = localOf(new Date(), timeZone).day;
  const monthStart = `${today.slice(0, 7)}-01`;
  const fromDay = `${addDays(monthStart, -1).slice(0, 7)}-01`;
  const toDay = addDays(monthStart, -1);
  const lang = 'zh-CN';
  await addRate(db, manager, { coachId, scope: 'course', mode: 'attendee', lessonFen: 8000, freeAttendees: 3, attendeeFen: 500, effectiveFrom: fromDay }, lang);
  await addRate(db, manager, { coachId, scope: 'sparring', mode: 'share', sharePermille: 400, minFen: 10_000, effectiveFrom: fromDay }, lang);
  const cls = await addClass(db, manager, {
    courseId,
    name: '上月周六班',
    capacity: 12,
    coachId,
    siteId: null,
    startDay: fromDay,
    endDay: toDay,
    state: 'closed',
  });
  const members = (await Promise.all(['13900001111', '13700002222', '13600008888', '13500009999'].map((p) => searchMembers(db, scope, p, 5))))
    .flat()
    .map((m) => m.id);
  const days = [5, 12, 19, 26].map((d) => `${fromDay.slice(0, 8)}${String(d).padStart(2, '0')}`);
  await insertDoneLessons(
    db,
    scope,
    manager.orgId,
    cls.id,
    coachId,
    days.map((d) => ({ startsAt: instantOf(d, 9 * 60, timeZone)!, endsAt: instantOf(d, 10 * 60, timeZone)! })),
    [...new Set(members)],
  );
  const made = await addSettlement(db, manager, { coachId, fromDay, toDay, remark: '上月课酬' }, lang);
  const approved = await approveSettlement(db, approver, made.id, made.version, lang);
  await paySettlement(db, manager, made.id, { version: approved.version, method: 'transfer', payRef: 'DEMO-TRANSFER-001', paidAt: new Date() }, lang);
}
