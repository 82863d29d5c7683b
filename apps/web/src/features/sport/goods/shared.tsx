import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Col, Form, Row as GridRow, Typography, theme } from 'antd';
import { GOODS_STATUS, STOCK_MOVEMENT_KINDS } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { FieldItem, FormModal, codeOptions, errorFieldsOf, focusFirstError, type FieldDef, type Row } from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The goods screens' texts: one namespace for the feature. */
export const NS = 'goods';
registerMessages(NS, zh, en);

export type GoodsT = FeatureT<typeof zh>;
export function useGoodsT(): GoodsT {
  return useFeatureT<typeof zh>(NS);
}

export const orderDetailPath = (id: number) => `/sport/views/orderManagement/orderDetail/${id}`;

export const statusOptions = codeOptions(GOODS_STATUS, 'status', { on: 'green', off: 'default' });
export const kindOptions = codeOptions(STOCK_MOVEMENT_KINDS, 'kind', {
  purchase_in: 'green',
  sale_out: 'blue',
  rent_out: 'purple',
  return_in: 'cyan',
  damage: 'red',
  adjust: 'orange',
  transfer_out: 'gold',
  transfer_in: 'gold',
});

/** Fen to yuan for an input's value (1234 -> 12.34); null stays null. */
export const fenToYuan = (fen: number | null | undefined): number | null => (fen === null || fen === undefined ? null : Math.round(fen) / 100);

/** A signed quantity: in with +, out with − in the theme's error text colour (both pass contrast in either theme). */
export function SignedQty({ n }: { n: number }) {
  const { token } = theme.useToken();
  const color = n < 0 ? token.colorErrorText : undefined;
  return (
    <span style={{ color, fontVariantNumeric: 'tabular-nums' }} data-testid="flow-qty" data-qty={n}>
      {n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0'}
    </span>
  );
}

/** The stock of a good: what can be sold now, and what pending orders hold. */
export function StockCell({ available, held, testId }: { available: number; held: number; testId?: string }) {
  const t = useGoodsT();
  return (
    <span data-testid={testId} data-available={available} data-held={held} style={{ fontVariantNumeric: 'tabular-nums' }}>
      <Typography.Text strong type={available <= 0 ? 'danger' : undefined}>
        {available}
      </Typography.Text>
      {held ? <Typography.Text type="secondary"> / {t('held', { n: held })}</Typography.Text> : null}
    </span>
  );
}

export interface ActionDialogProps {
  open: boolean;
  title: string;
  /** The dialog's test id; the form has the same name, so its fields are `#<testId>_<field>`. */
  testId: string;
  fields: FieldDef[];
  initial?: Row;
  head?: ReactNode;
  okText?: string;
  width?: number;
  /** Sends the values; a refused save (a field error, 100409) shows at the form or as the server's message. */
  onSubmit: (values: Row) => Promise<void>;
  onClose: () => void;
  onValuesChange?: (changed: Row, all: Row) => void;
}

/**
 * A stock action (stock in, count, transfer, a warehouse): the kit's fields with the contract's
 * rules in the kit's form dialog; it closes once the action succeeds.
 */
export function ActionDialog({ open, title, testId, fields, initial, head, okText, width, onSubmit, onClose, onValuesChange }: ActionDialogProps) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [, setTick] = useState(0);
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial ?? {});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- starts again only when opened; the form instance is stable
  }, [open]);
  const submit = async () => {
    let v: Row;
    try {
      v = (await form.validateFields()) as Row;
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ ...(form.getFieldsValue(true) as Row), ...v });
      onClose();
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };
  const values = (form.getFieldsValue(true) ?? {}) as Row;
  return (
    <FormModal open={open} title={title} testId={testId} busy={busy} onOk={() => void submit()} onClose={onClose} width={width ?? 520} okText={okText}>
      {head}
      <Form
        form={form}
        name={testId}
        layout="vertical"
        autoComplete="off"
        onFinish={() => void submit()}
        onValuesChange={(changed: Row, all: Row) => {
          onValuesChange?.(changed, all);
          setTick((n) => n + 1);
        }}
      >
        <GridRow gutter={16}>
          {fields
            .filter((f) => !f.hidden?.(values, 'add'))
            .map((f) => (
              <Col key={f.name} span={f.span === 1 ? 12 : 24}>
                <FieldItem field={f} ns={NS} mode="add" form={form} />
              </Col>
            ))}
        </GridRow>
        <button type="submit" hidden />
      </Form>
    </FormModal>
  );
}
