import type { CSSProperties } from 'react';
import { Checkbox, Flex, Form, Select, Tag, Typography, type FormInstance } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { APPLY_STATES, DAY_KINDS, hhmmOf, minutesOf, type OrgOption } from '@venue/contract';
import { registerMessages, t as translate, featureT, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import type { Option, TreeOption } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';
import { useSportName } from '../../../kit/index.ts';

/** The venue screens' namespace: one for the feature (list, my venue, sites, prices, templates). */
export const NS = 'venue';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;

export function useVenueT(): Translate {
  return useFeatureT<typeof zh>(NS);
}

/**
 * The feature's texts outside a component: table cells rendered as plain text, so the kit can
 * measure their width (the list re-renders when the language changes).
 */
export const vt: Translate = featureT<typeof zh>((key, params) => translate(`${NS}:${key}`, params));

// ---------------------------------------------------------------- money

/** Money: the one format of every screen that sells ('¥1,234.50' from fen; yuan as typed to fen). */
export { toFen, yuan } from '../../../kit/pay/money.ts';

/** Fen to yuan for an input (1234 -> 12.34). */
export const fenToYuan = (fen: number): number => Math.round(fen) / 100;

// ---------------------------------------------------------------- options

export const sportColors: Record<string, string> = {
  badminton: 'cyan',
  basketball: 'orange',
  football: 'green',
  tennis: 'lime',
  table_tennis: 'blue',
  swimming: 'geekblue',
  volleyball: 'gold',
  fitness: 'purple',
  golf: 'volcano',
  other: 'default',
};
export const applyStateOptions: Option[] = APPLY_STATES.map((s) => ({
  value: s,
  label: `applyState.${s}`,
  color: s === 'applied' ? 'gold' : s === 'approved' ? 'green' : 'red',
}));
export const shopOptions: Option[] = [
  { value: 1, label: 'shop.open', color: 'green' },
  { value: 0, label: 'shop.closed', color: 'default' },
];
export const yesNoOptions: Option[] = [
  { value: 1, label: 'yes' },
  { value: 0, label: 'no' },
];
export const siteStatusOptions: Option[] = [
  { value: 0, label: 'siteStatus.open', color: 'green' },
  { value: 1, label: 'siteStatus.stopped', color: 'default' },
];
export const slotOptions: Option[] = [
  { value: 30, label: 'slot.30' },
  { value: 60, label: 'slot.60' },
];
export const dayKindOptions: Option[] = DAY_KINDS.map((k) => ({ value: k, label: `dayKind.${k}` }));
export const weekdayOptions: Option[] = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: `day.${d}` }));

/** Common IANA time zones (the venue's local time; days and times of bookings are in it). */
export const TIME_ZONES = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Macau',
  'Asia/Taipei',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Singapore',
  'Asia/Bangkok',
  'Asia/Kuala_Lumpur',
  'Asia/Jakarta',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Moscow',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Australia/Sydney',
  'Pacific/Auckland',
  'UTC',
] as const;
/** Zone names are shown as they are (a hook, so the kit does not translate them). */
export const useTimeZoneOptions = (): Option[] => TIME_ZONES.map((z) => ({ value: z, label: z }));

/** Times of day every half hour, 00:00 to 24:00 (24:00 is the end of the day). */
export const TIMES: string[] = Array.from({ length: 49 }, (_, i) => hhmmOf(i * 30));
export const useTimeOptions = (): Option[] => TIMES.map((x) => ({ value: x, label: x }));

/** The organisations the caller may see (GET {system}org/options), as a tree for a picker. */
export function useOrgTree(): TreeOption[] {
  const q = useQuery({ queryKey: ['kit', 'org', 'options'], queryFn: () => http.get<OrgOption[]>(api.system('org/options')), staleTime: 60_000 });
  const map = (nodes: OrgOption[] | undefined): TreeOption[] => (nodes ?? []).map((n) => ({ value: n.id, title: n.name, children: map(n.children) }));
  return map(q.data);
}

// ---------------------------------------------------------------- display helpers

/** A sport as its tag. */
export function SportTag({ sport }: { sport: string | null | undefined }) {
  const sportName = useSportName();
  if (!sport) return null;
  return <Tag color={sportColors[sport] ?? 'default'}>{sportName(sport)}</Tag>;
}

/** Days as short text: consecutive days joined ('周一至周五'), others listed. */
export function daysText(days: readonly number[], t: Translate): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1 && sorted[j + 1]! <= 7) j++;
    const a = t.dynamic('day', sorted[i]);
    runs.push(
      j - i >= 2
        ? `${a}-${t.dynamic('day', sorted[j])}`
        : sorted
            .slice(i, j + 1)
            .map((d) => t.dynamic('day', d))
            .join(', '),
    );
    i = j + 1;
  }
  return runs.join(', ');
}

