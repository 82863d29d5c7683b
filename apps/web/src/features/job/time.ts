import dayjs, { type ConfigType } from 'dayjs';
import { formatDate } from '../../app/format.ts';
import type { Lang } from '../../app/prefs.ts';

/**
 * Times of the job screens. Dates go through formatDate (spec 9: 'YYYY年MM月DD日 HH:mm:ss' in
 * Chinese, 'YYYY-MM-DD' in English); a fire time needs its clock time, so English adds it.
 */
export function formatFireTime(value: ConfigType, lang: Lang): string {
  const date = formatDate(value, lang);
  if (!date || lang === 'zh-CN') return date;
  return `${date} ${dayjs(value).format('HH:mm:ss')}`;
}

/** `YYYY-MM-DD HH:mm:ss` of an instant in a time zone (how the server reads a job's start and end). */
export function wallClock(value: string | number | Date, timeZone: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  let f: Intl.DateTimeFormat;
  try {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  } catch {
    return dayjs(d).format('YYYY-MM-DD HH:mm:ss');
  }
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** Time zones the browser knows (for the job form's select). */
export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? ['Asia/Shanghai', 'UTC'];
  } catch {
    return ['Asia/Shanghai', 'UTC'];
  }
}

/** Spec 5: end not earlier than start; start not later than end. Values are 'YYYY-MM-DD HH:mm:ss' texts or dayjs. */
export function windowProblem(start: unknown, end: unknown): boolean {
  if (!start || !end) return false;
  const a = dayjs(start as string);
  const b = dayjs(end as string);
  return a.isValid() && b.isValid() && b.isBefore(a);
}
