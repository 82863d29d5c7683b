import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, DatePicker, Empty, Row, Segmented, Select, Space, Statistic, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Perm, STATISTICS_METRICS, type StatisticsDayRow, type StatisticsMetric, type StatisticsSummary } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { http } from '../../../app/request.ts';
import { useThemeName } from '../../../app/prefs.ts';
import { liveRefetchMs, liveStore } from '../../../app/station.ts';
import { useStore } from '../../../app/store.ts';
import { todayIn, useCan, useItemKindName, useVenueOptions, useVenueTimeZone } from '../../../kit/index.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { echarts, oldestAsOf, postStats, ReactEChartsCore, statsUrl, useStatsT, type StatsT } from './shared.ts';
import { AsOf } from './AsOf.tsx';
import { PRESETS, daysIn, previousOf, rangeOf, shiftDay, type DayRange, type Preset } from './ranges.ts';

const summaryOf = (r: DayRange, stadiumId?: number) => postStats<StatisticsSummary>('summary', { ...r, stadiumId });
const daysOf = (r: DayRange, stadiumId?: number) => postStats<{ data: StatisticsDayRow[] }>('days', { ...r, stadiumId });

const show = (metric: StatisticsMetric, v: number) => (metric.endsWith('Fen') ? yuan(v) : String(v));
/** Yuan as a number, for the chart's axis. */
const yuanValue = (fen: number) => fen / 100;

