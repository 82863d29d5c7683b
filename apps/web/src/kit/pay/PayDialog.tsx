import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Col,
  Descriptions,
  Divider,
  Empty,
  Form,
  Input,
  Modal,
  Radio,
  Result,
  Row as GridRow,
  Space,
  Spin,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { PrinterOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useNavigate } from 'react-router';
import {
  Perm,
  PAY_METHODS,
  PROVIDER_METHODS,
  type BalanceAccountRow,
  type OrderDetail,
  type PayMethod,
  type PaymentRow,
  type ProviderMethod,
} from '@venue/contract';
import { success } from '../../app/feedback.tsx';
import { notify } from '../../app/notify.ts';
import { errorFieldsOf, focusFirstError, reactToSaveError } from '../form.ts';
import { NumberInput } from '../inputs.tsx';
import { useCan } from '../useCan.ts';
import { AccountSelect, accountRefusal } from './AccountSelect.tsx';
import { CardSelect } from './CardSelect.tsx';
import { formatTime, toFen, yuan } from './money.ts';
import { newIdempotencyKey, orderKey, payApi, refreshCommerce } from './pay.api.ts';
import { PayCodeLabel, payMethodOptions, payOrderStateOptions, payStateOptions, usePayT } from './payI18n.tsx';

const isProvider = (m: PayMethod): m is ProviderMethod => (PROVIDER_METHODS as readonly string[]).includes(m);
/** The order and the open payment are polled this often (issue 10: every 2 s). */
export const POLL_MS = 2000;

interface PayValues {
  amount?: number | string | null;
  received?: number | string | null;
  accountId?: number | null;
  cardId?: number | null;
  authCode?: string;
}

export interface PayDialogProps {
  orderId: number | null;
  open: boolean;
  onClose: () => void;
  /** The order is paid in full (or left pending state). */
  onPaid?: (order: OrderDetail) => void;
  /**
   * The amount (fen) the form starts at instead of all that is due, capped at what is due: one
   * payer's share of an order several people pay (after each payment and change of method too).
   */
  presetFen?: number;
}

/**
 * The pay component (payComponent/payMethod): the operator adds payments until nothing is due
 * (mixed payment). Cash works out the change; balance picks a stored-value account and refuses
 * more than its balance; Alipay, WeChat Pay and aggregated QR show the provider's code and watch
 * the payment, or take the customer's code from a scanner (Enter submits); transfer and free.
 * Beside it, the order's scan page as a QR code: the customer may pay on their phone, and the
 * dialog sees the order become paid by polling it.
 */
