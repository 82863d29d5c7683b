import type { Db } from '../../../platform/db.ts';
import type { Caller } from '../../../platform/http.ts';
import { addDays, weekdayOf } from '../venue/index.ts';
import { findClass } from './course.repository.ts';
import { oneOrgScope, scopeOf } from '../../../platform/scope.ts';
import { setHolidayDays } from '../../system/index.ts';
import { addPlan, applyPlan } from './plan.service.ts';

/**
 * The demo's scheduling plan (`SEED_DEMO=1`): the demo class gets a weekly evening lesson on the
 * weekday of the coming New Year's Day for four weeks either side of it, skipping public holidays,
 * saved without conflicts. New Year's Day is recorded as a non-work day in the demo centre's holiday
 * calendar when the calendar has not decided it, so the plan's detail shows it skipped as a holiday.
 */
export async function seedPlanDemo(db: Db, caller: Caller, classId: number, today: string): Promise<void> {
  const cls = await findClass(db, scopeOf(caller), classId);
  if (!cls) return;
  const newYear = `${Number(today.slice(0, 4)) + 1}-01-01`;
  await setHolidayDays(db, oneOrgScope(cls.orgId), [{ day: newYear, kind: 1 }], caller.userId);
  const from = addDays(newYear, -28) > addDays(today, 7) ? addDays(newYear, -28) : addDays(today, 7);
  const weekday = weekdayOf(newYear);
  const plan = await addPlan(db, caller, {
    classId,
    name: '元旦前后晚班',
    dayRule: 'weekdays',
    weekdays: [weekday <= 5 ? weekday : 5],
    start: '18:30',
    end: '19:30',
    fromDay: from,
    toDay: addDays(newYear, 28),
    siteIds: [],
    coachId: cls.coachId,
    skipHolidays: true,
  });
  await applyPlan(db, caller, plan.id, { mode: 'skipConflicts', version: plan.version }).catch(() => undefined);
}
