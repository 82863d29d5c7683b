import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockIn, dayStartIn, todayIn } from '../day.ts';

describe('todayIn', () => {
  afterEach(() => vi.useRealTimers());

  it("answers the venue's day, not the clock's UTC day, in the hours they differ", () => {
    // 18:30 UTC on the 28th is 02:30 on the 29th in Beijing and 10:30 on the 28th in Los Angeles.
    vi.useFakeTimers({ now: new Date('2026-11-28T18:30:00Z') });
    expect(todayIn('Asia/Shanghai')).toBe('2026-11-29');
    expect(todayIn('America/Los_Angeles')).toBe('2026-11-28');
    // No zone: the organisations' default zone, as on the server.
    expect(todayIn(null)).toBe('2026-11-29');
  });

  it("falls back to the browser's day for a zone the browser does not know", () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') });
    const d = new Date();
    const own = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(todayIn('Mars/Olympus_Mons')).toBe(own);
  });

  it("reads an instant's wall clock in the venue's zone, not the browser's", () => {
    const at = new Date('2026-03-29T00:30:00Z');
    expect(clockIn(at, 'Asia/Shanghai')).toBe('2026-03-29 08:30');
    expect(clockIn('2026-03-29T00:30:00Z', 'America/New_York')).toBe('2026-03-28 20:30');
    expect(clockIn(at, 'Not/AZone')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it("starts a venue's day at its own midnight: a month at the venue is not the browser's month", () => {
    // 1 December begins at 16:00 UTC on 30 November in Beijing, at 08:00 UTC in Los Angeles.
    expect(dayStartIn('2026-12-01', 'Asia/Shanghai')).toBe('2026-11-30T16:00:00.000Z');
    expect(dayStartIn('2026-12-01', 'America/Los_Angeles')).toBe('2026-12-01T08:00:00.000Z');
    // A summer-time change: 8 March 2026 in New York begins before the clocks go forward.
    expect(dayStartIn('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStartIn('2026-12-01', null)).toBe('2026-11-30T16:00:00.000Z');
  });
});
