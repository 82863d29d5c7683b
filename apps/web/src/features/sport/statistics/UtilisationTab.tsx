import { useMemo, useState } from 'react';
import { Button, Card, Col, Drawer, Row, Space, Statistic, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  Perm,
  UTILISATION_REPORTS,
  type StatisticsUtilisation,
  type StatisticsUtilisationRow,
  type UtilisationDrillPage,
  type UtilisationLine,
  type UtilisationReportKey,
} from '@venue/contract';
import { http } from '../../../app/request.ts';
import { sportName, useCan } from '../../../kit/index.ts';
import { oldestAsOf, postStats, statsUrl, useExport, type Filter, type StatsT } from './shared.ts';
import { ReportFrame } from './ReportFrame.tsx';
import { previousOf } from './ranges.ts';

/** Minutes as hours, to two decimals at most. */
const hours = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);
const percent = (v: number) => `${v.toFixed(1)}%`;

/** What booked time drills into: the range, and the row's venue or sport. */
interface UtilisationDrill {
  title: string;
  from: string;
  to: string;
  stadiumId?: number;
  sport?: string;
}

function UtilisationDrawer({ t, drill, onClose }: { t: StatsT; drill: UtilisationDrill | null; onClose: () => void }) {
  const can = useCan();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const ex = useExport();
  const body = drill ? { from: drill.from, to: drill.to, stadiumId: drill.stadiumId, sport: drill.sport } : null;
  const q = useQuery({
    queryKey: ['statistics', 'utilisation', 'drill', body, page],
    queryFn: () => http.post<UtilisationDrillPage>(statsUrl('utilisation/drill'), { ...body, ...page }),
    enabled: !!body,
  });
  return (
    <Drawer
      open={!!drill}
      onClose={() => {
        setPage({ pageNum: 1, pageSize: 20 });
        onClose();
      }}
      size="large"
      title={drill ? `${drill.title} · ${drill.from} ~ ${drill.to}` : ''}
      data-testid="stats-drill"
      extra={
        can(Perm.statistics.export) && body ? (
          <Button loading={ex.busy} onClick={() => void ex.run('utilisation/drill/export', body, 'site-bookings')} data-testid="stats-drill-export">
            {t('export')}
          </Button>
        ) : null
      }
    >
      {q.data ? (
        <Typography.Paragraph data-testid="stats-drill-sum">
          {t('utilisation.drillSum', { n: q.data.total, hours: hours(q.data.sumMinutes) })}
        </Typography.Paragraph>
      ) : null}
      <Table<UtilisationLine>
        size="small"
        rowKey={(l) => `${l.day}:${l.siteId}:${l.start}`}
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
          { key: 'venue', title: t('venue'), dataIndex: 'stadiumName' },
          { key: 'site', title: t('utilisation.site'), dataIndex: 'siteName' },
          { key: 'time', title: t('utilisation.time'), render: (_: unknown, l) => `${l.start}-${l.end}` },
          { key: 'kind', title: t('utilisation.holder'), dataIndex: 'kind', render: (k: string) => t.dynamic('utilisation.claim', k) },
          { key: 'state', title: t('utilisation.state'), dataIndex: 'state', render: (x: string) => t.dynamic('utilisation.claimState', x) },
          { key: 'orderNo', title: t('orderNo'), dataIndex: 'orderNo' },
          { key: 'hours', title: t('utilisation.hours'), dataIndex: 'minutes', align: 'right', render: (m: number) => hours(m) },
        ]}
      />
    </Drawer>
  );
}

/**
 * A utilisation tab ("venue opening", "project opening"): open and booked site hours by venue or
 * sport and utilisation, against the period before; booked hours open onto their booking lines.
 */
