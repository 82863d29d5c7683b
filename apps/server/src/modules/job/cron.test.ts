import { describe, expect, it } from 'vitest';
import { acceptedCron, refusedCron } from '@venue/contract';
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
  {
    name: 'Feb 29 only in leap years',
    expr: '0 0 12 29 2 ?',
    tz: SH,
    from: '2023-01-01T00:00:00+08:00',
    expect: iso('2024-02-29T12:00:00+08:00', '2028-02-29T12:00:00+08:00', '2032-02-29T12:00:00+08:00'),
  },
  { name: 'Feb 29 skips 2100 (not a leap year)', expr: '0 0 12 29 2 ? *', tz: SH, from: '2096-03-01T00:00:00+08:00', expect: iso('2104-02-29T12:00:00+08:00') },
  {
    name: 'L: last day of each month',
    expr: '0 0 0 L * ?',
    tz: SH,
    from: '2024-01-15T00:00:00+08:00',
    expect: iso('2024-01-31T00:00:00+08:00', '2024-02-29T00:00:00+08:00', '2024-03-31T00:00:00+08:00', '2024-04-30T00:00:00+08:00'),
  },
  {
    name: 'L in February of a common year',
    expr: '0 0 0 L 2 ?',
    tz: SH,
    from: '2023-01-01T00:00:00+08:00',
    expect: iso('2023-02-28T00:00:00+08:00', '2024-02-29T00:00:00+08:00'),
  },
  {
    name: 'L-2: two days before the month end',
    expr: '0 0 0 L-2 * ?',
    tz: SH,
    from: '2024-01-15T00:00:00+08:00',
    expect: iso('2024-01-29T00:00:00+08:00', '2024-02-27T00:00:00+08:00', '2024-03-29T00:00:00+08:00', '2024-04-28T00:00:00+08:00'),
  },
  {
    name: 'L-29: the 2nd in 31-day months, the 1st in 30-day months, never in February',
    expr: '0 0 0 L-29 * ?',
    tz: SH,
    from: '2024-01-15T00:00:00+08:00',
    expect: iso('2024-03-02T00:00:00+08:00', '2024-04-01T00:00:00+08:00', '2024-05-02T00:00:00+08:00'),
  },
  {
    name: 'LW: last weekday of the month',
    expr: '0 0 10 LW * ?',
    tz: SH,
    from: '2024-05-15T00:00:00+08:00',
    expect: iso(
      '2024-05-31T10:00:00+08:00',
      '2024-06-28T10:00:00+08:00',
      '2024-07-31T10:00:00+08:00',
      '2024-08-30T10:00:00+08:00',
      '2024-09-30T10:00:00+08:00',
    ),
  },
  {
    name: '15W: nearest weekday to the 15th',
    expr: '0 0 10 15W * ?',
    tz: SH,
    from: '2024-06-01T00:00:00+08:00',
    expect: iso('2024-06-14T10:00:00+08:00', '2024-07-15T10:00:00+08:00', '2024-08-15T10:00:00+08:00', '2024-09-16T10:00:00+08:00'),
  },
  {
    name: '1W never leaves the month',
    expr: '0 0 10 1W * ?',
    tz: SH,
    from: '2024-06-01T00:00:00+08:00',
    expect: iso('2024-06-03T10:00:00+08:00', '2024-07-01T10:00:00+08:00', '2024-08-01T10:00:00+08:00', '2024-09-02T10:00:00+08:00'),
  },
  {
    name: '6#3: third Friday',
    expr: '0 0 10 ? * 6#3',
    tz: SH,
    from: '2024-01-01T00:00:00+08:00',
    expect: iso('2024-01-19T10:00:00+08:00', '2024-02-16T10:00:00+08:00', '2024-03-15T10:00:00+08:00', '2024-04-19T10:00:00+08:00'),
  },
  { name: 'FRI#3 equals 6#3', expr: '0 0 10 ? * FRI#3', tz: SH, from: '2024-01-01T00:00:00+08:00', expect: iso('2024-01-19T10:00:00+08:00') },
  {
    name: '6L: last Friday',
    expr: '0 0 10 ? * 6L',
    tz: SH,
    from: '2024-01-01T00:00:00+08:00',
    expect: iso('2024-01-26T10:00:00+08:00', '2024-02-23T10:00:00+08:00', '2024-03-29T10:00:00+08:00', '2024-04-26T10:00:00+08:00'),
  },
  {
    name: '1#5: fifth Sunday, only in months that have one',
    expr: '0 0 12 ? * 1#5',
    tz: SH,
    from: '2024-01-01T00:00:00+08:00',
    expect: iso('2024-03-31T12:00:00+08:00', '2024-06-30T12:00:00+08:00', '2024-09-29T12:00:00+08:00', '2024-12-29T12:00:00+08:00'),
  },
  {
    name: 'L alone in day-of-week is Saturday',
    expr: '0 0 12 ? * L',
    tz: SH,
    from: '2024-01-01T00:00:00+08:00',
    expect: iso('2024-01-06T12:00:00+08:00', '2024-01-13T12:00:00+08:00'),
  },
  {
    name: 'MON-FRI, Quartz weekday numbers',
    expr: '0 15 10 ? * MON-FRI',
    tz: SH,
    from: '2024-01-05T00:00:00+08:00',
    expect: iso('2024-01-05T10:15:00+08:00', '2024-01-08T10:15:00+08:00', '2024-01-09T10:15:00+08:00'),
  },
  {
    name: '2-6 equals MON-FRI',
    expr: '0 15 10 ? * 2-6',
    tz: SH,
    from: '2024-01-05T00:00:00+08:00',
    expect: iso('2024-01-05T10:15:00+08:00', '2024-01-08T10:15:00+08:00', '2024-01-09T10:15:00+08:00'),
  },
  {
    name: 'FRI-MON wraps the week',
    expr: '0 0 12 ? * FRI-MON',
    tz: SH,
    from: '2024-01-03T00:00:00+08:00',
    expect: iso(
      '2024-01-05T12:00:00+08:00',
      '2024-01-06T12:00:00+08:00',
      '2024-01-07T12:00:00+08:00',
      '2024-01-08T12:00:00+08:00',
      '2024-01-12T12:00:00+08:00',
    ),
  },
  {
    name: '22-2 wraps midnight',
    expr: '0 0 22-2 * * ?',
    tz: SH,
    from: '2024-01-01T12:00:00+08:00',
    expect: iso(
      '2024-01-01T22:00:00+08:00',
      '2024-01-01T23:00:00+08:00',
      '2024-01-02T00:00:00+08:00',
      '2024-01-02T01:00:00+08:00',
      '2024-01-02T02:00:00+08:00',
      '2024-01-02T22:00:00+08:00',
    ),
  },
  {
    name: '0/15 minutes',
    expr: '0 0/15 * * * ?',
    tz: SH,
    from: '2024-01-01T10:07:00+08:00',
    expect: iso('2024-01-01T10:15:00+08:00', '2024-01-01T10:30:00+08:00', '2024-01-01T10:45:00+08:00', '2024-01-01T11:00:00+08:00'),
  },
  {
    name: '5/20 seconds',
    expr: '5/20 * * * * ?',
    tz: SH,
    from: '2024-01-01T00:00:07+08:00',
    expect: iso('2024-01-01T00:00:25+08:00', '2024-01-01T00:00:45+08:00', '2024-01-01T00:01:05+08:00'),
  },
  {
    name: 'lists and month names',
    expr: '0 0 8 1,15 JAN,JUL ?',
    tz: SH,
    from: '2024-01-01T09:00:00+08:00',
    expect: iso('2024-01-15T08:00:00+08:00', '2024-07-01T08:00:00+08:00', '2024-07-15T08:00:00+08:00', '2025-01-01T08:00:00+08:00'),
  },
  {
    name: 'year field bounds the runs',
    expr: '0 0 12 1 1 ? 2025-2027',
    tz: SH,
    from: '2024-06-01T00:00:00+08:00',
    expect: iso('2025-01-01T12:00:00+08:00', '2026-01-01T12:00:00+08:00', '2027-01-01T12:00:00+08:00'),
  },
  {
    name: 'year end',
    expr: '0 30 23 L 12 ?',
    tz: SH,
    from: '2024-12-01T00:00:00+08:00',
    expect: iso('2024-12-31T23:30:00+08:00', '2025-12-31T23:30:00+08:00'),
  },
  // America/New_York: DST starts 2024-03-10 02:00 (to 03:00), ends 2024-11-03 02:00 (to 01:00).
  {
    name: 'DST gap: a fixed time that does not exist runs at 03:00',
    expr: '0 30 2 * * ?',
    tz: NY,
    from: '2024-03-09T00:00:00-05:00',
    expect: iso('2024-03-09T02:30:00-05:00', '2024-03-10T03:00:00-04:00', '2024-03-11T02:30:00-04:00'),
  },
  {
    name: 'DST overlap: a fixed time that occurs twice runs once',
    expr: '0 30 1 * * ?',
    tz: NY,
    from: '2024-11-02T08:00:00-04:00',
    expect: iso('2024-11-03T01:30:00-04:00', '2024-11-04T01:30:00-05:00'),
  },
  {
    name: 'DST overlap: a stepped job runs on both occurrences',
    expr: '0 0/30 * * * ?',
    tz: NY,
    from: '2024-11-03T00:45:00-04:00',
    expect: iso(
      '2024-11-03T01:00:00-04:00',
      '2024-11-03T01:30:00-04:00',
      '2024-11-03T01:00:00-05:00',
      '2024-11-03T01:30:00-05:00',
      '2024-11-03T02:00:00-05:00',
    ),
  },
  {
    name: 'DST start: a stepped job skips the missing hour',
    expr: '0 0/30 * * * ?',
    tz: NY,
    from: '2024-03-10T01:00:00-05:00',
    expect: iso('2024-03-10T01:30:00-05:00', '2024-03-10T03:00:00-04:00', '2024-03-10T03:30:00-04:00'),
  },
  {
    name: 'noon keeps local time across the DST change',
    expr: '0 0 12 * * ?',
    tz: NY,
    from: '2024-03-09T13:00:00-05:00',
    expect: iso('2024-03-10T12:00:00-04:00', '2024-03-11T12:00:00-04:00'),
  },
  // Issue 33: cases from the Quartz projects' own tests.
  {
    name: 'WED in the weekday field (Quartz CronExpressionTest)',
    expr: '0 10,44 14 ? 3 WED',
    tz: SH,
    from: '2024-03-01T00:00:00+08:00',
    expect: iso('2024-03-06T14:10:00+08:00', '2024-03-06T14:44:00+08:00', '2024-03-13T14:10:00+08:00'),
  },
  {
    name: 'MON,WED,FRI',
    expr: '0 0 9 ? * MON,WED,FRI',
    tz: SH,
    from: '2024-01-01T10:00:00+08:00',
    expect: iso('2024-01-03T09:00:00+08:00', '2024-01-05T09:00:00+08:00', '2024-01-08T09:00:00+08:00'),
  },
  {
    name: 'MON-WED',
    expr: '0 0 9 ? * MON-WED',
    tz: SH,
    from: '2024-01-03T10:00:00+08:00',
    expect: iso('2024-01-08T09:00:00+08:00', '2024-01-09T09:00:00+08:00', '2024-01-10T09:00:00+08:00'),
  },
  {
    name: '1,L: the first and the last day (Quartz 2.5)',
    expr: '0 15 10 1,L * ? 2010',
    tz: SH,
    from: '2010-09-30T12:00:00+08:00',
    expect: iso('2010-10-01T10:15:00+08:00', '2010-10-31T10:15:00+08:00', '2010-11-01T10:15:00+08:00', '2010-11-30T10:15:00+08:00'),
  },
  {
    name: 'L-3,15 in one list',
    expr: '0 0 10 L-3,15 * ?',
    tz: SH,
    from: '2024-02-01T00:00:00+08:00',
    expect: iso('2024-02-15T10:00:00+08:00', '2024-02-26T10:00:00+08:00', '2024-03-15T10:00:00+08:00', '2024-03-28T10:00:00+08:00'),
  },
  {
    name: 'LW,15W in one list',
    expr: '0 0 10 LW,15W * ?',
    tz: SH,
    from: '2024-06-01T00:00:00+08:00',
    expect: iso('2024-06-14T10:00:00+08:00', '2024-06-28T10:00:00+08:00', '2024-07-15T10:00:00+08:00', '2024-07-31T10:00:00+08:00'),
  },
  {
    name: 'L-5W: the weekday nearest 5 days before the month end',
    expr: '0 15 10 L-5W * ? 2010',
    tz: SH,
    from: '2010-10-01T00:00:00+08:00',
    expect: iso('2010-10-26T10:15:00+08:00', '2010-11-25T10:15:00+08:00', '2010-12-27T10:15:00+08:00'),
  },
  {
    name: 'L-1 in February only, asked from January',
    expr: '0 0 10 L-1 2 ?',
    tz: SH,
    from: '2024-01-10T00:00:00+08:00',
    expect: iso('2024-02-28T10:00:00+08:00', '2025-02-27T10:00:00+08:00'),
  },
  {
    name: 'L-nW in one month of a bounded year',
    expr: '0 0 10 L-2W 10,11 ? 2010',
    tz: SH,
    from: '2010-10-30T00:00:00+08:00',
    expect: iso('2010-11-29T10:00:00+08:00'),
  },
  {
    name: 'the year 2099 is the last',
    expr: '0 0 12 1 1 ? 2098-2099',
    tz: SH,
    from: '2097-06-01T00:00:00+08:00',
    expect: iso('2098-01-01T12:00:00+08:00', '2099-01-01T12:00:00+08:00'),
  },
  // DST (the rule of decisions "Job scheduling"), in New York and Warsaw. Warsaw: CET -> CEST on
  // 2018-03-25 at 02:00 (to 03:00), back on 2018-10-28 at 03:00 (to 02:00).
  {
    name: 'DST gap: several fixed times in the gap run once, at 03:00',
    expr: '0 0,30 2 * * ?',
    tz: NY,
    from: '2024-03-09T12:00:00-05:00',
    expect: iso('2024-03-10T03:00:00-04:00', '2024-03-11T02:00:00-04:00', '2024-03-11T02:30:00-04:00'),
  },
  {
    name: 'DST gap in Warsaw: a fixed time runs once at 03:00',
    expr: '0 0,30 2 * * ?',
    tz: 'Europe/Warsaw',
    from: '2018-03-24T12:00:00+01:00',
    expect: iso('2018-03-25T03:00:00+02:00', '2018-03-26T02:00:00+02:00'),
  },
  {
    name: 'DST overlap in Warsaw: a list of fixed times runs once each, on the first pass',
    expr: '0 0,30 2 * * ?',
    tz: 'Europe/Warsaw',
    from: '2018-10-27T12:00:00+02:00',
    expect: iso('2018-10-28T02:00:00+02:00', '2018-10-28T02:30:00+02:00', '2018-10-29T02:00:00+01:00'),
  },
  {
    name: 'DST overlap: an hour range runs each hour once',
    expr: '0 0 1-3 * * ?',
    tz: NY,
    from: '2024-11-02T12:00:00-04:00',
    expect: iso('2024-11-03T01:00:00-04:00', '2024-11-03T02:00:00-05:00', '2024-11-03T03:00:00-05:00', '2024-11-04T01:00:00-05:00'),
  },
  {
    name: 'DST overlap in Warsaw: a job of every hour runs on both passes',
    expr: '0 0/30 * * * ?',
    tz: 'Europe/Warsaw',
    from: '2018-10-28T01:45:00+02:00',
    expect: iso(
      '2018-10-28T02:00:00+02:00',
      '2018-10-28T02:30:00+02:00',
      '2018-10-28T02:00:00+01:00',
      '2018-10-28T02:30:00+01:00',
      '2018-10-28T03:00:00+01:00',
    ),
  },
  {
    name: 'DST gap in Warsaw: a job of every hour skips the missing hour',
    expr: '0 30 0/1 * * ?',
    tz: 'Europe/Warsaw',
    from: '2018-03-25T01:00:00+01:00',
    expect: iso('2018-03-25T01:30:00+01:00', '2018-03-25T03:30:00+02:00'),
  },
  {
    name: 'same expression, Shanghai has no DST',
    expr: '0 30 2 * * ?',
    tz: SH,
    from: '2024-03-09T00:00:00+08:00',
    expect: iso('2024-03-09T02:30:00+08:00', '2024-03-10T02:30:00+08:00', '2024-03-11T02:30:00+08:00'),
  },
];

