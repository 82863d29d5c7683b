import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Radio, Result, Steps, Typography, theme } from 'antd';
import { KeyOutlined, MailOutlined, MessageOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { recoverCodeBody, recoverResetBody } from '@venue/contract';
import { registerMessages } from '../../app/i18n.ts';
import { useFindT } from './shared.ts';
import { notify } from '../../app/notify.ts';
import { useLang } from '../../app/prefs.ts';
import { isApiError } from '../../app/request.ts';
import { applyFieldErrors, focusFirstError } from '../../kit/form.ts';
import { usePasswordStrategy } from '../../app/password/password.api.ts';
import { passwordRulesText, policyRule, sameAsRule } from '../../app/password/rules.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { requestRecoveryCode, resetRecoveredPassword } from './auth.api.ts';
import zh from './find.messages.zh-CN.ts';
import en from './find.messages.en-US.ts';

registerMessages('findPassword', zh, en);

const RESEND_S = 60;

/** The first step's values: the contract's `recover/code` body. */
type AccountValues = z.input<typeof recoverCodeBody>;
/** The second step's values: the contract's `recover/reset` body without the login name (the first step's). */
type ResetValues = Omit<z.input<typeof recoverResetBody>, 'loginName'>;

/**
 * /findPassword: login name and channel -> a code (60 s before it can be sent again) -> a
 * new password entered twice, checked against the public password policy -> done. The
 * answer to "send a code" is the same whether the login name exists or not.
 */
export default function FindPasswordPage() {
  const t = useFindT();
  const lang = useLang();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { data: strategy } = usePasswordStrategy();
  const [step, setStep] = useState(0);
  const [account, setAccount] = useState<AccountValues | null>(null);
  const [sentText, setSentText] = useState('');
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [accountForm] = Form.useForm<AccountValues>();
  const [resetForm] = Form.useForm<ResetValues>();

  useEffect(() => {
    if (countdown <= 0) return;
    const id = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(id);
  }, [countdown]);

  const send = async (values: AccountValues) => {
    setSending(true);
    try {
      const res = await requestRecoveryCode(values.loginName, values.channel);
      // The same text whatever the account: the server's, else ours.
      setSentText(res.envelope.msg || t('sent'));
      setAccount({ loginName: values.loginName.trim(), channel: values.channel });
      setCountdown(RESEND_S);
      setStep(1);
    } catch (err) {
      // Only a failure that is not about the account (too many requests, network) gets here.
      notify.error(isApiError(err) ? err.msg || err.message : t('failed'));
    } finally {
      setSending(false);
    }
  };

  const reset = async (values: ResetValues) => {
    if (!account) return;
    setResetting(true);
    try {
      await resetRecoveredPassword({ loginName: account.loginName, ...values });
      setStep(2);
    } catch (err) {
      // A wrong code, a refused password: next to its field (and then no popup).
      if (applyFieldErrors(resetForm, err)) focusFirstError(resetForm);
    } finally {
      setResetting(false);
    }
  };

  // Keyed: the two steps are different forms at the same place, and antd's Form keeps the first
  // instance it was given, so without keys the second step's fields would live in the first form.
  const accountStep = (
    <Form
      key="account"
      form={accountForm}
      layout="vertical"
      requiredMark={false}
      initialValues={{ channel: 'sms', loginName: account?.loginName }}
      onFinish={(v) => void send(v)}
      data-testid="find-account-form"
    >
      <Form.Item name="loginName" label={t('loginName')} rules={[{ required: true, whitespace: true, message: t('loginNameRequired') }]}>
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('loginNamePlaceholder')}
          autoComplete="username"
          autoFocus
          maxLength={64}
          data-testid="find-login-name"
        />
      </Form.Item>
      <Form.Item name="channel" label={t('channel')}>
        <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="find-channel">
          <Radio value="sms" data-testid="find-channel-sms">
            <MessageOutlined /> {t('channelSms')}
          </Radio>
          <Radio value="mail" data-testid="find-channel-mail">
            <MailOutlined /> {t('channelMail')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      <Button type="primary" size="large" block htmlType="submit" loading={sending} disabled={countdown > 0} data-testid="find-send-code">
        {countdown > 0 ? t('resendIn', { s: countdown }) : t('sendCode')}
      </Button>
    </Form>
  );

  const resetStep = (
    <Form key="reset" form={resetForm} layout="vertical" requiredMark={false} autoComplete="off" onFinish={(v) => void reset(v)} data-testid="find-reset-form">
      <Alert type="info" showIcon title={<span data-testid="find-sent">{sentText}</span>} style={{ marginBottom: 16 }} />
      <Form.Item label={t('code')} required>
        <Flex gap={8}>
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('codeRequired') }]}>
            <Input
              size="large"
              prefix={<SafetyCertificateOutlined />}
              placeholder={t('codePlaceholder')}
              maxLength={8}
              inputMode="numeric"
              autoComplete="one-time-code"
              data-testid="find-code"
            />
          </Form.Item>
          <Button
            size="large"
            disabled={countdown > 0}
            loading={sending}
            onClick={() => account && void send(account)}
            style={{ minWidth: 150 }}
            data-testid="find-resend"
          >
            {countdown > 0 ? t('resendIn', { s: countdown }) : t('resend')}
          </Button>
        </Flex>
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('newPassword')}
        extra={strategy ? passwordRulesText(strategy, lang) : undefined}
        rules={[{ required: true, message: t('required') }, policyRule(strategy, lang, account?.loginName)]}
      >
        <Input.Password size="large" prefix={<KeyOutlined />} placeholder={t('newPlaceholder')} autoComplete="new-password" data-testid="find-new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('confirmPassword')}
        dependencies={['newPassword']}
        rules={[{ required: true, message: t('required') }, sameAsRule('newPassword', t('mismatch'))]}
      >
        <Input.Password
          size="large"
          prefix={<KeyOutlined />}
          placeholder={t('confirmPlaceholder')}
          autoComplete="new-password"
          data-testid="find-confirm-password"
        />
      </Form.Item>
      <Flex gap={8}>
        <Button size="large" onClick={() => setStep(0)} data-testid="find-back">
          {t('back')}
        </Button>
        <Button type="primary" size="large" htmlType="submit" loading={resetting} style={{ flex: 1 }} data-testid="find-submit">
          {t('submit')}
        </Button>
      </Flex>
    </Form>
  );

  const doneStep = (
    <Result
      status="success"
      title={<span data-testid="find-done">{t('done')}</span>}
      subTitle={t('doneText')}
      extra={
        <Button type="primary" size="large" onClick={() => navigate('/login', { replace: true })} data-testid="find-to-login">
          {t('toLogin')}
        </Button>
      }
    />
  );

  return (
    <AuthFrame testId="find-password-page" width={520}>
      <Typography.Title level={3} style={{ marginTop: 0, color: token.colorTextHeading }}>
        {t('title')}
      </Typography.Title>
      <Steps
        size="small"
        current={step}
        style={{ margin: '8px 0 24px' }}
        items={[{ title: t('steps.account') }, { title: t('steps.reset') }, { title: t('steps.done') }]}
      />
      {step === 0 ? accountStep : step === 1 ? resetStep : doneStep}
      {step < 2 ? (
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/login" data-testid="back-to-login">
            {t('backToLogin')}
          </Link>
        </div>
      ) : null}
    </AuthFrame>
  );
}
