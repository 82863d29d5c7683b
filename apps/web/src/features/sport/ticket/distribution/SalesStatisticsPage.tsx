import { useMemo, useState } from 'react';
import { Card, Col, Empty, Row as GridRow, Select, Space, Spin, Statistic, Table, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { StatsAnswer, StatsBucket } from '@venue/contract';
import { useLang, useThemeName } from '../../../../app/prefs.ts';
import { formatTime, yuan } from '../../../../kit/pay/index.ts';
import { distApi, useDistT, useProjectOptions } from './shared.ts';

echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/**
 * Sales statistics (issue 13, spec ticketManagement/projectSalesStatistics): tickets paid for by
 * project, session, level, channel and distributor (count and amount, with charts), and each
 * session's sold / held / with distributors / free.
 */
type Dimension = 'byProject' | 'bySession' | 'byLevel' | 'byChannel' | 'byDistributor';
const DIMENSIONS: Dimension[] = ['byProject', 'bySession', 'byLevel', 'byChannel', 'byDistributor'];

export default function SalesStatisticsPage() {
  const t = useDistT();
  const lang = useLang();
  const themeName = useThemeName();
  const [projectId, setProjectId] = useState<number | undefined>();
  const [dim, setDim] = useState<Dimension>('byProject');
  const projects = useProjectOptions();
  const stats = useQuery({ queryKey: ['ticketDist', 'stats', projectId], queryFn: () => distApi.stats(projectId ? { projectId } : {}) });
  const data = stats.data;
  const nameOf = (b: StatsBucket) => (dim === 'byChannel' ? t.dynamic('channel', b.key) : b.name);
  const buckets = data ? data[dim] : [];

  const bar = useMemo(() => {
    if (!buckets.length) return null;
    return {
      backgroundColor: 'transparent',
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, bottom: 8, top: 36, containLabel: true },
      xAxis: { type: 'category', data: buckets.map(nameOf), axisLabel: { interval: 0, overflow: 'truncate', width: 120 } },
      yAxis: [
        { type: 'value', name: t('stats.amount') },
        { type: 'value', name: t('stats.count'), position: 'right', minInterval: 1, nameTextStyle: { align: 'right' } },
      ],
      series: [
        { name: t('stats.amount'), type: 'bar', data: buckets.map((b) => b.amountFen / 100) },
        { name: t('stats.count'), type: 'bar', yAxisIndex: 1, data: buckets.map((b) => b.count) },
      ],
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the chart follows the buckets and the language; the rest is constant
  }, [buckets, t, lang]);

  const pie = useMemo(() => {
    if (!data?.byChannel.length) return null;
    return {
      backgroundColor: 'transparent',
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          name: t('stats.byChannel'),
          type: 'pie',
          radius: ['40%', '70%'],
          label: { position: 'inside', formatter: '{d}%' },
          data: data.byChannel.map((b) => ({ name: t.dynamic('channel', b.key), value: b.amountFen / 100 })),
        },
      ],
    };
  }, [data, t]);

  const theme = themeName === 'dark' ? 'dark' : undefined;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={16} data-testid="sales-stats">
      <Card size="small" variant="borderless">
        <Space wrap size={32}>
          <Select
            style={{ width: 260 }}
            allowClear
            placeholder={t('stats.allProjects')}
            value={projectId}
            onChange={setProjectId}
            options={projects}
            data-testid="stats-project"
          />
          <Statistic title={t('stats.count')} value={data?.total.count ?? 0} data-testid="stats-count" />
          <Statistic title={t('stats.amount')} value={yuan(data?.total.amountFen ?? 0, lang)} data-testid="stats-amount" />
          <Statistic title={t('stats.refunded')} value={data?.total.refunded ?? 0} />
        </Space>
      </Card>
      {stats.isLoading ? (
        <Spin />
      ) : !data?.total.count ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stats.empty')} />
      ) : (
        <GridRow gutter={16}>
          <Col xs={24} xl={16}>
            <Card size="small" variant="borderless">
              <Tabs activeKey={dim} onChange={(k) => setDim(k as Dimension)} items={DIMENSIONS.map((d) => ({ key: d, label: t(`stats.${d}`) }))} />
              {bar ? (
                <ReactEChartsCore echarts={echarts} option={bar} theme={theme} style={{ height: 320 }} notMerge data-testid="stats-chart" />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
              )}
              <Table<StatsBucket>
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={buckets}
                data-testid="stats-table"
                columns={[
                  { title: t(`stats.${dim}`), key: 'name', render: (_: unknown, b) => nameOf(b) },
                  { title: t('stats.count'), dataIndex: 'count', align: 'right' },
                  { title: t('stats.amount'), dataIndex: 'amountFen', align: 'right', render: (v: number) => yuan(v, lang) },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card size="small" variant="borderless" title={t('stats.byChannel')}>
              {pie ? <ReactEChartsCore echarts={echarts} option={pie} theme={theme} style={{ height: 320 }} notMerge /> : null}
            </Card>
          </Col>
        </GridRow>
      )}
      <Card size="small" variant="borderless" title={t('stats.sessions')}>
        <Table<StatsAnswer['sessions'][number]>
          size="small"
          rowKey="sessionId"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={data?.sessions ?? []}
          data-testid="stats-sessions"
          columns={[
            { title: t('field.project'), dataIndex: 'projectName' },
            { title: t('field.session'), dataIndex: 'name' },
            { title: t('field.startAt'), dataIndex: 'startAt', render: (v: string) => formatTime(v, lang) },
            { title: t('field.sold'), dataIndex: 'sold', align: 'right' },
            { title: t('field.held'), dataIndex: 'held', align: 'right' },
            { title: t('stats.distributed'), dataIndex: 'distributed', align: 'right' },
            { title: t('stats.free'), dataIndex: 'free', align: 'right' },
          ]}
        />
      </Card>
    </Space>
  );
}