describe('Quartz cron fire times (known answers)', () => {
  it.each(table)('$name: $expr in $tz', ({ expr, tz, from, expect: want }) => {
    expect(fires(expr, tz, from, want.length + 1).slice(0, want.length)).toEqual(want);
  });

  // It answers at all: a search that never gave up would hold the test to its time-out. How fast is the bench's business, not a test's.
  it('answers no fire for days that never exist (L-30 in February)', () => {
    expect(fires('0 0 12 L-30 2 ?', SH, '2024-01-01T00:00:00+08:00', 1)).toEqual([]);
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
  // The same list the console's cron editor is tested with (packages/contract/src/job.cron.cases.ts).
  const refused = refusedCron.map((c) => [c.expr, c.key === 'field' ? `job.cron.field.${c.field}` : `job.cron.${c.key}`] as const);
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

  it.each(acceptedCron)('accepts %j and computes its fires', (expr) => {
    expect(() => QuartzCron.of(expr, SH).next(new Date('2005-01-01T00:00:00Z'))).not.toThrow();
  });

  it('names the field and its bounds in the refusal (the message says 1970-2099 for years)', () => {
    const err = (() => {
      try {
        parseQuartz('0 0 12 * * ? 2100');
      } catch (e) {
        return e as CronError;
      }
    })();
    expect(err?.params).toEqual({ value: '2100', min: 1970, max: 2099 });
  });

  it('refuses an unknown time zone', () => {
    expect(() => QuartzCron.of('0 0 12 * * ?', 'Mars/Olympus')).toThrow(CronError);
  });
});

describe('trigger fire times', () => {
  const base = (over: Partial<TriggerSpec>): TriggerSpec => ({
    triggerType: 'interval',
    intervalSeconds: 3600,
    startTime: new Date('2024-01-01T00:00:00Z'),
    timeZone: SH,
    ...over,
  });

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
    const spec: TriggerSpec = {
      triggerType: 'cron',
      cronExpr: '0 0 12 * * ?',
      intervalSeconds: 0,
      startTime: new Date('2024-01-01T12:00:00+08:00'),
      timeZone: SH,
    };
    const got = await previewFireTimes(spec, new Date('2023-06-01T00:00:00Z'), 3);
    expect(got.map((d) => d.toISOString())).toEqual(iso('2024-01-01T12:00:00+08:00', '2024-01-02T12:00:00+08:00', '2024-01-03T12:00:00+08:00'));
  });

  it('skips non-work days (weekends here) in the job time zone', async () => {
    const weekend = (day: string) => ![0, 6].includes(new Date(day + 'T00:00:00Z').getUTCDay());
    const cron: TriggerSpec = {
      triggerType: 'cron',
      cronExpr: '0 0 9 * * ?',
      intervalSeconds: 0,
      startTime: new Date('2024-01-01T00:00:00Z'),
      timeZone: SH,
      skipNonWorkDays: true,
    };
    // Friday 2024-01-05 10:00 -> Monday 2024-01-08 09:00.
    expect((await nextFireTime(cron, new Date('2024-01-05T10:00:00+08:00'), weekend))!.toISOString()).toBe(new Date('2024-01-08T09:00:00+08:00').toISOString());
    const daily = base({ intervalSeconds: 86400, startTime: new Date('2024-01-01T01:00:00Z'), skipNonWorkDays: true });
    // 01:00 UTC is 09:00 in Shanghai; Saturday and Sunday are skipped.
    expect((await previewFireTimes(daily, new Date('2024-01-05T00:00:00Z'), 2, weekend)).map((d) => d.toISOString())).toEqual([
      '2024-01-05T01:00:00.000Z',
      '2024-01-08T01:00:00.000Z',
    ]);
  });
});