export function UtilisationTab({ t, report, filter }: { t: StatsT; report: UtilisationReportKey; filter: Filter }) {
  const [view, setView] = useState<'table' | 'chart'>('table');
  const [drill, setDrill] = useState<UtilisationDrill | null>(null);
  const ex = useExport();
  const byVenue = UTILISATION_REPORTS[report] === 'venue';
  const body = { report, ...filter.range, stadiumId: filter.stadiumId };
  const q = useQuery({
    queryKey: ['statistics', 'utilisation', body],
    queryFn: async () => {
      const [now, before] = await Promise.all([
        postStats<StatisticsUtilisation>('utilisation', body),
        postStats<StatisticsUtilisation>('utilisation', { ...body, ...previousOf(filter.range) }),
      ]);
      return { now: now.body, before: before.body, asOf: oldestAsOf(now, before) };
    },
  });
  const label = (r: StatisticsUtilisationRow) => (r.key === 'total' ? t('total') : byVenue ? (r.label ?? r.key) : sportName(r.key));
  const rows = useMemo(() => (q.data ? [...q.data.now.data, q.data.now.total] : []), [q.data]);
  const option = useMemo(
    () => ({
      backgroundColor: 'transparent',
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 60, right: 60, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: (q.data?.now.data ?? []).map(label) },
      yAxis: [
        { type: 'value', name: t('utilisation.hours') },
        { type: 'value', name: '%', max: 100 },
      ],
      series: [
        { name: t('utilisation.openHours'), type: 'bar', data: (q.data?.now.data ?? []).map((r) => r.openMinutes / 60) },
        { name: t('utilisation.bookedHours'), type: 'bar', data: (q.data?.now.data ?? []).map((r) => r.bookedMinutes / 60) },
        { name: t('utilisation.rate'), type: 'line', yAxisIndex: 1, data: (q.data?.now.data ?? []).map((r) => r.utilisation) },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- label is t's and the report's, listed
    [q.data, t, report],
  );
  const cards = q.data
    ? [
        { key: 'openHours', now: hours(q.data.now.total.openMinutes), before: hours(q.data.before.total.openMinutes) },
        { key: 'bookedHours', now: hours(q.data.now.total.bookedMinutes), before: hours(q.data.before.total.bookedMinutes) },
        { key: 'rate', now: percent(q.data.now.total.utilisation), before: percent(q.data.before.total.utilisation) },
      ]
    : [];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {q.data ? (
        <Row gutter={[16, 16]} data-testid="stats-compare">
          {cards.map((c) => (
            <Col key={c.key} xs={12} lg={8}>
              <Card size="small">
                <Statistic title={t(`utilisation.${c.key as 'rate'}`)} value={c.now} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('previous')} {c.before}
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
        onExport={() => void ex.run('utilisation/export', body, 'site-utilisation')}
        chart={option}
        hasRows={!!q.data?.now.data.length}
        empty={t('empty')}
      >
        <Table<StatisticsUtilisationRow>
          size="small"
          rowKey="key"
          loading={q.isLoading}
          dataSource={rows}
          pagination={false}
          data-testid="stats-report"
          columns={[
            { key: 'key', title: t(`dimension.${byVenue ? 'venue' : 'sport'}`), render: (_: unknown, r) => label(r) },
            { key: 'open', title: t('utilisation.openHours'), dataIndex: 'openMinutes', align: 'right', render: (m: number) => hours(m) },
            {
              key: 'booked',
              title: t('utilisation.bookedHours'),
              dataIndex: 'bookedMinutes',
              align: 'right',
              render: (m: number, r) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    setDrill({
                      title: `${t(`report.${report}`)} · ${label(r)} · ${t('utilisation.bookedHours')}`,
                      ...filter.range,
                      stadiumId: byVenue && r.key !== 'total' ? Number(r.key) : filter.stadiumId,
                      sport: !byVenue && r.key !== 'total' ? r.key : undefined,
                    })
                  }
                  data-testid={`stats-fig-${r.key}-bookedMinutes`}
                >
                  {hours(m)}
                </Button>
              ),
            },
            {
              key: 'rate',
              title: t('utilisation.rate'),
              dataIndex: 'utilisation',
              align: 'right',
              render: (v: number, r) => <span data-testid={`stats-fig-${r.key}-utilisation`}>{percent(v)}</span>,
            },
          ]}
        />
      </ReportFrame>
      <UtilisationDrawer t={t} drill={drill} onClose={() => setDrill(null)} />
    </Space>
  );
}
