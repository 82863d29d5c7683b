import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Col, Form, Input, Radio, Row as GridRow, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Perm, generalLine, generalSale, orderCancel, type OrderDetail, type OrderRow } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { FormModal, IntegerInput, NumberInput, ReasonDialog, useCan, useFieldRules } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { commerceApi, newIdempotencyKey, refreshCommerce } from './commerce.api.ts';
import { PayDialog } from '../../../kit/pay/index.ts';
import { toFen, useCommerceT, yuan } from './shared.tsx';

// ---------------------------------------------------------------- cancel

/** Cancel a pending order: a reason (optional), then a confirmation. */
export function CancelDialog({ order, onClose, onDone }: { order: Pick<OrderRow, 'id' | 'orderNo'> | null; onClose: () => void; onDone?: () => void }) {
  const t = useCommerceT();
  return (
    <ReasonDialog
      open={!!order}
      title={order ? t('cancelDialog.title', { orderNo: order.orderNo }) : ''}
      testId="cancel-form"
      label={t('cancelDialog.reason')}
      rule={orderCancel.shape.reason}
      confirmText={order ? t('cancelDialog.confirm', { orderNo: order.orderNo }) : undefined}
      onClose={onClose}
      onSubmit={async (reason) => {
        await commerceApi.cancelOrder(order!.id, reason);
        success(t('cancelDialog.done'));
        void refreshCommerce();
        onDone?.();
      }}
    />
  );
}

// ---------------------------------------------------------------- new sale

interface SaleItem {
  name?: string;
  unitPrice?: number | string | null;
  quantity?: number | string | null;
  discount?: number | string | null;
}
interface SaleValues {
  buyerKind: 'walkin' | 'member';
  buyerName?: string;
  buyerPhone?: string;
  memberId?: number | string | null;
  items: SaleItem[];
  discountReason?: string;
}

const lineFen = (i: SaleItem | undefined) => Math.max(0, (toFen(i?.unitPrice) ?? 0) * (Number(i?.quantity) || 0) - (toFen(i?.discount) ?? 0));

/**
 * A sale of `general` items (name, unit price, quantity, discount) to a walk-in (name and phone
 * optional) or a member; saving creates the order (one Idempotency-Key per dialog opened, so a
 * repeated click makes one order) and goes straight on to the pay component. The discount column
 * shows only to holders of the discount permission, and a discount asks for its reason (the
 * server checks both, and the role's limit).
 */
