import { useLayoutEffect, useMemo, useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Form, Input, InputNumber, Modal, Select, Table, Typography, Upload } from 'antd';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { Perm, RECONCILE_PROVIDERS, type ClearingRow, type clearingListQuery } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { success } from '../../../app/feedback.tsx';
import { api, http } from '../../../app/request.ts';
import { ListPage, clockIn, codeOptions, invalidateResource, useCan, venueToday, type ResourceDef } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { yuan } from '../../../kit/pay/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

const NS = 'settlement';
registerMessages(NS, zh, en);
const useSettlementT = (): FeatureT<typeof zh> => useFeatureT<typeof zh>(NS);
const url = (p = '') => api.sport(`settlement/clearing${p}`);
const refresh = () => void invalidateResource('settlementClearing');
const providerOptions = codeOptions(RECONCILE_PROVIDERS, 'provider', { alipay: 'blue', wechat: 'green', aggregate: 'purple' });
type Receipt = {
  id: number;
  provider: string;
  day: string;
  amountFen: number;
  source: string;
  reference: string | null;
  note: string | null;
  createdAt: string;
};
type Shown = { provider: string; day: string };

const clearingResource: ResourceDef<ClearingRow, ClearingRow, z.input<typeof clearingListQuery>> = {
  key: 'settlementClearing',
  ns: NS,
  name: 'clearing.receipts',
  endpoint: { prefix: 'sport', path: 'settlement/clearing' },
  rowKey: 'key',
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
  search: [
    { name: 'provider', label: 'field.provider', type: 'select', options: providerOptions },
    { name: 'days', label: 'field.days', type: 'dateRange', rangeKeys: ['fromDay', 'toDay'] },
  ],
  columns: [
    { key: 'day', label: 'field.day', content: 'code' },
    { key: 'provider', label: 'field.provider', options: providerOptions },
    { key: 'grossFen', label: 'field.grossFen', content: 'number', render: (v: number, r: ClearingRow) => (r.billed ? yuan(v) : '—') },
    { key: 'refundFen', label: 'field.refundFen', content: 'number', render: (v: number, r: ClearingRow) => (r.billed ? yuan(v) : '—') },
    { key: 'feeFen', label: 'field.feeFen', content: 'number', render: (v: number, r: ClearingRow) => (r.billed ? yuan(v) : '—') },
    { key: 'netFen', label: 'field.billNetFen', content: 'number', render: (v: number, r: ClearingRow) => (r.billed ? yuan(v) : '—') },
    { key: 'receivedFen', label: 'field.receivedFen', content: 'number', render: (v: number) => yuan(v) },
    {
      key: 'diffFen',
      label: 'field.diffFen',
      content: 'number',
      render: (v: number) => (
        <Typography.Text type={v === 0 ? 'success' : 'danger'}>{v > 0 ? `+${yuan(v)}` : v < 0 ? `-${yuan(-v)}` : yuan(0)}</Typography.Text>
      ),
    },
  ],
};

