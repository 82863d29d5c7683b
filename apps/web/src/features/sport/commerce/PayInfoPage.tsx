import { useEffect, useState } from 'react';
import { Button, Card, Divider, Form, Input, Skeleton, Space, Switch, Tabs, Tag, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MERCHANT_FIELDS, PROVIDER_METHODS, Perm, merchantSave, type MerchantRow, type ProviderMethod } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { errorFieldsOf, focusFirstError, reportNoChanges, useCan, useFieldRules } from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { commerceApi } from './commerce.api.ts';
import { formatTime, useCommerceT } from './shared.tsx';

interface MerchantValues {
  enabled: boolean;
  gateway: string;
  settings: Record<string, string>;
  secrets: Record<string, string>;
}

/** Long keys (PEM) get a text area. */
const LONG = new Set(['alipayPublicKey', 'platformPublicKey', 'privateKey', 'apiClientCert']);

const valuesOf = (row: MerchantRow | undefined, provider: ProviderMethod): MerchantValues => ({
  enabled: row?.enabled ?? false,
  gateway: row?.gateway ?? '',
  settings: Object.fromEntries(MERCHANT_FIELDS[provider].settings.map((k) => [k, row?.settings[k] ?? ''])),
  secrets: Object.fromEntries(MERCHANT_FIELDS[provider].secrets.map((k) => [k, ''])),
});

/** One provider's settings: enabled, gateway, its public settings, and its secrets (write-only: set / not set). */
function MerchantForm({ provider, row, onSaved }: { provider: ProviderMethod; row: MerchantRow | undefined; onSaved: (row: MerchantRow) => void }) {
  const t = useCommerceT();
  const can = useCan();
  const editable = can(Perm.merchant.edit);
  const [form] = Form.useForm<MerchantValues>();
  const [busy, setBusy] = useState(false);
  const gatewayRules = useFieldRules({ name: 'gateway', label: 'merchant.gateway', rule: merchantSave.shape.gateway });
  const fields = MERCHANT_FIELDS[provider];
  const id = `payInfo-${provider}`;

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(valuesOf(row, provider));
  }, [row, provider, form]);

  const save = async () => {
    let v: MerchantValues;
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    const all = { ...valuesOf(row, provider), ...(form.getFieldsValue(true) as MerchantValues), ...v };
    const secrets = Object.fromEntries(Object.entries(all.secrets ?? {}).filter(([, s]) => typeof s === 'string' && s.trim() !== ''));
    const before = valuesOf(row, provider);
    const settings = Object.fromEntries(fields.settings.map((k) => [k, (all.settings?.[k] ?? '').trim()]));
    const unchanged =
      row &&
      row.version > 0 &&
      before.enabled === all.enabled &&
      before.gateway === all.gateway.trim() &&
      fields.settings.every((k) => before.settings[k] === settings[k]) &&
      Object.keys(secrets).length === 0;
    if (unchanged) {
      reportNoChanges();
      return;
    }
    setBusy(true);
    try {
      const saved = await commerceApi.saveMerchant(provider, {
        enabled: all.enabled,
        gateway: all.gateway.trim(),
        settings,
        secrets: Object.keys(secrets).length ? secrets : undefined,
        version: row?.version ?? 0,
      });
      success(t('merchant.saved'));
      onSaved(saved);
    } catch (err) {
      await reactToSaveError(form, err, { reload: () => onSaved(row!) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<MerchantValues> form={form} name={id} layout="vertical" autoComplete="off" disabled={!editable} style={{ maxWidth: 720 }} data-testid={id}>
      <Form.Item name="enabled" label={t('merchant.enabled')} valuePropName="checked">
        <Switch data-testid={`${id}-enabled`} />
      </Form.Item>
      <Form.Item name="gateway" label={t('merchant.gateway')} rules={gatewayRules} required>
        <Input placeholder="https://" />
      </Form.Item>
      <Divider titlePlacement="start" plain>
        {t('merchant.settings')}
      </Divider>
      {fields.settings.map((k) => (
        <Form.Item key={k} name={['settings', k]} label={t(`merchantField.${k}`, { defaultValue: k })}>
          {LONG.has(k) ? <Input.TextArea rows={3} spellCheck={false} /> : <Input />}
        </Form.Item>
      ))}
      <Divider titlePlacement="start" plain>
        {t('merchant.secrets')}
      </Divider>
      {fields.secrets.map((k) => {
        const set = !!row?.secretsSet[k];
        return (
          <Form.Item
            key={k}
            name={['secrets', k]}
            label={
              <Space>
                {t(`merchantField.${k}`, { defaultValue: k })}
                <Tag color={set ? 'green' : 'default'} data-testid={`${id}-secret-${k}`} data-set={set ? '1' : '0'}>
                  {set ? t('merchant.set') : t('merchant.notSet')}
                </Tag>
              </Space>
            }
            extra={set ? t('merchant.keepHint') : undefined}
          >
            {LONG.has(k) ? (
              <Input.TextArea rows={3} spellCheck={false} autoComplete="off" placeholder={set ? t('merchant.keepHint') : undefined} />
            ) : (
              <Input.Password autoComplete="new-password" placeholder={set ? t('merchant.keepHint') : undefined} />
            )}
          </Form.Item>
        );
      })}
      <Space align="center">
        {editable ? (
          <Button type="primary" icon={<SaveOutlined />} loading={busy} onClick={() => void save()} data-testid={`${id}-save`}>
            {t('action.save')}
          </Button>
        ) : null}
        <Typography.Text type="secondary">
          {t('merchant.updateTime')}: {row?.updateTime ? formatTime(row.updateTime) : t('merchant.never')}
        </Typography.Text>
      </Space>
    </Form>
  );
}

/** sport.finance.payInfo (spec payInfoManage): Alipay, WeChat Pay and aggregated QR merchant settings of the organisation. */
export default function PayInfoPage() {
  const t = useCommerceT();
  const list = useQuery({ queryKey: ['commerce', 'merchants'], queryFn: () => commerceApi.merchants() });
  const [tab, setTab] = useState<ProviderMethod>('alipay');
  if (list.isLoading) return <Skeleton active />;
  const rows = list.data ?? [];
  return (
    <Card variant="borderless" data-testid="payInfo">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as ProviderMethod)}
        items={PROVIDER_METHODS.map((p) => ({
          key: p,
          label: <span data-testid={`payInfo-tab-${p}`}>{t(`method.${p}`)}</span>,
          children: <MerchantForm provider={p} row={rows.find((r) => r.provider === p)} onSaved={() => void list.refetch()} />,
        }))}
      />
    </Card>
  );
}