/** A price rule's weekdays: empty (or all seven) is every day. */
export function weekdaysText(days: readonly number[], t: Translate): string {
  return days.length === 0 || new Set(days).size === 7 ? t('everyDay') : daysText(days, t);
}

export interface Hours {
  day: number;
  open: string;
  close: string;
}

/** Opening hours grouped by identical times: '周一至周五 08:00-22:00; 周六, 周日 09:00-21:00'. */
export function hoursText(hours: readonly Hours[], t: Translate): string {
  if (!hours.length) return t('closed');
  const groups = new Map<string, number[]>();
  for (const h of [...hours].sort((a, b) => a.day - b.day)) {
    const k = `${h.open}-${h.close}`;
    groups.set(k, [...(groups.get(k) ?? []), h.day]);
  }
  return [...groups.entries()].map(([time, days]) => `${days.length === 7 && !days.includes(8) ? t('everyDay') : daysText(days, t)} ${time}`).join('; ');
}

/** Every day (1..7) open from `open` to `close`. */
export const everyDay = (open: string, close: string): Hours[] => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open, close }));

/** The OpenStreetMap page of a point (no map SDK: a link in a new tab). */
export const mapUrl = (lat: number, lon: number) => `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;

// ---------------------------------------------------------------- inputs

/** A time of day, picked from the half hours (typing filters). */
export function TimeSelect({
  value,
  onChange,
  id,
  disabled,
  testId,
  style,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
  disabled?: boolean;
  testId?: string;
  style?: CSSProperties;
}) {
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      options={TIMES.map((x) => ({ value: x, label: x }))}
      showSearch={{ optionFilterProp: 'label' }}
      disabled={disabled}
      placeholder="HH:mm"
      style={{ width: 110, ...style }}
      data-testid={testId}
    />
  );
}

/**
 * The opening-hours editor: a row per day (Monday to Sunday, then public holidays), ticked when
 * open, with its opening and closing time. Its value lists the open days only (a day not listed
 * is closed). `fallback` gives the times a newly ticked day starts with.
 */
export function HoursEditor({
  value,
  onChange,
  id,
  fallback = ['08:00', '22:00'],
}: {
  value?: Hours[] | null;
  onChange?: (v: Hours[]) => void;
  id?: string;
  fallback?: [string, string];
}) {
  const t = useVenueT();
  const list = value ?? [];
  const byDay = new Map(list.map((h) => [h.day, h]));
  const set = (day: number, next: Hours | null) => {
    const rest = list.filter((h) => h.day !== day);
    onChange?.((next ? [...rest, next] : rest).sort((a, b) => a.day - b.day));
  };
  return (
    <Flex vertical gap={6} id={id} data-testid={id ? `${id}-hours` : undefined} className="venue-hours">
      {[1, 2, 3, 4, 5, 6, 7, 8].map((day) => {
        const h = byDay.get(day);
        const bad = h && minutesOf(h.open) >= minutesOf(h.close);
        return (
          <Flex key={day} align="center" gap={8} data-testid={`hours-day-${day}`}>
            <Checkbox
              checked={!!h}
              onChange={(e) => set(day, e.target.checked ? { day, open: fallback[0], close: fallback[1] } : null)}
              style={{ width: 88 }}
              data-testid={`hours-day-${day}-open`}
            >
              {t.dynamic('day', day)}
            </Checkbox>
            {h ? (
              <>
                <TimeSelect value={h.open} onChange={(v) => set(day, { ...h, open: v ?? h.open })} testId={`hours-day-${day}-from`} />
                <Typography.Text type="secondary">{t('to')}</Typography.Text>
                <TimeSelect
                  value={h.close}
                  onChange={(v) => set(day, { ...h, close: v ?? h.close })}
                  testId={`hours-day-${day}-to`}
                  style={bad ? { borderColor: 'var(--ant-color-error)' } : undefined}
                />
              </>
            ) : (
              <Typography.Text type="secondary">{t('closed')}</Typography.Text>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}

/** The map location link beside the coordinates: opens OpenStreetMap when both are set. */
export function MapLink({ form }: { form: FormInstance }) {
  const t = useVenueT();
  const lon = Form.useWatch('longitude', form) as number | string | null | undefined;
  const lat = Form.useWatch('latitude', form) as number | string | null | undefined;
  const ok = typeof lon === 'number' && typeof lat === 'number' && Number.isFinite(lon) && Number.isFinite(lat);
  return ok ? (
    <Typography.Link href={mapUrl(lat, lon)} target="_blank" rel="noopener noreferrer" data-testid="venue-map-link">
      <EnvironmentOutlined /> {t('openMap')} ({lat}, {lon})
    </Typography.Link>
  ) : (
    <Typography.Text type="secondary" data-testid="venue-map-hint">
      <EnvironmentOutlined /> {t('mapHint')}
    </Typography.Text>
  );
}
