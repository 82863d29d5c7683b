import { describe, expect, it } from 'vitest';
import { dayIn, hhmmOf, wallClockIn } from './zone.ts';

describe('wall clocks of time zones', () => {
  it('reads the day, the minute and the offset of an instant', () => {
    expect(wallClockIn(new Date('2026-11-30T16:05:59Z'), 'Asia/Shanghai')).toEqual({ day: '2026-12-01', minutes: 5, offsetMinutes: 480 });
    expect(wallClockIn(new Date('2026-11-30T15:59:00Z'), 'Asia/Shanghai')).toEqual({ day: '2026-11-30', minutes: 23 * 60 + 59, offsetMinutes: 480 });
    expect(wallClockIn(new Date('2026-11-30T03:30:00.900Z'), 'America/New_York')).toEqual({ day: '2026-11-29', minutes: 22 * 60 + 30, offsetMinutes: -300 });
    expect(wallClockIn(new Date('2026-07-01T03:30:00Z'), 'America/New_York').offsetMinutes).toBe(-240);
    expect(wallClockIn(new Date('2026-07-01T00:00:00Z'), 'UTC')).toEqual({ day: '2026-07-01', minutes: 0, offsetMinutes: 0 });
  });

  it('counts half-hour and quarter-hour zones', () => {
    expect(wallClockIn(new Date('2026-11-30T00:00:00Z'), 'Asia/Kolkata')).toEqual({ day: '2026-11-30', minutes: 330, offsetMinutes: 330 });
    expect(wallClockIn(new Date('2026-11-30T00:00:00Z'), 'Asia/Kathmandu').offsetMinutes).toBe(345);
  });

  it('answers the calendar day and formats minutes of the day', () => {
    expect(dayIn(new Date('2026-11-29T23:00:00Z'), 'Asia/Shanghai')).toBe('2026-11-30');
    expect(dayIn(new Date('2026-11-29T23:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-29');
    expect(hhmmOf(0)).toBe('00:00');
    expect(hhmmOf(9 * 60 + 5)).toBe('09:05');
    expect(hhmmOf(1439)).toBe('23:59');
  });
});
