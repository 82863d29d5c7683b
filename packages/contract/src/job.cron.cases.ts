import type { CronFieldName } from './job.cron.ts';

/**
 * Test cases of the Quartz grammar that the server's and the console's tests both walk (issue 33):
 * what the console's cron editor accepts, the server accepts, and the other way round.
 */
export const acceptedCron: string[] = [
  '0 0 12 * * ?',
  '0 0 12 ? * *',
  '0 0 12 * * ? *',
  '0 0 12 ? * mon-fri',
  '0 0 12 ? jan-mar 2#1 2030',
  // Issue 33, 1: WED anywhere in the weekday field.
  '0 10,44 14 ? 3 WED',
  '0 0 12 ? * MON-WED',
  '0 0 12 ? * MON,WED,FRI',
  '0 0 12 ? * wed#2',
  '0 0 12 ? * WEDL',
  // Issue 33, 2: the largest steps Quartz takes.
  '0/59 0/59 0/23 * * ?',
  '0 0 12 */31 */12 ?',
  '0 0 12 ? * 1/7',
  // Issue 33, 3 and 4: day-of-month lists with L, L-n, LW, nW, and L-nW.
  '0 15 10 1,L * ? 2010',
  '0 15 10 L-3,15 * ?',
  '0 15 10 LW,15W * ?',
  '0 15 10 1-5,L-2W * ?',
  '0 15 10 L-5W * ? 2010',
  '0 15 10 L-0W * ?',
  // Issue 33, 6: years 1970 to 2099.
  '0 0 12 1 1 ? 1970',
  '0 0 12 1 1 ? 2099',
  '0 0 12 1 1 ? 1970-2099',
  '0 0 12 1 1 ? 1970/129',
];

export const refusedCron: { expr: string; key: 'empty' | 'parts' | 'dayRule' | 'field'; field?: CronFieldName }[] = [
  { expr: '', key: 'empty' },
  { expr: '* * * * *', key: 'parts' },
  { expr: '0 0 12 * * * * *', key: 'parts' },
  { expr: '0 0 12 * * *', key: 'dayRule' },
  { expr: '0 0 12 ? * ?', key: 'dayRule' },
  { expr: '0 0 12 15 * MON', key: 'dayRule' },
  { expr: '60 0 12 * * ?', key: 'field', field: 'second' },
  { expr: '0 ? 12 * * ?', key: 'field', field: 'minute' },
  { expr: '0 0 24 * * ?', key: 'field', field: 'hour' },
  { expr: '0 0 12 32 * ?', key: 'field', field: 'dayOfMonth' },
  { expr: '0 0 12 L-31 * ?', key: 'field', field: 'dayOfMonth' },
  { expr: '0 0 12 L-31W * ?', key: 'field', field: 'dayOfMonth' },
  { expr: '0 0 12 32W * ?', key: 'field', field: 'dayOfMonth' },
  { expr: '0 0 12 1,,L * ?', key: 'field', field: 'dayOfMonth' },
  { expr: '0 0 12 LL * ?', key: 'field', field: 'dayOfMonth' },
  { expr: '0 0 12 1#2 * ?', key: 'field', field: 'dayOfMonth' },
  { expr: '0 0 12 */0 * ?', key: 'field', field: 'dayOfMonth' },
  { expr: '0 0 12 * 13 ?', key: 'field', field: 'month' },
  { expr: '0 0 12 * FOO ?', key: 'field', field: 'month' },
  { expr: '0 0 12 ? * 8', key: 'field', field: 'dayOfWeek' },
  { expr: '0 0 12 ? * 0', key: 'field', field: 'dayOfWeek' },
  { expr: '0 0 12 ? * 2#6', key: 'field', field: 'dayOfWeek' },
  { expr: '0 0 12 ? * W', key: 'field', field: 'dayOfWeek' },
  { expr: '0 0 12 ? * 2L,3', key: 'field', field: 'dayOfWeek' },
  // Issue 33, 2: a step as large as the field's range (Quartz: "Increment > 60", "Increment > 24").
  { expr: '0/60 * * * * ?', key: 'field', field: 'second' },
  { expr: '0 */60 * * * ?', key: 'field', field: 'minute' },
  { expr: '0 0 /24 ? * 2-6', key: 'field', field: 'hour' },
  { expr: '0 0 12 */32 * ?', key: 'field', field: 'dayOfMonth' },
  { expr: '0 0 12 1 */13 ?', key: 'field', field: 'month' },
  { expr: '0 0 12 ? * 1/8', key: 'field', field: 'dayOfWeek' },
  // Issue 33, 6: years before 1970 or after 2099.
  { expr: '0 0 12 * * ? 1969', key: 'field', field: 'year' },
  { expr: '0 0 12 * * ? 2100', key: 'field', field: 'year' },
  { expr: '0 0 12 * * ? 2030-2100', key: 'field', field: 'year' },
  { expr: '0 0 12 * * ? 1970/130', key: 'field', field: 'year' },
];
