import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, Input, InputNumber, Row, Space, Switch, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, LockOutlined, SafetyOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { checkPassword, complexityRules, loginRoutes, passwordMessages, Perm, type PasswordStrategy } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { registerMessages } from '../../../app/i18n.ts';
import { usePermission } from '../../../app/permission.tsx';
import { useLang } from '../../../app/prefs.ts';
import { hasChanges } from '../../../kit/diff.ts';
import { errorFieldsOf, focusFirstError, reactToSaveError, reportNoChanges } from '../../../kit/form.ts';
import { useSaveStrategy, useStrategy } from './strategy.api.ts';
import { strategyFieldProblem, toStrategy, type StrategyField } from './strategyRules.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('strategy', zh, en);

type FormValues = Partial<Record<StrategyField, unknown>>;

/** /system/strategy: login strategy and password strategy (spec section 5), one form. */
export default function StrategyPage() {
  const { t } = useTranslation('strategy');
  const lang = useLang();
  const canEdit = usePermission(Perm.strategy.edit);
  const { data, refetch, isLoading } = useStrategy();
  const save = useSaveStrategy();
  const [form] = Form.useForm<FormValues>();
  const [tryPw, setTryPw] = useState('');
  const [tryName, setTryName] = useState('');

  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);

  const rule =
    (field: StrategyField): Rule =>
    ({ getFieldsValue }) => ({
      validator() {
        const p = strategyFieldProblem(field, getFieldsValue(true) as FormValues);
        return p ? Promise.reject(new Error(t(`err.${p.key}`, p.params))) : Promise.resolve();
      },
    });

  const lockMinutes = Form.useWatch('lockMinutes', form);
  const watched = Form.useWatch([], form) as FormValues | undefined;

  const onSave = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    if (!data) return;
    const next = toStrategy({ ...data, ...values });
    // Nothing changed (an empty default password keeps the stored one): nothing is sent, no success toast.
    const before = toStrategy({ ...data });
    if (
      !hasChanges(
        before as Record<string, unknown>,
        next as Record<string, unknown>,
        Object.keys(next).filter((k) => k !== 'defaultPassword'),
      ) &&
      !next.defaultPassword
    ) {
      reportNoChanges();
      return;
    }
    try {
      const saved = await save.mutateAsync({ ...next, version: data.version });
      form.setFieldsValue({ ...saved, defaultPassword: '' });
      success(t('saved'));
    } catch (err) {
      // Stale: offer to load the latest version; field errors: on their fields (the kit's rules).
      await reactToSaveError(form, err, {
        reload: async () => {
          const fresh = await refetch();
          if (fresh.data) form.setFieldsValue(fresh.data);
        },
      });
    }
  };

  // The password check uses the rules as they are on screen, before saving.
  const tryResult = useMemo(() => {
    if (!tryPw || !watched) return null;
    const s = toStrategy({ ...data, ...watched }) as PasswordStrategy;
    if (!Array.isArray(s.complexity) || typeof s.minLength !== 'number' || typeof s.maxLength !== 'number') return null;
    return checkPassword(tryPw, s, tryName || undefined);
  }, [tryPw, tryName, watched, data]);

  const numberInput = (testId: string, unit: string, extra: object = {}) => (
    <InputNumber precision={0} style={{ width: 180 }} suffix={unit} data-testid={testId} {...extra} />
  );

  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: '220px' }}
      labelWrap
      wrapperCol={{ flex: '1 1 0' }}
      disabled={!canEdit || isLoading}
      data-testid="strategy-page"
      onFinish={() => void onSave().catch(() => undefined)}
    >
      <Flex vertical gap={16}>
        {!canEdit ? <Alert type="info" showIcon title={t('readOnly')} /> : null}
        <Card
          title={
            <Space>
              <LockOutlined />
              {t('loginTitle')}
            </Space>
          }
          extra={<Typography.Text type="secondary">{t('loginDesc')}</Typography.Text>}
          loading={isLoading}
        >
          <Form.Item name="loginRoutes" label={t('loginRoutes')} rules={[rule('loginRoutes')]} required>
            <Checkbox.Group
              data-testid="strategy-login-routes"
              options={loginRoutes.map((r) => ({ value: r, label: <span data-testid={`strategy-route-${r}`}>{t(`route.${r}`)}</span> }))}
            />
          </Form.Item>
          <Form.Item
            name="captchaAfterFailures"
            label={t('captchaAfterFailures')}
            rules={[rule('captchaAfterFailures')]}
            dependencies={['maxFailedLogins']}
            extra={t('captchaHint')}
            required
          >
            {numberInput('strategy-captcha', t('times'))}
          </Form.Item>
          <Form.Item
            name="maxFailedLogins"
            label={t('maxFailedLogins')}
            rules={[rule('maxFailedLogins')]}
            dependencies={['captchaAfterFailures']}
            extra={t('maxFailedHint')}
            required
          >
            {numberInput('strategy-max-failed', t('times'))}
          </Form.Item>
          <Form.Item label={t('lockMinutes')} extra={t('lockHint')}>
            <Space align="center" wrap>
              <Form.Item name="lockMinutes" noStyle rules={[rule('lockMinutes')]}>
                {numberInput('strategy-lock', t('minutes'), { placeholder: t('lockPlaceholder') })}
              </Form.Item>
              {lockMinutes === null || lockMinutes === undefined ? (
                <Tag color="warning" data-testid="strategy-no-auto-unlock">
                  {t('noAutoUnlock')}
                </Tag>
              ) : null}
            </Space>
          </Form.Item>
        </Card>

        <Card
          title={
            <Space>
              <SafetyOutlined />
              {t('passwordTitle')}
            </Space>
          }
          extra={<Typography.Text type="secondary">{t('passwordDesc')}</Typography.Text>}
          loading={isLoading}
        >
          <Form.Item label={t('length')} extra={t('lengthHint')} required>
            <Space align="start" wrap>
              <Form.Item name="minLength" noStyle rules={[rule('minLength')]} dependencies={['maxLength']}>
                {numberInput('strategy-min-length', '', { prefix: t('minLength'), style: { width: 150 } })}
              </Form.Item>
              <span style={{ lineHeight: '32px' }}>–</span>
              <Form.Item name="maxLength" noStyle rules={[rule('maxLength')]} dependencies={['minLength']}>
                {numberInput('strategy-max-length', '', { prefix: t('maxLength'), style: { width: 150 } })}
              </Form.Item>
            </Space>
          </Form.Item>
          <Form.Item name="defaultPassword" label={t('defaultPassword')} rules={[rule('defaultPassword')]} extra={t('defaultPasswordHint')}>
            <Input.Password
              style={{ maxWidth: 320 }}
              autoComplete="new-password"
              placeholder={t('defaultPasswordKeep')}
              data-testid="strategy-default-password"
            />
          </Form.Item>
          <Form.Item name="complexity" label={t('complexity')} rules={[rule('complexity')]} extra={t('complexityHint')} required>
            <Checkbox.Group style={{ width: '100%' }} data-testid="strategy-complexity">
              <Row gutter={[16, 8]}>
                {complexityRules.map((r) => (
                  <Col key={r} xs={24} md={12}>
                    <Checkbox value={r} data-testid={`strategy-rule-${r}`}>
                      {t(`rule.${r}`)}
                    </Checkbox>
                  </Col>
                ))}
              </Row>
            </Checkbox.Group>
          </Form.Item>
          <Form.Item name="historyLimit" label={t('historyLimit')} rules={[rule('historyLimit')]} extra={t('historyHint')} required>
            {numberInput('strategy-history', t('times'))}
          </Form.Item>
          <Form.Item name="expireDays" label={t('expireDays')} rules={[rule('expireDays')]} extra={t('expireHint')} required>
            {numberInput('strategy-expire', t('days'))}
          </Form.Item>
          <Form.Item name="forceChangeOnFirstLogin" label={t('forceChange')} valuePropName="checked" extra={t('forceChangeHint')}>
            <Switch data-testid="strategy-force-change" />
          </Form.Item>
          <Form.Item label={t('tryTitle')}>
            <Flex vertical gap={8} style={{ maxWidth: 520 }}>
              <Space.Compact block>
                <Input
                  style={{ width: '35%' }}
                  placeholder={t('tryLoginName')}
                  value={tryName}
                  onChange={(e) => setTryName(e.target.value)}
                  disabled={false}
                  autoComplete="off"
                />
                <Input
                  style={{ width: '65%' }}
                  placeholder={t('tryPlaceholder')}
                  value={tryPw}
                  onChange={(e) => setTryPw(e.target.value)}
                  disabled={false}
                  autoComplete="off"
                  data-testid="strategy-try"
                />
              </Space.Compact>
              {tryResult ? (
                tryResult.length === 0 ? (
                  <Typography.Text type="success" data-testid="strategy-try-result">
                    <CheckCircleFilled /> {t('tryOk')}
                  </Typography.Text>
                ) : (
                  <Flex vertical gap={2} data-testid="strategy-try-result">
                    {tryResult.map((v) => (
                      <Typography.Text key={v} type="danger">
                        <CloseCircleFilled /> {passwordMessages[lang][v]}
                      </Typography.Text>
                    ))}
                  </Flex>
                )
              ) : null}
            </Flex>
          </Form.Item>
        </Card>

        {canEdit ? (
          <Flex gap={8} justify="flex-end">
            <Button onClick={() => data && form.setFieldsValue(data)} data-testid="strategy-reset" disabled={!data}>
              {t('reset')}
            </Button>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="strategy-save">
              {t('save')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </Form>
  );
}
