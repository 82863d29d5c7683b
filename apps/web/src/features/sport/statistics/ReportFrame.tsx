import type { ReactNode } from 'react';
import { Button, Card, Empty, Segmented, Space } from 'antd';
import { Perm } from '@venue/contract';
import { useThemeName } from '../../../app/prefs.ts';
import { useCan } from '../../../kit/index.ts';
import { echarts, ReactEChartsCore, type StatsT } from './shared.ts';
import { AsOf } from './AsOf.tsx';

export type ReportView = 'table' | 'chart';

/**
 * A report tab's card, the same on every tab: its title, the data's as-of time, the table or chart
 * switch and the export (for those who may export); then the chart (or `empty` when there are no
 * rows) or the table (`children`). `tools` come before the switch (a tab's own dimension switch).
 */
export function ReportFrame(p: {
  t: StatsT;
  title: string;
  asOf: string | null | undefined;
  view: ReportView;
  onView: (v: ReportView) => void;
  tools?: ReactNode;
  exporting: boolean;
  onExport: () => void;
  chart: object;
  hasRows: boolean;
  empty: string;
  children: ReactNode;
}) {
  const can = useCan();
  const dark = useThemeName() === 'dark';
  const { t } = p;
  return (
    <Card
      size="small"
      title={p.title}
      extra={
        <Space wrap>
          <AsOf t={t} at={p.asOf} testId="stats-report-as-of" />
          {p.tools}
          <Segmented
            size="small"
            value={p.view}
            onChange={(v) => p.onView(v as ReportView)}
            options={[
              { value: 'table', label: t('tableView') },
              { value: 'chart', label: t('chartView') },
            ]}
            data-testid="stats-report-view"
          />
          {can(Perm.statistics.export) ? (
            <Button size="small" loading={p.exporting} onClick={p.onExport} data-testid="stats-report-export">
              {t('export')}
            </Button>
          ) : null}
        </Space>
      }
    >
      {p.view === 'chart' ? (
        p.hasRows ? (
          <ReactEChartsCore echarts={echarts} option={p.chart} theme={dark ? 'dark' : undefined} style={{ height: 320 }} notMerge />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={p.empty} />
        )
      ) : (
        p.children
      )}
    </Card>
  );
}