export function SaleDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (order: OrderDetail) => void }) {
  const t = useCommerceT();
  const [form] = Form.useForm<SaleValues>();
  const key = useMemo(() => (open ? newIdempotencyKey() : ''), [open]);
  const can = useCan();
  const mayDiscount = can(Perm.order.discount);
  const nameRules = useFieldRules({ name: 'name', label: 'sale.name', rule: generalLine.shape.name, required: true });
  const buyerNameRules = useFieldRules({ name: 'buyerName', label: 'field.buyerName', rule: generalSale.shape.buyerName });
  const phoneRules = useFieldRules({ name: 'buyerPhone', label: 'field.buyerPhone', rule: generalSale.shape.buyerPhone, required: false });
  const reasonRules = useFieldRules({ name: 'discountReason', label: 'sale.discountReason', rule: generalSale.shape.discountReason, required: true });
  const kind = Form.useWatch('buyerKind', form) ?? 'walkin';
  const items = Form.useWatch('items', form);
  const total = (items ?? []).reduce((s, i) => s + lineFen(i), 0);
  const discounted = mayDiscount && (items ?? []).some((i) => (toFen(i?.discount) ?? 0) > 0);

  useLayoutEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const priceRule = (allowZero: boolean) => ({
    validator: async (_: unknown, value: unknown) => {
      const fen = toFen(value);
      if (fen === undefined) {
        if (!allowZero) throw new Error(t('kit:required'));
        return;
      }
      if (fen < 0) throw new Error(t('kit:required'));
    },
  });

  const { busy, submit } = useFormSubmit(form, async (v) => {
    const body = {
      type: 'general' as const,
      ...(discounted ? { discountReason: v.discountReason?.trim() || null } : {}),
      ...(v.buyerKind === 'member' ? { memberId: Number(v.memberId) } : { buyerName: v.buyerName?.trim() || null, buyerPhone: v.buyerPhone?.trim() || null }),
      items: v.items.map((i) => ({
        kind: 'general' as const,
        name: (i.name ?? '').trim(),
        unitPriceFen: toFen(i.unitPrice) ?? 0,
        quantity: Number(i.quantity) || 1,
        discountFen: mayDiscount ? (toFen(i.discount) ?? 0) : 0,
      })),
    };
    const created = await commerceApi.createOrder(body, key);
    void refreshCommerce();
    onCreated(created);
  });

  const dirty = () => form.isFieldsTouched();

  return (
    <FormModal
      open={open}
      title={t('sale.title')}
      testId="sale-form"
      busy={busy}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={dirty}
      width={820}
      okText={t('sale.payNow')}
    >
      <Form<SaleValues>
        form={form}
        name="sale-form"
        layout="vertical"
        autoComplete="off"
        initialValues={{ buyerKind: 'walkin', items: [{ quantity: 1, discount: 0 }] }}
        onFinish={() => void submit()}
      >
        <Typography.Title level={5}>{t('sale.items')}</Typography.Title>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <GridRow gutter={8} key={f.key} align="top" data-testid={`sale-item-${i}`}>
                  <Col span={mayDiscount ? 8 : 12}>
                    <Form.Item name={[f.name, 'name']} label={i === 0 ? t('sale.name') : undefined} rules={nameRules} required>
                      <Input maxLength={64} />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item name={[f.name, 'unitPrice']} label={i === 0 ? t('sale.unitPrice') : undefined} rules={[priceRule(false)]} required>
                      <NumberInput decimals={2} />
                    </Form.Item>
                  </Col>
                  <Col span={3}>
                    <Form.Item
                      name={[f.name, 'quantity']}
                      label={i === 0 ? t('sale.quantity') : undefined}
                      rules={[
                        {
                          validator: async (_: unknown, v: unknown) => {
                            const n = Number(v);
                            if (!Number.isInteger(n) || n < 1 || n > 9999) throw new Error(t('kit:required'));
                          },
                        },
                      ]}
                      required
                    >
                      <IntegerInput maxLength={4} />
                    </Form.Item>
                  </Col>
                  {mayDiscount && (
                    <Col span={4}>
                      <Form.Item name={[f.name, 'discount']} label={i === 0 ? t('sale.discount') : undefined} rules={[priceRule(true)]}>
                        <NumberInput decimals={2} />
                      </Form.Item>
                    </Col>
                  )}
                  <Col span={3}>
                    <Form.Item label={i === 0 ? t('sale.amount') : undefined}>
                      <Typography.Text data-testid={`sale-item-${i}-amount`}>{yuan(lineFen(items?.[i]))}</Typography.Text>
                    </Form.Item>
                  </Col>
                  <Col span={2}>
                    <Form.Item label={i === 0 ? ' ' : undefined}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        disabled={fields.length <= 1}
                        onClick={() => remove(f.name)}
                        aria-label={t('sale.removeItem')}
                      />
                    </Form.Item>
                  </Col>
                </GridRow>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: 1, discount: 0 })} block data-testid="sale-add-item">
                {t('sale.addItem')}
              </Button>
            </>
          )}
        </Form.List>
        {discounted && (
          <Form.Item name="discountReason" label={t('sale.discountReason')} rules={reasonRules} required style={{ marginTop: 12 }}>
            <Input maxLength={200} data-testid="sale-discount-reason" />
          </Form.Item>
        )}
        <div style={{ textAlign: 'right', margin: '12px 0' }}>
          <Typography.Text>{t('sale.total')}: </Typography.Text>
          <Typography.Text strong style={{ fontSize: 18 }} data-testid="sale-total">
            {yuan(total)}
          </Typography.Text>
        </div>
        <Typography.Title level={5}>{t('sale.buyer')}</Typography.Title>
        <Form.Item name="buyerKind">
          <Radio.Group
            options={[
              { value: 'walkin', label: <span data-testid="sale-buyer-walkin">{t('sale.walkin')}</span> },
              { value: 'member', label: <span data-testid="sale-buyer-member">{t('sale.member')}</span> },
            ]}
          />
        </Form.Item>
        {kind === 'member' ? (
          <Form.Item name="memberId" label={t('field.memberId')} rules={[{ required: true, message: t('kit:required') }]}>
            <IntegerInput maxLength={15} />
          </Form.Item>
        ) : (
          <GridRow gutter={16}>
            <Col span={12}>
              <Form.Item name="buyerName" label={t('field.buyerName')} rules={buyerNameRules}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="buyerPhone" label={t('field.buyerPhone')} rules={phoneRules}>
                <IntegerInput maxLength={11} asText />
              </Form.Item>
            </Col>
          </GridRow>
        )}
        <button type="submit" hidden />
      </Form>
    </FormModal>
  );
}

// ---------------------------------------------------------------- the actions of an order, for lists and the detail

export interface OrderActions {
  newSale(): void;
  pay(orderId: number): void;
  cancel(order: Pick<OrderRow, 'id' | 'orderNo'>): void;
  dialogs: ReactNode;
}

/** The sale, pay and cancel dialogs of a screen, opened by its buttons. */
export function useOrderActions(onChanged?: () => void): OrderActions {
  const [sale, setSale] = useState(false);
  const [paying, setPaying] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<Pick<OrderRow, 'id' | 'orderNo'> | null>(null);
  return {
    newSale: () => setSale(true),
    pay: (id) => setPaying(id),
    cancel: (o) => setCancelling(o),
    dialogs: (
      <>
        <SaleDialog
          open={sale}
          onClose={() => setSale(false)}
          onCreated={(o) => {
            setSale(false);
            onChanged?.();
            setPaying(o.id);
          }}
        />
        <PayDialog
          orderId={paying}
          open={paying !== null}
          onClose={() => {
            setPaying(null);
            void refreshCommerce();
            onChanged?.();
          }}
          onPaid={() => onChanged?.()}
        />
        <CancelDialog order={cancelling} onClose={() => setCancelling(null)} onDone={onChanged} />
      </>
    ),
  };
}
