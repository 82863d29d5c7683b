import { useState } from 'react';
import { Button, Card, Col, Descriptions, Empty, Row as GridRow, Skeleton, Space, Statistic, Table } from 'antd';
import { CloseCircleOutlined, FileTextOutlined, PayCircleOutlined, TableOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Perm, type OrderDetail, type OrderItemRow } from '@venue/contract';
import { useTabLabel } from '../../../app/tabs.ts';
import { useCan } from '../../../kit/index.ts';
import { PayDialog, formatTime, orderKey, payApi, yuan } from '../../../kit/pay/index.ts';
import { bookingApi, planKey } from './booking.api.ts';
import { CancelBookingDialog, refreshBooking, type CancelTarget } from './BookingDialogs.tsx';
import { ClaimStateTag, OrderStateTag, useBookingT } from './shared.tsx';
import { ShareOrderDialog } from './ShareOrderDialog.tsx';

const RESERVE_PATH = '/sport/views/venueReserve/index';
const orderDetailPath = (id: number) => `/sport/views/orderManagement/orderDetail/${id}`;

/** The day of a booking: the `yyyy-MM-dd` its venue items' spec starts with ('2026-05-01 09:00-10:00'). */
export function bookingDayOf(order: Pick<OrderDetail, 'items'>): string | null {
  for (const i of order.items) {
    const m = i.kind === 'venue' ? /^(\d{4}-\d{2}-\d{2})\b/.exec(i.spec ?? '') : null;
    if (m) return m[1]!;
  }
  return null;
}

function Amount({ label, fen, testId }: { label: string; fen: number; testId: string }) {
  return (
    <div data-testid={testId} data-fen={fen}>
      <Statistic title={label} value={yuan(fen)} styles={{ content: { fontSize: 20 } }} />
    </div>
  );
}

