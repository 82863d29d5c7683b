import { useMemo, useState } from 'react';
import { Button, Space, Table, Typography } from 'antd';
import { PayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { Perm, type SeriesRow, type VenueRow, type seriesListQuery } from '@venue/contract';
import { ListPage, useCan, type ResourceDef, type Row } from '../../../kit/index.ts';
import { PayDialog, yuan } from '../../../kit/pay/index.ts';
import { FIXED_KEY, refreshDesk } from './desk.api.ts';
import { FixedDialog } from './desk.FixedDialog.tsx';
import { SeriesCancel, type CancelMode } from './desk.SeriesCancel.tsx';
import { DESK_NS, NoVenue, OrderState, conflictText, dt, useDeskT, useSites, useVenue, weekdaysText } from './desk.shared.tsx';

type Order = SeriesRow['orders'][number];
/** Orders shown in the table's cell; the rest are in the detail. */
const ORDERS_SHOWN = 3;

/** sport.venue.fixed (venueFixedManage): the venue's fixed bookings, adding one by its pattern, paying and cancelling occurrences. */
export default function FixedPage() {
  const venue = useVenue();
  if (!venue) return <NoVenue />;
  return <FixedScreen key={venue.id} venue={venue} />;
}

function Orders({ orders, max, onPay }: { orders: Order[]; max?: number; onPay?: (orderId: number) => void }) {
  const t = useDeskT();
  const shown = max ? orders.slice(0, max) : orders;
  return (
    <Space orientation="vertical" size={2} data-testid="fixed-orders">
      {shown.map((o) => (
        <Space key={o.orderId} size={4} wrap={false} data-testid="fixed-order" data-order-no={o.orderNo} data-value={o.state}>
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>{o.orderNo}</Typography.Text>
          <OrderState state={o.state} />
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {o.state === 'pending' ? yuan(o.payableFen) : yuan(o.paidFen)}
          </Typography.Text>
          {onPay && o.state === 'pending' ? (
            <Button
              size="small"
              type="link"
              icon={<PayCircleOutlined />}
              onClick={() => onPay(o.orderId)}
              data-testid="fixed-pay"
              data-order-id={o.orderId}
              style={{ paddingInline: 4 }}
            >
              {t('fixed.pay')}
            </Button>
          ) : null}
        </Space>
      ))}
      {max && orders.length > max ? <Typography.Text type="secondary">{t('fixed.moreOrders', { count: orders.length - max })}</Typography.Text> : null}
    </Space>
  );
}

function FixedScreen({ venue }: { venue: VenueRow }) {
  const can = useCan();
  const sites = useSites(venue.id);
  const [adding, setAdding] = useState(false);
  const [cancel, setCancel] = useState<{ row: SeriesRow; mode: CancelMode } | null>(null);
  const [paying, setPaying] = useState<number | null>(null);
  const pay = can(Perm.order.pay) ? setPaying : undefined;

  const siteNames = useMemo(() => new Map((sites.data ?? []).map((s) => [s.id, s.name])), [sites.data]);
  const namesOf = (ids: number[]) => ids.map((id) => siteNames.get(id) ?? `#${id}`).join(', ');

  const def = useMemo<ResourceDef<SeriesRow, Row, z.input<typeof seriesListQuery>>>(
    () => ({
      key: FIXED_KEY,
      ns: DESK_NS,
      name: 'fixed.name',
      nameField: 'name',
      endpoint: { prefix: 'sport', path: 'booking/fixed' },
      features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false, selection: false },
      search: [{ name: 'name', label: 'fixed.field.name' }],
      toolbar: [{ key: 'add', label: 'fixed.add', icon: <PlusOutlined />, primary: true, perm: Perm.booking.book, run: () => setAdding(true) }],
      rowActions: [
        {
          key: 'cancelOne',
          label: 'fixed.cancelOne',
          perm: Perm.booking.cancel,
          visible: (r) => r.state === 'active' && r.live > 0,
          run: (r) => setCancel({ row: r, mode: 'one' }),
        },
        {
          key: 'cancelRest',
          label: 'fixed.cancelRest',
          perm: Perm.booking.cancel,
          danger: true,
          visible: (r) => r.state === 'active' && r.live > 0,
          run: (r) => setCancel({ row: r, mode: 'rest' }),
        },
      ],
      columns: [
        { key: 'name', label: 'fixed.field.name' },
        {
          key: '$buyer',
          label: 'fixed.field.buyer',
          render: (_: unknown, r) => [r.buyerName, r.buyerPhone, r.memberId ? `#${r.memberId}` : null].filter(Boolean).join(' · ') || dt('walkin'),
        },
        { key: 'siteIds', label: 'fixed.field.sites', render: (_: unknown, r) => namesOf(r.siteIds) },
        { key: '$time', label: 'fixed.field.time', content: 'code', render: (_: unknown, r) => `${weekdaysText(r.weekdays, dt)} ${r.start}–${r.end}` },
        { key: '$range', label: 'fixed.field.range', content: 'code', render: (_: unknown, r) => `${r.dateFrom} ~ ${r.dateTo}` },
        {
          key: 'billing',
          label: 'fixed.field.billing',
          options: [
            { value: 'series', label: 'fixed.billing.series', color: 'blue' },
            { value: 'month', label: 'fixed.billing.month', color: 'cyan' },
          ],
        },
        { key: 'live', label: 'fixed.field.live', content: 'number', align: 'right' },
        { key: 'orders', label: 'fixed.field.orders', inDetail: false, render: (_: unknown, r) => <Orders orders={r.orders} max={ORDERS_SHOWN} onPay={pay} /> },
        { key: 'skipped', label: 'fixed.field.skipped', content: 'number', align: 'right', render: (_: unknown, r) => String(r.skipped.length) },
        {
          key: 'state',
          label: 'fixed.field.state',
          options: [
            { value: 'active', label: 'fixed.state.active', color: 'green' },
            { value: 'cancelled', label: 'fixed.state.cancelled', color: 'default' },
          ],
        },
        { key: 'remark', label: 'fixed.field.remark', inTable: false },
        { key: 'createTime', label: 'fixed.field.createTime', format: 'datetime', hiddenByDefault: true },
      ],
      detailExtra: (r) => <SeriesDetail row={r} namesOf={namesOf} onPay={pay} />,
    }),
    // The site names and the pay permission shape the cells.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- namesOf follows siteNames; the cells need nothing else
    [siteNames, pay],
  );

  return (
    <>
      <ListPage def={def} extraFilters={{ stadiumId: venue.id }} />
      <FixedDialog
        open={adding}
        venue={venue}
        onClose={() => setAdding(false)}
        onCreated={() => {
          setAdding(false);
          void refreshDesk();
        }}
      />
      <SeriesCancel venue={venue} row={cancel?.row ?? null} mode={cancel?.mode ?? 'rest'} onClose={() => setCancel(null)} />
      <PayDialog
        orderId={paying}
        open={paying !== null}
        onClose={() => {
          setPaying(null);
          void refreshDesk();
        }}
        onPaid={() => void refreshDesk()}
      />
    </>
  );
}

/** The detail drawer's extra: every order of the series (with payment), and the occurrences skipped and why. */
function SeriesDetail({ row, namesOf, onPay }: { row: SeriesRow; namesOf: (ids: number[]) => string; onPay?: (orderId: number) => void }) {
  const t = useDeskT();
  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <div>
        <Typography.Title level={5}>{t('fixed.ordersTitle')}</Typography.Title>
        <Orders orders={row.orders} onPay={onPay} />
      </div>
      <div>
        <Typography.Title level={5}>{t('fixed.skippedTitle')}</Typography.Title>
        <Table
          size="small"
          rowKey={(s) => `${s.date}-${s.siteId}`}
          dataSource={row.skipped}
          pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
          locale={{ emptyText: t('none') }}
          data-testid="fixed-skipped"
          columns={[
            { key: 'date', title: t('fixed.occurrence.date'), dataIndex: 'date' },
            { key: 'site', title: t('fixed.occurrence.site'), render: (_: unknown, s) => namesOf([s.siteId]) },
            { key: 'reason', title: t('fixed.occurrence.state'), render: (_: unknown, s) => conflictText(s.reason, t) },
          ]}
        />
      </div>
    </Space>
  );
}
