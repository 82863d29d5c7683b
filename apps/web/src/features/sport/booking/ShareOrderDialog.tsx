import { useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { Alert, Button, Col, Divider, Flex, Input, InputNumber, Modal, Row as GridRow, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { PayCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Perm, type PaymentRow } from '@venue/contract';
import { useCan } from '../../../kit/index.ts';
import { PayCodeLabel, PayDialog, formatTime, orderKey, payApi, payMethodOptions, payStateOptions, yuan } from '../../../kit/pay/index.ts';
import { useBookingT } from './shared.tsx';

export const MIN_PAYERS = 2;
export const MAX_PAYERS = 20;

/** Splits `total` fen into `n` shares that add up exactly: the first `total % n` shares take one fen more. */
export function splitFen(total: number, n: number): number[] {
  const count = Math.max(1, Math.floor(n));
  const whole = Math.max(0, Math.round(total));
  const each = Math.floor(whole / count);
  const odd = whole - each * count;
  return Array.from({ length: count }, (_, i) => each + (i < odd ? 1 : 0));
}

interface Share {
  index: number;
  amountFen: number;
  paidFen: number;
  state: 'unpaid' | 'partly' | 'paid';
}

const STATE_COLORS: Record<Share['state'], string> = { unpaid: 'gold', partly: 'processing', paid: 'green' };

export interface ShareOrderDialogProps {
  orderId: number;
  open: boolean;
  onClose: () => void;
  /** A payment was taken (the booking's screen reads the order again). */
  onChanged?: () => void;
}

/**
 * Share order (venueReserve "share order list"): several payers split one booking. What is still
 * due is split into equal shares in fen (the first shares take the odd fen, so they add up
 * exactly); each share is paid on its own through the pay component, preset to its amount (the
 * commerce core takes several payments per order; it is paid once they cover it). The payments
 * made on the order are listed, each beside the share it paid. The split is fixed once a share is
 * paid; it lives while the booking's screen does.
 */
export function ShareOrderDialog({ orderId, open, onClose, onChanged }: ShareOrderDialogProps) {
  const t = useBookingT();
  const can = useCan();
  const order = useQuery({ queryKey: orderKey(orderId), queryFn: () => payApi.order(orderId), enabled: open });
  const o = order.data;

  const [count, setCount] = useState(MIN_PAYERS);
  const [names, setNames] = useState<string[]>([]);
  /** What was due when the first share was taken up (null: the split follows what is due now). */
  const [frozenBase, setFrozenBase] = useState<number | null>(null);
  /** The payments that paid each share, by share index. */
  const [assigned, setAssigned] = useState<Record<number, number[]>>({});
  /** The share being paid, and the payments the order held when its pay dialog opened. */
  const [paying, setPaying] = useState<{ index: number; known: number[] } | null>(null);

  // Every time it opens, the dialog reads the order again.
  useEffect(() => {
    if (open) void order.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again each time it opens; the query object is made anew each render
  }, [open]);

  const payments = useMemo(() => o?.payments ?? [], [o]);
  const base = frozenBase ?? o?.dueFen ?? 0;
  const amounts = useMemo(() => splitFen(base, count), [base, count]);
  const byId = useMemo(() => new Map(payments.map((p) => [p.id, p])), [payments]);
  const orderPaid = !!o && o.state !== 'pending' && o.state !== 'cancelled';
  const shares: Share[] = amounts.map((amountFen, index) => {
    const paidFen = (assigned[index] ?? []).reduce((sum, id) => sum + (byId.get(id)?.state === 'succeeded' ? byId.get(id)!.amountFen : 0), 0);
    const state = orderPaid || (amountFen > 0 && paidFen >= amountFen) ? 'paid' : paidFen > 0 ? 'partly' : 'unpaid';
    return { index, amountFen, paidFen, state };
  });
  const shareOf = useMemo(() => {
    const m = new Map<number, number>();
    for (const [i, ids] of Object.entries(assigned)) for (const id of ids) m.set(id, Number(i));
    return m;
  }, [assigned]);
  const anyAssigned = shareOf.size > 0;

  // A payment that succeeded while a share's pay dialog was open paid that share; the pay dialog
  // closes once the share is covered (or the whole order is paid).
  useEffect(() => {
    if (!paying || !o) return;
    const fresh = o.payments.filter((p) => p.state === 'succeeded' && !paying.known.includes(p.id) && !shareOf.has(p.id));
    if (!fresh.length) return;
    const ids = [...(assigned[paying.index] ?? []), ...fresh.map((p) => p.id)];
    setAssigned({ ...assigned, [paying.index]: ids });
    const paidFen = ids.reduce((sum, id) => sum + (o.payments.find((p) => p.id === id)?.amountFen ?? 0), 0);
    if (paidFen >= (amounts[paying.index] ?? 0) || o.state !== 'pending') setPaying(null);
    else setPaying({ index: paying.index, known: [...paying.known, ...fresh.map((p) => p.id)] });
    onChanged?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on a new order answer or share; onChanged is the caller's latest
  }, [o, paying]);

  const payShare = (index: number) => {
    if (!o) return;
    if (frozenBase === null) setFrozenBase(base);
    setPaying({ index, known: o.payments.map((p) => p.id) });
  };
  const closePay = () => {
    setPaying(null);
    // Nothing paid yet: the split follows what is due again.
    if (!anyAssigned) setFrozenBase(null);
    void order.refetch();
  };
  const payerName = (index: number) => names[index]?.trim() || t('share.payerN', { n: index + 1 });
  const mayPay = can(Perm.order.pay) && o?.state === 'pending';

  const header = o ? (
    <GridRow gutter={12}>
      <Col span={6}>
        <Statistic title={t('field.payableFen')} value={yuan(o.payableFen)} />
      </Col>
      <Col span={6}>
        <div data-testid="share-paid" data-fen={o.paidFen}>
          <Statistic title={t('field.paidFen')} value={yuan(o.paidFen)} />
        </div>
      </Col>
      <Col span={6}>
        <div data-testid="share-due" data-fen={o.dueFen}>
          <Statistic title={t('field.dueFen')} value={yuan(o.dueFen)} styles={{ content: { color: o.dueFen > 0 ? '#d4380d' : undefined } }} />
        </div>
      </Col>
      <Col span={6}>
        <div data-testid="share-base" data-fen={base}>
          <Statistic title={t('share.base')} value={yuan(base)} />
        </div>
      </Col>
    </GridRow>
  ) : null;

  const countPicker = (
    <Flex align="center" gap={8} wrap>
      <Typography.Text strong>{t('share.count')}</Typography.Text>
      <InputNumber
        id="share-count"
        min={MIN_PAYERS}
        max={MAX_PAYERS}
        precision={0}
        value={count}
        disabled={anyAssigned || !!paying || orderPaid}
        onChange={(v) => setCount(Math.min(MAX_PAYERS, Math.max(MIN_PAYERS, Math.round(Number(v) || MIN_PAYERS))))}
        style={{ width: 96 }}
      />
      <Typography.Text type="secondary">{anyAssigned ? t('share.locked') : t('share.countHint')}</Typography.Text>
    </Flex>
  );

  const shareTable = (
    <Table<Share>
      size="small"
      rowKey="index"
      pagination={false}
      dataSource={shares}
      data-testid="share-list"
      scroll={shares.length > 8 ? { y: 320 } : undefined}
      onRow={(s) => ({ 'data-testid': `share-row-${s.index}`, 'data-fen': s.amountFen, 'data-state': s.state }) as HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'index', title: t('share.index'), width: 64, render: (_: unknown, s) => s.index + 1 },
        {
          key: 'payer',
          title: t('share.payer'),
          render: (_: unknown, s) => (
            <Input
              value={names[s.index] ?? ''}
              maxLength={32}
              placeholder={t('share.payerPlaceholder', { n: s.index + 1 })}
              onChange={(e) => {
                const next = [...names];
                next[s.index] = e.target.value;
                setNames(next);
              }}
              data-testid={`share-name-${s.index}`}
            />
          ),
        },
        {
          key: 'amount',
          title: t('share.amount'),
          align: 'right',
          className: 'kit-cell-nowrap',
          render: (_: unknown, s) => <span data-testid={`share-amount-${s.index}`}>{yuan(s.amountFen)}</span>,
        },
        { key: 'paid', title: t('share.paid'), align: 'right', className: 'kit-cell-nowrap', render: (_: unknown, s) => (s.paidFen ? yuan(s.paidFen) : '—') },
        {
          key: 'state',
          title: t('share.state'),
          className: 'kit-cell-nowrap',
          render: (_: unknown, s) => (
            <Tag color={STATE_COLORS[s.state]} data-testid={`share-state-${s.index}`} data-value={s.state}>
              {t(`share.${s.state === 'paid' ? 'done' : s.state}`)}
            </Tag>
          ),
        },
        {
          key: 'pay',
          title: '',
          width: 96,
          render: (_: unknown, s) =>
            mayPay && s.state !== 'paid' && s.amountFen > 0 ? (
              <Button size="small" type="primary" icon={<PayCircleOutlined />} onClick={() => payShare(s.index)} data-testid={`share-pay-${s.index}`}>
                {t('share.pay')}
              </Button>
            ) : null,
        },
      ]}
    />
  );

  const paymentTable = payments.length ? (
    <Table<PaymentRow>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={payments}
      data-testid="share-payments"
      columns={[
        { key: 'payer', title: t('share.payer'), render: (_: unknown, p) => (shareOf.has(p.id) ? payerName(shareOf.get(p.id)!) : t('share.other')) },
        { key: 'method', title: t('share.method'), dataIndex: 'method', render: (v: string) => <PayCodeLabel value={v} options={payMethodOptions} /> },
        { key: 'amount', title: t('share.payAmount'), dataIndex: 'amountFen', align: 'right', className: 'kit-cell-nowrap', render: (v: number) => yuan(v) },
        {
          key: 'change',
          title: t('share.change'),
          dataIndex: 'changeFen',
          align: 'right',
          className: 'kit-cell-nowrap',
          render: (v: number | null) => (v ? yuan(v) : '—'),
        },
        { key: 'state', title: t('share.payState'), dataIndex: 'state', render: (v: string) => <PayCodeLabel value={v} options={payStateOptions} /> },
        { key: 'time', title: t('share.time'), className: 'kit-cell-nowrap', render: (_: unknown, p) => formatTime(p.succeededAt ?? p.createTime) },
        { key: 'operator', title: t('share.operator'), dataIndex: 'operatorName', render: (v: string | null) => v ?? '—' },
      ]}
    />
  ) : (
    <Typography.Text type="secondary">{t('share.noPayments')}</Typography.Text>
  );

  return (
    <>
      <Modal
        open={open}
        title={o ? t('share.title', { orderNo: o.orderNo }) : t('share.button')}
        width={900}
        centered
        onCancel={onClose}
        destroyOnHidden={false}
        mask={{ closable: false }}
        footer={
          <Button onClick={onClose} data-testid="share-close">
            {t('share.close')}
          </Button>
        }
      >
        <div data-testid="share-dialog" data-state={o?.state ?? ''}>
          {!o ? (
            <Spin />
          ) : (
            <Flex vertical gap={16}>
              {orderPaid ? (
                <Alert
                  type="success"
                  showIcon
                  title={<span data-testid="share-done">{t('share.orderPaid')}</span>}
                  description={t('share.orderPaidHint', { paid: yuan(o.paidFen) })}
                />
              ) : (
                <Alert type="info" showIcon title={t('share.hint')} />
              )}
              {header}
              {orderPaid ? null : countPicker}
              {orderPaid && !anyAssigned ? null : shareTable}
              <Divider titlePlacement="start" plain style={{ margin: 0 }}>
                {t('share.payments')}
              </Divider>
              {paymentTable}
            </Flex>
          )}
        </div>
      </Modal>
      <PayDialog
        orderId={paying ? orderId : null}
        open={!!paying}
        presetFen={paying ? Math.max(0, (amounts[paying.index] ?? 0) - (shares[paying.index]?.paidFen ?? 0)) : undefined}
        onClose={closePay}
        onPaid={() => onChanged?.()}
      />
    </>
  );
}
