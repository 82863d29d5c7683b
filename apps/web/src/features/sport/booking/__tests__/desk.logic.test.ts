import { describe, expect, it } from 'vitest';
import type { BookingRow } from '@venue/contract';
import { featureT } from '../../../../app/i18n.ts';
import zh from '../desk.messages.zh-CN.ts';
import en from '../desk.messages.en-US.ts';
import { arrivalOf, closurePhase, conflictText, endsFrom, slotTimes, specOf, weekdaysText, type Translate } from '../desk.logic.ts';

/** A translator over a messages file, as i18next would answer (`{{x}}` filled in). */
const tOf = (messages: object): Translate =>
  featureT<typeof zh>((key, params) => {
    const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], messages);
    return typeof text === 'string' ? text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params?.[k] ?? '')) : key;
  });
const tz = tOf(zh);
const te = tOf(en);

describe('slot steps', () => {
  it("steps by the venue's slot from its earliest opening to its latest closing (its sites' hours included)", () => {
    expect(slotTimes({ openTime: '08:00', closeTime: '11:00', slotMinutes: 60 })).toEqual(['08:00', '09:00', '10:00', '11:00']);
    expect(slotTimes({ openTime: '09:00', closeTime: '10:00', slotMinutes: 30 }, [{ hours: [{ day: 6, open: '08:00', close: '10:30' }] }])).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '10:00',
      '10:30',
    ]);
    expect(slotTimes({ openTime: '22:00', closeTime: '24:00', slotMinutes: 60 }).at(-1)).toBe('24:00');
  });
});

describe('texts', () => {
  it('writes weekdays as every day, runs and single days', () => {
    expect(weekdaysText([1, 2, 3, 4, 5, 6, 7], tz, 'zh-CN')).toBe('每天');
    expect(weekdaysText([5, 1, 2, 3, 4], tz, 'zh-CN')).toBe('周一至周五');
    expect(weekdaysText([1, 3, 6, 7], tz, 'zh-CN')).toBe('周一、周三、周六、周日');
    expect(weekdaysText([2, 3, 4, 7], te, 'en-US')).toBe('Tue–Thu, Sun');
  });
  it("translates a fixed booking's conflicts by their prefix", () => {
    expect(conflictText(null, tz)).toBe('可预订');
    expect(conflictText('booked:20260101000001 李雷', tz)).toBe('已被预订：20260101000001 李雷');
    expect(conflictText('booked:20260101000001', te)).toBe('Booked: 20260101000001');
    expect(conflictText('lock:地板维修', tz)).toBe('已锁定：地板维修');
    expect(conflictText('closure:Floor waxing', te)).toBe('Closed: Floor waxing');
    expect(conflictText('lock:', te)).toBe('Locked: -');
    for (const k of ['notSlots', 'noPrice', 'slotPast', 'siteStopped']) expect(conflictText(k, te)).toBe(en.conflict[k as keyof typeof en.conflict]);
    // Something new from the server is shown as it is.
    expect(conflictText('other:x', te)).toBe('other:x');
  });
});

describe('bookings and closures', () => {
  const row = (orderState: string, states: string[], checkedInAt: string | null = null): Pick<BookingRow, 'orderState' | 'checkedInAt' | 'slots'> => ({
    orderState,
    checkedInAt,
    slots: states.map((state, i) => ({
      claimId: i,
      siteId: 1,
      siteName: '1号场',
      start: '10:00',
      end: '11:00',
      state: state as BookingRow['slots'][number]['state'],
    })),
  });
  it('tells where a booking of the day stands', () => {
    expect(arrivalOf(row('paid', ['booked']))).toBe('waiting');
    expect(arrivalOf(row('completed', ['used'], '2026-01-01T10:00:00Z'))).toBe('arrived');
    expect(arrivalOf(row('pending', ['held']))).toBe('unpaid');
    expect(arrivalOf(row('paid', ['no_show']))).toBe('noShow');
    expect(arrivalOf(row('refunded', ['released']))).toBe('cancelled');
    expect(arrivalOf(row('part_refunded', ['released', 'booked']))).toBe('waiting');
  });
  it("places a closure against the venue's clock", () => {
    const c = { state: 'active', from: '2026-05-01 09:00', to: '2026-05-01 12:00' };
    expect(closurePhase(c, '2026-05-01 08:59')).toBe('upcoming');
    expect(closurePhase(c, '2026-05-01 09:00')).toBe('inForce');
    expect(closurePhase(c, '2026-05-01 12:00')).toBe('ended');
    expect(closurePhase({ ...c, state: 'cancelled' }, '2026-05-01 10:00')).toBe('cancelled');
  });
  it("reads a venue line's spec", () => {
    expect(specOf('2026-05-01 10:00-12:00')).toEqual({ date: '2026-05-01', start: '10:00', end: '12:00' });
    expect(specOf('羽毛球')).toBeNull();
    expect(specOf(null)).toBeNull();
  });
  it('offers the ends of the run of open slots from a start', () => {
    const slots = [
      { start: '08:00', end: '09:00', open: true },
      { start: '09:00', end: '10:00', open: true },
      { start: '10:00', end: '11:00', open: false },
      { start: '11:00', end: '12:00', open: true },
      { start: '13:00', end: '14:00', open: true },
    ];
    const open = (s: (typeof slots)[number]) => s.open;
    expect(endsFrom(slots, '08:00', open)).toEqual(['09:00', '10:00']);
    expect(endsFrom(slots, '11:00', open)).toEqual(['12:00']); // 12:00-13:00 is missing: the run ends
    expect(endsFrom(slots, '10:00', open)).toEqual([]);
    expect(endsFrom(slots, undefined, open)).toEqual([]);
  });
});
