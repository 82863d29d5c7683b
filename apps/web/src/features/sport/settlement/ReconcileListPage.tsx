import { useLayoutEffect, useMemo, useState } from 'react';
import { Alert, DatePicker, Drawer, Form, Input, Modal, Radio, Select, Table, Tag } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import {
  Perm,
  RECONCILE_PROVIDERS,
  type MismatchRow,
  type ReconcileAnswer,
  type ReconcileRunDetail,
  type ReconcileRunRow,
  type reconcileListQuery,
} from '@venue/contract';
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
const url = (p = '') => api.sport(`settlement/reconcile${p}`);
const refresh = () => void invalidateResource('settlementReconcile');
const providerOptions = codeOptions(RECONCILE_PROVIDERS, 'provider', { alipay: 'blue', wechat: 'green', aggregate: 'purple' });
const money = (v: number | null) => (v === null ? '—' : yuan(v));

const runResource: ResourceDef<ReconcileRunRow, ReconcileRunRow, z.input<typeof reconcileListQuery>> = {
  key: 'settlementReconcile',
  ns: NS,
  name: 'reconcile.name',
  endpoint: { prefix: 'sport', path: 'settlement/reconcile' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
  search: [
    { name: 'provider', label: 'field.provider', type: 'select', options: providerOptions },
    { name: 'days', label: 'field.days', type: 'dateRange', rangeKeys: ['fromDay', 'toDay'] },
  ],
  columns: [
    { key: 'day', label: 'field.day', content: 'code' },
    { key: 'provider', label: 'field.provider', options: providerOptions },
    { key: 'lines', label: 'field.lines', content: 'number' },
    { key: 'matched', label: 'field.matched', content: 'number' },
    { key: 'mismatches', label: 'field.mismatches', content: 'number' },
    { key: 'openMismatches', label: 'field.openMismatches', content: 'number', render: (v: number) => (v ? <Tag color="gold">{v}</Tag> : 0) },
    { key: 'netFen', label: 'field.billNetFen', content: 'number', render: (v: number) => yuan(v) },
    { key: 'ranByName', label: 'field.ranByName' },
    { key: 'ranAt', label: 'field.ranAt', content: 'time', render: (v: string) => clockIn(v) },
  ],
};

/** Resolves one open mismatch: with a note, or with an adjusting ledger entry and its note. */
function ResolveDialog({ m, onClose, onDone }: { m: MismatchRow | null; onClose: () => void; onDone: (d: ReconcileRunDetail) => void }) {
  const t = useSettlementT();
  const [form] = Form.useForm<{ way: 'note' | 'adjust'; note: string }>();
  const way = Form.useWatch('way', form);
  useLayoutEffect(() => {
    if (m) form.setFieldsValue({ way: 'note', note: '' });
  }, [m, form]);
  const { busy: saving, submit } = useFormSubmit(form, async (v) => {
    const d = await http.post<ReconcileRunDetail>(url(`/mismatch/${m!.id}/resolve`), { ...v, version: m!.version });
    success(t('reconcile.resolved'));
    refresh();
    onDone(d);
  });
  return (
    <Modal open={m !== null} onCancel={onClose} title={t('reconcile.resolveTitle')} confirmLoading={saving} onOk={() => void submit()} destroyOnHidden>
      {m ? (
        <Form form={form} layout="vertical" name="settlement-resolve">
          <Alert
            type={way === 'adjust' ? 'warning' : 'info'}
            showIcon
            style={{ marginBottom: 12 }}
            title={`${t(`kind.${m.kind as 'amount'}`)} · ${m.tradeNo} · ${t('field.oursFen')} ${money(m.oursFen)} / ${t('field.theirsFen')} ${money(m.theirsFen)}`}
            description={
              way === 'adjust' ? t('reconcile.adjustHint', { amount: yuan(Math.abs(m.adjustFen)) }) : m.adjustFen === 0 ? t('reconcile.noAdjust') : undefined
            }
          />
          <Form.Item name="way" label={t('reconcile.way')} rules={[{ required: true }]}>
            <Radio.Group
              options={[
                { value: 'note', label: t('way.note') },
                { value: 'adjust', label: t('way.adjust'), disabled: m.adjustFen === 0 },
              ]}
            />
          </Form.Item>
          <Form.Item name="note" label={t('reconcile.note')} rules={[{ required: true, whitespace: true, max: 200 }]}>
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}

/** A run's mismatches with their class, and how each was resolved. */
function RunDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useSettlementT();
  const can = useCan();
  const [resolving, setResolving] = useState<MismatchRow | null>(null);
  const run = useQuery({ queryKey: ['settlementReconcile', id], enabled: id !== null, queryFn: () => http.get<ReconcileRunDetail>(url(`/${id}`)) });
  const r = run.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={980}
      destroyOnHidden
      title={r ? t('reconcile.detailTitle', { provider: t(`provider.${r.provider}`), day: r.day }) : t('reconcile.detail')}
    >
      {r ? (
        <Table<MismatchRow>
          data-testid="reconcile-mismatches"
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('reconcile.none') }}
          dataSource={r.mismatchList}
          columns={[
            {
              key: 'kind',
              title: t('field.kind'),
              dataIndex: 'kind',
              render: (k: string) => <Tag color={k === 'other_day' ? 'blue' : 'volcano'}>{t(`kind.${k as 'amount'}`)}</Tag>,
            },
            { key: 'tradeNo', title: t('field.tradeNo'), dataIndex: 'tradeNo', ellipsis: true },
            { key: 'ourNo', title: t('field.ourNo'), dataIndex: 'ourNo', render: (v: string | null) => v ?? '—' },
            { key: 'oursFen', title: t('field.oursFen'), dataIndex: 'oursFen', align: 'right', render: money },
            { key: 'theirsFen', title: t('field.theirsFen'), dataIndex: 'theirsFen', align: 'right', render: money },
            { key: 'days', title: `${t('field.ourDay')} / ${t('field.theirDay')}`, render: (_: unknown, m) => `${m.ourDay ?? '—'} / ${m.theirDay ?? '—'}` },
            {
              key: 'state',
              title: t('field.mstate'),
              width: 260,
              render: (_: unknown, m) =>
                m.state === 'open' ? (
                  can(Perm.reconcile.resolve) ? (
                    <a role="button" data-testid={`reconcile-resolve-${m.id}`} onClick={() => setResolving(m)}>
                      {t('reconcile.resolve')}
                    </a>
                  ) : (
                    <Tag color="gold">{t('mstate.open')}</Tag>
                  )
                ) : (
                  <span>
                    <Tag color="green">{t(`way.${m.way ?? 'note'}`)}</Tag>
                    {m.note}
                    {m.txnNo ? ` · ${m.txnNo}` : ''}
                    <div style={{ fontSize: 12, opacity: 0.65 }}>{`${m.resolvedByName ?? '—'} · ${m.resolvedAt ? clockIn(m.resolvedAt) : ''}`}</div>
                  </span>
                ),
            },
          ]}
        />
      ) : null}
      <ResolveDialog
        m={resolving}
        onClose={() => setResolving(null)}
        onDone={() => {
          setResolving(null);
          void run.refetch();
        }}
      />
    </Drawer>
  );
}