/** sport.venue.orderDetails: a booking (its order) with its slots from the day's plan; pay and cancel. */
export default function BookingDetailPage() {
  const t = useBookingT();
  const can = useCan();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.orderId);
  const valid = Number.isInteger(id) && id > 0;
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  const [paying, setPaying] = useState(false);
  const [sharing, setSharing] = useState(false);

  const order = useQuery({ queryKey: orderKey(id), queryFn: () => payApi.order(id), enabled: valid });
  useTabLabel(order.data?.orderNo);
  const o = order.data;
  const day = o ? bookingDayOf(o) : null;
  const plan = useQuery({
    queryKey: planKey(o?.venueId ?? 0, day ?? ''),
    queryFn: () => bookingApi.plan(o!.venueId!, day!),
    enabled: !!o?.venueId && !!day,
  });
  const booking = plan.data?.bookings.find((b) => b.orderId === id);

  if (order.isLoading) return <Skeleton active />;
  if (!o) return <Empty description={t('detail.notFound')} data-testid="booking-detail-missing" />;

  const reload = () => {
    void order.refetch();
    void plan.refetch();
  };
  const cancellable = (o.state === 'pending' || o.state === 'paid' || o.state === 'part_refunded') && can(Perm.booking.cancel);
  const movable = (o.state === 'paid' || o.state === 'part_refunded') && can(Perm.booking.book);

  const buttons = (
    <Space wrap>
      {o.state === 'pending' && can(Perm.order.pay) ? (
        <Button type="primary" icon={<PayCircleOutlined />} onClick={() => setPaying(true)} data-testid="booking-detail-pay">
          {t('cell.pay')}
        </Button>
      ) : null}
      {o.state === 'pending' && o.dueFen > 0 && can(Perm.order.pay) ? (
        <Button icon={<TeamOutlined />} onClick={() => setSharing(true)} data-testid="booking-detail-share">
          {t('share.button')}
        </Button>
      ) : null}
      {cancellable ? (
        <Button danger icon={<CloseCircleOutlined />} onClick={() => setCancelling({ id: o.id, orderNo: o.orderNo })} data-testid="booking-detail-cancel">
          {t('cell.cancel')}
        </Button>
      ) : null}
      {can(Perm.order.list) ? (
        <Button icon={<FileTextOutlined />} onClick={() => navigate(orderDetailPath(o.id))} data-testid="booking-detail-order">
          {t('detail.order')}
        </Button>
      ) : null}
      <Button icon={<TableOutlined />} onClick={() => navigate(RESERVE_PATH)} data-testid="booking-detail-back">
        {t('detail.back')}
      </Button>
    </Space>
  );

  return (
    <div data-testid="booking-detail" data-order-no={o.orderNo}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card
          variant="borderless"
          title={
            <Space wrap>
              <span>{t('detail.title', { orderNo: o.orderNo })}</span>
              <OrderStateTag state={o.state} testId="booking-detail-state" />
            </Space>
          }
          extra={buttons}
        >
          <GridRow gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Amount label={t('field.payableFen')} fen={o.payableFen} testId="booking-detail-payable" />
            </Col>
            <Col xs={12} md={6}>
              <Amount label={t('field.paidFen')} fen={o.paidFen} testId="booking-detail-paid" />
            </Col>
            <Col xs={12} md={6}>
              <Amount label={t('field.dueFen')} fen={o.dueFen} testId="booking-detail-due" />
            </Col>
            <Col xs={12} md={6}>
              <Amount label={t('field.refundedFen')} fen={o.refundedFen} testId="booking-detail-refunded" />
            </Col>
          </GridRow>
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginTop: 16 }}>
            <Descriptions.Item label={t('field.buyer')}>
              <span data-testid="booking-detail-buyer">
                {o.buyerKind === 'member' ? (o.memberName ?? t('detail.member', { id: o.memberId ?? '' })) : o.buyerName || t('detail.walkin')}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.buyerPhone')}>
              <span data-testid="booking-detail-phone">{(o.buyerKind === 'member' ? o.memberPhoneMasked : null) ?? o.buyerPhone ?? '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.date')}>{day ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.createTime')}>{formatTime(o.createTime)}</Descriptions.Item>
            <Descriptions.Item label={t('field.paidAt')}>{o.paidAt ? formatTime(o.paidAt) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.checkedInAt')}>
              <span data-testid="booking-detail-checkin">{booking?.checkedInAt ? formatTime(booking.checkedInAt) : '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.createdByName')}>{o.createdByName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.remark')} span={2}>
              {o.remark ?? '—'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card variant="borderless" title={t('detail.slots')}>
          {booking?.slots.length ? (
            <Table
              size="small"
              rowKey="claimId"
              pagination={false}
              dataSource={booking.slots}
              data-testid="booking-detail-slots"
              columns={[
                { key: 'site', title: t('cell.site'), dataIndex: 'siteName' },
                { key: 'date', title: t('field.date'), render: () => booking.date },
                { key: 'time', title: t('cell.time'), render: (_: unknown, s) => `${s.start}–${s.end}` },
                { key: 'state', title: t('cell.state'), dataIndex: 'state', render: (v: string) => <ClaimStateTag state={v} /> },
                ...(cancellable && o.state !== 'pending'
                  ? [
                      {
                        key: 'cancelLine',
                        title: '',
                        render: (_: unknown, s: (typeof booking.slots)[number]) => {
                          // The slot's order line: its site and its time.
                          const item = o.items.find((i) => i.kind === 'venue' && i.refId === s.siteId && (i.spec ?? '').endsWith(`${s.start}-${s.end}`));
                          return s.state === 'booked' && item ? (
                            <Button
                              size="small"
                              danger
                              data-testid={`booking-detail-cancel-${s.siteId}-${s.start}`}
                              onClick={() =>
                                setCancelling({ id: o.id, orderNo: o.orderNo, itemId: item.id, line: `${s.siteName} ${s.start}–${s.end}`, lineFirst: true })
                              }
                            >
                              {t('cell.cancel')}
                            </Button>
                          ) : null;
                        },
                      },
                    ]
                  : []),
                ...(movable
                  ? [
                      {
                        key: 'move',
                        title: '',
                        render: (_: unknown, s: (typeof booking.slots)[number]) =>
                          s.state === 'booked' ? (
                            <Button
                              size="small"
                              data-testid={`booking-detail-move-${s.siteId}-${s.start}`}
                              onClick={() =>
                                navigate(RESERVE_PATH, { state: { move: { orderId: o.id, siteId: s.siteId, start: s.start, date: booking.date } } })
                              }
                            >
                              {t('cell.move')}
                            </Button>
                          ) : null,
                      },
                    ]
                  : []),
              ]}
            />
          ) : (
            <Table<OrderItemRow>
              size="small"
              rowKey="id"
              pagination={false}
              loading={plan.isLoading}
              dataSource={o.items.filter((i) => i.kind === 'venue')}
              data-testid="booking-detail-items"
              locale={{ emptyText: t('detail.noSlots') }}
              columns={[
                { key: 'site', title: t('cell.site'), dataIndex: 'name' },
                { key: 'spec', title: t('cell.time'), dataIndex: 'spec' },
                { key: 'amount', title: t('cell.price'), align: 'right', dataIndex: 'amountFen', render: (v: number) => yuan(v) },
              ]}
            />
          )}
          {o.items.some((i) => i.kind === 'sparring') ? (
            <Table<OrderItemRow>
              size="small"
              rowKey="id"
              pagination={false}
              style={{ marginTop: 12 }}
              title={() => t('coach.title')}
              dataSource={o.items.filter((i) => i.kind === 'sparring')}
              data-testid="booking-detail-coach"
              columns={[
                { key: 'coach', title: t('course.coach'), dataIndex: 'name' },
                { key: 'spec', title: t('cell.time'), dataIndex: 'spec' },
                { key: 'amount', title: t('cell.price'), align: 'right', dataIndex: 'amountFen', render: (v: number) => yuan(v) },
              ]}
            />
          ) : null}
        </Card>
      </Space>
      <ShareOrderDialog
        key={o.id}
        orderId={o.id}
        open={sharing}
        onClose={() => {
          setSharing(false);
          reload();
          void refreshBooking();
        }}
        onChanged={reload}
      />
      <CancelBookingDialog order={cancelling} onClose={() => setCancelling(null)} onDone={reload} />
      <PayDialog
        orderId={paying ? o.id : null}
        open={paying}
        onClose={() => {
          setPaying(false);
          reload();
          void refreshBooking();
        }}
        onPaid={reload}
      />
    </div>
  );
}
