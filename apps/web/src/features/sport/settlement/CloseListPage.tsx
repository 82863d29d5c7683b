import { useMemo, useState } from 'react';
import { Alert, DatePicker, Descriptions, Drawer, Form, Modal, Select, Space, Table, Typography } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import { CLOSE_STATES, Perm, type CloseAnswer, type CloseDetail, type CloseRow, type closeListQuery } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { confirm, success } from '../../../app/feedback.tsx';
import { api, http } from '../../../app/request.ts';
import { useSession } from '../../../app/session.ts';
import { ListPage, clockIn, codeOptions, invalidateResource, useCan, useVenueOptions, venueToday, type ResourceDef } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { usePayT, yuan } from '../../../kit/pay/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

const NS = 'settlement';
registerMessages(NS, zh, en);
const useSettlementT = (): FeatureT<typeof zh> => useFeatureT<typeof zh>(NS);

const closeUrl = (p = '') => api.sport(`settlement/close${p}`);
const refresh = () => void invalidateResource('settlementClose');
const stateOptions = codeOptions(CLOSE_STATES, 'state', { open: 'gold', signed: 'green' });

const closeResource: ResourceDef<CloseRow, CloseRow, z.input<typeof closeListQuery>> = {
  key: 'settlementClose',
  ns: NS,
  name: 'close.name',
  endpoint: { prefix: 'sport', path: 'settlement/close' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
  search: [
    { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions },
    { name: 'state', label: 'field.state', type: 'select', options: stateOptions },
    { name: 'days', label: 'field.days', type: 'dateRange', rangeKeys: ['fromDay', 'toDay'] },
  ],
  columns: [
    { key: 'day', label: 'field.day', content: 'code' },
    { key: 'stadiumName', label: 'field.stadiumName' },
    { key: 'state', label: 'field.state', options: stateOptions },
    { key: 'netFen', label: 'field.netFen', content: 'number', render: (v: number) => yuan(v) },
    { key: 'shifts', label: 'field.shifts', content: 'number' },
    { key: 'cashCountedFen', label: 'field.cashCountedFen', content: 'number', render: (v: number) => yuan(v) },
    { key: 'signedByName', label: 'field.signedByName' },
    { key: 'signedAt', label: 'field.signedAt', content: 'time', render: (v: string | null) => (v ? clockIn(v) : '—') },
    { key: 'computedAt', label: 'field.computedAt', content: 'time', render: (v: string) => clockIn(v), hiddenByDefault: true },
  ],
};

/** One block of totals (by method or by kind), with its total line. */
function Totals({ title, lines, label, testId }: { title: string; lines: Record<string, number>; label: (k: string) => string; testId: string }) {
  const t = useSettlementT();
  const rows = Object.entries(lines).map(([key, fen]) => ({ key, fen }));
  return (
    <Table
      data-testid={testId}
      size="small"
      pagination={false}
      title={() => <Typography.Text strong>{title}</Typography.Text>}
      locale={{ emptyText: t('close.none') }}
      dataSource={rows}
      columns={[
        { key: 'key', dataIndex: 'key', render: (k: string) => label(k) },
        { key: 'fen', dataIndex: 'fen', align: 'right', render: (v: number) => yuan(v) },
      ]}
      summary={() =>
        rows.length ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('close.total')}</Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {yuan(rows.reduce((a, r) => a + r.fen, 0))}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}

/** closIngDetails: the close's totals by method and by kind, the shifts' cash, the ledger it read, and the sign-off. */
function CloseDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useSettlementT();
  const payT = usePayT();
  const can = useCan();
  const detail = useQuery({ queryKey: ['settlementClose', id], enabled: id !== null, queryFn: () => http.get<CloseDetail>(closeUrl(`/${id}`)) });
  const c = detail.data;
  const sign = async () => {
    if (!c || !(await confirm({ content: t('close.signConfirm', { day: c.day }) }))) return;
    await http.post(closeUrl(`/${c.id}/sign`), { version: c.version });
    success(t('close.signDone', { day: c.day }));
    refresh();
    await detail.refetch();
  };
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={560}
      destroyOnHidden
      title={c ? t('close.detailTitle', { day: c.day }) : t('close.name')}
      extra={
        c?.state === 'open' && can(Perm.close.sign) ? (
          <a role="button" data-testid="close-sign" onClick={() => void sign().catch(() => undefined)}>
            <AuditOutlined /> {t('close.sign')}
          </a>
        ) : null
      }
    >
      {c ? (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="close-detail">
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('field.stadiumName')}>{c.stadiumName}</Descriptions.Item>
            <Descriptions.Item label={t('field.day')}>
              {c.day}（{c.timeZone}）
            </Descriptions.Item>
            <Descriptions.Item label={t('field.state')}>{t(`state.${c.state}`)}</Descriptions.Item>
            <Descriptions.Item label={t('close.cash')}>
              {t('close.cashLine', { n: c.shifts, expected: yuan(c.cashExpectedFen), counted: yuan(c.cashCountedFen) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.signedByName')}>{c.signedAt ? `${c.signedByName ?? '—'} · ${clockIn(c.signedAt)}` : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('close.digest')}>
              <Typography.Text code copyable style={{ fontSize: 12 }}>
                {c.digest.slice(0, 16)}
              </Typography.Text>
              <div>{c.ledgerEntries ? t('close.ledger', { first: c.ledgerFirstId, last: c.ledgerLastId, n: c.ledgerEntries }) : t('close.ledgerNone')}</div>
            </Descriptions.Item>
          </Descriptions>
          <Totals title={t('close.byMethod')} lines={c.totals.byMethod} label={(m) => payT(`method.${m}`)} testId="close-by-method" />
          <Totals title={t('close.byKind')} lines={c.totals.byKind} label={(k) => k} testId="close-by-kind" />
        </Space>
      ) : null}
    </Drawer>
  );
}

/** Closes a venue's business day (the fixed call), then opens its detail. */
function RunDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (id: number) => void }) {
  const t = useSettlementT();
  const venues = useVenueOptions();
  const stadiumId = useSession((s) => s.stadiumId);
  const [form] = Form.useForm<{ stadiumId?: number; date?: Dayjs }>();
  const { busy, submit } = useFormSubmit(form, async (v) => {
    const day = v.date!.format('YYYY-MM-DD');
    const made = await http.post<CloseAnswer>(closeUrl(), { stadiumId: v.stadiumId, date: day });
    success(t('close.runDone', { day }));
    refresh();
    onDone(made.closeId);
  });
  return (
    <Modal open={open} onCancel={onClose} title={t('close.runTitle')} okText={t('close.run')} confirmLoading={busy} onOk={() => void submit()} destroyOnHidden>
      <Alert type="info" showIcon title={t('close.runHint')} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" name="settlement-close" initialValues={{ stadiumId: stadiumId ?? undefined, date: venueToday().subtract(1, 'day') }}>
        <Form.Item name="stadiumId" label={t('field.stadiumId')} rules={[{ required: true }]}>
          <Select options={venues} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="date" label={t('field.date')} rules={[{ required: true }]}>
          <DatePicker allowClear={false} disabledDate={(d) => d.isAfter(venueToday())} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** sport.settlement.close (clearingSettlement/closIngMangement): every venue's daily closes, their detail and sign-off. */
export default function CloseListPage() {
  const can = useCan();
  const [running, setRunning] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const def = useMemo<typeof closeResource>(
    () => ({
      ...closeResource,
      toolbar: [{ key: 'close', label: 'close.run', icon: <AuditOutlined />, perm: Perm.close.close, run: () => setRunning(true) }],
      rowActions: [{ key: 'detail', label: 'close.detail', run: (r) => setShown(r.id) }],
    }),
    [],
  );
  return (
    <div data-testid="settlement-close-page">
      <ListPage def={def} />
      {can(Perm.close.close) ? (
        <RunDialog
          open={running}
          onClose={() => setRunning(false)}
          onDone={(id) => {
            setRunning(false);
            setShown(id);
          }}
        />
      ) : null}
      <CloseDrawer id={shown} onClose={() => setShown(null)} />
    </div>
  );
}
