import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, sys, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient, makeOrg } from '../../system/admin.testkit.ts';
import { workDaysBetween } from '../../system/index.ts';
import { localOf } from '../venue/index.ts';
import { planDates, type PlanRule, type WorkCalendar } from './plan.dates.ts';

/**
 * The dates of a scheduling plan (issue 26, "Holiday-aware plans"): the 2027 Spring Festival
 * (Saturday 6 to Saturday 13 February off, Saturday 20 February a make-up work day) against plans
 * on fixed weekdays, on workdays and on non-workdays; local time held across daylight saving.
 */

/** The national calendar of February 2027 as the holiday screen would hold it. */
const springFestival = (): WorkCalendar => {
  const m = new Map<string, boolean>();
  for (let d = 6; d <= 13; d++) m.set(`2027-02-${String(d).padStart(2, '0')}`, false);
  m.set('2027-02-20', true);
  return m;
};

const feb = (days: number[]) => days.map((d) => `2027-02-${String(d).padStart(2, '0')}`);
const rule = (patch: Partial<PlanRule>): PlanRule => ({
  days: 'workdays',
  start: 19 * 60,
  minutes: 90,
  from: '2027-02-01',
  to: '2027-02-28',
  skipHolidays: true,
  timeZone: 'Asia/Shanghai',
  ...patch,
});

describe('plan dates across the 2027 Spring Festival', () => {
  it('a plan on workdays skips the festival weekdays and runs on the make-up Saturday', () => {
    const { lessons, skipped } = planDates(rule({ days: 'workdays' }), springFestival());
    expect(lessons.map((l) => l.day)).toEqual(feb([1, 2, 3, 4, 5, 15, 16, 17, 18, 19, 20, 22, 23, 24, 25, 26]));
    expect(skipped).toEqual(feb([8, 9, 10, 11, 12]).map((day) => ({ day, reason: 'holiday' })));
    // 19:00–20:30 in Shanghai (UTC+8) every day.
    const sat = lessons.find((l) => l.day === '2027-02-20')!;
    expect([sat.from.toISOString(), sat.to.toISOString()]).toEqual(['2027-02-20T11:00:00.000Z', '2027-02-20T12:30:00.000Z']);
  });

  it('a plan on fixed weekdays skips the holiday weekdays only when asked, and names the make-up Saturday it does not take', () => {
    const skipping = planDates(rule({ days: [1, 3, 5] }), springFestival());
    expect(skipping.lessons.map((l) => l.day)).toEqual(feb([1, 3, 5, 15, 17, 19, 22, 24, 26]));
    expect(skipping.skipped).toEqual([
      { day: '2027-02-08', reason: 'holiday' },
      { day: '2027-02-10', reason: 'holiday' },
      { day: '2027-02-12', reason: 'holiday' },
      { day: '2027-02-20', reason: 'outsideRule' },
    ]);
    const through = planDates(rule({ days: [1, 3, 5], skipHolidays: false }), springFestival());
    expect(through.lessons.map((l) => l.day)).toEqual(feb([1, 3, 5, 8, 10, 12, 15, 17, 19, 22, 24, 26]));
    expect(through.skipped).toEqual([{ day: '2027-02-20', reason: 'outsideRule' }]);
  });

  it('a Saturday plan keeps its Saturdays, the make-up one included; the same plan in an ordinary month lists nothing skipped', () => {
    const sat = planDates(rule({ days: [6] }), springFestival());
    expect(sat.lessons.map((l) => l.day)).toEqual(feb([6, 13, 20, 27]));
    expect(sat.skipped).toEqual([]);
    const march = planDates(rule({ days: [1, 3, 5], from: '2027-03-01', to: '2027-03-07' }), springFestival());
    expect(march).toMatchObject({ skipped: [] });
    expect(march.lessons.map((l) => l.day)).toEqual(['2027-03-01', '2027-03-03', '2027-03-05']);
  });

  it('a plan on non-workdays runs through the festival, skips it with skipHolidays, and leaves out the make-up Saturday', () => {
    const all = planDates(rule({ days: 'non-workdays', skipHolidays: false }), springFestival());
    expect(all.lessons.map((l) => l.day)).toEqual(feb([6, 7, 8, 9, 10, 11, 12, 13, 14, 21, 27, 28]));
    expect(all.skipped).toEqual([{ day: '2027-02-20', reason: 'outsideRule' }]);
    const skipping = planDates(rule({ days: 'non-workdays' }), springFestival());
    expect(skipping.lessons.map((l) => l.day)).toEqual(feb([6, 7, 13, 14, 21, 27, 28]));
    expect(skipping.skipped.map((s) => `${s.day} ${s.reason}`)).toEqual([...feb([8, 9, 10, 11, 12]).map((d) => `${d} holiday`), '2027-02-20 outsideRule']);
  });

  it('without a calendar decision Monday to Friday are the workdays', () => {
    const { lessons, skipped } = planDates(rule({ from: '2027-03-01', to: '2027-03-14' }), new Map());
    expect(lessons.map((l) => l.day)).toEqual(['01', '02', '03', '04', '05', '08', '09', '10', '11', '12'].map((d) => `2027-03-${d}`));
    expect(skipped).toEqual([]);
  });
});

