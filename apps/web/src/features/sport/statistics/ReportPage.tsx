import { useMemo, useState } from 'react';
import { Button, Card, Col, DatePicker, Drawer, Row, Segmented, Select, Space, Statistic, Table, Tabs, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import {
  Perm,
  STATISTICS_REPORTS,
  isLineDimension,
  isReportKey,
  isTrainingReport,
  isUtilisationReport,
  metricsOf,
  type LineDimension,
  type ReportDef,
  STATISTICS_SCREENS,
  type ReportMetric,
  type StatisticsDrillLine,
  type StatisticsDrillPage,
  type StatisticsReport,
  type StatisticsReportKey,
  type StatisticsReportRow,
  type StatisticsScreen,
} from '@venue/contract';
import { http } from '../../../app/request.ts';
import { sportName, todayIn, useCan, useItemKindName, useVenueOptions, useVenueTimeZone } from '../../../kit/index.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { changeText, oldestAsOf, postStats, statsUrl, useExport, useStatsT, type Filter, type StatsT } from './shared.ts';
import { CardUsageTab } from './CardUsageTab.tsx';
import { TrainingTab } from './TrainingTab.tsx';
import { UtilisationTab } from './UtilisationTab.tsx';
import { ReportFrame } from './ReportFrame.tsx';
import { PRESETS, previousOf, rangeOf, shiftDay, type DayRange, type Preset } from './ranges.ts';

/** What a figure drills with: the row's days, venue and kinds. */
interface DrillOf {
  metric: ReportMetric;
  title: string;
  from: string;
  to: string;
  stadiumId?: number;
  kinds?: string[];
  /** A line dimension's row: only its key's share. */
  dim?: LineDimension;
  dimKey?: string;
}

const show = (metric: ReportMetric, v: number) => (metric.endsWith('Fen') ? yuan(v) : String(v));
/** The drill of a report row's figure: a day or month narrows the days, a venue row the venue, a kind row the kinds. */
function drillOf(report: StatisticsReportKey, row: StatisticsReportRow, metric: ReportMetric, f: Filter, title: string): DrillOf {
  const def: ReportDef = STATISTICS_REPORTS[report];
  const base = { metric, title, ...f.range, stadiumId: f.stadiumId, kinds: def.kinds ? [...def.kinds] : undefined };
  if (row.key === 'total') return base;
  switch (def.dimension) {
    case 'day':
      return { ...base, from: row.key, to: row.key };
    case 'month': {
      const first = `${row.key}-01`;
      const last = dayjs(first).endOf('month').format('YYYY-MM-DD');
      return { ...base, from: f.range.from > first ? f.range.from : first, to: f.range.to < last ? f.range.to : last };
    }
    case 'venue':
      return { ...base, stadiumId: Number(row.key) };
    case 'kind':
      return { ...base, kinds: [row.key] };
    default:
      return { ...base, dim: def.dimension, dimKey: row.key };
  }
}

function DrillDrawer({ t, drill, onClose }: { t: StatsT; drill: DrillOf | null; onClose: () => void }) {
  const can = useCan();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const ex = useExport();
  const body = drill
    ? { metric: drill.metric, from: drill.from, to: drill.to, stadiumId: drill.stadiumId, kinds: drill.kinds, dim: drill.dim, dimKey: drill.dimKey }
    : null;
  const q = useQuery({
    queryKey: ['statistics', 'drill', body, page],
    queryFn: () => http.post<StatisticsDrillPage>(statsUrl('drill'), { ...body, ...page }),
    enabled: !!body,
  });
  // Money lines are ledger postings: their `kind` is the account the money moved through; a
  // payment's or refund's share of a kind or a line dimension's key is listed under its item kind.
  const shares = (drill?.metric === 'revenueFen' || drill?.metric === 'refundFen') && !!(drill.kinds || drill.dim);
  const money = !!drill?.metric.endsWith('Fen') && !shares;
  const kindName = useItemKindName();
  const kindLabel = (k: string | null) => (money ? t.dynamic('account', k) : kindName(k));
  return (
    <Drawer
      open={!!drill}
      onClose={() => {
        setPage({ pageNum: 1, pageSize: 20 });
        onClose();
      }}
      size="large"
      title={drill ? `${drill.title} · ${drill.metric.endsWith('HeldFen') ? t('upTo', { day: drill.to }) : `${drill.from} ~ ${drill.to}`}` : ''}
      data-testid="stats-drill"
      extra={
        can(Perm.statistics.export) && body ? (
          <Button loading={ex.busy} onClick={() => void ex.run('drill/export', body, 'statistics-lines')} data-testid="stats-drill-export">
            {t('export')}
          </Button>
        ) : null
      }
    >
      {q.data ? (
        <Typography.Paragraph data-testid="stats-drill-sum">
          {t('drillSum', { n: q.data.total, sum: drill!.metric.endsWith('Fen') ? yuan(q.data.sumFen) : String(q.data.sumQuantity) })}
        </Typography.Paragraph>
      ) : null}
      <Table<StatisticsDrillLine>
        size="small"
        rowKey={(l) => `${l.day}:${l.ref}:${l.kind}:${l.name}:${l.amountFen}`}
        loading={q.isLoading}
        dataSource={q.data?.data ?? []}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: q.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          { key: 'day', title: t('day'), dataIndex: 'day' },
          { key: 'ref', title: t('ref'), dataIndex: 'ref' },
          { key: 'orderNo', title: t('orderNo'), dataIndex: 'orderNo' },
          { key: 'kind', title: money ? t('accountName') : t('kindName'), dataIndex: 'kind', render: kindLabel },
          { key: 'name', title: t('name'), dataIndex: 'name' },
          { key: 'amount', title: t('amount'), dataIndex: 'amountFen', align: 'right', render: (v: number) => yuan(v) },
          { key: 'qty', title: t('items'), dataIndex: 'quantity', align: 'right' },
        ]}
      />
    </Drawer>
  );
}