/** A change against an earlier figure, as text (`+12.5%`; `—` when only the earlier one is 0). */
function changeText(now: number, before: number): string {
  if (!before) return now ? '—' : '0%';
  const pct = ((now - before) / before) * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%`;
}

/** The statistics queries refetch by themselves, and at once when the socket says a venue of the organisation changed. */
function useLiveRefresh(): number {
  const client = useQueryClient();
  const pushed = useStore(liveStore, (s) => Object.values(s.byVenue).reduce((a, n) => a + n, 0));
  useEffect(() => {
    if (pushed) void client.invalidateQueries({ queryKey: ['statistics'] });
  }, [pushed, client]);
  return liveRefetchMs();
}

function TodayCards({ t, today, stadiumId, refetchMs }: { t: StatsT; today: string; stadiumId?: number; refetchMs: number }) {
  const days = { today, yesterday: shiftDay(today, -1), lastWeek: shiftDay(today, -7) };
  const q = useQuery({
    queryKey: ['statistics', 'today', today, stadiumId],
    queryFn: async () => {
      const [a, b, c] = await Promise.all(Object.values(days).map((d) => summaryOf({ from: d, to: d }, stadiumId)));
      return { today: a!.body, yesterday: b!.body, lastWeek: c!.body, asOf: oldestAsOf(a!, b!, c!) };
    },
    refetchInterval: refetchMs,
  });
  return (
    <Row gutter={[16, 16]} data-testid="stats-today">
      {STATISTICS_METRICS.map((m) => (
        <Col key={m} xs={24} sm={12} lg={6} xxl={3}>
          <Card size="small" loading={q.isLoading}>
            <Statistic title={`${t('today')} · ${t(`metric.${m}`)}`} value={q.data ? show(m, q.data.today[m]) : '-'} data-testid={`stats-today-${m}`} />
            {q.data ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('yesterday')} {show(m, q.data.yesterday[m])} ({t('vsYesterday')} {changeText(q.data.today[m], q.data.yesterday[m])})
                <br />
                {t('lastWeekDay')} {show(m, q.data.lastWeek[m])} ({t('vsLastWeek')} {changeText(q.data.today[m], q.data.lastWeek[m])})
              </Typography.Text>
            ) : null}
          </Card>
        </Col>
      ))}
      <Col span={24}>
        <AsOf t={t} at={q.data?.asOf} testId="stats-today-as-of" />
      </Col>
    </Row>
  );
}

/** The range's figures against the previous period of the same length. */
function RangeFigures({ t, range, stadiumId, refetchMs }: { t: StatsT; range: DayRange; stadiumId?: number; refetchMs: number }) {
  const previous = previousOf(range);
  const q = useQuery({
    queryKey: ['statistics', 'range', range, stadiumId],
    queryFn: async () => {
      const [now, before] = await Promise.all([summaryOf(range, stadiumId), summaryOf(previous, stadiumId)]);
      return { now: now.body, before: before.body, asOf: oldestAsOf(now, before) };
    },
    refetchInterval: refetchMs,
  });
  return (
    <Table
      size="small"
      rowKey="metric"
      pagination={false}
      loading={q.isLoading}
      data-testid="stats-range"
      footer={q.data?.asOf ? () => <AsOf t={t} at={q.data.asOf} testId="stats-range-as-of" /> : undefined}
      dataSource={q.data ? STATISTICS_METRICS.map((m) => ({ metric: m, now: q.data.now[m], before: q.data.before[m] })) : []}
      columns={[
        { key: 'metric', title: t('range'), dataIndex: 'metric', render: (m: StatisticsMetric) => t(`metric.${m}`) },
        { key: 'now', title: `${range.from} ~ ${range.to}`, dataIndex: 'now', align: 'right', render: (v: number, r) => show(r.metric, v) },
        {
          key: 'before',
          title: `${t('previous')} ${previous.from} ~ ${previous.to}`,
          dataIndex: 'before',
          align: 'right',
          render: (v: number, r) => show(r.metric, v),
        },
        { key: 'change', title: t('change'), align: 'right', render: (_: unknown, r) => changeText(r.now, r.before) },
      ]}
    />
  );
}

function Trend({ t, range, stadiumId, refetchMs }: { t: StatsT; range: DayRange; stadiumId?: number; refetchMs: number }) {
  const dark = useThemeName() === 'dark';
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const q = useQuery({ queryKey: ['statistics', 'days', range, stadiumId], queryFn: () => daysOf(range, stadiumId), refetchInterval: refetchMs });
  const rows = useMemo(() => q.data?.body.data ?? [], [q.data]);
  const days = useMemo(() => daysIn(range), [range]);
  const kinds = useMemo(() => [...new Set(rows.map((r) => r.kind))].sort(), [rows]);
  const kindLabel = useItemKindName();
  const byKind = useMemo(
    () =>
      kinds.map((kind) => {
        const of = rows.filter((r) => r.kind === kind);
        return {
          kind,
          revenueFen: of.reduce((a, r) => a + r.revenueFen, 0),
          refundFen: of.reduce((a, r) => a + r.refundFen, 0),
          items: of.reduce((a, r) => a + r.items, 0),
        };
      }),
    [kinds, rows],
  );
  const option = useMemo(
    () => ({
      backgroundColor: 'transparent',
      // A live refresh redraws it every few seconds: no growing bars each time.
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 60, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
      yAxis: { type: 'value', name: '¥' },
      series: [
        ...kinds.map((kind) => ({
          name: kindLabel(kind),
          type: 'bar',
          stack: 'revenue',
          data: days.map((d) => yuanValue(rows.filter((r) => r.day === d && r.kind === kind).reduce((a, r) => a + r.revenueFen, 0))),
        })),
        {
          name: t('net'),
          type: 'line',
          data: days.map((d) => yuanValue(rows.filter((r) => r.day === d).reduce((a, r) => a + r.revenueFen - r.refundFen, 0))),
        },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- kindLabel is t's, listed
    [days, kinds, rows, t],
  );
  return (
    <Card
      size="small"
      title={t('trend')}
      extra={
        <Space>
          <AsOf t={t} at={q.data?.asOf} testId="stats-trend-as-of" />
          <Segmented
            size="small"
            value={view}
            onChange={(v) => setView(v as 'chart' | 'table')}
            options={[
              { value: 'chart', label: t('chartView') },
              { value: 'table', label: t('tableView') },
            ]}
            data-testid="stats-view"
          />
        </Space>
      }
    >
      {!rows.length && !q.isLoading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : view === 'chart' ? (
        <ReactEChartsCore echarts={echarts} option={option} theme={dark ? 'dark' : undefined} style={{ height: 320 }} notMerge />
      ) : (
        <Table
          size="small"
          rowKey={(r) => `${r.day}:${r.kind}`}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          dataSource={rows}
          data-testid="stats-days"
          columns={[
            { key: 'day', title: t('day'), dataIndex: 'day' },
            { key: 'kind', title: t('kindName'), dataIndex: 'kind', render: kindLabel },
            { key: 'rev', title: t('metric.revenueFen'), dataIndex: 'revenueFen', align: 'right', render: (v: number) => yuan(v) },
            { key: 'ref', title: t('metric.refundFen'), dataIndex: 'refundFen', align: 'right', render: (v: number) => yuan(v) },
            { key: 'orders', title: t('metric.orders'), dataIndex: 'orders', align: 'right' },
            { key: 'items', title: t('items'), dataIndex: 'items', align: 'right' },
          ]}
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('byKind')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="kind"
        pagination={false}
        dataSource={byKind}
        data-testid="stats-kinds"
        columns={[
          { key: 'kind', title: t('kindName'), dataIndex: 'kind', render: kindLabel },
          { key: 'rev', title: t('metric.revenueFen'), dataIndex: 'revenueFen', align: 'right', render: (v: number) => yuan(v) },
          { key: 'ref', title: t('metric.refundFen'), dataIndex: 'refundFen', align: 'right', render: (v: number) => yuan(v) },
          { key: 'items', title: t('items'), dataIndex: 'items', align: 'right' },
        ]}
      />
    </Card>
  );
}

/** sport.statistics.dashboard (spec 2.3): today against yesterday and last week, the range's figures and trend by item kind, live. */
export default function DashboardPage() {
  const t = useStatsT();
  const can = useCan();
  const client = useQueryClient();
  const timeZone = useVenueTimeZone();
  const today = todayIn(timeZone);
  const venues = useVenueOptions();
  const [stadiumId, setStadiumId] = useState<number | undefined>();
  const [preset, setPreset] = useState<Preset>('thisMonth');
  const [custom, setCustom] = useState<DayRange>({ from: shiftDay(today, -29), to: today });
  const range = rangeOf(preset, today, custom);
  const refetchMs = useLiveRefresh();
  const rebuild = async () => {
    const r = await http.post<{ rows: number }>(statsUrl('rebuild'), {});
    success(t('rebuilt', { rows: r.rows }));
    await client.invalidateQueries({ queryKey: ['statistics'] });
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="stats-dashboard">
      <Space wrap>
        <Select
          aria-label={t('venue')}
          style={{ minWidth: 180 }}
          allowClear
          placeholder={t('allVenues')}
          value={stadiumId}
          onChange={(v) => setStadiumId(v ?? undefined)}
          options={venues}
          data-testid="stats-venue"
        />
        <Segmented
          value={preset}
          onChange={(v) => setPreset(v as Preset)}
          options={PRESETS.map((p) => ({ value: p, label: t(`preset.${p}`) }))}
          data-testid="stats-preset"
        />
        {preset === 'custom' ? (
          <DatePicker.RangePicker
            aria-label={t('range')}
            allowClear={false}
            value={[dayjs(custom.from), dayjs(custom.to)]}
            onChange={(v) => {
              if (v?.[0] && v[1]) setCustom({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') });
            }}
          />
        ) : null}
        {can(Perm.statistics.rebuild) ? (
          <Button onClick={() => void rebuild()} data-testid="stats-rebuild">
            {t('rebuild')}
          </Button>
        ) : null}
      </Space>
      <TodayCards t={t} today={today} stadiumId={stadiumId} refetchMs={refetchMs} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={14}>
          <Trend t={t} range={range} stadiumId={stadiumId} refetchMs={refetchMs} />
        </Col>
        <Col xs={24} xxl={10}>
          <RangeFigures t={t} range={range} stadiumId={stadiumId} refetchMs={refetchMs} />
        </Col>
      </Row>
    </Space>
  );
}