describe('plan dates keep the local time', () => {
  it('Shanghai has no daylight saving: 19:00 is 11:00 UTC all year', () => {
    const { lessons } = planDates(rule({ days: [1, 2, 3, 4, 5, 6, 7], from: '2027-01-01', to: '2027-12-31' }), new Map());
    expect(lessons).toHaveLength(365);
    expect(new Set(lessons.map((l) => l.from.toISOString().slice(11)))).toEqual(new Set(['11:00:00.000Z']));
  });

  it('New York: a 19:00 lesson stays at 19:00 local when the clocks go forward, and a time the clock skips is named', () => {
    const ny = rule({ days: [1, 2, 3, 4, 5, 6, 7], from: '2027-03-12', to: '2027-03-16', timeZone: 'America/New_York' });
    const { lessons } = planDates(ny, new Map());
    expect(lessons.map((l) => localOf(l.from, 'America/New_York'))).toEqual(
      ['12', '13', '14', '15', '16'].map((d) => ({ day: `2027-03-${d}`, minutes: 19 * 60 })),
    );
    // UTC-5 before Sunday 14 March, UTC-4 from then on.
    expect(lessons.map((l) => l.from.toISOString())).toEqual([
      '2027-03-13T00:00:00.000Z',
      '2027-03-14T00:00:00.000Z',
      '2027-03-14T23:00:00.000Z',
      '2027-03-15T23:00:00.000Z',
      '2027-03-16T23:00:00.000Z',
    ]);
    expect(lessons.every((l) => l.to.getTime() - l.from.getTime() === 90 * 60_000)).toBe(true);
    const night = planDates({ ...ny, start: 2 * 60 + 30, minutes: 60 }, new Map());
    expect(night.skipped).toEqual([{ day: '2027-03-14', reason: 'noLocalTime' }]);
    expect(night.lessons.map((l) => l.day)).toEqual(['2027-03-12', '2027-03-13', '2027-03-15', '2027-03-16']);
  });
});

describe.each(databases)('the calendar of a plan’s range on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let company: number;
  let venueOrg: number;

  beforeAll(async () => {
    s = await startServer(kind);
    const a = await adminClient(s);
    admin = a.c;
    company = (await makeOrg(admin, a.platformOrgId, { type: 2 })).id;
    venueOrg = (await makeOrg(admin, company)).id;
  });
  afterAll(async () => s?.close());

  const setDays = async (orgId: number, days: [string, 0 | 1 | 2][]) => {
    const r = await admin.json('PUT', sys('holiday/days'), { body: { orgId, days: days.map(([day, kind]) => ({ day, kind })) } });
    expect(r.code, r.msg).toBe(0);
  };

  it('reads the whole range at once: the organisation’s own decision, else the company’s, else Monday to Friday', async () => {
    // The company keeps the festival; the venue opens on Friday 12 February and keeps Tuesday 2 March off.
    await setDays(company, [...feb([6, 7, 8, 9, 10, 11, 12, 13]).map((d) => [d, 1] as [string, 1]), ['2027-02-20', 0]]);
    await setDays(venueOrg, [
      ['2027-02-12', 0],
      ['2027-03-02', 1],
    ]);
    const cal = await workDaysBetween(s.database.db, venueOrg, '2027-02-01', '2027-03-07');
    expect(cal.size).toBe(35);
    expect([...cal].filter(([, work]) => work).map(([day]) => day)).toEqual([
      ...feb([1, 2, 3, 4, 5, 12, 15, 16, 17, 18, 19, 20, 22, 23, 24, 25, 26]),
      '2027-03-01',
      '2027-03-03',
      '2027-03-04',
      '2027-03-05',
    ]);
    // The company's own calendar does not see the venue's decisions.
    expect((await workDaysBetween(s.database.db, company, '2027-02-12', '2027-02-12')).get('2027-02-12')).toBe(false);

    const { lessons, skipped } = planDates(rule({ days: 'workdays', to: '2027-03-07' }), cal);
    expect(lessons.map((l) => l.day)).toContain('2027-02-20');
    expect(lessons.map((l) => l.day)).toContain('2027-02-12');
    expect(skipped).toEqual([...feb([8, 9, 10, 11]), '2027-03-02'].map((day) => ({ day, reason: 'holiday' })));
  });
});