export function PayDialog({ orderId, open, onClose, onPaid, presetFen }: PayDialogProps) {
  const t = usePayT();
  const can = useCan();
  const navigate = useNavigate();
  const [form] = Form.useForm<PayValues>();
  const [method, setMethod] = useState<PayMethod>('cash');
  const [flow, setFlow] = useState<'qr' | 'barcode'>('qr');
  const [account, setAccount] = useState<BalanceAccountRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState<PaymentRow | null>(null);
  const [last, setLast] = useState<PaymentRow | null>(null);
  const barcodeRef = useRef<{ focus: () => void } | null>(null);

  const order = useQuery({
    queryKey: orderKey(orderId ?? 0),
    queryFn: () => payApi.order(orderId!),
    enabled: open && !!orderId,
    // Watches the order while it is open: a payment made on the scan page shows here.
    refetchInterval: (q) => (open && (!q.state.data || q.state.data.state === 'pending') ? POLL_MS : false),
  });
  const o = order.data;
  const due = o?.dueFen ?? 0;
  const done = !!o && o.state !== 'pending' && o.state !== 'cancelled';

  // The open provider payment (QR shown, or a barcode payment still paying) is polled until it ends.
  const polled = useQuery({
    queryKey: ['commerce', 'payment', active?.id ?? 0],
    queryFn: () => payApi.payment(active!.id),
    enabled: open && !!active,
    refetchInterval: POLL_MS,
  });
  useEffect(() => {
    const p = polled.data?.payment;
    if (!p || !active || p.id !== active.id || p.state === 'created') return;
    setActive(null);
    setLast(p);
    if (p.state === 'succeeded') success(t('pay.succeeded', { amount: yuan(p.amountFen) }));
    void order.refetch();
    void refreshCommerce();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts to a new poll answer only; the handlers read the latest state
  }, [polled.data]);

  // A fresh dialog for every order opened, before its first paint (a quick choice of method stays).
  useLayoutEffect(() => {
    if (!open) return;
    setMethod('cash');
    setFlow('qr');
    setActive(null);
    setLast(null);
    setAccount(null);
    form.resetFields();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- resets only when opened, or for another order; the form instance is stable
  }, [open, orderId]);

  // The amount starts at what is due, or the preset share of it (again after each payment and change of method).
  useEffect(() => {
    if (!open || !o) return;
    const amount = (presetFen !== undefined && presetFen > 0 ? Math.min(presetFen, due) : due) / 100;
    form.setFieldsValue({ amount, received: method === 'cash' ? amount : undefined, authCode: '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the order by its id, not the object each poll makes anew
  }, [open, due, method, o?.id, presetFen]);

  const paidAlready = useRef(false);
  useEffect(() => {
    if (!open) {
      paidAlready.current = false;
      return;
    }
    if (done && o && !paidAlready.current) {
      paidAlready.current = true;
      setActive(null);
      void refreshCommerce();
      onPaid?.(o);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fires once when the order is paid; the callbacks are the caller's latest
  }, [open, done]);

  useEffect(() => {
    if (open && isProvider(method) && flow === 'barcode') setTimeout(() => barcodeRef.current?.focus(), 50);
  }, [open, method, flow]);

  const amount = Form.useWatch('amount', form);
  const received = Form.useWatch('received', form);
  const amountFen = toFen(amount) ?? 0;
  const receivedFen = toFen(received);
  const change = receivedFen !== undefined && receivedFen >= amountFen ? receivedFen - amountFen : null;

  const submit = async () => {
    if (!o) return;
    let v: PayValues;
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    const fen = toFen(v.amount) ?? 0;
    const body =
      method === 'cash'
        ? { method, amountFen: fen, receivedFen: toFen(v.received) ?? fen }
        : method === 'balance'
          ? { method, amountFen: fen, accountId: v.accountId ?? undefined }
          : method === 'card'
            ? { method, amountFen: fen, cardId: v.cardId ?? undefined }
            : isProvider(method)
              ? flow === 'barcode'
                ? { method, amountFen: fen, flow, authCode: (v.authCode ?? '').trim() }
                : { method, amountFen: fen, flow }
              : { method, amountFen: fen };
    setBusy(true);
    try {
      // One key per attempt: a retry of this very call returns the first answer.
      const answer = await payApi.pay(o.id, body, newIdempotencyKey());
      const p = answer.payment;
      setLast(p);
      if (p.state === 'created') setActive(p);
      else if (p.state === 'succeeded') success(t('pay.succeeded', { amount: yuan(p.amountFen) }));
      if (p.state === 'failed') notify.error(t('pay.failed', { error: p.error ?? '' }));
      form.setFieldsValue({ authCode: '' });
      await order.refetch();
      void refreshCommerce();
    } catch (err) {
      await reactToSaveError(form, err);
      form.setFieldsValue({ authCode: '' });
    } finally {
      setBusy(false);
    }
  };

  const closeActive = async () => {
    if (!active) return;
    setBusy(true);
    try {
      const answer = await payApi.closePayment(active.id);
      setLast(answer.payment);
      setActive(null);
      if (answer.payment.state === 'succeeded') success(t('pay.succeeded', { amount: yuan(answer.payment.amountFen) }));
      await order.refetch();
    } finally {
      setBusy(false);
    }
  };

  const amountRules = [
    {
      validator: async (_: unknown, value: unknown) => {
        const fen = toFen(value);
        if (!fen || fen <= 0) throw new Error(t('kit:required'));
        if (method !== 'free' && fen > due) throw new Error(t('pay.overDue', { due: yuan(due) }));
        if (method === 'balance' && account && fen > account.balanceFen) throw new Error(t('pay.overBalance', { balance: yuan(account.balanceFen) }));
      },
    },
  ];

  const methodPicker = (
    <Radio.Group
      optionType="button"
      value={method}
      onChange={(e) => {
        setMethod(e.target.value as PayMethod);
        form.setFields([{ name: 'amount', errors: [] }]);
      }}
      disabled={!!active}
    >
      {/* A comp (free) needs its own permission (the server checks it too). */}
      {PAY_METHODS.filter((m) => m !== 'free' || can(Perm.order.comp)).map((m) => (
        <Radio.Button key={m} value={m}>
          <span data-testid={`pay-method-${m}`}>{t(`method.${m}`)}</span>
        </Radio.Button>
      ))}
    </Radio.Group>
  );

  const qrShown = active && active.flow === 'qr' && active.qrCode;

  const payForm = (
    <Form form={form} name="pay-form" layout="vertical" autoComplete="off" onFinish={() => void submit()} disabled={busy || !!active}>
      <Form.Item label={t('pay.method')}>{methodPicker}</Form.Item>
      {isProvider(method) ? (
        <Form.Item label={t('pay.flow')}>
          <Radio.Group value={flow} onChange={(e) => setFlow(e.target.value as 'qr' | 'barcode')}>
            <Radio value="qr">
              <span data-testid="pay-flow-qr">{t('flow.qr')}</span>
            </Radio>
            <Radio value="barcode">
              <span data-testid="pay-flow-barcode">{t('flow.barcode')}</span>
            </Radio>
          </Radio.Group>
        </Form.Item>
      ) : null}
      {method === 'balance' ? (
        <Form.Item
          name="accountId"
          label={t('pay.account')}
          rules={[
            { required: true, message: t('kit:required') },
            {
              // Refused here, before confirm, as the server would (a frozen or expired card, an empty account).
              validator: async () => {
                const why = account ? accountRefusal(account) : null;
                if (why) throw new Error(t('pay.refusedAccount', { reason: t(why) }));
              },
            },
          ]}
          extra={
            account ? (
              <span data-testid="pay-account-chosen">
                {account.card ? `${account.card.typeName} · ${t(`cardKind.${account.card.kind}`)} · ${account.card.cardNo} · ` : ''}
                {`${t('pay.balance')} ${yuan(account.balanceFen)}`}
              </span>
            ) : undefined
          }
        >
          <AccountSelect
            memberId={o?.memberId}
            dueFen={due}
            preselect
            onAccount={(a) => {
              setAccount(a);
              // An account holding less than is due pays what it holds; the rest is paid another way.
              if (a && !accountRefusal(a) && a.balanceFen < due) form.setFieldsValue({ amount: a.balanceFen / 100 });
            }}
          />
        </Form.Item>
      ) : null}
      {method === 'card' ? (
        <Form.Item name="cardId" label={t('pay.card')} rules={[{ required: true, message: t('kit:required') }]}>
          <CardSelect memberId={o?.memberId} />
        </Form.Item>
      ) : null}
      <Form.Item name="amount" label={t('pay.amount')} rules={amountRules} dependencies={['accountId']} required>
        <NumberInput decimals={2} disabled={method === 'free'} data-testid="pay-amount" />
      </Form.Item>
      {method === 'cash' ? (
        <>
          <Form.Item
            name="received"
            label={t('pay.received')}
            dependencies={['amount']}
            rules={[
              {
                validator: async (_: unknown, value: unknown) => {
                  const fen = toFen(value);
                  if (fen !== undefined && fen < amountFen) throw new Error(t('pay.tooLittle'));
                },
              },
            ]}
          >
            <NumberInput decimals={2} />
          </Form.Item>
          <Form.Item label={t('pay.change')}>
            <Typography.Text strong style={{ fontSize: 20 }} data-testid="pay-change" data-fen={change ?? ''}>
              {change === null ? '—' : yuan(change)}
            </Typography.Text>
          </Form.Item>
        </>
      ) : null}
      {isProvider(method) && flow === 'barcode' ? (
        <Form.Item name="authCode" label={t('pay.barcode')} extra={t('pay.barcodeHint')} rules={[{ required: true, message: t('kit:required') }]}>
          <Input
            ref={(el) => {
              barcodeRef.current = el;
            }}
            inputMode="numeric"
            autoComplete="off"
            onPressEnter={(e) => {
              e.preventDefault();
              void submit();
            }}
          />
        </Form.Item>
      ) : null}
      <Button
        type="primary"
        icon={isProvider(method) && flow === 'qr' ? <QrcodeOutlined /> : undefined}
        loading={busy}
        onClick={() => void submit()}
        disabled={!!active || due <= 0}
        data-testid="pay-submit"
      >
        {isProvider(method) && flow === 'qr' ? t('pay.showQr') : t('pay.submit')}
      </Button>
      <button type="submit" hidden />
    </Form>
  );

  const activePanel = active ? (
    <div style={{ textAlign: 'center', padding: 16 }} data-testid="pay-active">
      {qrShown ? (
        <>
          <Typography.Paragraph>{t('pay.qrHint', { method: t(`method.${active.method}`) })}</Typography.Paragraph>
          <div style={{ display: 'inline-block', padding: 12, background: '#fff', borderRadius: 8 }}>
            <QRCodeSVG value={active.qrCode!} size={200} data-testid="pay-qr" data-code={active.qrCode!} />
          </div>
          <Typography.Paragraph strong style={{ fontSize: 18, marginTop: 8 }}>
            {yuan(active.amountFen)}
          </Typography.Paragraph>
        </>
      ) : null}
      <Space orientation="vertical">
        <Space>
          <Spin size="small" />
          <Typography.Text type="secondary">{t('pay.waiting')}</Typography.Text>
        </Space>
        <Button danger onClick={() => void closeActive()} loading={busy} data-testid="pay-qr-close">
          {t('pay.closeQr')}
        </Button>
      </Space>
    </div>
  ) : null;

  const lastNote =
    last && !active ? (
      last.state === 'failed' ? (
        <Alert type="error" showIcon title={t('pay.failed', { error: last.error ?? '' })} style={{ marginBottom: 12 }} data-testid="pay-last" />
      ) : last.state === 'closed' ? (
        <Alert type="info" showIcon title={t('pay.closed')} style={{ marginBottom: 12 }} data-testid="pay-last" />
      ) : (
        <Alert
          type="success"
          showIcon
          title={t('pay.succeeded', { amount: yuan(last.amountFen) })}
          description={last.changeFen ? `${t('pay.change')} ${yuan(last.changeFen)}` : undefined}
          style={{ marginBottom: 12 }}
          data-testid="pay-last"
        />
      )
    ) : null;

  const payments = o?.payments ?? [];
  const summary = o ? (
    <>
      <GridRow gutter={12}>
        <Col span={8}>
          <Statistic title={t('pay.payable')} value={yuan(o.payableFen)} />
        </Col>
        <Col span={8}>
          <Statistic title={t('pay.paid')} value={yuan(o.paidFen)} />
        </Col>
        <Col span={8}>
          <div data-testid="pay-due" data-fen={due}>
            <Statistic title={t('pay.due')} value={yuan(due)} styles={{ content: { color: due > 0 ? '#d4380d' : undefined } }} />
          </div>
        </Col>
      </GridRow>
      <Divider titlePlacement="start" plain>
        {t('pay.payments')}
      </Divider>
      {payments.length ? (
        <Table<PaymentRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={payments}
          data-testid="pay-payments"
          columns={[
            { key: 'method', title: t('field.method'), dataIndex: 'method', render: (v: string) => <PayCodeLabel value={v} options={payMethodOptions} /> },
            { key: 'amount', title: t('field.amountFen'), dataIndex: 'amountFen', align: 'right', render: (v: number) => yuan(v) },
            { key: 'state', title: t('field.payState'), dataIndex: 'state', render: (v: string) => <PayCodeLabel value={v} options={payStateOptions} /> },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('pay.noPayments')}</Typography.Text>
      )}
    </>
  ) : null;

  const scanPanel = o ? (
    <div data-testid="pay-scan" style={{ textAlign: 'center' }}>
      <Divider titlePlacement="start" plain>
        {t('pay.scanTitle')}
      </Divider>
      {o.scanUrl && o.state === 'pending' ? (
        <>
          <div style={{ display: 'inline-block', padding: 8, background: '#fff', borderRadius: 8 }}>
            <QRCodeSVG value={o.scanUrl} size={150} data-testid="pay-scan-qr" data-url={o.scanUrl} />
          </div>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
            {t('pay.scanHint')}
          </Typography.Paragraph>
        </>
      ) : (
        <Typography.Text type="secondary">{t('pay.noScan')}</Typography.Text>
      )}
    </div>
  ) : null;

  const doneView = o ? (
    <Result
      status="success"
      title={<span data-testid="pay-done">{t('pay.done')}</span>}
      subTitle={
        <Descriptions size="small" column={1} style={{ maxWidth: 360, margin: '0 auto' }}>
          <Descriptions.Item label={t('field.orderNo')}>{o.orderNo}</Descriptions.Item>
          <Descriptions.Item label={t('field.state')}>
            <PayCodeLabel value={o.state} options={payOrderStateOptions} testId="pay-order-state" />
          </Descriptions.Item>
          <Descriptions.Item label={t('field.paidFen')}>{yuan(o.paidFen)}</Descriptions.Item>
          {payments
            .filter((p) => p.state === 'succeeded' && p.changeFen)
            .map((p) => (
              <Descriptions.Item key={p.id} label={t('pay.change')}>
                <span data-testid="pay-done-change">{yuan(p.changeFen)}</span>
              </Descriptions.Item>
            ))}
          {o.paidAt ? <Descriptions.Item label={t('field.paidAt')}>{formatTime(o.paidAt)}</Descriptions.Item> : null}
        </Descriptions>
      }
      extra={[
        can(Perm.order.print) ? (
          <Button
            key="print"
            icon={<PrinterOutlined />}
            onClick={() => {
              onClose();
              navigate(`/sport/views/orderManagement/print/${o.id}`);
            }}
            data-testid="pay-print"
          >
            {t('action.print')}
          </Button>
        ) : null,
        <Button key="finish" type="primary" onClick={onClose} data-testid="pay-finish">
          {t('pay.finish')}
        </Button>,
      ]}
    />
  ) : null;

  return (
    <Modal
      open={open}
      title={o ? t('pay.title', { orderNo: o.orderNo }) : t('action.pay')}
      width={920}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      centered
    >
      <div data-testid="pay-dialog">
        {!o ? (
          order.isError ? (
            <Empty description={t('notFound')} />
          ) : (
            <Spin />
          )
        ) : done ? (
          doneView
        ) : o.state !== 'pending' ? (
          <Alert type="warning" showIcon title={t('pay.notPending', { state: t(`state.${o.state}`) })} />
        ) : (
          <GridRow gutter={24}>
            <Col xs={24} md={14}>
              {lastNote}
              {activePanel ?? payForm}
            </Col>
            <Col xs={24} md={10}>
              {summary}
              {scanPanel}
            </Col>
          </GridRow>
        )}
      </div>
    </Modal>
  );
}
