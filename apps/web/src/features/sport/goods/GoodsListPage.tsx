import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Form, Select, Table, Typography, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { Perm, goodsCreate, stockAdjust, stockIn, type GoodsRow, type goodsPageQuery, type goodsUpdate } from '@venue/contract';
import { success, toast } from '../../../app/feedback.tsx';
import { useSession } from '../../../app/session.ts';
import { ListPage, useBarcodeWedge, useVenueOptions, type FieldDef, type ListHandle, type ResourceDef, type Row } from '../../../kit/index.ts';
import { toFen, yuan } from '../../../kit/pay/index.ts';
import { goodsApi, refreshGoods, useCategoryTree, useWarehouses, type GoodsDetail } from './goods.api.ts';
import { ActionDialog, NS, StockCell, fenToYuan, statusOptions, useGoodsT } from './shared.tsx';

type GoodsForm = z.input<typeof goodsCreate> & z.input<typeof goodsUpdate>;
const MONEY = ['priceFen', 'rentHourFen', 'rentDayFen', 'depositFen', 'lateFeeHourFen'] as const;
const yuanRule = z.number().min(0).max(9_999_999);

/** Form (yuan) to body (fen). */
function toBody(values: Row): Row {
  const out: Row = { ...values };
  for (const k of MONEY) if (k in out) out[k] = out[k] === null ? (k === 'priceFen' ? 0 : null) : toFen(out[k]);
  return out;
}

/** The rental terms of a good in one line, or a dash. */
function RentTerms({ row }: { row: GoodsRow }) {
  const t = useGoodsT();
  const parts = [
    row.rentHourFen !== null ? `${t('field.rentHourFen')} ${yuan(row.rentHourFen)}` : null,
    row.rentDayFen !== null ? `${t('field.rentDayFen')} ${yuan(row.rentDayFen)}` : null,
    row.depositFen !== null ? `${t('field.depositFen')} ${yuan(row.depositFen)}` : null,
    row.lateFeeHourFen !== null ? `${t('field.lateFeeHourFen')} ${yuan(row.lateFeeHourFen)}` : null,
  ].filter(Boolean);
  return <>{parts.length ? parts.join('；') : '—'}</>;
}

/** The good's stock in each warehouse (the detail drawer). */
function StockByWarehouse({ row }: { row: GoodsRow }) {
  const t = useGoodsT();
  const detail = useQuery({ queryKey: ['goods', 'detail', row.id, row.version, row.onHand, row.held], queryFn: () => goodsApi.get(row.id) });
  return (
    <Table
      size="small"
      rowKey="warehouseId"
      style={{ marginTop: 16 }}
      loading={detail.isLoading}
      pagination={false}
      dataSource={detail.data?.stocks ?? []}
      data-testid="goods-detail-stocks"
      locale={{ emptyText: t('none') }}
      columns={[
        { key: 'warehouse', title: t('field.warehouseName'), dataIndex: 'warehouseName' },
        { key: 'onHand', title: t('field.onHand'), dataIndex: 'onHand', align: 'right' },
        { key: 'held', title: t('field.heldQty'), dataIndex: 'held', align: 'right' },
        { key: 'available', title: t('field.available'), dataIndex: 'available', align: 'right' },
      ]}
    />
  );
}

