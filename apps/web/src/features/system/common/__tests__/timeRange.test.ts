import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatInstant, withDayBounds } from '../timeRange.ts';

describe('log search time range', () => {
  it('takes the first day from its start and the last to its end', () => {
    const out = withDayBounds({ beginTime: '2026-03-01', endTime: '2026-03-02', loginName: 'x' });
    expect(out.loginName).toBe('x');
    expect(dayjs(out.beginTime as string).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-01 00:00:00');
    expect(dayjs(out.endTime as string).format('YYYY-MM-DD HH:mm:ss.SSS')).toBe('2026-03-02 23:59:59.999');
  });

  it('leaves a body without a range alone', () => {
    expect(withDayBounds({ pageNum: 1 })).toEqual({ pageNum: 1 });
  });

  it('shows instants with their time of day in both languages', () => {
    const v = dayjs('2026-03-01T08:09:10').toISOString();
    expect(formatInstant(v, 'en-US')).toBe('2026-03-01 08:09:10');
    expect(formatInstant(v, 'zh-CN')).toBe('2026年03月01日 08:09:10');
    expect(formatInstant(null, 'en-US')).toBe('');
  });
});
