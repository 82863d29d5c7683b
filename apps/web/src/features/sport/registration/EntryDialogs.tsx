import { useRef } from 'react';
import { Button, Form, Input, Modal, Select } from 'antd';
import type { RegEntryRow } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { http } from '../../../app/request.ts';
import { MemberSelect } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { newIdempotencyKey } from '../../../kit/pay/index.ts';
import { refreshEntries, regUrl, sessionLabel, useEvents, useRegistrationT } from './shared.tsx';

/** An event's session chosen in two steps (event, then session), from the current venue's events. */
export function SessionPicker({
  id,
  value,
  onChange,
  eventId,
  testId,
}: {
  id?: string;
  value?: number;
  onChange?: (v: number) => void;
  eventId?: number;
  testId: string;
}) {
  const t = useRegistrationT();
  const events = useEvents();
  const options = (events ?? [])
    .filter((e) => eventId === undefined || e.id === eventId)
    .map((e) => ({ label: e.name, title: e.name, options: e.sessions.map((s) => ({ value: s.id, label: `${e.name} · ${sessionLabel(t, e, s)}` })) }));
  return (
    <Select id={id} value={value} onChange={onChange} options={options} showSearch optionFilterProp="label" data-testid={testId} style={{ width: '100%' }} />
  );
}

/** Enters a member for a session: the entry's order is then paid at the desk. */
export function EnterDialog({ open, onClose, onOrder }: { open: boolean; onClose: () => void; onOrder: (orderId: number) => void }) {
  const t = useRegistrationT();
  const [form] = Form.useForm<{ sessionId: number; memberId: number; description?: string }>();
  const key = useRef(newIdempotencyKey());
  const { busy, submit } = useFormSubmit(form, async (v) => {
    const made = await http.post<{ orderId: number; amount: number }>(
      regUrl('entry'),
      { sessionId: v.sessionId, memberId: v.memberId, description: v.description || undefined },
      { headers: { 'Idempotency-Key': key.current } },
    );
    key.current = newIdempotencyKey();
    form.resetFields();
    success(t('dialog.entered'));
    onOrder(made.orderId);
  });
  return (
    <Modal
      open={open}
      title={t('action.enter')}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ loading: busy, 'data-testid': 'reg-enter-ok' } as React.ComponentProps<typeof Button>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="reg-enter" requiredMark={false}>
        <Form.Item name="sessionId" label={t('field.session')} rules={[{ required: true }]}>
          <SessionPicker testId="reg-enter-session" />
        </Form.Item>
        <Form.Item name="memberId" label={t('field.memberId')} rules={[{ required: true }]}>
          <MemberSelect testId="reg-enter-member" />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Admission verification at the door: the session and the member's code (member number or phone); an entry is admitted once. */
export function VerifyDialog({ open, onClose, preset }: { open: boolean; onClose: () => void; preset?: { sessionId: number; code: string; eventId: number } }) {
  const t = useRegistrationT();
  const [form] = Form.useForm<{ sessionId: number; code: string }>();
  const { busy, submit } = useFormSubmit(form, async (v) => {
    const r = await http.post<RegEntryRow>(regUrl('verify'), v);
    success(t('dialog.admitted', { name: r.memberName }));
    form.setFieldValue('code', '');
    refreshEntries();
    if (preset) onClose();
  });
  return (
    <Modal
      open={open}
      title={t('action.verify')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('action.verifyRow')}
      okButtonProps={{ loading: busy, 'data-testid': 'reg-verify-ok' } as React.ComponentProps<typeof Button>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="reg-verify" requiredMark={false} initialValues={preset}>
        <Form.Item name="sessionId" label={t('field.session')} rules={[{ required: true }]}>
          <SessionPicker testId="reg-verify-session" eventId={preset?.eventId} />
        </Form.Item>
        <Form.Item name="code" label={t('field.code')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={32} autoFocus autoComplete="off" data-testid="reg-verify-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
