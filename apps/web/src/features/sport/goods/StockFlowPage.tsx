import { useMemo, useState } from 'react';
import { Button, DatePicker, Form, Modal, Select, Table, Typography } from 'antd';
import { FieldTimeOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { Perm, stockTransfer, warehouseCreate, type stockFlowQuery } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { sessionStore, useSession } from '../../../app/session.ts';
import { DEFAULT_TIME_ZONE, ListPage, clockIn, dayStartIn, useVenueOptions, useVenueTimeZone, type FieldDef, type ResourceDef } from '../../../kit/index.ts';
import { goodsApi, refreshGoods, useGoodsOptions, useWarehouseOptions, type Movement } from './goods.api.ts';
import { ActionDialog, NS, SignedQty, kindOptions, orderDetailPath, useGoodsT } from './shared.tsx';

const DAY = 'YYYY-MM-DD';
/** A moment of the venue's clock to the second ("now" includes what moved this minute). */
const SECOND = 'YYYY-MM-DD HH:mm:ss';

/** The period's days (the venue's) as the instants the flow takes: from the first day's start to the day after the last. */
function flowBody(body: Record<string, unknown>): Record<string, unknown> {
  const tz = sessionStore.get().venue?.timeZone ?? DEFAULT_TIME_ZONE;
  const out = { ...body };
  if (typeof out.from === 'string') out.from = dayStartIn(out.from, tz);
  if (typeof out.to === 'string') out.to = dayStartIn(dayjs(out.to).add(1, 'day').format(DAY), tz);
  return out;
}

/** An instant on the current venue's clock, as text (so the list measures its column by it). */
const venueClock = (at: string): string => clockIn(at, sessionStore.get().venue?.timeZone);

/** The order of a movement, opening its detail (the number is the child, so the list measures the column by it). */
function OrderLink({ orderId, children }: { orderId: number; children: string }) {
  const navigate = useNavigate();
  return (
    <Typography.Link onClick={() => navigate(orderDetailPath(orderId))} data-testid="flow-order">
      {children}
    </Typography.Link>
  );
}

export const flowResource: ResourceDef<Movement, Movement, z.input<typeof stockFlowQuery>> = {
  key: 'stockFlow',
  ns: NS,
  name: 'movement',
  endpoint: { prefix: 'sport', path: 'goods/stock/flow' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false },
  api: { list: (body) => goodsApi.flow(flowBody(body)) },
  searchVisible: 4,
  search: [
    { name: 'goodsId', label: 'field.goodsId', type: 'select', useOptions: useGoodsOptions },
    { name: 'warehouseId', label: 'field.warehouseId', type: 'select', useOptions: useWarehouseOptions },
    { name: 'kind', label: 'field.kind', type: 'select', options: kindOptions },
    { name: 'period', label: 'field.period', type: 'dateRange', rangeKeys: ['from', 'to'] },
  ],
  columns: [
    { key: 'occurredAt', label: 'field.occurredAt', content: 'time', render: (v: string) => venueClock(v) },
    { key: 'goodsName', label: 'field.goodsId' },
    { key: 'goodsCode', label: 'field.code', content: 'code', hiddenByDefault: true },
    { key: 'warehouseName', label: 'field.warehouseName' },
    { key: 'kind', label: 'field.kind', options: kindOptions },
    { key: 'quantity', label: 'field.signedQty', content: 'number', align: 'right', render: (v: number) => <SignedQty n={v} /> },
    {
      key: 'balanceAfter',
      label: 'field.balanceAfter',
      content: 'number',
      align: 'right',
      render: (v: number) => (
        <span data-testid="flow-balance" data-balance={v}>
          {v}
        </span>
      ),
    },
    {
      key: 'orderNo',
      label: 'field.order',
      content: 'code',
      render: (_: unknown, row) => (row.orderId && row.orderNo ? <OrderLink orderId={row.orderId}>{row.orderNo}</OrderLink> : '—'),
    },
    { key: 'transferNo', label: 'field.transferNo', content: 'code', hiddenByDefault: true, render: (v: string | null) => v ?? '—' },
    { key: 'reason', label: 'field.reason', render: (v: string | null) => v ?? '—' },
    { key: 'remark', label: 'field.remark', hiddenByDefault: true },
    { key: 'operatorName', label: 'field.operator', render: (v: string | null) => v ?? '—' },
  ],
};

const transferFields: FieldDef[] = [
  { name: 'goodsId', label: 'field.goodsId', type: 'select', useOptions: useGoodsOptions, required: true },
  { name: 'fromWarehouseId', label: 'field.fromWarehouseId', type: 'select', useOptions: useWarehouseOptions, required: true, span: 1 },
  { name: 'toWarehouseId', label: 'field.toWarehouseId', type: 'select', useOptions: useWarehouseOptions, required: true, span: 1 },
  { name: 'quantity', label: 'field.quantity', type: 'integer', rule: stockTransfer.shape.quantity },
  { name: 'remark', label: 'field.remark', type: 'textarea', rule: stockTransfer.shape.remark },
];
const warehouseFields: FieldDef[] = [
  { name: 'stadiumId', label: 'field.venue', type: 'select', useOptions: useVenueOptions, required: true },
  { name: 'name', label: 'field.warehouseName', rule: warehouseCreate.shape.name },
];

const AT_PAGE = 10;

interface AtRow {
  goodsId: number;
  code: string;
  name: string;
  unit: string;
  quantity: number;
}

/** Each good's quantity on hand at a moment of the venue's clock (in one warehouse, or in all). */
function StockAtDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useGoodsT();
  const tz = useVenueTimeZone() ?? DEFAULT_TIME_ZONE;
  const warehouses = useWarehouseOptions();
  const [at, setAt] = useState<Dayjs | null>(() => dayjs(dayjs().tz(tz).format(SECOND)));
  const [warehouseId, setWarehouseId] = useState<number | undefined>();
  const [asked, setAsked] = useState<{ at: string; warehouseId?: number } | null>(null);
  const [pageNum, setPageNum] = useState(1);
  // One page of goods at a time, each asked for its quantity then: a page's worth of calls, never the whole catalogue's.
  const rows = useQuery({
    queryKey: ['goods', 'stockAt', asked, pageNum],
    enabled: !!asked,
    queryFn: async (): Promise<{ total: number; data: AtRow[] }> => {
      const goods = await goodsApi.page({ pageNum, pageSize: AT_PAGE });
      const data = await Promise.all(
        goods.data.map(async (g) => {
          const r = await goodsApi.stockAt(g.id, asked!.at, asked!.warehouseId);
          return { goodsId: g.id, code: g.code, name: g.name, unit: g.unit, quantity: r.quantity };
        }),
      );
      return { total: goods.total, data };
    },
  });
  const query = () => {
    if (!at) return;
    setPageNum(1);
    setAsked({ at: dayStartIn(at.format(SECOND), tz), warehouseId });
  };
  return (
    <Modal open={open} title={t('stockAt.title')} width={760} footer={null} onCancel={onClose} destroyOnHidden>
      <div data-testid="goods-stock-at">
        <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
          <Form.Item label={t('field.at')} htmlFor="goods-stock-at-time" extra={t('hint.at')}>
            <DatePicker
              id="goods-stock-at-time"
              showTime={{ format: 'HH:mm:ss' }}
              format={SECOND}
              value={at}
              onChange={setAt}
              allowClear={false}
              placeholder={t('stockAt.pick')}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item label={t('field.warehouseId')} htmlFor="goods-stock-at-warehouse">
            <Select<number>
              id="goods-stock-at-warehouse"
              allowClear
              value={warehouseId}
              onChange={setWarehouseId}
              options={warehouses.map((w) => ({ value: w.value as number, label: w.label }))}
              placeholder={t('field.allWarehouses')}
              style={{ width: 180 }}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" onClick={query} loading={rows.isFetching} data-testid="goods-stock-at-query">
              {t('stockAt.query')}
            </Button>
          </Form.Item>
        </Form>
        <Table<AtRow>
          size="small"
          rowKey="goodsId"
          loading={rows.isFetching}
          dataSource={rows.data?.data ?? []}
          pagination={{
            current: pageNum,
            pageSize: AT_PAGE,
            total: rows.data?.total ?? 0,
            onChange: setPageNum,
            hideOnSinglePage: true,
            showSizeChanger: false,
          }}
          scroll={{ y: 420 }}
          locale={{ emptyText: asked ? t('none') : t('stockAt.empty') }}
          footer={rows.data ? () => t('stockAt.total', { n: rows.data.total }) : undefined}
          columns={[
            { key: 'code', title: t('field.code'), dataIndex: 'code', width: 110 },
            { key: 'name', title: t('field.name'), dataIndex: 'name' },
            { key: 'unit', title: t('field.unit'), dataIndex: 'unit', width: 70 },
            {
              key: 'quantity',
              title: t('field.quantityAt'),
              dataIndex: 'quantity',
              align: 'right',
              width: 110,
              render: (v: number, r) => (
                <span data-testid="goods-stock-at-qty" data-goods={r.goodsId} data-qty={v}>
                  {v}
                </span>
              ),
            },
          ]}
        />
      </div>
    </Modal>
  );
}

