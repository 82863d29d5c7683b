import { useMemo, useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Form, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import {
  Perm,
  distributorCreate,
  type DistSaleRow,
  type DistributorRow,
  type QuotaRow,
  type distributorListQuery,
  type distributorUpdate,
} from '@venue/contract';
import { ListPage, dayStartIn, useVenueTimeZone, venueToday, type ResourceDef } from '../../../../kit/index.ts';
import { PayDialog, formatTime, newIdempotencyKey, yuan } from '../../../../kit/pay/index.ts';
import { saleApi } from '../sale/shared.ts';
import { NS, distApi, statusOptions, useDistT, useSessions } from './shared.ts';
import { notify } from '../../../../app/notify.ts';

/**
 * Distributors (issue 13, spec ticketManagement/distributor): the list with add and edit; per
 * distributor its quotas (give a level's quota or seats, return what is unsold, sell from a quota
 * with channel `distributor`) and its feed (preview, pull chosen projects as external items); the
 * settlement of a period for every distributor.
 */
type Form = z.input<typeof distributorCreate> & z.input<typeof distributorUpdate>;

export default function DistributorPage() {
  const [quotaOf, setQuotaOf] = useState<DistributorRow | null>(null);
  const [feedOf, setFeedOf] = useState<DistributorRow | null>(null);
  const [settling, setSettling] = useState(false);
  const [salesOf, setSalesOf] = useState<DistributorRow | null>(null);
  const def = useMemo<ResourceDef<DistributorRow, Form, z.input<typeof distributorListQuery>>>(
    () => ({
      key: 'distributor',
      ns: NS,
      name: 'distributor',
      nameField: 'name',
      endpoint: { prefix: 'sport', path: 'ticket/distributor' },
      perms: { add: Perm.ticket.distributor, edit: Perm.ticket.distributor, remove: Perm.ticket.distributor },
      features: { export: false, import: false, detail: false },
      search: [
        { name: 'name', label: 'field.name' },
        { name: 'status', label: 'field.status', type: 'select', options: statusOptions },
      ],
      columns: [
        { key: 'name', label: 'field.name', sorter: true },
        { key: 'contact', label: 'field.contact' },
        { key: 'phone', label: 'field.phone' },
        { key: 'commissionPct', label: 'field.commissionPct', sorter: true, content: 'number', render: (v: number) => `${v}%` },
        { key: 'soldCount', label: 'field.soldCount', content: 'number' },
        { key: 'soldFen', label: 'field.soldFen', format: 'money' },
        { key: 'feedUrl', label: 'field.feedUrl', ellipsis: true },
        { key: 'status', label: 'field.status', options: statusOptions },
      ],
      form: [
        { name: 'name', label: 'field.name', rule: distributorCreate.shape.name },
        { name: 'contact', label: 'field.contact', rule: distributorCreate.shape.contact, required: false },
        { name: 'phone', label: 'field.phone', rule: distributorCreate.shape.phone, required: false },
        { name: 'commissionPct', label: 'field.commissionPct', type: 'number', decimals: 2, rule: distributorCreate.shape.commissionPct },
        { name: 'feedUrl', label: 'field.feedUrl', rule: distributorCreate.shape.feedUrl, required: false, span: 2 },
        { name: 'status', label: 'field.status', type: 'radio', options: statusOptions, initialValue: 0 },
        { name: 'remark', label: 'field.remark', type: 'textarea', rule: distributorCreate.shape.remark, required: false, span: 2 },
      ],
      toolbar: [{ key: 'settlement', label: 'settlement', run: () => setSettling(true) }],
      rowActions: [
        { key: 'quotas', label: 'quotas', perm: Perm.ticket.quota, run: (row) => setQuotaOf(row) },
        { key: 'feed', label: 'feed', perm: Perm.ticket.external, run: (row) => setFeedOf(row) },
        { key: 'sales', label: 'sales', run: (row) => setSalesOf(row) },
      ],
    }),
    [],
  );
  return (
    <>
      <ListPage def={def} />
      {quotaOf ? <QuotaDrawer distributor={quotaOf} onClose={() => setQuotaOf(null)} /> : null}
      {feedOf ? <FeedDialog distributor={feedOf} onClose={() => setFeedOf(null)} /> : null}
      {settling ? <SettlementDialog onClose={() => setSettling(false)} /> : null}
      {salesOf ? <SalesDialog distributor={salesOf} onClose={() => setSalesOf(null)} /> : null}
    </>
  );
}

function QuotaDrawer({ distributor, onClose }: { distributor: DistributorRow; onClose: () => void }) {
  const t = useDistT();
  const qc = useQueryClient();
  const quotas = useQuery({ queryKey: ['ticketDist', 'quotas', distributor.id], queryFn: () => distApi.quotas(distributor.id) });
  const sessions = useSessions();
  const [form] = Form.useForm<{ sessionId?: number; levelId?: number; quantity?: number; seatIds?: number[] }>();
  const sessionId = Form.useWatch('sessionId', form);
  const levelId = Form.useWatch('levelId', form);
  const session = sessions.data?.data.find((s) => s.id === sessionId);
  const seats = useQuery({ queryKey: ['ticketDist', 'seats', sessionId], queryFn: () => saleApi.seats(sessionId!), enabled: !!session?.seated });
  const freeSeats = (seats.data?.seats ?? []).filter((s) => s.state === 'free' && s.levelId === levelId);
  const reload = () => {
    void qc.invalidateQueries({ queryKey: ['ticketDist'] });
  };
  const give = useMutation({
    mutationFn: (v: { levelId?: number; quantity?: number; seatIds?: number[] }) =>
      distApi.give({ distributorId: distributor.id, levelId: v.levelId!, ...(session?.seated ? { seatIds: v.seatIds } : { quantity: v.quantity }) }),
    onSuccess: () => {
      form.resetFields(['quantity', 'seatIds']);
      reload();
    },
  });
  const giveBack = useMutation({ mutationFn: (id: number) => distApi.giveBack(id), onSuccess: () => (notify.success(t('returnDone')), reload()) });
  const [selling, setSelling] = useState<QuotaRow | null>(null);
  const [payFor, setPayFor] = useState<number | null>(null);
  return (
    <Drawer open width={920} title={`${distributor.name} · ${t('quotas')}`} onClose={onClose} data-testid="distributor-quotas">
      <Form form={form} layout="inline" onFinish={(v) => give.mutate(v)} style={{ marginBottom: 16, rowGap: 8 }} data-testid="quota-form">
        <Form.Item name="sessionId" label={t('field.session')} rules={[{ required: true, message: t('pickSession') }]}>
          <Select
            id="quota-form_sessionId"
            style={{ width: 260 }}
            showSearch
            optionFilterProp="label"
            loading={sessions.isLoading}
            options={(sessions.data?.data ?? []).map((s) => ({ value: s.id, label: `${s.projectName ?? ''} ${s.name}` }))}
            onChange={() => form.setFieldsValue({ levelId: undefined, seatIds: undefined })}
          />
        </Form.Item>
        <Form.Item name="levelId" label={t('field.level')} rules={[{ required: true, message: t('field.level') }]}>
          <Select
            id="quota-form_levelId"
            style={{ width: 160 }}
            options={(session?.levels ?? []).map((l) => ({ value: l.id, label: `${l.name} (${l.available})` }))}
          />
        </Form.Item>
        {session?.seated ? (
          <Form.Item name="seatIds" label={t('field.seats')} rules={[{ required: true, message: t('seatedHint') }]}>
            <Select
              id="quota-form_seatIds"
              mode="multiple"
              style={{ width: 260 }}
              maxTagCount={4}
              options={freeSeats.map((s) => ({ value: s.id, label: `${s.zone} ${s.row}-${s.no}` }))}
            />
          </Form.Item>
        ) : (
          <Form.Item name="quantity" label={t('field.quantity')} rules={[{ required: true, message: t('gaHint') }]}>
            <InputNumber id="quota-form_quantity" min={1} precision={0} style={{ width: 110 }} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={give.isPending} data-testid="quota-give">
          {t('giveQuota')}
        </Button>
      </Form>
      <Typography.Paragraph type="secondary">{session?.seated ? t('seatedHint') : t('gaHint')}</Typography.Paragraph>
      <Table<QuotaRow>
        rowKey="id"
        size="small"
        loading={quotas.isLoading}
        dataSource={quotas.data?.data ?? []}
        pagination={false}
        data-testid="quota-table"
        columns={[
          { title: t('field.project'), dataIndex: 'projectName' },
          { title: t('field.session'), dataIndex: 'sessionName' },
          { title: t('field.level'), dataIndex: 'levelName' },
          { title: t('field.quota'), dataIndex: 'quota', align: 'right' },
          { title: t('field.sold'), dataIndex: 'sold', align: 'right' },
          { title: t('field.held'), dataIndex: 'held', align: 'right' },
          { title: t('field.available'), dataIndex: 'available', align: 'right' },
          {
            title: t('field.seats'),
            dataIndex: 'seats',
            render: (seats: QuotaRow['seats']) => (
              <Space size={2} wrap>
                {seats.slice(0, 8).map((s) => (
                  <Tag key={s.id} color={s.state === 'sold' ? 'default' : s.state === 'held' ? 'gold' : 'blue'}>
                    {s.label}
                  </Tag>
                ))}
                {seats.length > 8 ? `+${seats.length - 8}` : null}
              </Space>
            ),
          },
          {
            title: '',
            key: 'actions',
            render: (_: unknown, row) => (
              <Space>
                <Button size="small" disabled={row.available === 0} onClick={() => setSelling(row)} data-testid={`quota-sell-${row.id}`}>
                  {t('sellFromQuota')}
                </Button>
                <Popconfirm title={t('returnAll')} onConfirm={() => giveBack.mutate(row.id)}>
                  <Button size="small" danger disabled={row.available === 0} data-testid={`quota-return-${row.id}`}>
                    {t('returnQuota')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {selling ? (
        <SellDialog
          quota={selling}
          distributorId={distributor.id}
          onClose={() => setSelling(null)}
          onMade={(orderId) => {
            setSelling(null);
            reload();
            setPayFor(orderId);
          }}
        />
      ) : null}
      <PayDialog orderId={payFor} open={payFor !== null} onClose={() => (setPayFor(null), reload())} onPaid={reload} />
    </Drawer>
  );
}

function SellDialog({
  quota,
  distributorId,
  onClose,
  onMade,
}: {
  quota: QuotaRow;
  distributorId: number;
  onClose: () => void;
  onMade: (orderId: number) => void;
}) {
  const t = useDistT();
  const [form] = Form.useForm<{ quantity?: number; seatIds?: number[] }>();
  const [key] = useState(newIdempotencyKey);
  const sell = useMutation({
    mutationFn: (v: { quantity?: number; seatIds?: number[] }) =>
      distApi.sell(distributorId, { quotaId: quota.id, ...(quota.seated ? { seatIds: v.seatIds } : { quantity: v.quantity }) }, key),
    onSuccess: (o) => {
      notify.success(t('orderMade', { orderNo: o.orderNo, amount: yuan(o.amount) }));
      onMade(o.orderId);
    },
  });
  return (
    <Modal
      open
      title={`${t('sellFromQuota')} · ${quota.sessionName} ${quota.levelName}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={sell.isPending}
      okButtonProps={{ 'data-testid': 'quota-sell-ok' } as never}
    >
      <Form form={form} layout="vertical" onFinish={(v) => sell.mutate(v)}>
        {quota.seated ? (
          <Form.Item name="seatIds" label={t('field.seats')} rules={[{ required: true, message: t('seatedHint') }]}>
            <Select mode="multiple" options={quota.seats.filter((s) => s.state === 'blocked').map((s) => ({ value: s.id, label: s.label }))} />
          </Form.Item>
        ) : (
          <Form.Item name="quantity" label={t('field.quantity')} initialValue={1} rules={[{ required: true }]}>
            <InputNumber id="quota-sell_quantity" min={1} max={quota.available} precision={0} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

function FeedDialog({ distributor, onClose }: { distributor: DistributorRow; onClose: () => void }) {
  const t = useDistT();
  const qc = useQueryClient();
  const feed = useQuery({
    queryKey: ['ticketDist', 'feed', distributor.id],
    queryFn: () => distApi.feed(distributor.id),
    enabled: !!distributor.feedUrl,
    retry: false,
  });
  const [chosen, setChosen] = useState<string[]>([]);
  const pull = useMutation({
    mutationFn: () => distApi.pull(distributor.id, chosen),
    onSuccess: (r) => {
      notify.success(t('pullDone', r));
      void qc.invalidateQueries({ queryKey: ['ticketDist'] });
      onClose();
    },
  });
  const projects = feed.data?.projects ?? [];
  return (
    <Modal
      open
      width={820}
      title={`${distributor.name} · ${t('feed')}`}
      onCancel={onClose}
      onOk={() => pull.mutate()}
      okText={t('pull')}
      okButtonProps={{ disabled: !chosen.length, 'data-testid': 'feed-pull' } as never}
      confirmLoading={pull.isPending}
    >
      {!distributor.feedUrl ? <Alert type="info" title={t('noFeedUrl')} /> : null}
      {feed.error ? <Alert type="error" showIcon title={(feed.error as Error).message} data-testid="feed-error" /> : null}
      {feed.data?.publisher ? (
        <Typography.Paragraph type="secondary">
          {t('field.publisher')}: {feed.data.publisher} · {distributor.feedUrl}
        </Typography.Paragraph>
      ) : null}
      <Table
        rowKey="id"
        size="small"
        loading={feed.isLoading && !!distributor.feedUrl}
        dataSource={projects}
        pagination={false}
        data-testid="feed-table"
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as string[]) }}
        columns={[
          { title: t('field.externalId'), dataIndex: 'id' },
          { title: t('field.name'), dataIndex: 'name' },
          { title: t('field.venueName'), dataIndex: 'venue' },
          { title: t('field.sessions'), dataIndex: 'sessions', align: 'right' },
          { title: t('field.stock'), dataIndex: 'stock', align: 'right' },
          {
            title: t('field.priceRange'),
            key: 'price',
            render: (_: unknown, p) => (p.minPriceFen === p.maxPriceFen ? yuan(p.minPriceFen) : `${yuan(p.minPriceFen)} – ${yuan(p.maxPriceFen)}`),
          },
          { title: t('pulled'), dataIndex: 'pulled', render: (v: boolean) => (v ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>) },
        ]}
      />
    </Modal>
  );
}

function SettlementDialog({ onClose }: { onClose: () => void }) {
  const t = useDistT();
  // Days of the venue: this month there, from its first midnight to the midnight after the last day.
  const timeZone = useVenueTimeZone();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const today = venueToday(timeZone);
    return [today.startOf('month'), today.endOf('month').startOf('day')];
  });
  const from = dayStartIn(range[0].format('YYYY-MM-DD'), timeZone);
  const to = dayStartIn(range[1].add(1, 'day').format('YYYY-MM-DD'), timeZone);
  const q = useQuery({
    queryKey: ['ticketDist', 'settlement', from, to],
    queryFn: () => distApi.settlement({ from, to }),
  });
  const rows = q.data?.rows ?? [];
  return (
    <Modal open width={900} title={t('settlement')} onCancel={onClose} footer={null}>
      <Space style={{ marginBottom: 12 }}>
        {t('field.period')}
        <DatePicker.RangePicker value={range} allowClear={false} onChange={(v) => v && v[0] && v[1] && setRange([v[0], v[1]])} />
      </Space>
      <Table
        rowKey="distributorId"
        size="small"
        loading={q.isLoading}
        dataSource={rows}
        pagination={false}
        data-testid="settlement-table"
        columns={[
          { title: t('field.distributorName'), dataIndex: 'distributorName' },
          { title: t('field.commissionPct'), dataIndex: 'commissionPct', align: 'right', render: (v: number) => `${v}%` },
          { title: t('field.orders'), dataIndex: 'orders', align: 'right' },
          { title: t('field.tickets'), dataIndex: 'tickets', align: 'right' },
          { title: t('field.soldFen'), dataIndex: 'soldFen', align: 'right', render: (v: number) => yuan(v) },
          { title: t('field.refundedFen'), dataIndex: 'refundedFen', align: 'right', render: (v: number) => yuan(v) },
          { title: t('field.commissionFen'), dataIndex: 'commissionFen', align: 'right', render: (v: number) => yuan(v) },
          { title: t('field.netDueFen'), dataIndex: 'netDueFen', align: 'right', render: (v: number) => <Typography.Text strong>{yuan(v)}</Typography.Text> },
        ]}
      />
    </Modal>
  );
}

function SalesDialog({ distributor, onClose }: { distributor: DistributorRow; onClose: () => void }) {
  const t = useDistT();
  const [pageNum, setPageNum] = useState(1);
  const q = useQuery({
    queryKey: ['ticketDist', 'sales', distributor.id, pageNum],
    queryFn: () => distApi.sales({ distributorId: distributor.id, pageNum, pageSize: 10 }),
  });
  return (
    <Modal open width={960} title={`${distributor.name} · ${t('sales')}`} onCancel={onClose} footer={null}>
      <Table<DistSaleRow>
        rowKey="orderId"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.data ?? []}
        data-testid="distributor-sales"
        pagination={{ current: pageNum, pageSize: 10, total: q.data?.total ?? 0, hideOnSinglePage: true, onChange: setPageNum }}
        columns={[
          { title: t('field.orderNo'), dataIndex: 'orderNo' },
          { title: t('field.project'), dataIndex: 'itemSummary', ellipsis: true },
          { title: t('field.state'), dataIndex: 'state', render: (v: string) => t.dynamic('orderState', v) },
          { title: t('field.payableFen'), dataIndex: 'payableFen', align: 'right', render: (v: number) => yuan(v) },
          { title: t('field.refundedFen'), dataIndex: 'refundedFen', align: 'right', render: (v: number) => yuan(v) },
          { title: t('field.commissionPct'), dataIndex: 'commissionPct', align: 'right', render: (v: number) => `${v}%` },
          { title: t('field.createTime'), dataIndex: 'createTime', render: (v: string) => formatTime(v) },
        ]}
      />
    </Modal>
  );
}
