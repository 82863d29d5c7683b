import { useLayoutEffect, useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Space, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { invoicePlatformSave, type InvoicePlatformRow } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { api, http } from '../../../app/request.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import type { FeatureT } from '../../../app/i18n.ts';
import type zh from './messages.zh-CN.ts';

type Values = { enabled: boolean; gateway: string; appKey: string; appSecret?: string; sellerTaxNo: string; sellerName: string };
const platformUrl = () => api.sport('invoice/platform');
/** A contract rule as an antd validator (its message is a server i18n key the request layer also uses). */
const ruleOf = (schema: { safeParse: (v: unknown) => { success: boolean } }) => ({
  validator: async (_: unknown, v: unknown) => {
    if (v === undefined || v === '' || schema.safeParse(v).success) return;
    throw new Error('invalid');
  },
});

/**
 * The organisation's e-invoice platform (the invoice screen's settings drawer). The app secret is
 * write-only: the server answers only whether one is set, and an empty field keeps it.
 */
export function InvoicePlatformDrawer({ open, onClose, t }: { open: boolean; onClose: () => void; t: FeatureT<typeof zh> }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const current = useQuery({ queryKey: ['invoicePlatform'], enabled: open, queryFn: () => http.get<InvoicePlatformRow>(platformUrl()) });
  const p = current.data;
  useLayoutEffect(() => {
    if (open && p)
      form.setFieldsValue({
        enabled: p.version ? p.enabled : true,
        gateway: p.gateway,
        appKey: p.appKey,
        sellerTaxNo: p.sellerTaxNo,
        sellerName: p.sellerName,
        appSecret: '',
      });
  }, [open, p, form]);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const { appSecret, ...rest } = v;
      await http.put(platformUrl(), { ...rest, ...(appSecret ? { appSecret } : {}), version: p?.version ?? 0 });
      success(t('platform.saved'));
      await current.refetch();
      onClose();
    } catch (e) {
      reactToSaveError(form, e, { reload: () => void current.refetch() });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={520}
      destroyOnHidden
      title={t('platform.title')}
      extra={
        <Space>
          <Button onClick={onClose}>{t('kit:cancel')}</Button>
          <Button type="primary" loading={saving} data-testid="invoice-platform-save" onClick={() => void save().catch(() => undefined)}>
            {t('platform.save')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('platform.hint')} />
        {p?.inherited ? <Alert type="warning" showIcon title={t('platform.inherited')} data-testid="invoice-platform-inherited" /> : null}
        <Form form={form} layout="vertical" name="invoice-platform" data-testid="invoice-platform-form">
          <Form.Item name="enabled" label={t('platform.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="gateway" label={t('platform.gateway')} rules={[{ required: true }, ruleOf(invoicePlatformSave.shape.gateway)]}>
            <Input placeholder="https://" maxLength={300} />
          </Form.Item>
          <Form.Item name="appKey" label={t('platform.appKey')} rules={[{ required: true }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="appSecret"
            label={t('platform.appSecret')}
            extra={p?.secretSet ? t('platform.secretSet') : t('platform.secretUnset')}
            rules={p?.secretSet ? [] : [{ required: true }]}
          >
            <Input.Password autoComplete="new-password" maxLength={200} />
          </Form.Item>
          <Form.Item name="sellerTaxNo" label={t('platform.sellerTaxNo')} rules={[{ required: true }]}>
            <Input maxLength={18} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
          <Form.Item name="sellerName" label={t('platform.sellerName')} rules={[{ required: true }]}>
            <Input maxLength={100} />
          </Form.Item>
        </Form>
      </Space>
    </Drawer>
  );
}
