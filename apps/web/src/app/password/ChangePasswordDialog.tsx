import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { registerMessages } from '../i18n.ts';
import { useLang } from '../prefs.ts';
import { success } from '../feedback.tsx';
import { applyFieldErrors } from '../../kit/form.ts';
import { closeForm } from '../../kit/FormModal.tsx';
import { useKitT } from '../../kit/kitI18n.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';
import { changeOwnPassword, usePasswordStrategy, type ChangePasswordBody } from './password.api.ts';
import { passwordRulesText, policyRule, sameAsRule } from './rules.ts';

registerMessages('password', zh, en);

export interface ChangePasswordDialogProps {
  open: boolean;
  /** Login name, for the 'must not contain the login name' rule. */
  loginName?: string;
  /** Asked by the server (200003): the title says so and cancel means log out. */
  forced?: boolean;
  onClose: () => void;
  onChanged: () => void;
}

/**
 * Own password change (the shell's: the top bar, the sign-in pages when the server asks for a new
 * password, and the profile screen open it): PUT {systemPrefix}user/password {oldPassword, newPassword,
 * confirmPassword}. New must differ from old and the entries must match; the policy is
 * checked here too, with the strategy's messages.
 */
export function ChangePasswordDialog({ open, loginName, forced, onClose, onChanged }: ChangePasswordDialogProps) {
  const { t } = useTranslation('password');
  const lang = useLang();
  const tk = useKitT();
  const [form] = Form.useForm<ChangePasswordBody>();
  const [busy, setBusy] = useState(false);
  // Until the policy arrives only the basic rules apply; the server checks the policy anyway.
  const { data: strategy } = usePasswordStrategy();

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await changeOwnPassword(values);
      success(t('changed'));
      form.resetFields();
      onChanged();
    } catch (err) {
      applyFieldErrors(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={forced ? t('forcedTitle') : t('changePassword')}
      okText={t('submit')}
      cancelText={forced ? t('later') : t('cancel')}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() =>
        // Typed entries are not dropped without asking (Esc, the close button, Cancel or "Later").
        void closeForm(
          () => form.isFieldsTouched(),
          () => {
            form.resetFields();
            onClose();
          },
          tk,
        )
      }
      mask={{ closable: false }}
      keyboard={!forced}
      closable={!forced}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'change-password-submit' }}
      cancelButtonProps={{ 'data-testid': 'change-password-cancel' }}
    >
      {forced ? <Alert type="warning" showIcon title={t('forcedHint')} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" requiredMark autoComplete="off" onFinish={() => void submit()}>
        <Form.Item name="oldPassword" label={t('oldPassword')} rules={[{ required: true, message: t('required') }]}>
          <Input.Password placeholder={t('oldPlaceholder')} autoComplete="current-password" data-testid="change-password-old" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('newPassword')}
          extra={strategy ? passwordRulesText(strategy, lang) : undefined}
          dependencies={['oldPassword']}
          rules={[
            { required: true, message: t('required') },
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (value && value === getFieldValue('oldPassword')) throw new Error(t('sameAsOld'));
              },
            }),
            policyRule(strategy, lang, loginName),
          ]}
        >
          <Input.Password placeholder={t('newPlaceholder')} autoComplete="new-password" data-testid="change-password-new" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('confirmPassword')}
          dependencies={['newPassword']}
          rules={[{ required: true, message: t('required') }, sameAsRule('newPassword', t('mismatch'))]}
        >
          <Input.Password placeholder={t('confirmPlaceholder')} autoComplete="new-password" data-testid="change-password-confirm" />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