/** sport.goods.stockFlow (goodsMangement/stockFlow): the append-only ledger of stock movements, stock at a moment, transfers. */
export default function StockFlowPage() {
  const t = useGoodsT();
  const stadiumId = useSession((s) => s.stadiumId);
  const [dialog, setDialog] = useState<'transfer' | 'warehouse' | 'at' | null>(null);
  const def = useMemo<typeof flowResource>(
    () => ({
      ...flowResource,
      toolbar: [
        { key: 'stockAt', label: 'action.stockAt', icon: <FieldTimeOutlined />, run: () => setDialog('at') },
        { key: 'transfer', label: 'action.transfer', icon: <SwapOutlined />, perm: Perm.goodsStock.transfer, run: () => setDialog('transfer') },
        { key: 'addWarehouse', label: 'action.addWarehouse', icon: <PlusOutlined />, perm: Perm.goodsStock.warehouse, run: () => setDialog('warehouse') },
      ],
    }),
    [],
  );
  return (
    <div data-testid="stock-flow-page">
      <ListPage def={def} />
      <StockAtDialog open={dialog === 'at'} onClose={() => setDialog(null)} />
      <ActionDialog
        open={dialog === 'transfer'}
        title={t('transfer.title')}
        testId="goods-transfer"
        fields={transferFields}
        onClose={() => setDialog(null)}
        onSubmit={async (v) => {
          const r = await goodsApi.transfer({
            goodsId: v.goodsId as number,
            fromWarehouseId: v.fromWarehouseId as number,
            toWarehouseId: v.toWarehouseId as number,
            quantity: v.quantity as number,
            remark: (v.remark as string | undefined)?.trim() || undefined,
          });
          success(t('transfer.done', { no: r.transferNo }));
          refreshGoods();
        }}
      />
      <ActionDialog
        open={dialog === 'warehouse'}
        title={t('warehouseAdd.title')}
        testId="goods-warehouse"
        fields={warehouseFields}
        initial={{ stadiumId: stadiumId ?? undefined }}
        onClose={() => setDialog(null)}
        onSubmit={async (v) => {
          await goodsApi.addWarehouse({ stadiumId: v.stadiumId as number, name: String(v.name ?? '').trim() });
          success(t('warehouseAdd.done'));
          refreshGoods();
        }}
      />
    </div>
  );
}
