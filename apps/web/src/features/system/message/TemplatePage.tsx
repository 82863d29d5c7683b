import { Alert, Form, Typography, type FormInstance } from 'antd';
import type { z } from 'zod';
import { Perm, messageTemplateCreate, renderTemplate, templateVariables, type MessageTemplateRow, type messageTemplateListQuery } from '@venue/contract';
import { t } from '../../../app/i18n.ts';
import { ListPage, type ResourceDef, type Row } from '../../../kit/index.ts';
import { channelOptions, langOptions, useBusinesses, useBusinessOptions } from './shared.tsx';

const rules = messageTemplateCreate.shape;

/** The title and content rendered with the business type's sample values, and any variable it does not declare. */
function Preview({ form }: { form: FormInstance }) {
  const businessId = Form.useWatch('businessId', form) as number | undefined;
  const title = (Form.useWatch('title', form) as string | undefined) ?? '';
  const content = (Form.useWatch('content', form) as string | undefined) ?? '';
  const business = (useBusinesses().data ?? []).find((b) => b.id === businessId);
  if (!business || !content) return <Typography.Text type="secondary">—</Typography.Text>;
  const samples = Object.fromEntries(business.variables.map((v) => [v.name, v.sample || `{${v.name}}`]));
  const declared = new Set(business.variables.map((v) => v.name));
  const missing = templateVariables(`${title}\n${content}`).filter((n) => !declared.has(n));
  return (
    <div data-testid="template-preview">
      {missing.length ? (
        <Alert type="error" showIcon style={{ marginBottom: 8 }} title={missing.map((name) => t('message:undeclared', { name })).join('；')} />
      ) : null}
      <div style={{ padding: '8px 12px', borderRadius: 6, background: 'var(--ant-color-fill-quaternary)', whiteSpace: 'pre-wrap' }}>
        {title ? <div style={{ fontWeight: 600, marginBottom: 4 }}>{renderTemplate(title, samples)}</div> : null}
        <div>{renderTemplate(content, samples)}</div>
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {business.variables.map((v) => `{${v.name}}`).join(' ')}
      </Typography.Text>
    </div>
  );
}

type Form = { businessId: number; channel: string; lang: string; title: string; content: string; preview: string };

export const templateResource: ResourceDef<MessageTemplateRow, Form, z.input<typeof messageTemplateListQuery>> = {
  key: 'messageTemplate',
  ns: 'message',
  name: 'template',
  endpoint: { prefix: 'system', path: 'message/template' },
  perms: { add: Perm.message.template, edit: Perm.message.template, remove: Perm.message.template },
  features: { export: false, import: false },
  search: [
    { name: 'businessId', label: 'field.businessId', type: 'select', useOptions: useBusinessOptions },
    { name: 'channel', label: 'field.channel', type: 'select', options: channelOptions },
    { name: 'lang', label: 'field.lang', type: 'select', options: langOptions },
    { name: 'content', label: 'field.content' },
  ],
  columns: [
    { key: 'businessName', label: 'field.businessName', width: 150, render: (v: string, r) => <span title={r.businessCode}>{v}</span> },
    { key: 'channel', label: 'field.channel', options: channelOptions },
    { key: 'lang', label: 'field.lang', options: langOptions },
    { key: 'title', label: 'field.title', width: 200, ellipsis: true },
    { key: 'content', label: 'field.content', width: 360, ellipsis: true },
    { key: 'updatedAt', label: 'field.updatedAt', format: 'datetime', hiddenByDefault: true },
  ],
  form: [
    {
      name: 'businessId',
      label: 'field.businessId',
      type: 'select',
      useOptions: useBusinessOptions,
      required: true,
      disabled: (mode) => mode === 'edit',
      span: 2,
    },
    { name: 'channel', label: 'field.channel', type: 'select', options: channelOptions, required: true },
    { name: 'lang', label: 'field.lang', type: 'radio', options: langOptions, initialValue: 'zh-CN' },
    { name: 'title', label: 'field.title', rule: rules.title, span: 2 },
    { name: 'content', label: 'field.content', type: 'textarea', rule: rules.content, span: 2, props: { autoSize: { minRows: 3, maxRows: 10 } } },
    { name: 'preview', label: 'field.preview', type: 'custom', required: false, span: 2, render: ({ form }) => <Preview form={form} /> },
  ],
  formColumns: 2,
  formWidth: 720,
  toBody: (values: Row, mode) => {
    const { preview: _preview, ...body } = values;
    if (mode === 'edit') delete body.businessId;
    return body;
  },
};

/** /message/template: the text of a business type per channel and language, previewed with sample values. */
export default function TemplatePage() {
  return <ListPage def={templateResource} />;
}
