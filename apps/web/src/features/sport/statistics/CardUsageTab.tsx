import { useMemo, useState } from 'react';
import { Button, Card, Col, Drawer, Row, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import {
  CARD_USAGE_METRICS,
  Perm,
  type CardUsageMetric,
  type CardUsageStatsDrillPage,
  type CardUsageStatsLine,
  type CardUsageStatsReport,
  type CardUsageStatsRow,
} from '@venue/contract';
import { http } from '../../../app/request.ts';
import { useCan } from '../../../kit/index.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { ReportFrame } from './ReportFrame.tsx';
import { previousOf } from './ranges.ts';
import { changeText, oldestAsOf, postStats, statsUrl, useExport, type Filter, type StatsT } from './shared.ts';

/** A table row: a month's card type, or the total. */
type UsageRow = (CardUsageStatsRow & { key: string }) | (CardUsageStatsReport['total'] & { key: 'total' });
const typeRow = (r: UsageRow): (CardUsageStatsRow & { key: string }) | null => ('month' in r ? r : null);
/** What a figure drills with: the row's month (within the range) and card type. */
interface UsageDrill {
  metric: CardUsageMetric;
  title: string;
  from: string;
  to: string;
  stadiumId?: number;
  typeId?: number;
}

const show = (metric: CardUsageMetric, v: number) => (metric === 'valueFen' ? yuan(v) : String(v));
const KIND_COLOR = { value: 'gold', times: 'blue', period: 'green' } as const;
/** A cell of two lines: the main text, and a secondary one under it (a phone, a card number, an order number). */
const twoLines = (main: string, sub: string | null) => (
  <Space orientation="vertical" size={0}>
    <span>{main}</span>
    {sub ? (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {sub}
      </Typography.Text>
    ) : null}
  </Space>
);

/** A figure's lines: each use (when, which card, whose, where, what for), or each member's uses in all. */
function UsageDrillDrawer({ t, drill, onClose }: { t: StatsT; drill: UsageDrill | null; onClose: () => void }) {
  const can = useCan();
  const ex = useExport();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const body = drill ? { metric: drill.metric, from: drill.from, to: drill.to, stadiumId: drill.stadiumId, typeId: drill.typeId } : null;
  const q = useQuery({
    queryKey: ['statistics', 'cardUsage', 'drill', body, page],
    queryFn: () => http.post<CardUsageStatsDrillPage>(statsUrl('cardUsage/drill'), { ...body, ...page }),
    enabled: !!body,
  });
  const members = drill?.metric === 'members';
  const sum = (d: CardUsageStatsDrillPage) =>
    drill!.metric === 'valueFen' ? yuan(d.sumFen) : String(drill!.metric === 'times' ? d.sumTimes : drill!.metric === 'uses' ? d.sumUses : d.total);
  const usedFor = (l: CardUsageStatsLine) =>
    l.usedFor === 'checkin' ? t('cardUsage.checkin', { how: l.detail ? t.dynamic('cardUsage.by', l.detail) : '—' }) : (l.detail ?? '—');
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
          <Button loading={ex.busy} onClick={() => void ex.run('cardUsage/drill/export', body, 'card-usage-lines')} data-testid="stats-drill-export">
            {t('export')}
          </Button>
        ) : null
      }
    >
      {q.data ? <Typography.Paragraph data-testid="stats-drill-sum">{t('drillSum', { n: q.data.total, sum: sum(q.data) })}</Typography.Paragraph> : null}
      <Table<CardUsageStatsLine>
        size="small"
        rowKey={(l) => `${l.day}:${l.time}:${l.cardNo}:${l.memberName}:${l.orderNo}:${l.detail}`}
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
          { key: 'at', title: members ? t('cardUsage.lastUse') : t('cardUsage.time'), render: (_: unknown, l) => `${l.day} ${l.time}` },
          { key: 'member', title: t('cardUsage.member'), render: (_: unknown, l) => twoLines(l.memberName ?? '—', l.memberPhone) },
          { key: 'card', title: t('cardUsage.typeName'), render: (_: unknown, l) => twoLines(l.typeName, l.cardNo) },
          ...(members
            ? [{ key: 'uses', title: t('cardUsage.uses'), dataIndex: 'uses', align: 'right' as const }]
            : [
                { key: 'venue', title: t('venue'), render: (_: unknown, l: CardUsageStatsLine) => l.stadiumName ?? t('noVenue') },
                { key: 'usedFor', title: t('cardUsage.usedFor'), render: (_: unknown, l: CardUsageStatsLine) => twoLines(usedFor(l), l.orderNo) },
              ]),
          { key: 'times', title: t('cardUsage.times'), dataIndex: 'times', align: 'right' },
          { key: 'amount', title: t('cardUsage.valueFen'), dataIndex: 'amountFen', align: 'right', render: (v: number) => yuan(v) },
        ]}
      />
    </Drawer>
  );
}

