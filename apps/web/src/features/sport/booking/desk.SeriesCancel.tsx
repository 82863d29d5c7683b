import { useState } from 'react';
import { Alert, Checkbox, DatePicker, Empty, Form, Input, Skeleton, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { SeriesRow, VenueRow } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { FormModal, clockIn } from '../../../kit/index.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { deskApi, planKey, refreshDesk } from './desk.api.ts';
import { useDeskT } from './desk.shared.tsx';

export type CancelMode = 'one' | 'rest';

export interface SeriesCancelProps {
  venue: VenueRow;
  row: SeriesRow | null;
  mode: CancelMode;
  onClose: () => void;
}

/**
 * Cancelling a fixed booking's occurrences: single ones (the day's plan gives their claims; only
 * those not yet begun can go), or every occurrence from a day on. Paid ones are refunded by the
 * venue's cancellation rule (in full up to the cancel deadline, the late-cancel share after).
 */
export function SeriesCancel({ venue, row, mode, onClose }: SeriesCancelProps) {
  return row ? <CancelForm key={`${row.id}-${mode}`} venue={venue} row={row} mode={mode} onClose={onClose} /> : null;
}

function CancelForm({ venue, row, mode, onClose }: { venue: VenueRow; row: SeriesRow; mode: CancelMode; onClose: () => void }) {
  const t = useDeskT();
  const now = clockIn(new Date(), venue.timeZone);
  const today = now.slice(0, 10);
  const first = (() => {
    // The first day of the series from today on that is one of its weekdays.
    for (let d = dayjs(row.dateFrom > today ? row.dateFrom : today); d.format('YYYY-MM-DD') <= row.dateTo; d = d.add(1, 'day'))
      if (row.weekdays.includes(d.day() || 7)) return d.format('YYYY-MM-DD');
    return today;
  })();
  const [date, setDate] = useState(first);
  const [reason, setReason] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const orderIds = new Set(row.orders.map((o) => o.orderId));
  const plan = useQuery({ queryKey: planKey(venue.id, date), queryFn: () => deskApi.plan(venue.id, date), enabled: mode === 'one' });
  const slots = (plan.data?.bookings ?? [])
    .filter((b) => orderIds.has(b.orderId))
    .flatMap((b) => b.slots.map((s) => ({ ...s, orderId: b.orderId, orderNo: b.orderNo, orderState: b.orderState })))
    .filter((s) => s.state !== 'released');
  const cancellable = (s: (typeof slots)[number]) => ['held', 'booked'].includes(s.state) && `${date} ${s.start}` > now;

  const disabledDate = (d: Dayjs) => {
    const day = d.format('YYYY-MM-DD');
    return day < today || day < row.dateFrom || day > row.dateTo || (mode === 'one' && !row.weekdays.includes(d.day() || 7));
  };

  const submit = async () => {
    if (mode === 'one' && !picked.length) {
      setError(t('fixed.pickOccurrence'));
      return;
    }
    setBusy(true);
    try {
      const r = await deskApi.seriesCancel(
        row.id,
        mode === 'one' ? { claimIds: picked, reason: reason.trim() || undefined } : { from: date, reason: reason.trim() || undefined },
      );
      success(t('fixed.cancelled', { count: r.cancelled, refund: yuan(r.refundFen) }));
      void refreshDesk();
      onClose();
    } catch {
      // The request layer says why (an unpaid order goes only whole, already begun…).
      void refreshDesk();
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      open
      title={t(mode === 'one' ? 'fixed.cancelOneTitle' : 'fixed.cancelRestTitle', { name: row.name })}
      testId="fixed-cancel"
      busy={busy}
      width={560}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => picked.length > 0 || !!reason}
      okText={t(mode === 'one' ? 'fixed.cancelOne' : 'fixed.cancelRest')}
    >
      <Typography.Paragraph type="secondary">{t(mode === 'one' ? 'fixed.cancelOneHint' : 'fixed.cancelFromHint')}</Typography.Paragraph>
      <Form layout="vertical" name="fixed-cancel-form">
        <Form.Item label={t(mode === 'one' ? 'fixed.cancelDate' : 'fixed.cancelFrom')} required>
          <DatePicker
            id="fixed-cancel-form_date"
            value={dayjs(date)}
            allowClear={false}
            disabledDate={disabledDate}
            onChange={(d) => {
              if (!d) return;
              setDate(d.format('YYYY-MM-DD'));
              setPicked([]);
              setError(null);
            }}
            style={{ width: 220 }}
          />
        </Form.Item>
        {mode === 'one' ? (
          <Form.Item validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
            {plan.isLoading ? (
              <Skeleton active paragraph={{ rows: 2 }} />
            ) : slots.length ? (
              <Checkbox.Group
                value={picked}
                onChange={(v) => {
                  setPicked(v as number[]);
                  setError(null);
                }}
                data-testid="fixed-cancel-occurrences"
              >
                <Space orientation="vertical">
                  {slots.map((s) => (
                    <Checkbox key={s.claimId} value={s.claimId} disabled={!cancellable(s)} data-testid={`fixed-cancel-claim-${s.claimId}`}>
                      {s.siteName} {s.start}–{s.end} · {s.orderNo} · {t(`claimState.${s.state}`, { defaultValue: s.state })}
                    </Checkbox>
                  ))}
                </Space>
              </Checkbox.Group>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fixed.noOccurrence')} />
            )}
          </Form.Item>
        ) : null}
        {mode === 'one' && slots.some((s) => s.orderState === 'pending') ? (
          <Alert type="info" showIcon title={t('fixed.partUnpaid')} style={{ marginBottom: 16 }} />
        ) : null}
        <Form.Item label={t('fixed.cancelReason')}>
          <Input id="fixed-cancel-form_reason" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} allowClear />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