export const goodsResource: ResourceDef<GoodsRow, GoodsForm, z.input<typeof goodsPageQuery>> = {
  key: 'goods',
  ns: NS,
  name: 'goods',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'goods' },
  perms: { add: Perm.goods.add, edit: Perm.goods.edit, remove: Perm.goods.remove },
  features: { export: false, import: false },
  api: {
    list: (body) => goodsApi.page(body),
    get: (row) => goodsApi.get(row.id),
  },
  search: [
    { name: 'keyword', label: 'field.keyword', placeholder: 'hint.keyword' },
    { name: 'categoryId', label: 'field.categoryId', type: 'treeSelect', useTree: useCategoryTree },
    { name: 'status', label: 'field.status', type: 'select', options: statusOptions },
  ],
  columns: [
    { key: 'code', label: 'field.code', content: 'code' },
    { key: 'name', label: 'field.name' },
    { key: 'barcode', label: 'field.barcode', content: 'code', render: (v: string | null) => v ?? '—' },
    { key: 'categoryName', label: 'field.categoryName', render: (v: string | null) => v ?? '—' },
    { key: 'unit', label: 'field.unit', content: 'code' },
    { key: 'priceFen', label: 'field.priceFen', content: 'number', align: 'right', render: (v: number) => yuan(v) },
    {
      key: '$stock',
      label: 'field.stock',
      content: 'number',
      align: 'right',
      render: (_: unknown, row) => <StockCell available={row.available} held={row.held} testId="goods-stock" />,
    },
    { key: 'onHand', label: 'field.onHand', content: 'number', inTable: false },
    { key: '$rent', label: 'field.rent', hiddenByDefault: true, detailSpan: 2, render: (_: unknown, row) => <RentTerms row={row} /> },
    { key: 'status', label: 'field.status', options: statusOptions },
    { key: 'remark', label: 'field.remark', inTable: false, detailSpan: 2 },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', hiddenByDefault: true },
    { key: 'updateTime', label: 'field.updateTime', format: 'datetime', inTable: false },
  ],
  formColumns: 2,
  formWidth: 820,
  form: [
    { name: 'name', label: 'field.name', rule: goodsCreate.shape.name, span: 2, group: 'group.basic' },
    { name: 'categoryId', label: 'field.categoryId', type: 'treeSelect', useTree: useCategoryTree, required: false },
    { name: 'code', label: 'field.code', rule: goodsCreate.shape.code.unwrap(), required: false, extra: 'hint.code' },
    { name: 'barcode', label: 'field.barcode', rule: goodsCreate.shape.barcode },
    { name: 'unit', label: 'field.unit', rule: goodsCreate.shape.unit },
    { name: 'priceFen', label: 'field.priceYuan', type: 'number', rule: yuanRule, required: true, props: { prefix: '¥' } },
    { name: 'status', label: 'field.status', type: 'radio', options: statusOptions, initialValue: 'on' },
    { name: 'rentHourFen', label: 'field.rentHourYuan', type: 'number', rule: yuanRule, required: false, group: 'group.rent', props: { prefix: '¥' } },
    { name: 'rentDayFen', label: 'field.rentDayYuan', type: 'number', rule: yuanRule, required: false, group: 'group.rent', props: { prefix: '¥' } },
    { name: 'depositFen', label: 'field.depositYuan', type: 'number', rule: yuanRule, required: false, group: 'group.rent', props: { prefix: '¥' } },
    { name: 'lateFeeHourFen', label: 'field.lateFeeHourYuan', type: 'number', rule: yuanRule, required: false, group: 'group.rent', props: { prefix: '¥' } },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: goodsCreate.shape.remark, span: 2, group: 'group.rent' },
  ],
  toForm: (row) => ({
    ...row,
    priceFen: fenToYuan(row.priceFen),
    rentHourFen: fenToYuan(row.rentHourFen),
    rentDayFen: fenToYuan(row.rentDayFen),
    depositFen: fenToYuan(row.depositFen),
    lateFeeHourFen: fenToYuan(row.lateFeeHourFen),
  }),
  toBody: (values) => toBody(values),
  detailExtra: (row) => <StockByWarehouse row={row} />,
};

/** A venue's warehouses (the venue chosen in the same form); empty means its default one. */
function WarehouseSelect({ form, id, value, onChange }: { form: FormInstance; id?: string; value?: number | null; onChange?: (v: number | null) => void }) {
  const t = useGoodsT();
  const stadiumId = Form.useWatch('stadiumId', form) as number | undefined;
  const all = useWarehouses().data ?? [];
  const options = all.filter((w) => !stadiumId || w.stadiumId === stadiumId).map((w) => ({ value: w.id, label: w.name }));
  return (
    <Select<number>
      id={id}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      placeholder={t('hint.warehouse')}
      aria-label={t('field.warehouseId')}
    />
  );
}

const placeFields = (): FieldDef[] => [
  { name: 'stadiumId', label: 'field.venue', type: 'select', useOptions: useVenueOptions, required: true, span: 1 },
  {
    name: 'warehouseId',
    label: 'field.warehouseId',
    type: 'custom',
    required: false,
    span: 1,
    dependencies: ['stadiumId'],
    render: ({ form }) => <WarehouseSelect form={form} />,
  },
];

const stockInFields: FieldDef[] = [
  ...placeFields(),
  { name: 'quantity', label: 'field.quantity', type: 'integer', rule: stockIn.shape.quantity },
  { name: 'remark', label: 'field.remark', type: 'textarea', rule: stockIn.shape.remark },
];
const countFields: FieldDef[] = [
  ...placeFields(),
  { name: 'counted', label: 'field.counted', type: 'integer', rule: stockAdjust.shape.counted, extra: 'hint.counted' },
  { name: 'reason', label: 'field.reason', rule: stockAdjust.shape.reason },
  { name: 'remark', label: 'field.remark', type: 'textarea', rule: stockAdjust.shape.remark },
];

