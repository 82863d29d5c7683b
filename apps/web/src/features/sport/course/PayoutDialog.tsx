import { useLayoutEffect, type ReactNode } from 'react';
import { DatePicker, Form, Input, Modal, Radio, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useFormSubmit } from '../../../kit/form.ts';

export interface Payout {
  method: 'cash' | 'transfer';
  /** ISO instant, when the dialog asks for it. */
  paidAt?: string;
  payRef: string | null;
}

interface Values {
  method: Payout['method'];
  paidAt?: Dayjs | null;
  payRef?: string;
}

/**
 * Paying money owed out (a coach's settlement, a partner's month): the method, when it was paid
 * (when asked: never later than today) and the transfer's reference. `onPay` makes the call; a
 * refusal shows on the form, and a stale record reloads through `onPaid`.
 */
export function PayoutDialog(props: {
  open: boolean;
  title: string;
  /** The form's name (the fields' ids) and the OK button's test id. */
  formName: string;
  okTestId: string;
  hint?: ReactNode;
  askPaidAt?: boolean;
  labels: { method: string; paidAt?: string; payRef: string };
  methods: { value: Payout['method']; label: string }[];
  onPay: (p: Payout) => Promise<void>;
  onClose: () => void;
  onPaid: () => void;
}) {
  const { open, askPaidAt, onPay, onClose, onPaid } = props;
  const [form] = Form.useForm<Values>();
  const method = Form.useWatch('method', form);
  useLayoutEffect(() => {
    if (open) form.setFieldsValue({ method: 'transfer', paidAt: dayjs(), payRef: '' });
  }, [open, form]);
  const { busy, submit } = useFormSubmit(
    form,
    async (v) => {
      await onPay({ method: v.method, payRef: v.payRef || null, ...(askPaidAt ? { paidAt: (v.paidAt ?? dayjs()).toISOString() } : {}) });
      onPaid();
      onClose();
    },
    { reload: onPaid },
  );
  return (
    <Modal
      open={open}
      title={props.title}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': props.okTestId } as ButtonProps}
      destroyOnHidden
    >
      {props.hint ? <Typography.Paragraph type="secondary">{props.hint}</Typography.Paragraph> : null}
      <Form form={form} layout="vertical" name={props.formName}>
        <Form.Item name="method" label={props.labels.method} rules={[{ required: true }]}>
          <Radio.Group options={props.methods} />
        </Form.Item>
        {askPaidAt ? (
          <Form.Item name="paidAt" label={props.labels.paidAt} rules={[{ required: true }]}>
            <DatePicker showTime style={{ width: '100%' }} disabledDate={(x) => x.isAfter(dayjs().endOf('day'))} />
          </Form.Item>
        ) : null}
        {method === 'transfer' ? (
          <Form.Item name="payRef" label={props.labels.payRef}>
            <Input maxLength={64} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
