import { useMemo, useState } from 'react';
import { Button, Card, Col, Drawer, Rate, Row, Segmented, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  Perm,
  TRAINING_REPORTS,
  type TrainingDimension,
  type TrainingDrillLine,
  type TrainingDrillPage,
  type TrainingMetric,
  type TrainingReport,
  type TrainingReportDef,
  type TrainingReportKey,
  type TrainingReportRow,
} from '@venue/contract';
import { http } from '../../../app/request.ts';
import { useCan } from '../../../kit/index.ts';
import { changeText, oldestAsOf, postStats, statsUrl, useExport, type Filter, type StatsT } from './shared.ts';
import { ReportFrame } from './ReportFrame.tsx';
import { previousOf } from './ranges.ts';

/** What a training figure drills with: the report's dimension and the row's key (none: the total's lines). */
interface TrainingDrillOf {
  metric: TrainingMetric;
  title: string;
  by?: TrainingDimension;
  key?: string;
}

const RATIOS: readonly TrainingMetric[] = ['ratingAvg', 'rate'];
const EVALUATION_LINES: readonly TrainingMetric[] = ['evaluations', 'ratingAvg', 'lowRatings'];
const STATE_COLOR: Record<string, string> = { present: 'green', late: 'orange', absent: 'red', leave: 'default' };

/** A figure as the table shows it: an average to 1 decimal, a rate in %, a missing ratio as a dash. */
function show(metric: TrainingMetric, v: number | null): string {
  if (v === null) return '—';
  if (metric === 'rate') return `${v.toFixed(1)}%`;
  if (metric === 'ratingAvg') return v.toFixed(1);
  return String(v);
}

function TrainingDrillDrawer({ t, drill, filter, onClose }: { t: StatsT; drill: TrainingDrillOf | null; filter: Filter; onClose: () => void }) {
  const can = useCan();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const ex = useExport();
  const body = drill ? { metric: drill.metric, ...filter.range, stadiumId: filter.stadiumId, by: drill.by, key: drill.key } : null;
  const q = useQuery({
    queryKey: ['statistics', 'training', 'drill', body, page],
    queryFn: () => http.post<TrainingDrillPage>(statsUrl('training/drill'), { ...body, ...page }),
    enabled: !!body,
  });
  const rated = !!drill && EVALUATION_LINES.includes(drill.metric);
  const members = drill?.metric !== 'lessons';
  const sum = q.data
    ? rated && q.data.total
      ? t('training.drillAvg', { n: q.data.total, avg: (q.data.sumRating / q.data.total).toFixed(1) })
      : t('drillSum', { n: q.data.total, sum: String(q.data.sumQuantity) })
    : null;
  return (
    <Drawer
      open={!!drill}
      onClose={() => {
        setPage({ pageNum: 1, pageSize: 20 });
        onClose();
      }}
      size="large"
      title={drill ? `${drill.title} · ${filter.range.from} ~ ${filter.range.to}` : ''}
      data-testid="stats-training-drill"
      extra={
        can(Perm.statistics.export) && body ? (
          <Button loading={ex.busy} onClick={() => void ex.run('training/drill/export', body, 'statistics-training-lines')} data-testid="stats-drill-export">
            {t('export')}
          </Button>
        ) : null
      }
    >
      {sum ? <Typography.Paragraph data-testid="stats-drill-sum">{sum}</Typography.Paragraph> : null}
      <Table<TrainingDrillLine>
        size="small"
        rowKey={(l) => `${l.lessonId}:${l.memberName}:${l.memberPhone}:${l.state}`}
        loading={q.isLoading}
        dataSource={q.data?.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: q.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          { key: 'day', title: t('day'), render: (_: unknown, l) => `${l.day} ${l.time}` },
          { key: 'course', title: t('dimension.course'), dataIndex: 'courseName' },
          { key: 'class', title: t('dimension.class'), dataIndex: 'className' },
          { key: 'coach', title: t('dimension.coach'), dataIndex: 'coachName' },
          ...(members
            ? [
                {
                  key: 'member',
                  title: t('training.member'),
                  render: (_: unknown, l: TrainingDrillLine) => (
                    <span>
                      {l.memberName}{' '}
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {l.memberPhone}
                      </Typography.Text>
                    </span>
                  ),
                },
              ]
            : []),
          ...(rated
            ? [
                {
                  key: 'rating',
                  title: t('training.rating'),
                  dataIndex: 'rating',
                  render: (v: number) => <Rate disabled value={v} style={{ fontSize: 12 }} aria-label={String(v)} />,
                },
                { key: 'comment', title: t('training.comment'), dataIndex: 'comment' },
              ]
            : members
              ? [
                  {
                    key: 'state',
                    title: t('training.state'),
                    dataIndex: 'state',
                    render: (v: string | null) => (v ? <Tag color={STATE_COLOR[v]}>{t(`attendance.${v as 'present'}`)}</Tag> : t('training.notRecorded')),
                  },
                ]
              : []),
        ]}
      />
    </Drawer>
  );
}