/** Money received from a provider for a day, entered by hand. */
function ReceiveDialog({ at, onClose }: { at: Shown | 'new' | null; onClose: () => void }) {
  const t = useSettlementT();
  const [form] = Form.useForm<{ provider: string; day: Dayjs; amountYuan: number; reference?: string; note?: string }>();
  useLayoutEffect(() => {
    if (at) form.setFieldsValue(at === 'new' ? { provider: 'wechat', day: venueToday().subtract(1, 'day') } : { provider: at.provider, day: dayjs(at.day) });
  }, [at, form]);
  const { busy: saving, submit } = useFormSubmit(form, async (v) => {
    await http.post(url('/receipt'), {
      provider: v.provider,
      day: v.day.format('YYYY-MM-DD'),
      amountFen: Math.round(v.amountYuan * 100),
      reference: v.reference ?? null,
      note: v.note ?? null,
    });
    success(t('clearing.received'));
    refresh();
    onClose();
  });
  return (
    <Modal open={at !== null} onCancel={onClose} title={t('clearing.receiveTitle')} confirmLoading={saving} onOk={() => void submit()} destroyOnHidden>
      <Form form={form} layout="vertical" name="settlement-receipt">
        <Form.Item name="provider" label={t('field.provider')} rules={[{ required: true }]}>
          <Select options={RECONCILE_PROVIDERS.map((p) => ({ value: p, label: t(`provider.${p}`) }))} />
        </Form.Item>
        <Form.Item name="day" label={t('field.day')} rules={[{ required: true }]}>
          <DatePicker allowClear={false} />
        </Form.Item>
        <Form.Item name="amountYuan" label={t('field.amountFen')} rules={[{ required: true }]}>
          <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reference" label={t('field.reference')} rules={[{ max: 64 }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="note" label={t('field.note')} rules={[{ max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A bank statement (CSV in UTF-8 or GBK, or xlsx) imported as money received. */
function ImportStatement({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useSettlementT();
  const [busy, setBusy] = useState(false);
  const send = async (file: File) => {
    setBusy(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const r = await http.post<{ added: number; skipped: number }>(url('/import'), body);
      success(t('clearing.imported', r));
      refresh();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} onCancel={onClose} title={t('clearing.import')} footer={null} destroyOnHidden>
      <Alert type="info" showIcon title={t('clearing.importHint')} style={{ marginBottom: 12 }} />
      <Upload accept=".csv,.txt,.xlsx" showUploadList={false} beforeUpload={(f) => (void send(f).catch(() => undefined), false)}>
        <Button icon={<ImportOutlined />} loading={busy} data-testid="clearing-import-file">
          {t('clearing.import')}
        </Button>
      </Upload>
    </Modal>
  );
}

function ReceiptsDrawer({ at, onClose }: { at: Shown | null; onClose: () => void }) {
  const t = useSettlementT();
  const list = useQuery({
    queryKey: ['settlementClearing', 'receipts', at],
    enabled: at !== null,
    queryFn: () => http.post<Receipt[]>(url('/receipt/list'), at),
  });
  return (
    <Drawer
      open={at !== null}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={at ? `${t(`provider.${at.provider as 'alipay'}`)} ${at.day} · ${t('clearing.receipts')}` : ''}
    >
      <Table<Receipt>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={list.data ?? []}
        columns={[
          { key: 'amountFen', title: t('field.receivedFen'), dataIndex: 'amountFen', align: 'right', render: (v: number) => yuan(v) },
          {
            key: 'source',
            title: t('field.source'),
            dataIndex: 'source',
            render: (v: string) => (v === 'manual' ? t('clearing.receive') : t('clearing.import')),
          },
          { key: 'reference', title: t('field.reference'), dataIndex: 'reference', render: (v: string | null) => v ?? '—' },
          { key: 'note', title: t('field.note'), dataIndex: 'note', render: (v: string | null) => v ?? '—' },
          { key: 'createdAt', title: t('field.ranAt'), dataIndex: 'createdAt', render: (v: string) => clockIn(v) },
        ]}
      />
    </Drawer>
  );
}

/** sport.settlement.clearing (clearingSettlement/thirdPartyClearing): what each provider owes a day beside the money received. */
export default function ClearingListPage() {
  const can = useCan();
  const [receiving, setReceiving] = useState<Shown | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const def = useMemo<typeof clearingResource>(
    () => ({
      ...clearingResource,
      toolbar: [
        { key: 'receive', label: 'clearing.receive', icon: <PlusOutlined />, perm: Perm.clearing.receive, run: () => setReceiving('new') },
        { key: 'import', label: 'clearing.import', icon: <ImportOutlined />, perm: Perm.clearing.receive, run: () => setImporting(true) },
      ],
      rowActions: [
        { key: 'receipts', label: 'clearing.receipts', run: (r) => setShown({ provider: r.provider, day: r.day }) },
        { key: 'receiveRow', label: 'clearing.receive', perm: Perm.clearing.receive, run: (r) => setReceiving({ provider: r.provider, day: r.day }) },
      ],
    }),
    [],
  );
  return (
    <div data-testid="settlement-clearing-page">
      <ListPage def={def} />
      {can(Perm.clearing.receive) ? (
        <>
          <ReceiveDialog at={receiving} onClose={() => setReceiving(null)} />
          <ImportStatement open={importing} onClose={() => setImporting(false)} />
        </>
      ) : null}
      <ReceiptsDrawer at={shown} onClose={() => setShown(null)} />
    </div>
  );
}