/** Downloads a provider's bill of a day and reconciles it (the fixed call). */
function RunDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const t = useSettlementT();
  const [form] = Form.useForm<{ provider?: string; date?: Dayjs }>();
  const { busy: saving, submit } = useFormSubmit(form, async (v) => {
    const day = v.date!.format('YYYY-MM-DD');
    const r = await http.post<ReconcileAnswer>(url(), { provider: v.provider, date: day });
    success(t('reconcile.runDone', { day, matched: r.matched, n: r.mismatches.length }));
    refresh();
    onDone();
  });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('reconcile.runTitle')}
      okText={t('reconcile.run')}
      confirmLoading={saving}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('reconcile.runHint')} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" name="settlement-reconcile" initialValues={{ provider: 'wechat', date: venueToday().subtract(1, 'day') }}>
        <Form.Item name="provider" label={t('field.provider')} rules={[{ required: true }]}>
          <Select options={RECONCILE_PROVIDERS.map((p) => ({ value: p, label: t(`provider.${p}`) }))} />
        </Form.Item>
        <Form.Item name="date" label={t('field.date')} rules={[{ required: true }]}>
          <DatePicker allowClear={false} disabledDate={(d) => d.isAfter(venueToday())} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** sport.settlement.reconcile (clearingSettlement/reconciliation): runs, their mismatches by class, and their resolution. */
export default function ReconcileListPage() {
  const can = useCan();
  const [running, setRunning] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const def = useMemo<typeof runResource>(
    () => ({
      ...runResource,
      toolbar: [{ key: 'run', label: 'reconcile.run', icon: <AuditOutlined />, perm: Perm.reconcile.run, run: () => setRunning(true) }],
      rowActions: [{ key: 'detail', label: 'reconcile.detail', run: (r) => setShown(r.id) }],
    }),
    [],
  );
  return (
    <div data-testid="settlement-reconcile-page">
      <ListPage def={def} />
      {can(Perm.reconcile.run) ? <RunDialog open={running} onClose={() => setRunning(false)} onDone={() => setRunning(false)} /> : null}
      <RunDrawer id={shown} onClose={() => setShown(null)} />
    </div>
  );
}
