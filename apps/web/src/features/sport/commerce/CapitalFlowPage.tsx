import { useMemo, useState } from 'react';
import { Card, Col, ConfigProvider, DatePicker, Empty, Row as GridRow, Space, Spin, Table, Tabs, Typography, theme } from 'antd';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { z } from 'zod';
import type { LedgerRow, LedgerSummary, ledgerListQuery } from '@venue/contract';
import { useLang, useThemeName } from '../../../app/prefs.ts';
import { ListPage, formatDay, useVenueTimeZone, type ResourceDef, type Row } from '../../../kit/index.ts';
import { AccountsButton } from './AccountsDrawer.tsx';
import { TakingsView, initialRange, lastWeek } from './TakingsView.tsx';
import { commerceApi } from './commerce.api.ts';
import { CodeLabel, NS, formatTime, ledgerAccountOptions, sideOptions, txnKindOptions, useCommerceT, yuan } from './shared.tsx';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const ledgerDef: ResourceDef<LedgerRow, Row, z.input<typeof ledgerListQuery>> = {
  key: 'ledger',
  ns: NS,
  name: 'ledger',
  endpoint: { prefix: 'sport', path: 'commerce/ledger' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
  defaultSort: { field: 'createTime', order: 'descend' },
  search: [
    { name: 'account', label: 'field.account', type: 'select', options: ledgerAccountOptions },
    { name: 'txnKind', label: 'field.txnKind', type: 'select', options: txnKindOptions },
    { name: 'orderNo', label: 'field.orderNo' },
    { name: 'days', label: 'field.dayRange', type: 'dateRange', rangeKeys: ['dayFrom', 'dayTo'] },
  ],
  columns: [
    { key: 'businessDay', label: 'field.businessDay', format: 'date', sorter: true },
    { key: 'txnNo', label: 'field.txnNo', content: 'code' },
    { key: 'txnKind', label: 'field.txnKind', options: txnKindOptions },
    { key: 'account', label: 'field.account', options: ledgerAccountOptions },
    { key: 'side', label: 'field.side', options: sideOptions },
    { key: 'amountFen', label: 'field.amountFen', render: (v: number) => yuan(v), content: 'number', align: 'right', sorter: true },
    { key: 'orderNo', label: 'field.orderNo', content: 'code' },
    { key: 'paymentNo', label: 'field.paymentNo', content: 'code', hiddenByDefault: true },
    { key: 'refundNo', label: 'field.refundNo', content: 'code', hiddenByDefault: true },
    { key: 'createTime', label: 'field.postedAt', render: (v: string) => formatTime(v), content: 'time', sorter: true },
  ],
  api: { list: (body) => commerceApi.ledger(body) },
};

type DayRow = LedgerSummary['days'][number];

/** Sums per method (ledger account) per day and in all, with a bar chart of the net per day. */
function Summary() {
  const t = useCommerceT();
  const lang = useLang();
  const themeName = useThemeName();
  const timeZone = useVenueTimeZone();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => lastWeek(timeZone));
  const body = { dayFrom: range[0].format('YYYY-MM-DD'), dayTo: range[1].format('YYYY-MM-DD') };
  const summary = useQuery({ queryKey: ['commerce', 'ledgerSummary', body], queryFn: () => commerceApi.ledgerSummary(body) });
  const data = summary.data;

  const chart = useMemo(() => {
    if (!data?.days.length) return null;
    const days = [...new Set(data.days.map((d) => d.day))].sort();
    // Money by method: sales and comps are the other side of the same entries.
    const accounts = [...new Set(data.days.map((d) => d.account))].filter((a) => a !== 'sales' && a !== 'comp');
    if (!accounts.length) return null;
    return {
      backgroundColor: 'transparent',
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => yuan(Math.round(v * 100), lang) },
      legend: { top: 0 },
      grid: { left: 8, right: 8, bottom: 8, top: 36, containLabel: true },
      xAxis: { type: 'category', data: days.map((d) => formatDay(d, lang)) },
      yAxis: { type: 'value' },
      series: accounts.map((a) => ({
        name: t.dynamic('ledgerAccount', a),
        type: 'bar',
        stack: 'net',
        data: days.map((d) => (data.days.find((x) => x.day === d && x.account === a)?.netFen ?? 0) / 100),
      })),
    };
  }, [data, lang, t]);

  const moneyCol = (key: 'inFen' | 'outFen' | 'netFen') => ({
    key,
    title: t(`field.${key}`),
    dataIndex: key,
    align: 'right' as const,
    render: (v: number) => yuan(v),
  });

  return (
    <Card
      size="small"
      variant="borderless"
      style={{ marginBottom: 16 }}
      title={t('ledgerSummary.title')}
      extra={
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange([v[0], v[1]]);
          }}
          data-testid="ledger-summary-range"
        />
      }
      data-testid="ledger-summary"
    >
      {summary.isLoading ? (
        <Spin />
      ) : !data?.days.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ledgerSummary.empty')} />
      ) : (
        <GridRow gutter={16}>
          <Col xs={24} xl={12}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Table
                size="small"
                rowKey="account"
                pagination={false}
                dataSource={data.totals}
                data-testid="ledger-totals"
                title={() => <Typography.Text strong>{t('ledgerSummary.totals')}</Typography.Text>}
                columns={[
                  {
                    key: 'account',
                    title: t('field.account'),
                    dataIndex: 'account',
                    render: (v: string) => <CodeLabel value={v} options={ledgerAccountOptions} />,
                  },
                  moneyCol('inFen'),
                  moneyCol('outFen'),
                  moneyCol('netFen'),
                ]}
              />
              <Table<DayRow>
                size="small"
                rowKey={(r) => `${r.day}:${r.account}`}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={data.days}
                data-testid="ledger-days"
                columns={[
                  { key: 'day', title: t('field.day'), dataIndex: 'day', render: (v: string) => formatDay(v, lang) },
                  {
                    key: 'account',
                    title: t('field.account'),
                    dataIndex: 'account',
                    render: (v: string) => <CodeLabel value={v} options={ledgerAccountOptions} />,
                  },
                  moneyCol('inFen'),
                  moneyCol('outFen'),
                  moneyCol('netFen'),
                ]}
              />
            </Space>
          </Col>
          <Col xs={24} xl={12}>
            <Typography.Text strong>{t('ledgerSummary.chart')}</Typography.Text>
            {chart ? (
              <ReactEChartsCore echarts={echarts} option={chart} theme={themeName === 'dark' ? 'dark' : undefined} style={{ height: 320 }} notMerge />
            ) : null}
          </Col>
        </GridRow>
      )}
    </Card>
  );
}