/**
 * The member card screen's monthly usage (`cardUsage`): uses, times deducted, value deducted and
 * members, by month and card type, against the previous period; a chart of uses by month stacked
 * by card type; each figure opens onto its lines.
 */
export function CardUsageTab({ t, filter }: { t: StatsT; filter: Filter }) {
  const ex = useExport();
  const [view, setView] = useState<'table' | 'chart'>('table');
  const [drill, setDrill] = useState<UsageDrill | null>(null);
  const body = { ...filter.range, stadiumId: filter.stadiumId };
  const previous = previousOf(filter.range);
  const q = useQuery({
    queryKey: ['statistics', 'cardUsage', body],
    queryFn: async () => {
      const [now, before] = await Promise.all([
        postStats<CardUsageStatsReport>('cardUsage', body),
        postStats<CardUsageStatsReport>('cardUsage', { ...body, ...previous }),
      ]);
      return { now: now.body, before: before.body, asOf: oldestAsOf(now, before) };
    },
  });
  const rows = useMemo<UsageRow[]>(
    () => (q.data ? [...q.data.now.data.map((r) => ({ ...r, key: `${r.month}-${r.typeId}` })), { ...q.data.now.total, key: 'total' as const }] : []),
    [q.data],
  );
  const option = useMemo(() => {
    const data = q.data?.now.data ?? [];
    const months = [...new Set(data.map((r) => r.month))];
    const types = [...new Map(data.map((r) => [r.typeId, r.typeName])).entries()];
    return {
      backgroundColor: 'transparent',
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: months },
      yAxis: { type: 'value', name: t('cardUsage.uses'), minInterval: 1 },
      series: types.map(([typeId, name]) => ({
        name,
        type: 'bar',
        stack: 'uses',
        barMaxWidth: 48,
        data: months.map((m) => data.find((r) => r.month === m && r.typeId === typeId)?.uses ?? 0),
      })),
    };
  }, [q.data, t]);
  /** A row's month, clipped to the range; the total's the range. */
  const drillOf = (r: UsageRow, metric: CardUsageMetric): UsageDrill => {
    const row = typeRow(r);
    const label = row ? `${row.month} · ${row.typeName}` : t('total');
    const base = { metric, title: `${t('report.cardUsage')} · ${label} · ${t(`cardUsage.${metric}`)}`, ...filter.range, stadiumId: filter.stadiumId };
    if (!row) return base;
    const first = `${row.month}-01`;
    const last = dayjs(first).endOf('month').format('YYYY-MM-DD');
    return { ...base, from: filter.range.from > first ? filter.range.from : first, to: filter.range.to < last ? filter.range.to : last, typeId: row.typeId };
  };
  const figure = (metric: CardUsageMetric) => (v: number, r: UsageRow) => (
    <Button type="link" size="small" onClick={() => setDrill(drillOf(r, metric))} data-testid={`stats-fig-${r.key}-${metric}`}>
      {show(metric, v)}
    </Button>
  );
  const title = (m: CardUsageMetric) =>
    m === 'members' ? (
      <Tooltip title={t('cardUsage.membersHint')}>
        <span>{t('cardUsage.members')}</span>
      </Tooltip>
    ) : (
      t(`cardUsage.${m}`)
    );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {q.data ? (
        <Row gutter={[16, 16]} data-testid="stats-compare">
          {CARD_USAGE_METRICS.map((m) => (
            <Col key={m} xs={12} lg={6}>
              <Card size="small">
                <Statistic title={t(`cardUsage.${m}`)} value={show(m, q.data.now.total[m])} />
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
        title={t('report.cardUsage')}
        asOf={q.data?.asOf}
        view={view}
        onView={setView}
        exporting={ex.busy}
        onExport={() => void ex.run('cardUsage/export', body, 'card-usage')}
        chart={option}
        hasRows={!!q.data?.now.data.length}
        empty={t('cardUsage.empty')}
      >
        <Table<UsageRow>
          size="small"
          rowKey="key"
          loading={q.isLoading}
          dataSource={rows}
          pagination={false}
          data-testid="stats-report"
          locale={{ emptyText: t('cardUsage.empty') }}
          columns={[
            { key: 'month', title: t('cardUsage.month'), render: (_: unknown, r) => typeRow(r)?.month ?? t('total') },
            {
              key: 'typeName',
              title: t('cardUsage.typeName'),
              render: (_: unknown, r) => {
                const row = typeRow(r);
                return row ? (
                  <Space size={4}>
                    {row.typeName}
                    <Tag color={KIND_COLOR[row.cardKind]}>{t(`cardUsage.kind.${row.cardKind}`)}</Tag>
                  </Space>
                ) : null;
              },
            },
            ...CARD_USAGE_METRICS.map((m) => ({ key: m, title: title(m), dataIndex: m, align: 'right' as const, render: figure(m) })),
          ]}
        />
      </ReportFrame>
      <UsageDrillDrawer t={t} drill={drill} onClose={() => setDrill(null)} />
    </Space>
  );
}
