import { describe, expect, it } from 'vitest';
import { CronError, QuartzCron, localDateTime, nextFireTime, parseQuartz, previewFireTimes, type TriggerSpec } from './cron.ts';

const SH = 'Asia/Shanghai';
const NY = 'America/New_York';

/** Next `n` fires of a Quartz expression after `from`, as UTC ISO strings. */
function fires(expr: string, tz: string, from: string, n: number): string[] {
  const c = QuartzCron.of(expr, tz);
  const out: string[] = [];
  let cur: Date | null = new Date(from);
  while (out.length < n) {
    cur = c.next(cur);
    if (!cur) break;
    out.push(cur.toISOString());
  }
  return out;
}
const iso = (...xs: string[]) => xs.map((x) => new Date(x).toISOString());

// Known answers, worked out from the calendar (2024 is a leap year; 2100 is not).
const table: { name: string; expr: string; tz: string; from: string; expect: string[] }[] = [
  { name: 'Feb 29 only in leap years', expr: '0 0 12 29 2 ?', tz: SH, from: '2023-01-01T00:00:00+08:00', expect: iso('2024-02-29T12:00:00+08:00', '2028-02-29T12:00:00+08:00', '2032-02-29T12:00:00+08:00') },
  { name: 'Feb 29 skips 2100 (not a leap year)', expr: '0 0 12 29 2 ? *', tz: SH, from: '2096-03-01T00:00:00+08:00', expect: iso('2104-02-29T12:00:00+08:00') },
  { name: 'L: last day of each month', expr: '0 0 0 L * ?', tz: SH, from: '2024-01-15T00:00:00+08:00', expect: iso('2024-01-31T00:00:00+08:00', '2024-02-29T00:00:00+08:00', '2024-03-31T00:00:00+08:00', '2024-04-30T00:00:00+08:00') },
  { name: 'L in February of a common year', expr: '0 0 0 L 2 ?', tz: SH, from: '2023-01-01T00:00:00+08:00', expect: iso('2023-02-28T00:00:00+08:00', '2024-02-29T00:00:00+08:00') },
  { name: 'L-2: two days before the month end', expr: '0 0 0 L-2 * ?', tz: SH, from: '2024-01-15T00:00:00+08:00', expect: iso('2024-01-29T00:00:00+08:00', '2024-02-27T00:00:00+08:00', '2024-03-29T00:00:00+08:00', '2024-04-28T00:00:00+08:00') },
  { name: 'L-29: the 2nd in 31-day months, the 1st in 30-day months, never in February', expr: '0 0 0 L-29 * ?', tz: SH, from: '2024-01-15T00:00:00+08:00', expect: iso('2024-03-02T00:00:00+08:00', '2024-04-01T00:00:00+08:00', '2024-05-02T00:00:00+08:00') },
  { name: 'LW: last weekday of the month', expr: '0 0 10 LW * ?', tz: SH, from: '2024-05-15T00:00:00+08:00', expect: iso('2024-05-31T10:00:00+08:00', '2024-06-28T10:00:00+08:00', '2024-07-31T10:00:00+08:00', '2024-08-30T10:00:00+08:00', '2024-09-30T10:00:00+08:00') },
  { name: '15W: nearest weekday to the 15th', expr: '0 0 10 15W * ?', tz: SH, from: '2024-06-01T00:00:00+08:00', expect: iso('2024-06-14T10:00:00+08:00', '2024-07-15T10:00:00+08:00', '2024-08-15T10:00:00+08:00', '2024-09-16T10:00:00+08:00') },
  { name: '1W never leaves the month', expr: '0 0 10 1W * ?', tz: SH, from: '2024-06-01T00:00:00+08:00', expect: iso('2024-06-03T10:00:00+08:00', '2024-07-01T10:00:00+08:00', '2024-08-01T10:00:00+08:00', '2024-09-02T10:00:00+08:00') },
  { name: '6#3: third Friday', expr: '0 0 10 ? * 6#3', tz: SH, from: '2024-01-01T00:00:00+08:00', expect: iso('2024-01-19T10:00:00+08:00', '2024-02-16T10:00:00+08:00', '2024-03-15T10:00:00+08:00', '2024-04-19T10:00:00+08:00') },
  { name: 'FRI#3 equals 6#3', expr: '0 0 10 ? * FRI#3', tz: SH, from: '2024-01-01T00:00:00+08:00', expect: iso('2024-01-19T10:00:00+08:00') },
  { name: '6L: last Friday', expr: '0 0 10 ? * 6L', tz: SH, from: '2024-01-01T00:00:00+08:00', expect: iso('2024-01-26T10:00:00+08:00', '2024-02-23T10:00:00+08:00', '2024-03-29T10:00:00+08:00', '2024-04-26T10:00:00+08:00') },
  { name: '1#5: fifth Sunday, only in months that have one', expr: '0 0 12 ? * 1#5', tz: SH, from: '2024-01-01T00:00:00+08:00', expect: iso('2024-03-31T12:00:00+08:00', '2024-06-30T12:00:00+08:00', '2024-09-29T12:00:00+08:00', '2024-12-29T12:00:00+08:00') },
  { name: 'L alone in day-of-week is Saturday', expr: '0 0 12 ? * L', tz: SH, from: '2024-01-01T00:00:00+08:00', expect: iso('2024-01-06T12:00:00+08:00', '2024-01-13T12:00:00+08:00') },
  { name: 'MON-FRI, Quartz weekday numbers', expr: '0 15 10 ? * MON-FRI', tz: SH, from: '2024-01-05T00:00:00+08:00', expect: iso('2024-01-05T10:15:00+08:00', '2024-01-08T10:15:00+08:00', '2024-01-09T10:15:00+08:00') },
  { name: '2-6 equals MON-FRI', expr: '0 15 10 ? * 2-6', tz: SH, from: '2024-01-05T00:00:00+08:00', expect: iso('2024-01-05T10:15:00+08:00', '2024-01-08T10:15:00+08:00', '2024-01-09T10:15:00+08:00') },
  { name: 'FRI-MON wraps the week', expr: '0 0 12 ? * FRI-MON', tz: SH, from: '2024-01-03T00:00:00+08:00', expect: iso('2024-01-05T12:00:00+08:00', '2024-01-06T12:00:00+08:00', '2024-01-07T12:00:00+08:00', '2024-01-08T12:00:00+08:00', '2024-01-12T12:00:00+08:00') },
  { name: '22-2 wraps midnight', expr: '0 0 22-2 * * ?', tz: SH, from: '2024-01-01T12:00:00+08:00', expect: iso('2024-01-01T22:00:00+08:00', '2024-01-01T23:00:00+08:00', '2024-01-02T00:00:00+08:00', '2024-01-02T01:00:00+08:00', '2024-01-02T02:00:00+08:00', '2024-01-02T22:00:00+08:00') },
  { name: '0/15 minutes', expr: '0 0/15 * * * ?', tz: SH, from: '2024-01-01T10:07:00+08:00', expect: iso('2024-01-01T10:15:00+08:00', '2024-01-01T10:30:00+08:00', '2024-01-01T10:45:00+08:00', '2024-01-01T11:00:00+08:00') },
  { name: '5/20 seconds', expr: '5/20 * * * * ?', tz: SH, from: '2024-01-01T00:00:07+08:00', expect: iso('2024-01-01T00:00:25+08:00', '2024-01-01T00:00:45+08:00', '2024-01-01T00:01:05+08:00') },
  { name: 'lists and month names', expr: '0 0 8 1,15 JAN,JUL ?', tz: SH, from: '2024-01-01T09:00:00+08:00', expect: iso('2024-01-15T08:00:00+08:00', '2024-07-01T08:00:00+08:00', '2024-07-15T08:00:00+08:00', '2025-01-01T08:00:00+08:00') },
  { name: 'year field bounds the runs', expr: '0 0 12 1 1 ? 2025-2027', tz: SH, from: '2024-06-01T00:00:00+08:00', expect: iso('2025-01-01T12:00:00+08:00', '2026-01-01T12:00:00+08:00', '2027-01-01T12:00:00+08:00') },
  { name: 'year end', expr: '0 30 23 L 12 ?', tz: SH, from: '2024-12-01T00:00:00+08:00', expect: iso('2024-12-31T23:30:00+08:00', '2025-12-31T23:30:00+08:00') },
  // America/New_York: DST starts 2024-03-10 02:00 (to 03:00), ends 2024-11-03 02:00 (to 01:00).
  { name: 'DST gap: a fixed time that does not exist runs at 03:00', expr: '0 30 2 * * ?', tz: NY, from: '2024-03-09T00:00:00-05:00', expect: iso('2024-03-09T02:30:00-05:00', '2024-03-10T03:00:00-04:00', '2024-03-11T02:30:00-04:00') },
  { name: 'DST overlap: a fixed time that occurs twice runs once', expr: '0 30 1 * * ?', tz: NY, from: '2024-11-02T08:00:00-04:00', expect: iso('2024-11-03T01:30:00-04:00', '2024-11-04T01:30:00-05:00') },
  { name: 'DST overlap: a stepped job runs on both occurrences', expr: '0 0/30 * * * ?', tz: NY, from: '2024-11-03T00:45:00-04:00', expect: iso('2024-11-03T01:00:00-04:00', '2024-11-03T01:30:00-04:00', '2024-11-03T01:00:00-05:00', '2024-11-03T01:30:00-05:00', '2024-11-03T02:00:00-05:00') },
  { name: 'DST start: a stepped job skips the missing hour', expr: '0 0/30 * * * ?', tz: NY, from: '2024-03-10T01:00:00-05:00', expect: iso('2024-03-10T01:30:00-05:00', '2024-03-10T03:00:00-04:00', '2024-03-10T03:30:00-04:00') },
  { name: 'noon keeps local time across the DST change', expr: '0 0 12 * * ?', tz: NY, from: '2024-03-09T13:00:00-05:00', expect: iso('2024-03-10T12:00:00-04:00', '2024-03-11T12:00:00-04:00') },
  { name: 'same expression, Shanghai has no DST', expr: '0 30 2 * * ?', tz: SH, from: '2024-03-09T00:00:00+08:00', expect: iso('2024-03-09T02:30:00+08:00', '2024-03-10T02:30:00+08:00', '2024-03-11T02:30:00+08:00') },
];

