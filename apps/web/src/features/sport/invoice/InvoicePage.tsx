import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Segmented, Space, Table, Typography } from 'antd';
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  INVOICE_STATES,
  INVOICE_TITLE_KINDS,
  Perm,
  invoiceCredit,
  type InvoiceDetail,
  type InvoiceRow,
  type InvoiceTitleKind,
  type OrderRow,
  type Page,
  type invoiceListQuery,
} from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { ListPage, ReasonDialog, codeOptions, invalidateResource, useCan, type ResourceDef } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { newIdempotencyKey, yuan } from '../../../kit/pay/index.ts';
import { InvoicePlatformDrawer } from './InvoicePlatformDrawer.tsx';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

const NS = 'invoice';
registerMessages(NS, zh, en);
type InvoiceT = FeatureT<typeof zh>;
const useInvoiceT = (): InvoiceT => useFeatureT<typeof zh>(NS);

const stateOptions = codeOptions(INVOICE_STATES, 'state', { issuing: 'processing', issued: 'green', failed: 'red', crediting: 'orange', credited: 'default' });
const titleKindOptions = codeOptions(INVOICE_TITLE_KINDS, 'titleKind', { personal: 'blue', company: 'purple' });
const invoiceUrl = (p = '') => api.sport(p ? `invoice/${p}` : 'invoice');
const refresh = () => void invalidateResource('invoice');
const pdfLink = (url: string | null, testId: string) =>
  url ? (
    <Typography.Link href={url} target="_blank" rel="noreferrer" data-testid={testId}>
      PDF
    </Typography.Link>
  ) : (
    '—'
  );

