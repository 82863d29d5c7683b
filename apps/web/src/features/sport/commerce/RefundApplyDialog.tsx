import { useLayoutEffect, useMemo, useState } from 'react';
import { Form, Input, Radio, Table, Typography } from 'antd';
import { refundApply, type OrderDetail, type OrderItemRow } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { FormModal, IntegerInput, NumberInput, errorFieldsOf, focusFirstError, useFieldRules } from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { AccountSelect } from '../../../kit/pay/index.ts';
import { commerceApi, newIdempotencyKey, refreshCommerce } from './commerce.api.ts';
import { toFen, useCommerceT, yuan } from './shared.tsx';

interface RefundValues {
  mode: 'items' | 'amount';
  qty?: Record<string, number | string | null | undefined>;
  amount?: number | string | null;
  to: 'original' | 'balance';
  accountId?: number | null;
  reason?: string;
}

/** What is left to refund of an order: its paid amount less what was refunded. */
export const refundableFen = (o: Pick<OrderDetail, 'paidFen' | 'refundedFen'>) => Math.max(0, o.paidFen - o.refundedFen);

/**
 * Apply for a refund of an order: some items with quantities, or an amount; back to the original
 * method(s) or to a stored-value balance; with a reason. The refund then waits for review.
 */
export function RefundApplyDialog({ order, onClose, onDone }: { order: OrderDetail | null; onClose: () => void; onDone?: () => void }) {
  const t = useCommerceT();
  const [form] = Form.useForm<RefundValues>();
  const [busy, setBusy] = useState(false);
  const key = useMemo(() => (order ? newIdempotencyKey() : ''), [order]);
  const reasonRules = useFieldRules({ name: 'reason', label: 'refundDialog.reason', rule: refundApply.shape.reason });
  const mode = Form.useWatch('mode', form) ?? 'items';
  const to = Form.useWatch('to', form) ?? 'original';
  const max = order ? refundableFen(order) : 0;
  const items = (order?.items ?? []).filter((i) => i.quantity - i.refundedQty > 0);

  useLayoutEffect(() => {
    if (order) form.resetFields();
  }, [order, form]);

  const submit = async () => {
    if (!order) return;
    let v: RefundValues;
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    const all = form.getFieldsValue(true) as RefundValues;
    const picked = Object.entries(all.qty ?? {})
      .map(([itemId, q]) => ({ itemId: Number(itemId), quantity: Number(q) || 0 }))
      .filter((x) => x.quantity > 0);
    if (v.mode === 'items' && !picked.length) {
      form.setFields([{ name: 'mode', errors: [t('refundDialog.noItems')] }]);
      return;
    }
    setBusy(true);
    try {
      await commerceApi.applyRefund(
        {
          orderId: order.id,
          ...(v.mode === 'items' ? { items: picked } : { amountFen: toFen(v.amount) }),
          to: v.to,
          accountId: v.to === 'balance' ? (v.accountId ?? undefined) : undefined,
          reason: (v.reason ?? '').trim(),
        },
        key,
      );
      success(t('refundDialog.done'));
      void refreshCommerce();
      onDone?.();
      onClose();
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      open={!!order}
      title={order ? t('refundDialog.title', { orderNo: order.orderNo }) : ''}
      testId="refund-form"
      busy={busy}
      width={760}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      {order ? (
        <Form<RefundValues> form={form} name="refund-form" layout="vertical" autoComplete="off" initialValues={{ mode: 'items', to: 'original' }}>
          <Form.Item name="mode" label={t('refundDialog.mode')}>
            <Radio.Group
              options={[
                { value: 'items', label: <span data-testid="refund-mode-items">{t('refundDialog.byItems')}</span> },
                { value: 'amount', label: <span data-testid="refund-mode-amount">{t('refundDialog.byAmount')}</span> },
              ]}
            />
          </Form.Item>
          {mode === 'items' ? (
            <Table<OrderItemRow>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={items}
              style={{ marginBottom: 16 }}
              data-testid="refund-items"
              columns={[
                { key: 'name', title: t('detail.name'), dataIndex: 'name' },
                { key: 'price', title: t('detail.unitPrice'), dataIndex: 'unitPriceFen', align: 'right', render: (v: number) => yuan(v) },
                { key: 'left', title: t('refundDialog.left'), align: 'right', render: (_: unknown, i) => i.quantity - i.refundedQty },
                {
                  key: 'qty',
                  title: t('refundDialog.qty'),
                  width: 140,
                  render: (_: unknown, i) => (
                    <Form.Item
                      name={['qty', String(i.id)]}
                      style={{ margin: 0 }}
                      rules={[
                        {
                          validator: async (_r: unknown, v: unknown) => {
                            const n = Number(v ?? 0);
                            if (!Number.isInteger(n) || n < 0 || n > i.quantity - i.refundedQty)
                              throw new Error(t('refundDialog.refundable', { qty: i.quantity - i.refundedQty }));
                          },
                        },
                      ]}
                    >
                      <IntegerInput maxLength={4} data-testid={`refund-qty-${i.lineNo}`} />
                    </Form.Item>
                  ),
                },
              ]}
            />
          ) : (
            <Form.Item
              name="amount"
              label={t('refundDialog.amount')}
              extra={t('refundDialog.maxAmount', { amount: yuan(max) })}
              required
              rules={[
                {
                  validator: async (_: unknown, v: unknown) => {
                    const fen = toFen(v);
                    if (!fen || fen <= 0) throw new Error(t('kit:required'));
                    if (fen > max) throw new Error(t('refundDialog.maxAmount', { amount: yuan(max) }));
                  },
                },
              ]}
            >
              <NumberInput decimals={2} />
            </Form.Item>
          )}
          <Form.Item name="to" label={t('refundDialog.to')}>
            <Radio.Group
              options={[
                { value: 'original', label: <span data-testid="refund-to-original">{t('refundTo.original')}</span> },
                { value: 'balance', label: <span data-testid="refund-to-balance">{t('refundTo.balance')}</span> },
              ]}
            />
          </Form.Item>
          {to === 'balance' ? (
            <Form.Item name="accountId" label={t('refundDialog.account')} rules={[{ required: true, message: t('kit:required') }]}>
              <AccountSelect memberId={order.memberId} />
            </Form.Item>
          ) : null}
          <Form.Item name="reason" label={t('refundDialog.reason')} rules={reasonRules} required>
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
          <Typography.Text type="secondary">{t('refundDialog.maxAmount', { amount: yuan(max) })}</Typography.Text>
        </Form>
      ) : null}
    </FormModal>
  );
}