describe('Quartz cron fire times (known answers)', () => {
  it.each(table)('$name: $expr in $tz', ({ expr, tz, from, expect: want }) => {
    expect(fires(expr, tz, from, want.length + 1).slice(0, want.length)).toEqual(want);
  });

  it('answers no more fires after the last year', () => {
    expect(fires('0 0 12 1 1 ? 2025-2027', SH, '2027-06-01T00:00:00+08:00', 1)).toEqual([]);
  });

  it('formats local times in the job time zone', () => {
    expect(localDateTime(new Date('2024-03-10T07:00:00Z'), NY)).toBe('2024-03-10 03:00:00');
    expect(localDateTime(new Date('2024-02-29T04:00:00Z'), SH)).toBe('2024-02-29 12:00:00');
  });
});

describe('Quartz cron validation', () => {
  const refused: [string, string][] = [
    ['', 'job.cron.empty'],
    ['* * * * *', 'job.cron.parts'],
    ['0 0 12 * * * * *', 'job.cron.parts'],
    ['0 0 12 * * *', 'job.cron.dayRule'],
    ['0 0 12 ? * ?', 'job.cron.dayRule'],
    ['0 0 12 15 * MON', 'job.cron.dayRule'],
    ['60 0 12 * * ?', 'job.cron.field.second'],
    ['0 ? 12 * * ?', 'job.cron.field.minute'],
    ['0 0 24 * * ?', 'job.cron.field.hour'],
    ['0 0 12 32 * ?', 'job.cron.field.dayOfMonth'],
    ['0 0 12 1,L * ?', 'job.cron.field.dayOfMonth'],
    ['0 0 12 L-31 * ?', 'job.cron.field.dayOfMonth'],
    ['0 0 12 */0 * ?', 'job.cron.field.dayOfMonth'],
    ['0 0 12 * 13 ?', 'job.cron.field.month'],
    ['0 0 12 * FOO ?', 'job.cron.field.month'],
    ['0 0 12 ? * 8', 'job.cron.field.dayOfWeek'],
    ['0 0 12 ? * 0', 'job.cron.field.dayOfWeek'],
    ['0 0 12 ? * 2#6', 'job.cron.field.dayOfWeek'],
    ['0 0 12 * * ? 1969', 'job.cron.field.year'],
    ['0 0 12 * * ? 2100', 'job.cron.field.year'],
  ];
  it.each(refused)('refuses %j with %s', (expr, key) => {
    let err: unknown;
    try {
      parseQuartz(expr);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CronError);
    expect((err as CronError).key).toBe(key);
  });

  it('refuses an unknown time zone', () => {
    expect(() => QuartzCron.of('0 0 12 * * ?', 'Mars/Olympus')).toThrow(CronError);
  });

  it('accepts 6 and 7 fields, ? in either day field, names in any case', () => {
    for (const e of ['0 0 12 * * ?', '0 0 12 ? * *', '0 0 12 * * ? *', '0 0 12 ? * mon-fri', '0 0 12 ? jan-mar 2#1 2030']) expect(() => parseQuartz(e)).not.toThrow();
  });
});