function ReportTab({ t, report, filter }: { t: StatsT; report: StatisticsReportKey; filter: Filter }) {
  const [view, setView] = useState<'table' | 'chart'>('table');
  const [drill, setDrill] = useState<DrillOf | null>(null);
  const ex = useExport();
  const kindName = useItemKindName();
  const def: ReportDef = STATISTICS_REPORTS[report];
  const metrics = metricsOf(def);
  // The chart draws the money moved (a balance is a table figure).
  const charted = metrics.filter((m) => m.endsWith('Fen') && !m.endsWith('HeldFen'));
  const previous = previousOf(filter.range);
  const body = { report, ...filter.range, stadiumId: filter.stadiumId };
  const q = useQuery({
    queryKey: ['statistics', 'report', body],
    queryFn: async () => {
      const [now, before] = await Promise.all([postStats<StatisticsReport>('report', body), postStats<StatisticsReport>('report', { ...body, ...previous })]);
      return { now: now.body, before: before.body, asOf: oldestAsOf(now, before) };
    },
  });
  const label = (r: StatisticsReportRow) => {
    if (r.key === 'total') return t('total');
    if (def.dimension === 'kind') return kindName(r.key);
    if (def.dimension === 'venue') return r.label ?? t('noVenue');
    if (!isLineDimension(def.dimension)) return r.key;
    // A line naming no site, coach or course; a sport by its name in the language.
    if (r.key === '0') return t('notGiven');
    return def.dimension === 'sport' ? sportName(r.key) : (r.label ?? r.key);
  };
  const rows = useMemo(() => (q.data ? [...q.data.now.data, q.data.now.total] : []), [q.data]);
  const option = useMemo(
    () => ({
      backgroundColor: 'transparent',
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 60, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: (q.data?.now.data ?? []).map(label) },
      yAxis: { type: 'value', name: '¥' },
      series: charted.map((m) => ({
        name: t(`metric.${m}`),
        type: 'bar',
        data: (q.data?.now.data ?? []).map((r) => r[m] / 100),
      })),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- label is t's, listed; charted is the report's
    [q.data, t, report],
  );
  const figure = (metric: ReportMetric) => (v: number, r: StatisticsReportRow) => (
    <Button
      type="link"
      size="small"
      onClick={() => setDrill(drillOf(report, r, metric, filter, `${t(`report.${report}`)} · ${label(r)} · ${t(`metric.${metric}`)}`))}
      data-testid={`stats-fig-${r.key}-${metric}`}
    >
      {show(metric, v)}
    </Button>
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {q.data ? (
        <Row gutter={[16, 16]} data-testid="stats-compare">
          {metrics.map((m) => (
            <Col key={m} xs={12} lg={Math.max(6, 24 / metrics.length)}>
              <Card size="small">
                <Statistic title={t(`metric.${m}`)} value={show(m, q.data.now.total[m])} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('previous')} {show(m, q.data.before.total[m])} ({changeText(q.data.now.total[m], q.data.before.total[m])})
                </Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      ) : null}
      <ReportFrame
        t={t}
        title={t(`report.${report}`)}
        asOf={q.data?.asOf}
        view={view}
        onView={setView}
        exporting={ex.busy}
        onExport={() => void ex.run('report/export', body, 'statistics-report')}
        chart={option}
        hasRows={!!q.data?.now.data.length}
        empty={t('empty')}
      >
        <Table<StatisticsReportRow>
          size="small"
          rowKey="key"
          loading={q.isLoading}
          dataSource={rows}
          pagination={false}
          data-testid="stats-report"
          columns={[
            { key: 'key', title: t(`dimension.${def.dimension as 'day'}`), render: (_: unknown, r) => label(r) },
            ...metrics.map((m) => ({ key: m, title: t(`metric.${m}`), dataIndex: m, align: 'right' as const, render: figure(m) })),
          ]}
        />
      </ReportFrame>
      <DrillDrawer t={t} drill={drill} onClose={() => setDrill(null)} />
    </Space>
  );
}

/** A spec 2.5 statistics screen: its tabs (`STATISTICS_SCREENS`) over one range and venue, each figure opening onto its lines. */
function ReportScreen({ screen }: { screen: StatisticsScreen }) {
  const t = useStatsT();
  const today = todayIn(useVenueTimeZone());
  const venues = useVenueOptions();
  const [stadiumId, setStadiumId] = useState<number | undefined>();
  const [preset, setPreset] = useState<Preset>('thisMonth');
  const [custom, setCustom] = useState<DayRange>({ from: shiftDay(today, -29), to: today });
  const filter: Filter = { range: rangeOf(preset, today, custom), stadiumId };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid={`stats-screen-${screen}`}>
      <Space wrap>
        <Select
          aria-label={t('venue')}
          style={{ minWidth: 180 }}
          allowClear
          placeholder={t('allVenues')}
          value={stadiumId}
          onChange={(v) => setStadiumId(v ?? undefined)}
          options={venues}
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
        <Typography.Text type="secondary">
          {filter.range.from} ~ {filter.range.to}
        </Typography.Text>
        {screen === 'ticketBusinessStatistics' ? (
          // The ticket module's statistics by project, session and channel: the same sales, not a second copy.
          <Link to="/sport/views/ticketManagement/projectSalesStatistics/index">{t('projectSales')}</Link>
        ) : null}
      </Space>
      <Tabs
        destroyOnHidden
        items={STATISTICS_SCREENS[screen].map((report) => ({
          key: report,
          label: t(`report.${report}`),
          children: isReportKey(report) ? (
            <ReportTab t={t} report={report} filter={filter} />
          ) : isTrainingReport(report) ? (
            <TrainingTab t={t} report={report} filter={filter} />
          ) : isUtilisationReport(report) ? (
            <UtilisationTab t={t} report={report} filter={filter} />
          ) : (
            <CardUsageTab t={t} filter={filter} />
          ),
        }))}
      />
    </Space>
  );
}

/** One component per screen (the console's screen table maps each key to one). */
export const reportScreens = Object.fromEntries(
  (Object.keys(STATISTICS_SCREENS) as StatisticsScreen[]).map((screen) => [screen, () => <ReportScreen screen={screen} />]),
) as Record<StatisticsScreen, () => React.JSX.Element>;