/** The good's stock now, per warehouse, above the count. */
function CountHead({ goods }: { goods: GoodsRow }) {
  const t = useGoodsT();
  const detail = useQuery({ queryKey: ['goods', 'detail', goods.id, 'count'], queryFn: (): Promise<GoodsDetail> => goodsApi.get(goods.id) });
  return (
    <Descriptions size="small" column={1} style={{ marginBottom: 12 }} data-testid="goods-count-current">
      {(detail.data?.stocks ?? []).map((s) => (
        <Descriptions.Item key={s.warehouseId} label={s.warehouseName}>
          {t('onHandOf', { onHand: s.onHand, held: s.held, available: s.available })}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/**
 * sport.goods.list (goodsMangement/goodsList): the shop's goods with their stock, stock in and count, and a barcode scanner.
 * With `?stadiumId=` (the venue list's "goods"): the venue's goods list, each good's stock in that venue's warehouses.
 */
export default function GoodsListPage() {
  const t = useGoodsT();
  const list = useRef<ListHandle<GoodsRow>>(null);
  const stadiumId = useSession((s) => s.stadiumId);
  const [params, setParams] = useSearchParams();
  const atVenue = Number(params.get('stadiumId')) || null;
  const venueName = useVenueOptions().find((o) => o.value === atVenue)?.label ?? String(atVenue);
  const [stocking, setStocking] = useState<GoodsRow | null>(null);
  const [counting, setCounting] = useState<GoodsRow | null>(null);
  const [scanned, setScanned] = useState<string | null>(null);

  useBarcodeWedge((code) => {
    void goodsApi.page({ pageNum: 1, pageSize: 20, keyword: code }).then((p) => {
      const hit = p.data.find((g) => g.barcode === code);
      if (!hit) {
        toast(t('scanNone', { barcode: code }), 'warning');
        return;
      }
      setScanned(code);
      list.current?.openDetail(hit);
    });
  });

  const def = useMemo<typeof goodsResource>(
    () => ({
      ...goodsResource,
      inlineActions: 4,
      rowActions: [
        { key: 'stockIn', label: 'action.stockIn', perm: Perm.goodsStock.stockIn, run: (row) => setStocking(row) },
        { key: 'count', label: 'action.count', perm: Perm.goodsStock.count, run: (row) => setCounting(row) },
      ],
    }),
    [],
  );

  return (
    <div data-testid="goods-page" data-scanned={scanned ?? ''}>
      <ListPage
        def={def}
        ref={list}
        extraFilters={scanned || atVenue ? { keyword: scanned ?? undefined, stadiumId: atVenue ?? undefined } : undefined}
        header={
          atVenue ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('atVenue', { venue: venueName })}
              data-testid="goods-at-venue"
              action={
                <Button size="small" onClick={() => setParams({})} data-testid="goods-venue-clear">
                  {t('allVenues')}
                </Button>
              }
            />
          ) : scanned ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('scanned', { barcode: scanned })}
              data-testid="goods-scanned"
              action={
                <Button size="small" onClick={() => setScanned(null)} data-testid="goods-scan-clear">
                  {t('showAll')}
                </Button>
              }
            />
          ) : (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {t('scanHint')}
            </Typography.Paragraph>
          )
        }
      />
      <ActionDialog
        open={!!stocking}
        title={stocking ? t('stockIn.title', { name: stocking.name }) : ''}
        testId="goods-stock-in"
        fields={stockInFields}
        initial={{ stadiumId: atVenue ?? stadiumId ?? undefined }}
        onClose={() => setStocking(null)}
        onSubmit={async (v) => {
          const m = await goodsApi.stockIn({
            goodsId: stocking!.id,
            stadiumId: v.stadiumId as number,
            warehouseId: (v.warehouseId as number | null) ?? undefined,
            quantity: v.quantity as number,
            remark: (v.remark as string | undefined)?.trim() || undefined,
          });
          success(t('stockIn.done', { n: m.quantity, unit: stocking!.unit, balance: m.balanceAfter }));
          refreshGoods();
        }}
      />
      <ActionDialog
        open={!!counting}
        title={counting ? t('count.title', { name: counting.name }) : ''}
        testId="goods-count"
        fields={countFields}
        head={counting ? <CountHead goods={counting} /> : null}
        initial={{ stadiumId: atVenue ?? stadiumId ?? undefined }}
        onClose={() => setCounting(null)}
        onSubmit={async (v) => {
          const m = await goodsApi.adjust({
            goodsId: counting!.id,
            stadiumId: v.stadiumId as number,
            warehouseId: (v.warehouseId as number | null) ?? undefined,
            counted: v.counted as number,
            reason: String(v.reason ?? '').trim(),
            remark: (v.remark as string | undefined)?.trim() || undefined,
          });
          success(t('count.done', { balance: m.balanceAfter }));
          refreshGoods();
        }}
      />
    </div>
  );
}