describe('trigger fire times', () => {
  const base = (over: Partial<TriggerSpec>): TriggerSpec => ({ triggerType: 'interval', intervalSeconds: 3600, startTime: new Date('2024-01-01T00:00:00Z'), timeZone: SH, ...over });

  it('interval: fires on the grid from the start time', async () => {
    expect((await nextFireTime(base({}), new Date('2024-01-01T05:30:00Z')))!.toISOString()).toBe('2024-01-01T06:00:00.000Z');
    expect((await nextFireTime(base({}), new Date('2024-01-01T06:00:00Z')))!.toISOString()).toBe('2024-01-01T07:00:00.000Z');
    expect((await nextFireTime(base({}), new Date('2023-12-01T00:00:00Z')))!.toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });

  it('the end time is inclusive and nothing fires after it', async () => {
    const spec = base({ endTime: new Date('2024-01-01T02:00:00Z') });
    expect((await nextFireTime(spec, new Date('2024-01-01T01:00:00Z')))!.toISOString()).toBe('2024-01-01T02:00:00.000Z');
    expect(await nextFireTime(spec, new Date('2024-01-01T02:00:00Z'))).toBeNull();
  });

  it('interval 0 fires once, at the start time', async () => {
    const spec = base({ intervalSeconds: 0 });
    expect((await nextFireTime(spec, new Date('2023-01-01T00:00:00Z')))!.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(await nextFireTime(spec, new Date('2024-01-01T00:00:00Z'))).toBeNull();
  });

  it('cron: the start time itself can be the first fire', async () => {
    const spec: TriggerSpec = { triggerType: 'cron', cronExpr: '0 0 12 * * ?', intervalSeconds: 0, startTime: new Date('2024-01-01T12:00:00+08:00'), timeZone: SH };
    const got = await previewFireTimes(spec, new Date('2023-06-01T00:00:00Z'), 3);
    expect(got.map((d) => d.toISOString())).toEqual(iso('2024-01-01T12:00:00+08:00', '2024-01-02T12:00:00+08:00', '2024-01-03T12:00:00+08:00'));
  });

  it('skips non-work days (weekends here) in the job time zone', async () => {
    const weekend = (day: string) => ![0, 6].includes(new Date(day + 'T00:00:00Z').getUTCDay());
    const cron: TriggerSpec = { triggerType: 'cron', cronExpr: '0 0 9 * * ?', intervalSeconds: 0, startTime: new Date('2024-01-01T00:00:00Z'), timeZone: SH, skipNonWorkDays: true };
    // Friday 2024-01-05 10:00 -> Monday 2024-01-08 09:00.
    expect((await nextFireTime(cron, new Date('2024-01-05T10:00:00+08:00'), weekend))!.toISOString()).toBe(new Date('2024-01-08T09:00:00+08:00').toISOString());
    const daily = base({ intervalSeconds: 86400, startTime: new Date('2024-01-01T01:00:00Z'), skipNonWorkDays: true });
    // 01:00 UTC is 09:00 in Shanghai; Saturday and Sunday are skipped.
    expect((await previewFireTimes(daily, new Date('2024-01-05T00:00:00Z'), 2, weekend)).map((d) => d.toISOString())).toEqual(['2024-01-05T01:00:00.000Z', '2024-01-08T01:00:00.000Z']);
  });
});
