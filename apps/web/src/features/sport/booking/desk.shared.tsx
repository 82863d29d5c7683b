import { Card, Empty, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hhmmOf, minutesOf, type BookingRow, type SiteRow, type VenueRow } from '@venue/contract';
import { registerMessages, t as translate } from '../../../app/i18n.ts';
import { getLang } from '../../../app/prefs.ts';
import { useSession } from '../../../app/session.ts';
import type { Option } from '../../../kit/index.ts';
import { deskApi, sitesKey } from './desk.api.ts';
import zh from './desk.messages.zh-CN.ts';
import en from './desk.messages.en-US.ts';

/** The front desk's namespace: fixed bookings, closures, the workbench and changing a booking. */
export const DESK_NS = 'desk';
registerMessages(DESK_NS, zh, en);

export type Translate = (key: string, params?: Record<string, unknown>) => string;

export function useDeskT(): Translate {
  return useTranslation(DESK_NS).t as unknown as Translate;
}

/** The desk's texts outside a component (table cells as plain text, so the kit can size their columns). */
export const dt: Translate = (key, params) => translate(`${DESK_NS}:${key}`, params);

// ---------------------------------------------------------------- the venue

/** The session's current venue (spec 4), or a notice that the organisation has none. */
export function NoVenue() {
  const t = useDeskT();
  return (
    <Card variant="borderless">
      <Empty description={<span data-testid="desk-no-venue">{t('noVenue')}</span>} />
    </Card>
  );
}

export function useVenue(): VenueRow | null {
  return useSession((s) => s.venue);
}

/** The venue's sites (every one), in their order. */
export function useSites(venueId: number | null | undefined) {
  return useQuery({
    queryKey: sitesKey(venueId ?? 0),
    queryFn: async () => (await deskApi.sites(venueId!)).data,
    enabled: !!venueId,
    staleTime: 60_000,
  });
}

/** The current venue's open sites as choices (a kit field's `useOptions`: names as they are). */
export function useSiteOptions(): Option[] {
  const venueId = useSession((s) => s.stadiumId);
  const sites = useSites(venueId);
  return (sites.data ?? []).map((s) => ({ value: s.id, label: s.name, disabled: s.status !== 0 }));
}

/** The venue's wall clock now, as `yyyy-MM-dd HH:mm` (its days and times are local to it). */
export function venueNow(timeZone?: string | null): string {
  const d = new Date();
  if (timeZone) {
    try {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
          .formatToParts(d)
          .map((p) => [p.type, p.value]),
      );
      return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
    } catch {
      /* an unknown zone: the console's clock */
    }
  }
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The venue's today, `yyyy-MM-dd`. */
export const venueToday = (timeZone?: string | null) => venueNow(timeZone).slice(0, 10);

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

// ---------------------------------------------------------------- display helpers

/** Weekdays (1 Monday .. 7 Sunday) as short text: every day, runs of three or more joined ('周一至周五'), others listed. */
export function weekdaysText(days: readonly number[], t: Translate): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return t('everyDay');
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    if (j - i >= 2) parts.push(t('dayRange', { from: t(`day.${sorted[i]}`), to: t(`day.${sorted[j]}`) }));
    else for (let k = i; k <= j; k++) parts.push(t(`day.${sorted[k]}`));
    i = j + 1;
  }
  return parts.join(getLang() === 'en-US' ? ', ' : '、');
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

export const ORDER_COLORS: Record<string, string> = { pending: 'gold', paid: 'green', completed: 'blue', cancelled: 'default', part_refunded: 'purple', refunded: 'magenta' };

/** An order's state as a tag. */
export function OrderState({ state, testId }: { state: string; testId?: string }) {
  const t = useDeskT();
  return (
    <Tag color={ORDER_COLORS[state] ?? 'default'} data-testid={testId} data-value={state}>
      {t(`orderState.${state}`, { defaultValue: state })}
    </Tag>
  );
}

export type Arrival = 'arrived' | 'waiting' | 'noShow' | 'unpaid' | 'cancelled';
const ARRIVAL_COLORS: Record<Arrival, string> = { arrived: 'green', waiting: 'blue', noShow: 'red', unpaid: 'gold', cancelled: 'default' };

/** Where a booking of the day stands: arrived, expected, a no-show, unpaid, or gone. */
export function arrivalOf(row: Pick<BookingRow, 'orderState' | 'checkedInAt' | 'slots'>): Arrival {
  const live = row.slots.filter((s) => s.state !== 'released');
  if (!live.length || ['cancelled', 'refunded'].includes(row.orderState)) return 'cancelled';
  if (row.checkedInAt || live.some((s) => s.state === 'used')) return 'arrived';
  if (row.orderState === 'pending') return 'unpaid';
  if (live.every((s) => s.state === 'no_show')) return 'noShow';
  return 'waiting';
}

export function ArrivalTag({ row }: { row: Pick<BookingRow, 'orderState' | 'checkedInAt' | 'slots'> }) {
  const t = useDeskT();
  const a = arrivalOf(row);
  return (
    <Tag color={ARRIVAL_COLORS[a]} data-testid="workbench-arrival" data-value={a}>
      {t(`workbench.arrivalState.${a}`)}
    </Tag>
  );
}
