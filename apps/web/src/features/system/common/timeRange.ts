import dayjs from 'dayjs';
import { getLang } from '../../../app/prefs.ts';

/**
 * The kit sends a date range as two YYYY-MM-DD days; the log searches take instants. The
 * first day counts from its start and the last to its end, in the browser's time zone.
 */
export function withDayBounds(body: Record<string, unknown>, from = 'beginTime', to = 'endTime'): Record<string, unknown> {
  const out = { ...body };
  if (typeof out[from] === 'string' && out[from])
    out[from] = dayjs(out[from] as string)
      .startOf('day')
      .toISOString();
  if (typeof out[to] === 'string' && out[to])
    out[to] = dayjs(out[to] as string)
      .endOf('day')
      .toISOString();
  return out;
}

/**
 * An instant with its time of day, in both languages: logs and sessions need the time,
 * where the spec's English date format (YYYY-MM-DD) alone would drop it.
 */
export function formatInstant(value: unknown, lang: string = getLang()): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value as string);
  if (!d.isValid()) return '';
  return d.format(lang === 'en-US' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY年MM月DD日 HH:mm:ss');
}
