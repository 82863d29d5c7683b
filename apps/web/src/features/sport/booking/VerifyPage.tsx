import { useRef, useState } from 'react';
import { Button, Card, DatePicker, Descriptions, Empty, Space, Table, Tag, Typography, type InputRef } from 'antd';
import { CheckCircleOutlined, PayCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { Perm, type BookingRow } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { useSession } from '../../../app/session.ts';
import { ScanInput, todayIn, useCan } from '../../../kit/index.ts';
import { PayDialog, formatTime, refreshCommerce, yuan } from '../../../kit/pay/index.ts';
import { bookingApi, planKey } from './booking.api.ts';
import { refreshBooking } from './BookingDialogs.tsx';
import { arrivalOf, type Arrival } from './grid.ts';
import { ClaimStateTag, GRID_POLL_MS, OrderStateTag, bookingDetailPath, useBookingT } from './shared.tsx';

const ARRIVAL_COLORS: Record<Arrival, string> = { arrived: 'green', waiting: 'blue', noShow: 'red', unpaid: 'gold', cancelled: 'default' };

function ArrivalTag({ row }: { row: BookingRow }) {
  const t = useBookingT();
  const a = arrivalOf(row);
  return (
    <Tag color={ARRIVAL_COLORS[a]} data-testid="verify-arrival" data-value={a}>
      {t(`verify.${a}`)}
    </Tag>
  );
}

function Slots({ row }: { row: BookingRow }) {
  return (
    <Space orientation="vertical" size={2}>
      {row.slots.map((s) => (
        <span key={s.claimId} style={{ whiteSpace: 'nowrap' }}>
          {s.siteName} {s.start}–{s.end} <ClaimStateTag state={s.state} />
        </span>
      ))}
    </Space>
  );
}

/** sport.venue.verify: check-in by order number or the booking's QR code, and the day's order plan with arrivals. */
export default function VerifyPage() {
  const t = useBookingT();
  const stadiumId = useSession((s) => s.stadiumId);
  if (!stadiumId) {
    return (
      <Card variant="borderless">
        <Empty description={<span data-testid="booking-no-venue">{t('noVenue')}</span>} />
      </Card>
    );
  }
  return <VerifyScreen key={stadiumId} stadiumId={stadiumId} />;
}

function VerifyScreen({ stadiumId }: { stadiumId: number }) {
  const t = useBookingT();
  const can = useCan();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [last, setLast] = useState<BookingRow | null>(null);
  const timeZone = useSession((s) => s.venue?.timeZone);
  const [date, setDate] = useState(() => todayIn(timeZone));
  const [paying, setPaying] = useState<number | null>(null);
  const input = useRef<InputRef | null>(null);

  const plan = useQuery({
    queryKey: planKey(stadiumId, date),
    queryFn: () => bookingApi.plan(stadiumId, date),
    refetchInterval: GRID_POLL_MS,
    refetchIntervalInBackground: false,
  });

  const checkIn = async (value: string) => {
    const c = value.trim();
    if (!c) {
      input.current?.focus();
      return;
    }
    setBusy(c);
    try {
      const row = await bookingApi.checkin(c);
      setLast(row);
      setCode('');
      success(t('verify.done', { orderNo: row.orderNo }));
      void refreshBooking();
      void refreshCommerce();
    } catch {
      // The request layer shows why (not found, not paid, not today, already checked in).
    } finally {
      setBusy(null);
      setTimeout(() => input.current?.focus(), 0);
    }
  };

  const canCheckIn = can(Perm.booking.checkin);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="verify-page">
      <Card variant="borderless" title={t('verify.title')}>
        <ScanInput
          inputRef={input}
          autoFocus
          large
          value={code}
          onChange={setCode}
          onSubmit={(v) => void checkIn(v)}
          placeholder={t('verify.code')}
          buttonLabel={t('verify.submit')}
          buttonIcon={<CheckCircleOutlined />}
          loading={busy !== null && busy === code.trim()}
          disabled={!canCheckIn}
          testId="verify-code"
          buttonTestId="verify-submit"
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('verify.codeHint')}
        </Typography.Paragraph>
        {last ? (
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2, xl: 3 }}
            style={{ marginTop: 16 }}
            data-testid="verify-result"
            data-order-no={last.orderNo}
            title={
              <Space>
                <CheckCircleOutlined style={{ color: 'var(--ant-color-success, #389e0d)' }} />
                {t('verify.result')}
              </Space>
            }
          >
            <Descriptions.Item label={t('field.orderNo')}>{last.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('field.buyer')}>{last.buyer || t('detail.walkin')}</Descriptions.Item>
            <Descriptions.Item label={t('field.checkedInAt')}>{formatTime(last.checkedInAt)}</Descriptions.Item>
            <Descriptions.Item label={t('field.slots')} span={3}>
              <Slots row={last} />
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>

      <Card
        variant="borderless"
        title={t('verify.plan')}
        extra={
          <DatePicker
            value={dayjs(date)}
            allowClear={false}
            onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
            aria-label={t('verify.date')}
            id="verify-date"
          />
        }
      >
        <Table<BookingRow>
          size="middle"
          rowKey="orderId"
          loading={plan.isLoading}
          dataSource={plan.data?.bookings ?? []}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('verify.empty')} /> }}
          data-testid="verify-plan"
          columns={[
            {
              key: 'orderNo',
              title: t('field.orderNo'),
              dataIndex: 'orderNo',
              width: 220,
              render: (v: string, r) => (
                <Typography.Link onClick={() => navigate(bookingDetailPath(r.orderId))} style={{ whiteSpace: 'nowrap' }} data-testid="verify-row-detail">
                  {v}
                </Typography.Link>
              ),
            },
            {
              key: 'buyer',
              title: t('field.buyer'),
              render: (_: unknown, r) => `${r.buyer || t('detail.walkin')}${r.buyerPhone && r.buyerPhone !== r.buyer ? ` · ${r.buyerPhone}` : ''}`,
            },
            { key: 'slots', title: t('field.slots'), render: (_: unknown, r) => <Slots row={r} /> },
            { key: 'amount', title: t('field.amountFen'), align: 'right', render: (_: unknown, r) => yuan(r.amountFen) },
            { key: 'paid', title: t('field.paidFen'), align: 'right', render: (_: unknown, r) => yuan(r.paidFen) },
            { key: 'state', title: t('field.orderState'), render: (_: unknown, r) => <OrderStateTag state={r.orderState} /> },
            { key: 'arrival', title: t('verify.arrival'), render: (_: unknown, r) => <ArrivalTag row={r} /> },
            {
              key: 'actions',
              title: '',
              fixed: 'right',
              render: (_: unknown, r) => {
                const a = arrivalOf(r);
                return (
                  <Space>
                    {a === 'waiting' || a === 'noShow' ? (
                      canCheckIn ? (
                        <Button
                          size="small"
                          type="primary"
                          loading={busy === r.orderNo}
                          onClick={() => void checkIn(r.orderNo)}
                          data-testid="verify-row-checkin"
                        >
                          {t('verify.checkin')}
                        </Button>
                      ) : null
                    ) : null}
                    {a === 'unpaid' && can(Perm.order.pay) ? (
                      <Button size="small" icon={<PayCircleOutlined />} onClick={() => setPaying(r.orderId)} data-testid="verify-row-pay">
                        {t('verify.takePayment')}
                      </Button>
                    ) : null}
                  </Space>
                );
              },
            },
          ]}
        />
      </Card>
      <PayDialog
        orderId={paying}
        open={paying !== null}
        onClose={() => {
          setPaying(null);
          void refreshBooking();
        }}
        onPaid={() => void refreshBooking()}
      />
    </Space>
  );
}
