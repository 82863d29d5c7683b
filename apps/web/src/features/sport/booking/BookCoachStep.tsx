import { Alert, Avatar, Form, Radio, Skeleton, Space, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { yuan } from '../../../kit/pay/index.ts';
import { bookingApi } from './booking.api.ts';
import { linesOf, type Picked } from './grid.ts';
import { useBookingT } from './shared.tsx';

/** The time a coach is booked for with these cells: from the first start to the last end. */
export function coachSpan(picked: Pick<Picked, 'siteId' | 'start' | 'end'>[]): { start: string; end: string } | null {
  const lines = linesOf(picked);
  if (!lines.length) return null;
  return {
    start: lines.map((l) => l.start).sort()[0]!,
    end: lines
      .map((l) => l.end)
      .sort()
      .at(-1)!,
  };
}

/**
 * The booking dialog's coach step: the venue's coaches free for the whole booked time (the server
 * reads their claims: lessons, sparring hours, other bookings' coaches) with their sparring price
 * for the member, or none. The chosen coach is the form's `coachId`; the booking then holds the
 * coach's time with the sites in one order (a coach taken meanwhile refuses the whole booking).
 */
export function CoachStep({
  open,
  stadiumId,
  date,
  picked,
  memberId,
  chosen,
}: {
  open: boolean;
  stadiumId: number;
  date: string;
  picked: Picked[];
  memberId: number | undefined;
  chosen: number | undefined;
}) {
  const t = useBookingT();
  const span = coachSpan(picked);
  const coaches = useQuery({
    queryKey: ['booking', 'freeCoaches', stadiumId, date, span?.start ?? '', span?.end ?? '', memberId ?? 0],
    queryFn: () => bookingApi.freeCoaches({ venueId: stadiumId, date, start: span!.start, end: span!.end, ...(memberId ? { memberId } : {}) }),
    enabled: open && !!span,
    retry: false,
    staleTime: 0,
  });
  const list = coaches.data ?? [];
  const picked1 = list.find((c) => c.id === chosen);
  return (
    <div data-testid="booking-coach-step">
      <Form.Item
        name="coachId"
        label={span ? t('coach.label', { start: span.start, end: span.end }) : t('coach.title')}
        extra={t('coach.hint')}
        style={{ marginBottom: 8 }}
      >
        {coaches.isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        ) : coaches.error ? (
          <Alert type="warning" showIcon title={t('coach.loadFailed')} data-testid="booking-coach-error" />
        ) : (
          <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 6 }} data-testid="booking-coach">
            <Radio value={0} data-testid="booking-coach-none">
              {t('coach.none')}
            </Radio>
            {list.map((c) => (
              <Radio key={c.id} value={c.id} disabled={c.amount === null} data-testid={`booking-coach-${c.id}`}>
                <Space size={8}>
                  <Avatar size="small" icon={<UserOutlined />} aria-hidden />
                  <span data-testid="booking-coach-name">{c.name}</span>
                  {c.level ? <Typography.Text type="secondary">{t.dynamic('coachLevel', c.level)}</Typography.Text> : null}
                  <Typography.Text strong={c.amount !== null} type={c.amount === null ? 'secondary' : undefined}>
                    {c.amount === null ? t('coach.noPrice') : yuan(c.amount)}
                  </Typography.Text>
                </Space>
              </Radio>
            ))}
            {!list.length ? (
              <Typography.Text type="secondary" data-testid="booking-coach-empty">
                {t('coach.empty')}
              </Typography.Text>
            ) : null}
          </Radio.Group>
        )}
      </Form.Item>
      {picked1 && picked1.amount !== null ? (
        <div style={{ display: 'flex', justifyContent: 'space-between', margin: '0 4px 16px' }}>
          <Typography.Text type="secondary">{t('coach.total')}</Typography.Text>
          <Typography.Text strong data-testid="booking-coach-total" data-fen={picked.reduce((n, p) => n + p.price, 0) + picked1.amount}>
            {yuan(picked.reduce((n, p) => n + p.price, 0) + picked1.amount)}
          </Typography.Text>
        </div>
      ) : null}
    </div>
  );
}
