import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Space, Switch, Tag, Typography } from 'antd';
import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Perm, type ConfigurableChannel, type MessageChannelRow, type SendLogRow } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { t } from '../../../app/i18n.ts';
import { api, http, isApiError } from '../../../app/request.ts';
import { useCan } from '../../../kit/index.ts';
import { fieldErrorsOf, reactToSaveError } from '../../../kit/form.ts';
import './shared.tsx';

type Setting = { name: string; kind?: 'number' | 'switch'; placeholder?: string };
/** Each channel's settings and secrets, as its form shows them (the contract's schemas check them). */
const FORMS: Record<ConfigurableChannel, { settings: Setting[]; secrets: string[] }> = {
  email: {
    settings: [
      { name: 'host', placeholder: 'smtp.exmail.qq.com' },
      { name: 'port', kind: 'number' },
      { name: 'secure', kind: 'switch' },
      { name: 'user' },
      { name: 'from', placeholder: 'Venue <notice@example.com>' },
    ],
    secrets: ['password'],
  },
  sms: { settings: [{ name: 'url', placeholder: 'https://sms.example.com/send' }], secrets: ['token'] },
  wechat: { settings: [{ name: 'apiBase', placeholder: 'https://api.weixin.qq.com' }, { name: 'appId' }, { name: 'templateId' }], secrets: ['appSecret'] },
  dingtalk: { settings: [{ name: 'url', placeholder: 'https://oapi.dingtalk.com/robot/send' }], secrets: ['accessToken', 'signSecret'] },
  wecom: { settings: [{ name: 'url', placeholder: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send' }], secrets: ['key'] },
};

function ChannelCard({ row, onSaved }: { row: MessageChannelRow; onSaved: () => unknown }) {
  const channel = row.channel as ConfigurableChannel;
  const spec = FORMS[channel];
  const can = useCan();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [openid, setOpenid] = useState('');
  const [result, setResult] = useState<SendLogRow | null>(null);
  useEffect(() => {
    form.setFieldsValue({
      enabled: row.enabled,
      ratePerMinute: row.ratePerMinute,
      settings: { ...(channel === 'email' ? { port: 465, secure: true } : {}), ...row.settings },
      secrets: Object.fromEntries(spec.secrets.map((k) => [k, ''])),
    });
  }, [form, row, channel, spec]);

  const save = async () => {
    const values = (await form.validateFields()) as {
      enabled: boolean;
      ratePerMinute: number;
      settings: Record<string, unknown>;
      secrets: Record<string, string | undefined>;
    };
    const secrets = Object.fromEntries(Object.entries(values.secrets ?? {}).filter(([, v]) => v));
    setSaving(true);
    try {
      await http.put(api.system(`message/channel/${channel}`), {
        enabled: values.enabled,
        ratePerMinute: values.ratePerMinute,
        settings: values.settings ?? {},
        secrets,
        version: row.version,
      });
      success(t('message:channels.saved'));
      await onSaved();
    } catch (err) {
      // Field errors name nested fields (settings.host, secrets.key): marked on them.
      const nested = fieldErrorsOf(err).map((e) => ({ name: e.field.split('.'), errors: [e.message] }));
      if (nested.length && isApiError(err)) {
        err.showInPlace();
        form.setFields(nested);
      } else await reactToSaveError(form, err, { reload: onSaved });
    } finally {
      setSaving(false);
    }
  };
  const clearSecret = async (name: string) => {
    await http.put(api.system(`message/channel/${channel}`), {
      enabled: false,
      ratePerMinute: row.ratePerMinute,
      settings: row.settings,
      secrets: { [name]: '' },
      version: row.version,
    });
    await onSaved();
  };
  const test = async () => {
    setTesting(true);
    try {
      const sent = await http.post<SendLogRow>(api.system(`message/channel/${channel}/test`), channel === 'wechat' ? { address: openid } : {});
      setResult(sent);
      if (sent.status === 'sent') success(t('message:channels.testSent'));
    } finally {
      setTesting(false);
    }
  };

  const editable = can(Perm.message.channel);
  return (
    <Card
      size="small"
      data-testid={`channel-${channel}`}
      title={
        <Space>
          <strong>{t(`message:channel.${channel}`)}</strong>
          {row.version === 0 ? (
            <Tag>{t('message:channels.neverSaved')}</Tag>
          ) : (
            <Tag color={row.enabled ? 'green' : 'default'}>{t(row.enabled ? 'message:status.enabled' : 'message:status.disabled')}</Tag>
          )}
        </Space>
      }
      extra={
        editable ? (
          <Space>
            {channel === 'wechat' ? (
              <Input
                size="small"
                style={{ width: 150 }}
                placeholder={t('message:channels.openid')}
                value={openid}
                onChange={(e) => setOpenid(e.target.value)}
              />
            ) : null}
            <Button
              size="small"
              icon={<SendOutlined />}
              loading={testing}
              disabled={!row.enabled}
              onClick={() => void test()}
              data-testid={`channel-${channel}-test`}
            >
              {t('message:channels.test')}
            </Button>
            <Button
              size="small"
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              onClick={() => void save().catch(() => undefined)}
              data-testid={`channel-${channel}-save`}
            >
              {t('message:channels.save')}
            </Button>
          </Space>
        ) : null
      }
    >
      <Form form={form} layout="vertical" disabled={!editable} requiredMark={false} name={`channel-${channel}`}>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', columnGap: 12 }}>
          <Form.Item name="enabled" label={t('message:channels.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="ratePerMinute" label={t('message:channels.rate')} rules={[{ required: true }]}>
            <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          {spec.settings.map((s) => (
            <Form.Item
              key={s.name}
              name={['settings', s.name]}
              label={t(`message:channels.${s.name}`)}
              valuePropName={s.kind === 'switch' ? 'checked' : 'value'}
            >
              {s.kind === 'switch' ? (
                <Switch />
              ) : s.kind === 'number' ? (
                <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
              ) : (
                <Input allowClear placeholder={s.placeholder} />
              )}
            </Form.Item>
          ))}
          {spec.secrets.map((name) => (
            <Form.Item
              key={name}
              name={['secrets', name]}
              label={
                <Space size={4}>
                  {t(`message:channels.${name}`)}
                  <Tag color={row.secretsSet[name] ? 'green' : 'default'} data-testid={`channel-${channel}-${name}-state`}>
                    {t(row.secretsSet[name] ? 'message:channels.secretSet' : 'message:channels.secretNotSet')}
                  </Tag>
                  {row.secretsSet[name] && editable && !row.enabled ? (
                    <Typography.Link style={{ fontSize: 12 }} onClick={() => void clearSecret(name)}>
                      {t('message:channels.secretClear')}
                    </Typography.Link>
                  ) : null}
                </Space>
              }
            >
              <Input.Password
                autoComplete="new-password"
                placeholder={row.secretsSet[name] ? t('message:channels.secretKeep') : undefined}
                visibilityToggle={false}
              />
            </Form.Item>
          ))}
        </div>
      </Form>
      {result ? (
        <Alert
          type={result.status === 'sent' ? 'success' : 'warning'}
          showIcon
          data-testid={`channel-${channel}-result`}
          title={
            result.status === 'sent'
              ? t('message:channels.testSent')
              : t('message:channels.testFailed', { error: result.lastError ?? t(`message:sendStatus.${result.status}`) })
          }
        />
      ) : null}
    </Card>
  );
}

/** /message/channel: the settings of each channel of the caller's organisation, with a test send to the operator. */
export default function ChannelPage() {
  const queryClient = useQueryClient();
  const channels = useQuery({ queryKey: ['message', 'channel'], queryFn: () => http.get<MessageChannelRow[]>(api.system('message/channel')) });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['message', 'channel'] });
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="channel-page">
      <Alert type="info" showIcon title={t('message:channels.intro')} description={t('message:channels.stationAlways')} />
      {(channels.data ?? [])
        .filter((c) => c.channel !== 'station')
        .map((c) => (
          <ChannelCard key={c.channel} row={c} onSaved={reload} />
        ))}
    </Space>
  );
}
