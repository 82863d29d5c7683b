import { hhmmOf, minutesOf, type BookingRow, type ClosureRow, type GridSlot, type SiteRow, type VenueRow } from '@venue/contract';
import type { FeatureT } from '../../../app/i18n.ts';
import { getLang, type Lang } from '../../../app/prefs.ts';
import type zh from './desk.messages.zh-CN.ts';

/** The front desk's pure helpers (no React): the venue's clock and slot steps, texts of conflicts and weekdays, arrivals, closure phases, booking lines. */

export type Translate = FeatureT<typeof zh>;

/**
 * The times a booking may start or end at: the venue's slot steps from its earliest opening to
 * its latest closing (the venue's and its sites' hours).
 */
export function slotTimes(venue: Pick<VenueRow, 'openTime' | 'closeTime' | 'slotMinutes'> | null, sites: Pick<SiteRow, 'hours'>[] = []): string[] {
  const step = venue?.slotMinutes || 60;
  const opens = [venue?.openTime ?? '08:00', ...sites.flatMap((s) => s.hours.map((h) => h.open))].map(minutesOf);
  const closes = [venue?.closeTime ?? '22:00', ...sites.flatMap((s) => s.hours.map((h) => h.close))].map(minutesOf);
  const from = Math.min(...opens);
  const to = Math.max(...closes);
  const out: string[] = [];
  for (let m = from; m <= to; m += step) out.push(hhmmOf(m));
  return out;
}

// ---------------------------------------------------------------- texts

/** Weekdays (1 Monday .. 7 Sunday) as short text: every day, runs of three or more joined ('周一至周五'), others listed. */
export function weekdaysText(days: readonly number[], t: Translate, lang: Lang = getLang()): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return t('everyDay');
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    if (j - i >= 2) parts.push(t('dayRange', { from: t.dynamic('day', sorted[i]), to: t.dynamic('day', sorted[j]) }));
    else for (let k = i; k <= j; k++) parts.push(t.dynamic('day', sorted[k]));
    i = j + 1;
  }
  return parts.join(lang === 'en-US' ? ', ' : '、');
}

/** A conflict of a fixed booking's occurrence ('booked:ORDERNO NAME', 'lock:REASON', 'notSlots'…) in words. */
export function conflictText(conflict: string | null | undefined, t: Translate): string {
  if (!conflict) return t('conflict.bookable');
  const i = conflict.indexOf(':');
  const kind = i < 0 ? conflict : conflict.slice(0, i);
  const rest = i < 0 ? '' : conflict.slice(i + 1).trim();
  switch (kind) {
    case 'booked':
      return t('conflict.booked', { who: rest || '-' });
    case 'lock':
      return t('conflict.lock', { reason: rest || '-' });
    case 'closure':
      return t('conflict.closure', { reason: rest || '-' });
    case 'notSlots':
    case 'noPrice':
    case 'slotPast':
    case 'siteStopped':
      return t(`conflict.${kind}`);
    default:
      return conflict;
  }
}

// ---------------------------------------------------------------- bookings and closures

export type Arrival = 'arrived' | 'waiting' | 'noShow' | 'unpaid' | 'cancelled';

/** Where a booking of the day stands: arrived, expected, a no-show, unpaid, or gone. */
export function arrivalOf(row: Pick<BookingRow, 'orderState' | 'checkedInAt' | 'slots'>): Arrival {
  const live = row.slots.filter((s) => s.state !== 'released');
  if (!live.length || ['cancelled', 'refunded'].includes(row.orderState)) return 'cancelled';
  if (row.checkedInAt || live.some((s) => s.state === 'used')) return 'arrived';
  if (row.orderState === 'pending') return 'unpaid';
  if (live.every((s) => s.state === 'no_show')) return 'noShow';
  return 'waiting';
}

export type Phase = 'upcoming' | 'inForce' | 'ended' | 'cancelled';

/** Where a closure stands against the venue's clock (`now` as `yyyy-MM-dd HH:mm`). */
export function closurePhase(r: Pick<ClosureRow, 'state' | 'from' | 'to'>, now: string): Phase {
  if (r.state !== 'active') return 'cancelled';
  if (r.to <= now) return 'ended';
  if (r.from > now) return 'upcoming';
  return 'inForce';
}

/** A venue line's spec `yyyy-MM-dd HH:mm-HH:mm` as its day and times, or null. */
export function specOf(spec: string | null | undefined): { date: string; start: string; end: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(spec ?? '');
  return m ? { date: m[1]!, start: m[2]!, end: m[3]! } : null;
}

/**
 * The ends a booking starting at `start` may have on a site's slots of a day (sorted by start):
 * the ends of the run of consecutive open slots from there.
 */
export function endsFrom<S extends Pick<GridSlot, 'start' | 'end'>>(slots: readonly S[], start: string | undefined, open: (s: S) => boolean): string[] {
  const out: string[] = [];
  const i = slots.findIndex((s) => s.start === start);
  if (i < 0) return out;
  for (let j = i; j < slots.length && open(slots[j]!) && (j === i || slots[j - 1]!.end === slots[j]!.start); j++) out.push(slots[j]!.end);
  return out;
}