/**
 * A training report (evaluation by coach or course, attendance by class): figures from the course
 * module's lessons, evaluations and attendances, compared with the previous period; each figure opens
 * onto the lines it counts (an average onto the evaluations, a rate onto the attendances).
 */
export function TrainingTab({ t, report, filter }: { t: StatsT; report: TrainingReportKey; filter: Filter }) {
  const def: TrainingReportDef = TRAINING_REPORTS[report];
  const [by, setBy] = useState<TrainingDimension>(def.by[0]!);
  const [view, setView] = useState<'table' | 'chart'>('table');
  const [drill, setDrill] = useState<TrainingDrillOf | null>(null);
  const ex = useExport();
  const body = { report, by, ...filter.range, stadiumId: filter.stadiumId };
  const previous = previousOf(filter.range);
  const q = useQuery({
    queryKey: ['statistics', 'training', body],
    queryFn: async () => {
      const [now, before] = await Promise.all([postStats<TrainingReport>('training', body), postStats<TrainingReport>('training', { ...body, ...previous })]);
      return { now: now.body, before: before.body, asOf: oldestAsOf(now, before) };
    },
  });
  const label = (r: TrainingReportRow) => (r.key === 'total' ? t('total') : (r.label ?? r.key));
  const rows = useMemo(() => (q.data ? [...q.data.now.data, q.data.now.total] : []), [q.data]);
  const counts = def.metrics.filter((m) => !RATIOS.includes(m));
  const ratio = def.metrics.find((m) => RATIOS.includes(m));
  const option = useMemo(
    () => ({
      backgroundColor: 'transparent',
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 48, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: (q.data?.now.data ?? []).map(label) },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', name: ratio === 'rate' ? '%' : '★', splitLine: { show: false } },
      ],
      series: [
        ...counts.map((m) => ({ name: t(`training.${m}`), type: 'bar', data: (q.data?.now.data ?? []).map((r) => r[m]) })),
        ...(ratio ? [{ name: t(`training.${ratio}`), type: 'line', yAxisIndex: 1, data: (q.data?.now.data ?? []).map((r) => r[ratio]) }] : []),
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- label is t's, listed; counts and ratio are the report's
    [q.data, t, report],
  );
  const figure = (metric: TrainingMetric) => (v: number | null, r: TrainingReportRow) => (
    <Button
      type="link"
      size="small"
      onClick={() =>
        setDrill({ metric, title: `${t(`report.${report}`)} · ${label(r)} · ${t(`training.${metric}`)}`, ...(r.key === 'total' ? {} : { by, key: r.key }) })
      }
      data-testid={`stats-fig-${r.key}-${metric}`}
    >
      {show(metric, v)}
    </Button>
  );
  const compared = (m: TrainingMetric) => {
    const now = q.data!.now.total[m];
    const before = q.data!.before.total[m];
    return `${t('previous')} ${show(m, before)}${now !== null && before !== null ? ` (${changeText(now, before)})` : ''}`;
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {q.data ? (
        <Row gutter={[16, 16]} data-testid="stats-compare">
          {def.metrics.map((m) => (
            <Col key={m} xs={12} lg={Math.max(4, Math.floor(24 / def.metrics.length))}>
              <Card size="small">
                <Statistic title={t(`training.${m}`)} value={show(m, q.data.now.total[m])} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {compared(m)}
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
        tools={
          def.by.length > 1 ? (
            <Segmented
              size="small"
              value={by}
              onChange={(v) => setBy(v as TrainingDimension)}
              options={def.by.map((d) => ({ value: d, label: t(`training.by.${d}`) }))}
              data-testid="stats-training-by"
            />
          ) : null
        }
        exporting={ex.busy}
        onExport={() => void ex.run('training/export', body, 'statistics-training')}
        chart={option}
        hasRows={!!q.data?.now.data.length}
        empty={t('training.empty')}
      >
        <Table<TrainingReportRow>
          size="small"
          rowKey="key"
          loading={q.isLoading}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="stats-report"
          columns={[
            { key: 'key', title: t(`dimension.${by}`), render: (_: unknown, r) => label(r) },
            ...(by === 'class'
              ? [
                  { key: 'course', title: t('dimension.course'), dataIndex: 'courseName' },
                  { key: 'coach', title: t('dimension.coach'), dataIndex: 'coachName' },
                ]
              : []),
            ...def.metrics.map((m) => ({ key: m, title: t(`training.${m}`), dataIndex: m, align: 'right' as const, render: figure(m) })),
          ]}
        />
      </ReportFrame>
      <TrainingDrillDrawer t={t} drill={drill} filter={filter} onClose={() => setDrill(null)} />
    </Space>
  );
}