/** The lines of an invoice with their tax (the detail drawer), and its totals. */
function Lines({ row }: { row: InvoiceRow }) {
  const t = useInvoiceT();
  const lines = (row as InvoiceDetail).lines ?? [];
  return (
    <Table
      size="small"
      rowKey={(_, i) => String(i)}
      pagination={false}
      title={() => t('lines')}
      dataSource={lines}
      data-testid="invoice-lines"
      columns={[
        { key: 'name', dataIndex: 'name', title: t('field.lineName') },
        { key: 'quantity', dataIndex: 'quantity', title: t('field.quantity'), align: 'right' },
        { key: 'amountFen', dataIndex: 'amountFen', title: t('field.amount'), align: 'right', render: (v: number) => yuan(v) },
        { key: 'taxRateBp', dataIndex: 'taxRateBp', title: t('field.rate'), align: 'right', render: (v: number) => `${v / 100}%` },
        { key: 'taxFen', dataIndex: 'taxFen', title: t('field.tax'), align: 'right', render: (v: number) => yuan(v) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={2}>
            {t('total')}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">
            {yuan(row.amountFen)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} />
          <Table.Summary.Cell index={4} align="right">
            <span data-testid="invoice-tax-total">{yuan(row.taxFen)}</span>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

export const invoiceResource: ResourceDef<InvoiceRow, Record<string, never>, z.input<typeof invoiceListQuery>> = {
  key: 'invoice',
  ns: NS,
  name: 'invoice',
  endpoint: { prefix: 'sport', path: 'invoice' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: true },
  perms: { detail: Perm.invoice.list },
  // The detail drawer loads the invoice with its lines.
  api: { get: (row) => http.get<InvoiceDetail>(invoiceUrl(String(row.id))) },
  search: [
    { name: 'keyword', label: 'field.keyword' },
    { name: 'state', label: 'field.state', type: 'select', options: stateOptions },
  ],
  columns: [
    { key: 'createTime', label: 'field.createTime', format: 'datetime' },
    { key: 'orderNo', label: 'field.orderNo', content: 'code' },
    { key: 'title', label: 'field.title' },
    { key: 'titleKind', label: 'field.titleKind', options: titleKindOptions },
    { key: 'taxNo', label: 'field.taxNo', content: 'code' },
    { key: 'amountFen', label: 'field.amount', content: 'number', render: (v: number) => yuan(v) },
    { key: 'taxFen', label: 'field.tax', content: 'number', render: (v: number) => yuan(v) },
    { key: 'state', label: 'field.state', options: stateOptions },
    { key: 'invoiceNo', label: 'field.invoiceNo', content: 'code' },
    { key: 'pdfUrl', label: 'field.pdf', render: (v: string | null) => pdfLink(v, 'invoice-pdf') },
    { key: 'serialNo', label: 'field.serialNo', content: 'code', hiddenByDefault: true },
    { key: 'email', label: 'field.email', hiddenByDefault: true },
    { key: 'issuedTime', label: 'field.issuedTime', format: 'datetime', hiddenByDefault: true },
    { key: 'failReason', label: 'field.failReason', hiddenByDefault: true },
    { key: 'creditReason', label: 'field.creditReason', hiddenByDefault: true },
    { key: 'redConfirmNo', label: 'field.redConfirmNo', content: 'code', hiddenByDefault: true },
    { key: 'redInvoiceNo', label: 'field.redInvoiceNo', content: 'code', hiddenByDefault: true },
    { key: 'redPdfUrl', label: 'field.redPdf', render: (v: string | null) => pdfLink(v, 'invoice-red-pdf'), hiddenByDefault: true },
    { key: 'creditedTime', label: 'field.creditedTime', format: 'datetime', hiddenByDefault: true },
  ],
  detailExtra: (row) => <Lines row={row} />,
};

// ---------------------------------------------------------------- request

interface RequestValues {
  orderNo?: string;
  titleKind: InvoiceTitleKind;
  title?: string;
  taxNo?: string;
  email?: string;
}

/** The request of an invoice: the order (given by the order detail or the member's page, or typed), the title (a person's, or a company's with its tax number) and an email. */
function RequestDialog({ open, order, onClose }: { open: boolean; order: { id: number } | null; onClose: () => void }) {
  const t = useInvoiceT();
  const [form] = Form.useForm<RequestValues>();
  const titleKind = Form.useWatch('titleKind', form) ?? 'personal';
  const key = useRef(newIdempotencyKey());
  const { busy, submit } = useFormSubmit(form, async (v) => {
    let orderId = order?.id;
    if (!orderId) {
      const no = v.orderNo!.trim();
      const found = await http.post<Page<OrderRow>>(api.sport('commerce/order/list'), { orderNo: no, pageNum: 1, pageSize: 5 });
      orderId = found.data.find((o) => o.orderNo === no)?.id;
      if (!orderId) {
        form.setFields([{ name: 'orderNo', errors: [t('noOrder', { orderNo: no })] }]);
        return;
      }
    }
    await http.post(
      invoiceUrl(),
      {
        orderId,
        title: v.title?.trim(),
        titleKind: v.titleKind,
        taxNo: v.titleKind === 'company' ? v.taxNo?.trim() : undefined,
        email: v.email?.trim() || undefined,
      },
      { headers: { 'Idempotency-Key': key.current } },
    );
    key.current = newIdempotencyKey();
    success(t('requested'));
    refresh();
    onClose();
  });
  return (
    <Modal
      open={open}
      title={t('requestTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('requestOk')}
      okButtonProps={{ loading: busy, 'data-testid': 'invoice-request-ok' } as React.ComponentProps<typeof Button>}
      destroyOnHidden
    >
      <div data-testid="invoice-request-dialog">
        <Alert type="info" showIcon title={t('requestHint')} style={{ marginBottom: 12 }} />
        <Form form={form} layout="vertical" name="invoice-request" requiredMark={false} initialValues={{ titleKind: 'personal' }} preserve={false}>
          {order ? null : (
            <Form.Item name="orderNo" label={t('field.orderNo')} extra={t('orderNoHint')} rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={40} autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item name="titleKind" label={t('field.titleKind')}>
            <Segmented<InvoiceTitleKind> options={INVOICE_TITLE_KINDS.map((k) => ({ value: k, label: t(`titleKind.${k}`) }))} />
          </Form.Item>
          <Form.Item name="title" label={t('field.title')} rules={[{ required: true, whitespace: true, max: 100 }]}>
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
          {titleKind === 'company' ? (
            <Form.Item name="taxNo" label={t('field.taxNo')} rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={18} autoComplete="off" style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          ) : null}
          <Form.Item name="email" label={t('field.email')} rules={[{ type: 'email' }]}>
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}

/** sport.invoice (invoiceManagement; not cached, spec 2.2): invoices requested, issued, credited and reissued. */
export default function InvoicePage() {
  const t = useInvoiceT();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const [requesting, setRequesting] = useState<{ order: { id: number } | null } | null>(null);
  const [crediting, setCrediting] = useState<InvoiceRow | null>(null);
  const [settings, setSettings] = useState(false);
  // `?orderId=`: raised from the order detail or the member's orders; the address drops it, so a reload does not ask again.
  const asked = Number(params.get('orderId'));
  useEffect(() => {
    if (!Number.isInteger(asked) || asked <= 0) return;
    setRequesting({ order: { id: asked } });
    setParams({}, { replace: true });
  }, [asked, setParams]);
  const def = useMemo<typeof invoiceResource>(
    () => ({
      ...invoiceResource,
      toolbar: [
        { key: 'request', label: 'request', icon: <PlusOutlined />, perm: Perm.invoice.add, primary: true, run: () => setRequesting({ order: null }) },
        { key: 'platform', label: 'platform.open', icon: <SettingOutlined />, perm: Perm.invoice.platform, run: () => setSettings(true) },
      ],
      rowActions: [
        {
          key: 'refresh',
          label: 'refresh',
          visible: (r) => r.state === 'issuing' || r.state === 'crediting',
          run: async (r) => {
            const d = await http.post<InvoiceDetail>(invoiceUrl(`${r.id}/refresh`));
            success(t('refreshed', { state: t(`state.${d.state}`) }));
            refresh();
          },
        },
        { key: 'credit', label: 'credit', perm: Perm.invoice.credit, danger: true, visible: (r) => r.state === 'issued', run: (r) => setCrediting(r) },
        {
          key: 'reissue',
          label: 'reissue',
          perm: Perm.invoice.add,
          visible: (r) => r.state === 'credited' || r.state === 'failed',
          confirm: 'reissueConfirmShort',
          run: async (r) => {
            await http.post(invoiceUrl(`${r.id}/reissue`), {}, { headers: { 'Idempotency-Key': newIdempotencyKey() } });
            success(t('reissued'));
            refresh();
          },
        },
      ],
    }),
    [t],
  );
  return (
    <div data-testid="invoice-page">
      <ListPage def={def} />
      {can(Perm.invoice.platform) ? <InvoicePlatformDrawer open={settings} onClose={() => setSettings(false)} t={t} /> : null}
      {can(Perm.invoice.add) ? <RequestDialog open={!!requesting} order={requesting?.order ?? null} onClose={() => setRequesting(null)} /> : null}
      <ReasonDialog
        open={!!crediting}
        title={crediting ? t('creditTitle', { invoiceNo: crediting.invoiceNo ?? crediting.orderNo }) : ''}
        testId="invoice-credit"
        label={t('field.creditReason')}
        rule={invoiceCredit.shape.reason}
        hint={<Space direction="vertical">{t('creditHint')}</Space>}
        confirmText={t('creditConfirm')}
        onClose={() => setCrediting(null)}
        onSubmit={async (reason) => {
          await http.post(invoiceUrl(`${crediting!.id}/credit`), { reason, version: crediting!.version });
          success(t('credited'));
          refresh();
        }}
      />
    </div>
  );
}
