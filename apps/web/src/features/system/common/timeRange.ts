import dayjs from 'dayjs';

/**
 * The kit sends a date range as two YYYY-MM-DD days; the log searches take instants. The
 * first day counts from its start and the last to its end, in the browser's time zone.
 */
export function withDayBounds(body: Record<string, unknown>, from = 'beginTime', to = 'endTime'): Record<string, unknown> {
  const out = { ...body };
  if (typeof out[from] === 'string' && out[from]) out[from] = dayjs(out[from] as string).startOf('day').toISOString();
  if (typeof out[to] === 'string' && out[to]) out[to] = dayjs(out[to] as string).endOf('day').toISOString();
  return out;
}
