import { Card, Empty, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { BookingRow, VenueRow } from '@venue/contract';
import { featureT, registerMessages, t as translate, useFeatureT } from '../../../app/i18n.ts';
import { useSession } from '../../../app/session.ts';
import type { Option } from '../../../kit/index.ts';
import { deskApi, sitesKey } from './desk.api.ts';
import { arrivalOf, type Arrival, type Translate } from './desk.logic.ts';
import zh from './desk.messages.zh-CN.ts';
import en from './desk.messages.en-US.ts';

export { arrivalOf, closurePhase, conflictText, endsFrom, slotTimes, specOf, weekdaysText, type Phase, type Translate } from './desk.logic.ts';

/** The front desk's namespace: fixed bookings, closures, the workbench and changing a booking. */
export const DESK_NS = 'desk';
registerMessages(DESK_NS, zh, en);

export function useDeskT(): Translate {
  return useFeatureT<typeof zh>(DESK_NS);
}

/** The desk's texts outside a component (table cells as plain text, so the kit can size their columns). */
export const dt: Translate = featureT<typeof zh>((key, params) => translate(`${DESK_NS}:${key}`, params));

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

// ---------------------------------------------------------------- display helpers

export const ORDER_COLORS: Record<string, string> = {
  pending: 'gold',
  paid: 'green',
  completed: 'blue',
  cancelled: 'default',
  part_refunded: 'purple',
  refunded: 'magenta',
};

/** An order's state as a tag. */
export function OrderState({ state, testId }: { state: string; testId?: string }) {
  const t = useDeskT();
  return (
    <Tag color={ORDER_COLORS[state] ?? 'default'} data-testid={testId} data-value={state}>
      {t.dynamic('orderState', state)}
    </Tag>
  );
}

const ARRIVAL_COLORS: Record<Arrival, string> = { arrived: 'green', waiting: 'blue', noShow: 'red', unpaid: 'gold', cancelled: 'default' };

export function ArrivalTag({ row }: { row: Pick<BookingRow, 'orderState' | 'checkedInAt' | 'slots'> }) {
  const t = useDeskT();
  const a = arrivalOf(row);
  return (
    <Tag color={ARRIVAL_COLORS[a]} data-testid="workbench-arrival" data-value={a}>
      {t(`workbench.arrivalState.${a}`)}
    </Tag>
  );
}
