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

/** The browser's own time zone (times on the job screens are shown in it). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}
