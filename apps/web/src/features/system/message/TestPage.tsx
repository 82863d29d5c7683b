import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, Select, Tag, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { renderTemplate, type MessageTestChoices, type SendLogRow } from '@venue/contract';
import { t } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { channelOptions, sendStatusOptions } from './shared.tsx';

const tag = (options: { value: unknown; label: string; color?: string }[], value: string) => {
  const o = options.find((x) => x.value === value);
  return <Tag color={o?.color}>{t(`message:${o?.label ?? value}`)}</Tag>;
};

/** /message/test: any template to any recipient, rendered with the values given, sent now; the answer is its log row. */
export default function TestPage() {
  const [form] = Form.useForm();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<SendLogRow | null>(null);
  const choices = useQuery({ queryKey: ['message', 'test', 'choices'], queryFn: () => http.get<MessageTestChoices>(api.system('message/test/choices')) });
  const templateId = Form.useWatch('templateId', form) as number | undefined;
  const values = (Form.useWatch('values', form) as Record<string, string> | undefined) ?? {};
  const template = choices.data?.templates.find((x) => x.id === templateId);
  const merged = {
    ...Object.fromEntries((template?.variables ?? []).map((v) => [v.name, v.sample])),
    ...Object.fromEntries(Object.entries(values).filter(([, v]) => v)),
  };

  const send = async () => {
    const v = (await form.validateFields()) as { templateId: number; userId?: number; address?: string; values?: Record<string, string> };
    setSending(true);
    try {
      const clean = Object.fromEntries(Object.entries(v.values ?? {}).filter(([, x]) => x));
      setResult(
        await http.post<SendLogRow>(api.system('message/test'), { templateId: v.templateId, userId: v.userId, address: v.address || undefined, values: clean }),
      );
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setSending(false);
    }
  };

  if (choices.data && !choices.data.templates.length) return <Empty description={t('message:test.noTemplates')} />;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(320px, 1fr) minmax(320px, 1fr)', gap: 16, alignItems: 'start' }} data-testid="message-test">
      <Card size="small" title={t('message:test.template')}>
        <Form form={form} layout="vertical" name="message-test" requiredMark={false}>
          <Form.Item name="templateId" label={t('message:test.template')} rules={[{ required: true, message: t('message:test.pickTemplate') }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('message:test.pickTemplate')}
              loading={choices.isLoading}
              options={(choices.data?.templates ?? []).map((x) => ({
                value: x.id,
                label: `${x.businessName} · ${t(`message:channel.${x.channel}`)} · ${x.lang}`,
              }))}
              onChange={() => form.setFieldValue('values', {})}
            />
          </Form.Item>
          <Form.Item name="userId" label={t('message:test.recipientUser')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={(choices.data?.users ?? []).map((u) => ({ value: u.id, label: [u.name, u.email, u.mobile].filter(Boolean).join(' · ') }))}
            />
          </Form.Item>
          <Form.Item name="address" label={t('message:test.address')} extra={t('message:test.addressHint')}>
            <Input allowClear maxLength={200} />
          </Form.Item>
          {template?.variables.length ? (
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t('message:test.values')}
            </Typography.Title>
          ) : null}
          {(template?.variables ?? []).map((v) => (
            <Form.Item key={v.name} name={['values', v.name]} label={<Typography.Text code>{`{${v.name}}`}</Typography.Text>}>
              <Input allowClear placeholder={v.sample} maxLength={500} />
            </Form.Item>
          ))}
          <Button type="primary" icon={<SendOutlined />} loading={sending} onClick={() => void send().catch(() => undefined)} data-testid="message-test-send">
            {t('message:test.send')}
          </Button>
        </Form>
      </Card>
      <Card size="small" title={t('message:test.rendered')}>
        {template ? (
          <div
            style={{ padding: '8px 12px', borderRadius: 6, background: 'var(--ant-color-fill-quaternary)', whiteSpace: 'pre-wrap' }}
            data-testid="message-test-preview"
          >
            {template.title ? <div style={{ fontWeight: 600, marginBottom: 4 }}>{renderTemplate(template.title, merged)}</div> : null}
            <div>{renderTemplate(template.content, merged)}</div>
          </div>
        ) : (
          <Typography.Text type="secondary">{t('message:test.pickTemplate')}</Typography.Text>
        )}
        {result ? (
          <div style={{ marginTop: 16 }} data-testid="message-test-result">
            <Typography.Title level={5}>{t('message:test.result')}</Typography.Title>
            {result.status !== 'sent' ? (
              <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={result.lastError ?? t(`message:sendStatus.${result.status}`)} />
            ) : null}
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('message:field.status')}>{tag(sendStatusOptions, result.status)}</Descriptions.Item>
              <Descriptions.Item label={t('message:field.channel')}>{tag(channelOptions, result.channel)}</Descriptions.Item>
              <Descriptions.Item label={t('message:field.recipientName')}>
                {[result.recipientName, result.address].filter(Boolean).join(' · ') || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('message:field.attempts')}>{result.attempts}</Descriptions.Item>
              {result.title ? <Descriptions.Item label={t('message:field.title')}>{result.title}</Descriptions.Item> : null}
              <Descriptions.Item label={t('message:field.content')}>{result.content}</Descriptions.Item>
            </Descriptions>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
