import { useState } from 'react';
import { Alert, Descriptions, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { bookingChangeAnswer } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { isApiError } from '../../../app/request.ts';
import { FormModal } from '../../../kit/index.ts';
import { refreshCommerce, yuan } from '../../../kit/pay/index.ts';
import { bookingApi } from './booking.api.ts';
import { refreshBooking } from './BookingDialogs.tsx';
import { useBookingT } from './shared.tsx';

/** A booked line being moved (from the grid's drag or its popover) and the cell it goes to. */
export interface MoveAsk {
  orderId: number;
  orderNo: string;
  itemId: number;
  from: string;
  to: { siteId: number; siteName: string; date: string; start: string; end: string };
}

type Moved = z.output<typeof bookingChangeAnswer>;

/**
 * Confirms a move: the server's quote first (what the line is worth, the new price, the difference
 * to pay or to refund), then the change in one transaction. A difference to pay is an order the
 * caller takes payment for (onMoved gets it).
 */
export function MoveDialog({ ask, onClose, onMoved }: { ask: MoveAsk | null; onClose: () => void; onMoved: (m: Moved, ask: MoveAsk) => void }) {
  const t = useBookingT();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const body = ask ? { orderId: ask.orderId, itemId: ask.itemId, siteId: ask.to.siteId, date: ask.to.date, start: ask.to.start, end: ask.to.end } : null;
  const quote = useQuery({
    queryKey: ['booking', 'changeQuote', body],
    queryFn: () => bookingApi.changeQuote(body!),
    enabled: !!body,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const q = quote.data;
  const quoteError = quote.error && isApiError(quote.error) ? quote.error.message : null;
  if (quote.error && isApiError(quote.error)) quote.error.showInPlace();
  const to = ask ? `${ask.to.siteName} ${ask.to.date} ${ask.to.start}–${ask.to.end}` : '';

  const submit = async () => {
    if (!body || !ask) return;
    setBusy(true);
    setProblem(null);
    try {
      const moved = await bookingApi.change(body);
      void refreshBooking();
      void refreshCommerce();
      success(t('move.done', { to }));
      onMoved(moved, ask);
    } catch (err) {
      if (isApiError(err)) {
        err.showInPlace();
        setProblem(err.message);
      }
      void refreshBooking();
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      open={!!ask}
      title={ask ? t('move.title', { orderNo: ask.orderNo }) : ''}
      testId="booking-move-form"
      busy={busy}
      onOk={() => void submit()}
      onClose={onClose}
      width={480}
      okText={t('move.confirm')}
      okDisabled={!q || quote.isFetching || !!problem}
    >
      {quoteError || problem ? (
        <Alert type="error" showIcon title={problem ?? quoteError} style={{ marginBottom: 12 }} data-testid="booking-move-problem" />
      ) : null}
      {ask ? (
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('move.from')}>{ask.from}</Descriptions.Item>
          <Descriptions.Item label={t('move.to')}>
            <span data-testid="booking-move-to">{to}</span>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      {q ? (
        <Descriptions size="small" column={1} bordered data-testid="booking-move-quote">
          <Descriptions.Item label={t('move.worth')}>{yuan(q.worthFen)}</Descriptions.Item>
          <Descriptions.Item label={t('move.price')}>{yuan(q.priceFen)}</Descriptions.Item>
          <Descriptions.Item label={q.differenceFen > 0 ? t('move.more') : q.differenceFen < 0 ? t('move.less') : t('move.same')}>
            <Typography.Text strong data-testid="booking-move-difference" data-fen={q.differenceFen}>
              {yuan(Math.abs(q.differenceFen))}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      ) : !quoteError ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : null}
    </FormModal>
  );
}
