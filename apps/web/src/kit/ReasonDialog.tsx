import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Form, Input, Typography } from 'antd';
import type { ZodType } from 'zod';
import { confirm } from '../app/feedback.tsx';
import { FormModal } from './FormModal.tsx';
import { useFieldRules } from './fields.tsx';
import { errorFieldsOf, focusFirstError, reactToSaveError } from './form.ts';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** The dialog's test id; the form has the same name, so its field is `#<testId>_reason`. */
  testId: string;
  /** The reason field's label, already translated. */
  label: string;
  /** The reason's rule, from the contract (optional or required). */
  rule: ZodType;
  hint?: ReactNode;
  /** Asked (as a danger confirmation) before the action runs; none: no confirmation. */
  confirmText?: string;
  /** Runs the action; a refused save (a field error, 100409) shows at the form. */
  onSubmit: (reason: string | null) => Promise<void>;
  onClose: () => void;
}

/**
 * An action that takes a reason (cancel an order or a booking, reject a refund …): the reason
 * (checked by the contract's rule), an optional confirmation, then the action. The dialog closes
 * when the action succeeds.
 */
export function ReasonDialog({ open, title, testId, label, rule, hint, confirmText, onSubmit, onClose }: ReasonDialogProps) {
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);
  const rules = useFieldRules({ name: 'reason', label, rule });
  // Before the first paint: typing that starts as soon as the dialog shows must not be reset.
  useLayoutEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async () => {
    let v: { reason?: string };
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    if (confirmText && !(await confirm({ content: confirmText, danger: true }))) return;
    setBusy(true);
    try {
      await onSubmit(v.reason?.trim() || null);
      onClose();
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal open={open} title={title} testId={testId} busy={busy} onOk={() => void submit()} onClose={onClose} width={480}>
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      <Form form={form} name={testId} layout="vertical" autoComplete="off">
        <Form.Item name="reason" label={label} rules={rules}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
