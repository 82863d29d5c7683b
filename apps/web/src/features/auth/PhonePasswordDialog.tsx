import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { success } from '../../app/feedback.tsx';
import { applyFieldErrors } from '../../kit/form.ts';
import { isApiError } from '../../app/request.ts';
import { useAuthT } from './shared.ts';
import { setPasswordAfterPhone } from './wechat.api.ts';

interface Values {
  newPassword: string;
  confirmPassword: string;
}

/**
 * After an SMS sign-in that the server says needs a new password (200003): the user sets one
 * without the old password (`phone/password`; the SMS code proved the phone). A lazy chunk.
 */
export default function PhonePasswordDialog({ open, onDone, onLater }: { open: boolean; onDone: () => void; onLater: () => void }) {
  const t = useAuthT();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<string | null>(null);

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    setMsg(null);
    try {
      await setPasswordAfterPhone(v.newPassword, v.confirmPassword);
      success(t('phonePassword.saved'));
      onDone();
    } catch (err) {
      if (!applyFieldErrors(form, err) && isApiError(err) && err.msg) setMsg(err.msg);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('phonePassword.title')}
      okText={t('phonePassword.save')}
      cancelText={t('phonePassword.later')}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onLater}
      maskClosable={false}
      destroyOnHidden
      data-testid="phone-password-dialog"
    >
      <p>{t('phonePassword.intro')}</p>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="newPassword" label={t('phonePassword.newPassword')} rules={[{ required: true, message: t('phonePassword.required') }]}>
          <Input.Password autoComplete="new-password" data-testid="phone-password-new" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('phonePassword.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('phonePassword.required') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('phonePassword.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="phone-password-confirm" />
        </Form.Item>
      </Form>
      {msg ? <Alert type="error" showIcon title={msg} /> : null}
    </Modal>
  );
}
