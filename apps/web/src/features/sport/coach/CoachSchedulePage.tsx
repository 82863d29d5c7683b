import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Select, Space, Tag, Tooltip, Typography, theme } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { CoachScheduleAnswer } from '@venue/contract';
import { DEFAULT_TIME_ZONE, clockIn, hhmmIn, useLabelT, useVenueTimeZone, venueToday } from '../../../kit/index.ts';
import { CoachPhoto, NS, coachApi, statusOptions, useCoachT } from './shared.tsx';

type Claim = CoachScheduleAnswer['claims'][number];

/** Monday of the week holding `day` (YYYY-MM-DD). */
function mondayOf(day: dayjs.Dayjs): string {
  const wd = (day.day() + 6) % 7;
  return day.subtract(wd, 'day').format('YYYY-MM-DD');
}

const HOLDER_COLORS: Record<string, string> = { lesson: 'blue', sparring: 'purple', lock: 'default' };

/** One claim: its local time range and what holds it. */
function ClaimChip({ claim, timeZone }: { claim: Claim; timeZone: string }) {
  const t = useCoachT();
  const label = useLabelT(NS);
  const from = clockIn(claim.start, timeZone);
  const to = hhmmIn(claim.end, timeZone);
  const holder = ['lesson', 'sparring', 'lock'].includes(claim.holderKind) ? label(`schedule.holders.${claim.holderKind}`) : t('schedule.holderOther');
  const text = `${from.slice(11)}–${to}`;
  return (
    <Tooltip title={`${holder}${claim.holderId ? ` #${claim.holderId}` : ''} · ${from} – ${to}`}>
      <Tag
        color={HOLDER_COLORS[claim.holderKind] ?? 'cyan'}
        style={{ marginBottom: 4, display: 'block', width: 'fit-content' }}
        data-testid={`coach-claim-${claim.id}`}
      >
        {text} {holder}
      </Tag>
    </Tooltip>
  );
}

/**
 * sport.coach.schedule (servicePersonal/coachClassSchedule): a week per coach of the time lessons and
 * sparring bookings hold (the commerce core's live claims on the coach), read-only.
 */
export default function CoachSchedulePage() {
  const t = useCoachT();
  const label = useLabelT(NS);
  const { token } = theme.useToken();
  const venueZone = useVenueTimeZone();
  const [from, setFrom] = useState(() => mondayOf(venueToday(venueZone)));
  const [coachId, setCoachId] = useState<number | undefined>(undefined);
  const [status, setStatus] = useState<string | undefined>('active');
  const coaches = useQuery({
    queryKey: ['coach', 'options'],
    queryFn: () => coachApi.list({ pageNum: 1, pageSize: 500, sortField: 'name', sortOrder: 'ascend' }),
  });
  const week = useQuery({
    queryKey: ['coach', 'schedule', from, coachId ?? 0, status ?? ''],
    queryFn: () => coachApi.schedule({ from, days: 7, ...(coachId ? { coachId } : {}), ...(status && !coachId ? { status: status as 'active' } : {}) }),
  });
  const days = useMemo(() => Array.from({ length: 7 }, (_, i) => dayjs(from).add(i, 'day')), [from]);
  const data = week.data;
  const tz = data?.timeZone ?? DEFAULT_TIME_ZONE;
  const byCell = useMemo(() => {
    const m = new Map<string, Claim[]>();
    for (const c of data?.claims ?? []) {
      const day = clockIn(c.start, tz).slice(0, 10);
      const k = `${c.coachId}|${day}`;
      m.set(k, [...(m.get(k) ?? []), c]);
    }
    return m;
  }, [data, tz]);
  const today = venueToday(venueZone).format('YYYY-MM-DD');
  const cell = { border: `1px solid ${token.colorBorderSecondary}`, padding: 8, verticalAlign: 'top' as const };
  return (
    <Card data-testid="coach-schedule">
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<LeftOutlined />} onClick={() => setFrom(dayjs(from).subtract(7, 'day').format('YYYY-MM-DD'))} data-testid="coach-schedule-prev">
          {t('schedule.prev')}
        </Button>
        <Button onClick={() => setFrom(mondayOf(venueToday(venueZone)))}>{t('schedule.thisWeek')}</Button>
        <Button onClick={() => setFrom(dayjs(from).add(7, 'day').format('YYYY-MM-DD'))} data-testid="coach-schedule-next">
          {t('schedule.next')} <RightOutlined />
        </Button>
        <Typography.Text strong data-testid="coach-schedule-range">
          {from} ~ {dayjs(from).add(6, 'day').format('YYYY-MM-DD')}
        </Typography.Text>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 200 }}
          placeholder={t('schedule.allCoaches')}
          value={coachId}
          onChange={(v) => setCoachId(v)}
          options={(coaches.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          data-testid="coach-schedule-coach"
          aria-label={t('schedule.coach')}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('field.status')}
          value={status}
          onChange={(v) => setStatus(v)}
          disabled={!!coachId}
          options={statusOptions.map((o) => ({ value: o.value as string, label: label(o.label) }))}
          aria-label={t('field.status')}
        />
      </Space>
      <Alert type="info" showIcon title={t('schedule.readOnly')} style={{ marginBottom: 12 }} />
      {data && !data.coaches.length ? (
        <Empty description={t('schedule.noCoach')} />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <table style={{ borderCollapse: 'collapse', width: '100%', minWidth: 960 }} data-testid="coach-schedule-table">
            <thead>
              <tr>
                <th style={{ ...cell, width: 160, textAlign: 'left' }}>{t('schedule.coach')}</th>
                {days.map((d, i) => {
                  const key = d.format('YYYY-MM-DD');
                  return (
                    <th key={key} style={{ ...cell, textAlign: 'left', background: key === today ? token.colorPrimaryBg : undefined }}>
                      {t.dynamic('schedule.weekdays', i + 1)} <Typography.Text type="secondary">{d.format('MM-DD')}</Typography.Text>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {(data?.coaches ?? []).map((c) => (
                <tr key={c.id} data-testid={`coach-schedule-row-${c.id}`}>
                  <td style={cell}>
                    <Space>
                      <CoachPhoto id={c.id} version={0} hasPhoto={c.hasPhoto} size={28} />
                      <span>
                        <div>{c.name}</div>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {label(`level.${c.level}`)}
                          {c.status !== 'active' ? ` · ${label(`status.${c.status}`)}` : ''}
                        </Typography.Text>
                      </span>
                    </Space>
                  </td>
                  {days.map((d) => {
                    const key = d.format('YYYY-MM-DD');
                    const claims = byCell.get(`${c.id}|${key}`) ?? [];
                    return (
                      <td key={key} style={{ ...cell, background: key === today ? token.colorFillQuaternary : undefined }}>
                        {claims.map((x) => (
                          <ClaimChip key={x.id} claim={x} timeZone={tz} />
                        ))}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {data && data.coaches.length && !data.claims.length ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }} data-testid="coach-schedule-empty">
              {t('schedule.empty')}
            </Typography.Paragraph>
          ) : null}
        </div>
      )}
    </Card>
  );
}
