import { useMemo } from 'react';
import { Card, Col, DatePicker, Empty, Flex, Row as GridRow, Spin, Statistic, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { TakingsQuery, TakingsSummary } from '@venue/contract';
import { api, http } from '../../../app/request.ts';
import { useLang } from '../../../app/prefs.ts';
import { formatDay, venueToday } from '../../../kit/index.ts';
import { usePayT } from '../../../kit/pay/payI18n.tsx';
import { useCommerceT, yuan } from './shared.tsx';

type DayRow = { day: string; takenFen: number; refundedFen: number; netFen: number } & Record<string, number | string>;

/**
 * The capital flow's plain view (issue 25, point 8): money taken by payment method and by day,
 * refunds and the net, for a range of business days. The same figures as the home's takings card.
 */
export function TakingsView({ range, onRange }: { range: [Dayjs, Dayjs]; onRange: (r: [Dayjs, Dayjs]) => void }) {
  const t = useCommerceT();
  const payT = usePayT();
  const lang = useLang();
  const body: TakingsQuery = { dayFrom: range[0].format('YYYY-MM-DD'), dayTo: range[1].format('YYYY-MM-DD') };
  const q = useQuery({
    queryKey: ['commerce', 'takings', body],
    queryFn: () => http.post<TakingsSummary>(api.sport('commerce/takings/summary'), body),
  });
  const data = q.data;
  const methodLabel = (m: string) => payT(`method.${m}`);

  // One row per day: what each method took, the refunds and the net.
  const days = useMemo(() => {
    const rows = new Map<string, DayRow>();
    for (const d of data?.days ?? []) {
      const row = rows.get(d.day) ?? ({ day: d.day, takenFen: 0, refundedFen: 0, netFen: 0 } as DayRow);
      row[`m:${d.method}`] = ((row[`m:${d.method}`] as number | undefined) ?? 0) + d.takenFen;
      row.takenFen += d.takenFen;
      row.refundedFen += d.refundedFen;
      row.netFen += d.netFen;
      rows.set(d.day, row);
    }
    return [...rows.values()].sort((a, b) => b.day.localeCompare(a.day));
  }, [data]);
  const methods = data?.methods.map((m) => m.method) ?? [];

  const money = (key: string, title: string) => ({
    key,
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (v: number | undefined) => (v ? yuan(v, lang) : yuan(0, lang)),
  });

  return (
    <Card
      variant="borderless"
      data-testid="takings"
      title={t('takings.tab')}
      extra={
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          aria-label={t('takings.range')}
          onChange={(v) => {
            if (v?.[0] && v[1]) onRange([v[0], v[1]]);
          }}
          data-testid="takings-range"
        />
      }
    >
      {q.isLoading ? (
        <Spin />
      ) : !data || data.days.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('takings.empty')} />
      ) : (
        <Flex vertical gap={16}>
          <GridRow gutter={[16, 16]}>
            {(
              [
                ['taken', data.total.takenFen],
                ['refunded', data.total.refundedFen],
                ['net', data.total.netFen],
              ] as const
            ).map(([key, fen]) => (
              <Col key={key} xs={12} md={6}>
                <Statistic
                  title={t(`takings.${key}`)}
                  value={yuan(fen, lang)}
                  valueRender={() => (
                    <span data-testid={`takings-total-${key}`} data-value={fen}>
                      {yuan(fen, lang)}
                    </span>
                  )}
                />
              </Col>
            ))}
            <Col xs={12} md={6}>
              <Statistic title={`${t('takings.payments')} / ${t('takings.refunds')}`} value={`${data.total.payments} / ${data.total.refunds}`} />
            </Col>
          </GridRow>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('takings.zone', { zone: data.timeZone })}
          </Typography.Text>
          <Table
            size="small"
            rowKey="method"
            pagination={false}
            dataSource={data.methods}
            data-testid="takings-methods"
            title={() => <Typography.Text strong>{t('takings.byMethod')}</Typography.Text>}
            columns={[
              { key: 'method', title: t('takings.method'), dataIndex: 'method', render: (m: string) => methodLabel(m) },
              money('takenFen', t('takings.taken')),
              money('refundedFen', t('takings.refunded')),
              money('netFen', t('takings.net')),
              { key: 'payments', title: t('takings.payments'), dataIndex: 'payments', align: 'right' as const },
              { key: 'refunds', title: t('takings.refunds'), dataIndex: 'refunds', align: 'right' as const },
            ]}
          />
          <Table<DayRow>
            size="small"
            rowKey="day"
            pagination={{ pageSize: 31, hideOnSinglePage: true }}
            dataSource={days}
            data-testid="takings-days"
            scroll={{ x: 'max-content' }}
            title={() => <Typography.Text strong>{t('takings.byDay')}</Typography.Text>}
            columns={[
              { key: 'day', title: t('takings.day'), dataIndex: 'day', render: (v: string) => formatDay(v, lang) },
              ...methods.map((m) => money(`m:${m}`, methodLabel(m))),
              money('refundedFen', t('takings.refunded')),
              money('netFen', t('takings.net')),
            ]}
          />
        </Flex>
      )}
    </Card>
  );
}

/** A range from the page's query (`dayFrom`, `dayTo`, as the home card opens it), else the venue's last 7 days. */
export function initialRange(params: URLSearchParams, timeZone?: string): [Dayjs, Dayjs] {
  const from = dayjs(params.get('dayFrom') ?? '', 'YYYY-MM-DD', true);
  const to = dayjs(params.get('dayTo') ?? '', 'YYYY-MM-DD', true);
  if (from.isValid() && to.isValid() && !to.isBefore(from)) return [from, to];
  return lastWeek(timeZone);
}

/** The venue's last 7 days, today included. */
export function lastWeek(timeZone?: string): [Dayjs, Dayjs] {
  const today = venueToday(timeZone);
  return [today.subtract(6, 'day'), today];
}