/**
 * sport.finance.capitalFlow: first the plain view operators expect (takings by method and by day,
 * refunds, net), then the ledger as the detail (entries with filters, and the sums per account per day).
 * `?tab=ledger` opens the detail; `?dayFrom=&dayTo=` sets the takings' days (the home's takings card opens today).
 */
export default function CapitalFlowPage() {
  const t = useCommerceT();
  const [params, setParams] = useSearchParams();
  const timeZone = useVenueTimeZone();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => initialRange(params, timeZone));
  const tab = params.get('tab') === 'ledger' ? 'ledger' : 'takings';
  const { token } = theme.useToken();
  // On the page's black background in dark, the primary colour is too dim for the selected tab's text (WCAG AA): the lighter text tone.
  const dark = useThemeName() === 'dark';
  const tabColors = dark
    ? { itemSelectedColor: token.colorPrimaryTextHover, itemActiveColor: token.colorPrimaryTextHover, itemHoverColor: token.colorPrimaryTextHover }
    : {};
  return (
    <ConfigProvider theme={{ components: { Tabs: tabColors } }}>
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        data-testid="capital-tabs"
        items={[
          {
            key: 'takings',
            label: <span data-testid="capital-tab-takings">{t('takings.tab')}</span>,
            children: <TakingsView range={range} onRange={setRange} />,
          },
          {
            key: 'ledger',
            label: <span data-testid="capital-tab-ledger">{t('takings.ledgerTab')}</span>,
            children: <ListPage def={ledgerDef as ResourceDef<LedgerRow>} header={<Summary />} toolbarExtra={<AccountsButton />} />,
          },
        ]}
      />
    </ConfigProvider>
  );
}
