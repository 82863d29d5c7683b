import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Empty, Form, Input, InputNumber, Modal, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Perm, RENTAL_STATES, RENT_BASES, RENT_GRACE_MINUTES, RENT_MAX_DURATION, type GoodsRow, type rentalQuery } from '@venue/contract';
import { success, toast } from '../../../app/feedback.tsx';
import { sessionStore, useSession } from '../../../app/session.ts';
import {
  CouponField,
  ListPage,
  MemberSelect,
  clockIn,
  codeOptions,
  couponOfPick,
  useBarcodeWedge,
  useCan,
  type CouponPick,
  type ResourceDef,
} from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { PayDialog, newIdempotencyKey, toFen, yuan } from '../../../kit/pay/index.ts';
import { goodsApi, refreshGoods, type Rental, type RentalQuote } from './goods.api.ts';
import { NS, useGoodsT } from './shared.tsx';

type Basis = (typeof RENT_BASES)[number];

const venueClock = (at: string | null): string => (at ? clockIn(at, sessionStore.get().venue?.timeZone) : '—');

/** The due time on the venue's clock. */
function DueCell({ row }: { row: Rental }) {
  return (
    <span data-testid="rental-due" data-overdue={row.overdue ? '1' : '0'}>
      {venueClock(row.dueAt)}
    </span>
  );
}

const STATE_COLORS: Record<string, string> = { held: 'gold', out: 'blue', returned: 'green', released: 'default' };

/** The state, or "overdue" (red) for a rental out past its due time and grace. */
function StateCell({ row }: { row: Rental }) {
  const t = useGoodsT();
  return row.overdue ? (
    <Tag color="red" data-testid="rental-state" data-state="overdue">
      {t('rental.overdue')}
    </Tag>
  ) : (
    <Tag color={STATE_COLORS[row.state]} data-testid="rental-state" data-state={row.state}>
      {t(`rentalState.${row.state}`)}
    </Tag>
  );
}

const rentalStateOptions = codeOptions(RENTAL_STATES, 'rentalState', STATE_COLORS);

const termOf = (t: ReturnType<typeof useGoodsT>, basis: string, duration: number) => t(basis === 'hour' ? 'rental.hours' : 'rental.days', { n: duration });

function TermCell({ row }: { row: Rental }) {
  const t = useGoodsT();
  return <>{termOf(t, row.basis, row.duration)}</>;
}

const rentalResource: ResourceDef<Rental, Rental, z.input<typeof rentalQuery>> = {
  key: 'goodsRental',
  ns: NS,
  name: 'rentalName',
  endpoint: { prefix: 'sport', path: 'goods/rental' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
  api: { list: (body) => goodsApi.rentals(body) },
  searchVisible: 4,
  search: [
    { name: 'keyword', label: 'field.keyword', placeholder: 'hint.rentalKeyword' },
    { name: 'state', label: 'field.rentalState', type: 'select', options: rentalStateOptions },
    {
      name: 'overdue',
      label: 'field.overdueOnly',
      type: 'select',
      options: [
        { value: true, label: 'rental.overdueOnly' },
        { value: false, label: 'rental.all' },
      ],
    },
  ],
  columns: [
    { key: 'orderNo', label: 'field.order', content: 'code' },
    { key: 'goodsName', label: 'field.goodsId' },
    { key: 'memberName', label: 'field.customer', render: (v: string | null, r) => (v ? `${v}${r.memberPhone ? ` · ${r.memberPhone}` : ''}` : '—') },
    {
      key: 'outQty',
      label: 'field.outOfQty',
      content: 'number',
      render: (_: number, r) => (
        <span data-testid="rental-out" data-out={r.outQty}>
          {r.outQty} / {r.quantity} {r.unit}
        </span>
      ),
    },
    { key: 'duration', label: 'field.term', content: 'code', render: (_: number, r) => <TermCell row={r} /> },
    { key: 'depositFen', label: 'field.depositEach', content: 'number', render: (v: number) => yuan(v) },
    { key: 'startAt', label: 'field.startAt', content: 'time', render: (v: string | null) => venueClock(v) },
    { key: 'dueAt', label: 'field.dueAt', content: 'time', render: (_: string | null, r) => <DueCell row={r} /> },
    { key: 'state', label: 'field.rentalState', content: 'tag', render: (_: string, r) => <StateCell row={r} /> },
    { key: 'remindedAt', label: 'field.remindedAt', content: 'time', hiddenByDefault: true, render: (v: string | null) => venueClock(v) },
  ],
};

// ---------------------------------------------------------------- the return dialog

interface ReturnValues {
  quantity?: number;
  damagedQty?: number;
  lostQty?: number;
  damageYuan?: number;
  remark?: string;
}

/**
 * The return of a rental: units handed back (the damaged among them) and lost, a damage charge.
 * What it settles (late hours, fees, the deposit kept and refunded) is asked of the server as the
 * operator types, so the dialog shows the figures the return will book.
 */
function ReturnDialog({ rental, onClose }: { rental: Rental | null; onClose: () => void }) {
  const t = useGoodsT();
  const [form] = Form.useForm<ReturnValues>();
  const [quote, setQuote] = useState<RentalQuote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const values = Form.useWatch([], form) as ReturnValues | undefined;
  const body = (v: ReturnValues | undefined) => ({
    quantity: v?.quantity ?? 0,
    damagedQty: v?.damagedQty ?? 0,
    lostQty: v?.lostQty ?? 0,
    damageFen: toFen(v?.damageYuan) ?? 0,
    remark: v?.remark?.trim() || undefined,
    version: rental!.version,
  });
  useEffect(() => {
    if (!rental) return;
    form.setFieldsValue({ quantity: rental.outQty, damagedQty: 0, lostQty: 0, damageYuan: 0, remark: undefined });
  }, [rental, form]);
  const asked = rental ? JSON.stringify(body(values)) : '';
  useEffect(() => {
    if (!rental || !values) return;
    const b = body(values);
    if (b.quantity + b.lostQty === 0) {
      setQuote(null);
      return;
    }
    const timer = setTimeout(() => {
      goodsApi
        .quoteReturn(rental.id, b)
        .then((q) => {
          setQuote(q);
          setQuoteError(null);
        })
        .catch((e: { message?: string }) => {
          setQuote(null);
          setQuoteError(e?.message ?? null);
        });
    }, 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `asked` is the body's text: a new quote only when what is asked changed
  }, [asked]);
  const { busy, submit } = useFormSubmit(form, async () => {
    const r = await goodsApi.returnRental(rental!.id, body(form.getFieldsValue()));
    const last = r.returns[r.returns.length - 1]!;
    success(
      last.refundFen > 0
        ? t('return.doneRefund', { refund: yuan(last.refundFen), charge: yuan(last.chargeFen) })
        : t('return.doneKept', { charge: yuan(last.chargeFen) }),
    );
    refreshGoods();
    onClose();
  });
  if (!rental) return null;
  const late = rental.overdue;
  return (
    <Modal
      open
      title={t('return.title', { name: rental.goodsName })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('return.ok')}
      okButtonProps={{ loading: busy, disabled: !quote, 'data-testid': 'rental-return-ok' } as React.ComponentProps<typeof Button>}
      width={620}
      destroyOnHidden
    >
      <div data-testid="rental-return">
        <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('field.order')}>{rental.orderNo}</Descriptions.Item>
          <Descriptions.Item label={t('field.customer')}>{rental.memberName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.outOfQty')}>
            {rental.outQty} / {rental.quantity} {rental.unit}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.term')}>{termOf(t, rental.basis, rental.duration)}</Descriptions.Item>
          <Descriptions.Item label={t('field.dueAt')}>
            <DueCell row={rental} />
          </Descriptions.Item>
          <Descriptions.Item label={t('field.depositEach')}>
            {yuan(rental.depositFen)} · {t('return.lateFeeEach', { fee: yuan(rental.lateFeeHourFen) })}
          </Descriptions.Item>
        </Descriptions>
        {late ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('return.lateHint', { grace: RENT_GRACE_MINUTES })} /> : null}
        <Form form={form} layout="vertical" name="rental-return" requiredMark={false}>
          <Space wrap size="middle" align="start">
            <Form.Item name="quantity" label={t('field.returnedQty')} extra={t('hint.returnedQty')}>
              <InputNumber min={0} max={rental.outQty} precision={0} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="damagedQty" label={t('field.damagedQty')}>
              <InputNumber min={0} max={rental.outQty} precision={0} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="lostQty" label={t('field.lostQty')}>
              <InputNumber min={0} max={rental.outQty} precision={0} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="damageYuan" label={t('field.damageYuan')} extra={t('hint.damage')}>
              <InputNumber min={0} precision={2} style={{ width: 140 }} prefix="¥" />
            </Form.Item>
          </Space>
          <Form.Item name="remark" label={t('field.remark')}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        </Form>
        {quote ? (
          <Descriptions size="small" bordered column={2} data-testid="rental-quote" data-refund={quote.refundFen} data-charge={quote.chargeFen}>
            <Descriptions.Item label={t('quote.lateHours')}>{quote.lateHours}</Descriptions.Item>
            <Descriptions.Item label={t('quote.lateFee')}>{yuan(quote.lateFeeFen)}</Descriptions.Item>
            <Descriptions.Item label={t('quote.damage')}>{yuan(quote.damageFen)}</Descriptions.Item>
            <Descriptions.Item label={t('quote.deposit')}>{yuan(quote.depositFen)}</Descriptions.Item>
            <Descriptions.Item label={t('quote.charge')}>
              <Typography.Text strong>{yuan(quote.chargeFen)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('quote.refund')}>
              <Typography.Text strong type="success">
                {yuan(quote.refundFen)}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        ) : quoteError ? (
          <Alert type="error" showIcon title={quoteError} data-testid="rental-quote-error" />
        ) : null}
        {quote && quote.lateFeeFen + quote.damageFen > quote.depositFen ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('quote.capped')}
          </Typography.Paragraph>
        ) : null}
      </div>
    </Modal>
  );
}

// ---------------------------------------------------------------- the counter

interface Line {
  key: string;
  goods: GoodsRow;
  mode: 'sale' | 'rent';
  basis: Basis;
  duration: number;
  quantity: number;
}

const rentable = (g: GoodsRow) => g.rentHourFen !== null || g.rentDayFen !== null;
const rateOf = (g: GoodsRow, basis: Basis) => (basis === 'hour' ? g.rentHourFen : g.rentDayFen);
/** What a line costs: a sale's price, or a rental's rent for the term and its deposit. */
const lineFen = (l: Line) =>
  l.mode === 'sale'
    ? { sale: l.goods.priceFen * l.quantity, rent: 0, deposit: 0 }
    : { sale: 0, rent: (rateOf(l.goods, l.basis) ?? 0) * l.duration * l.quantity, deposit: (l.goods.depositFen ?? 0) * l.quantity };

let lineSeq = 0;

/** The counter: goods picked, searched or scanned, each sold or rented for a term, for a member or a walk-in; then paid in the pay dialog. */
function CounterDrawer({ open, onClose, onOrder }: { open: boolean; onClose: () => void; onOrder: (orderId: number) => void }) {
  const t = useGoodsT();
  const stadiumId = useSession((s) => s.stadiumId);
  const [lines, setLines] = useState<Line[]>([]);
  const [memberId, setMemberId] = useState<number | null>(null);
  const [coupon, setCoupon] = useState<CouponPick | undefined>();
  const [keyword, setKeyword] = useState('');
  const [saving, setSaving] = useState(false);
  const key = useRef(newIdempotencyKey());
  const found = useQuery({
    queryKey: ['goods', 'counter', keyword],
    queryFn: () => goodsApi.page({ pageNum: 1, pageSize: 20, status: 'on', ...(keyword ? { keyword } : {}) }),
    enabled: open,
    staleTime: 10_000,
  });
  const add = (g: GoodsRow) =>
    setLines((ls) => {
      const same = ls.find((l) => l.goods.id === g.id && l.mode === 'sale');
      if (same) return ls.map((l) => (l === same ? { ...l, quantity: l.quantity + 1 } : l));
      return [...ls, { key: String(++lineSeq), goods: g, mode: 'sale', basis: g.rentHourFen !== null ? 'hour' : 'day', duration: 1, quantity: 1 }];
    });
  useBarcodeWedge(
    (code) => {
      void goodsApi.page({ pageNum: 1, pageSize: 20, keyword: code }).then((p) => {
        const hit = p.data.find((g) => g.barcode === code);
        if (hit) add(hit);
        else toast(t('scanNone', { barcode: code }), 'warning');
      });
    },
    { enabled: open },
  );
  const change = (k: string, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === k ? { ...l, ...patch } : l)));
  const sums = lines
    .map(lineFen)
    .reduce((a, b) => ({ sale: a.sale + b.sale, rent: a.rent + b.rent, deposit: a.deposit + b.deposit }), { sale: 0, rent: 0, deposit: 0 });
  const reset = () => {
    setLines([]);
    setMemberId(null);
    setCoupon(undefined);
    key.current = newIdempotencyKey();
  };
  const submit = async () => {
    if (!stadiumId) return;
    setSaving(true);
    try {
      const made = await goodsApi.counterOrder(
        {
          stadiumId,
          ...(memberId ? { memberId } : {}),
          sales: lines.filter((l) => l.mode === 'sale').map((l) => ({ goodsId: l.goods.id, quantity: l.quantity })),
          rentals: lines.filter((l) => l.mode === 'rent').map((l) => ({ goodsId: l.goods.id, quantity: l.quantity, basis: l.basis, duration: l.duration })),
          ...couponOfPick(coupon),
        },
        key.current,
      );
      reset();
      onOrder(made.orderId);
    } catch {
      // The server's message was shown; the same key retries the same order.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      title={t('counter.title')}
      destroyOnHidden={false}
      extra={
        <Button type="primary" onClick={() => void submit()} loading={saving} disabled={!lines.length || !stadiumId} data-testid="counter-submit">
          {t('counter.submit', { total: yuan(sums.sale + sums.rent + sums.deposit) })}
        </Button>
      }
    >
      <div data-testid="counter">
        <Form layout="vertical">
          <Form.Item label={t('field.customer')} extra={t('hint.customer')} htmlFor="counter-member">
            <MemberSelect id="counter-member" value={memberId} onChange={setMemberId} testId="counter-member" />
          </Form.Item>
          <Form.Item label={t('counter.coupon')}>
            <CouponField id="counter-coupon" value={coupon} onChange={setCoupon} memberId={memberId ?? undefined} />
          </Form.Item>
          <Form.Item label={t('counter.pick')} extra={t('scanHint')} htmlFor="counter-goods">
            <Select<number>
              id="counter-goods"
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              value={null}
              placeholder={t('hint.keyword')}
              loading={found.isFetching}
              onChange={(id) => {
                const g = found.data?.data.find((x) => x.id === id);
                if (g) add(g);
              }}
              options={(found.data?.data ?? []).map((g) => ({
                value: g.id,
                label: `${g.name} · ${g.code} · ${yuan(g.priceFen)}${rentable(g) ? ` · ${t('counter.rentable')}` : ''} · ${t('field.available')} ${g.available}`,
              }))}
              data-testid="counter-goods"
            />
          </Form.Item>
        </Form>
        <Table<Line>
          size="small"
          rowKey="key"
          dataSource={lines}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('counter.empty')} /> }}
          columns={[
            { key: 'name', title: t('field.goodsId'), render: (_, l) => l.goods.name },
            {
              key: 'mode',
              title: t('counter.mode'),
              width: 130,
              render: (_, l) => (
                <Segmented<'sale' | 'rent'>
                  size="small"
                  value={l.mode}
                  onChange={(mode) => change(l.key, { mode })}
                  options={[
                    { value: 'sale', label: t('counter.sale') },
                    { value: 'rent', label: t('counter.rent'), disabled: !rentable(l.goods) },
                  ]}
                  data-testid="counter-mode"
                />
              ),
            },
            {
              key: 'term',
              title: t('field.term'),
              width: 170,
              render: (_, l) =>
                l.mode === 'rent' ? (
                  <Space.Compact size="small">
                    <InputNumber
                      size="small"
                      min={1}
                      max={RENT_MAX_DURATION[l.basis]}
                      precision={0}
                      value={l.duration}
                      onChange={(v) => change(l.key, { duration: v ?? 1 })}
                      style={{ width: 64 }}
                      aria-label={t('field.term')}
                      data-testid="counter-duration"
                    />
                    <Select<Basis>
                      size="small"
                      value={l.basis}
                      onChange={(basis) => change(l.key, { basis })}
                      options={RENT_BASES.filter((b) => rateOf(l.goods, b) !== null).map((b) => ({ value: b, label: t(`rental.basis.${b}`) }))}
                      style={{ width: 80 }}
                      aria-label={t('counter.basis')}
                    />
                  </Space.Compact>
                ) : (
                  '—'
                ),
            },
            {
              key: 'quantity',
              title: t('field.quantity'),
              width: 90,
              render: (_, l) => (
                <InputNumber
                  size="small"
                  min={1}
                  max={999}
                  precision={0}
                  value={l.quantity}
                  onChange={(v) => change(l.key, { quantity: v ?? 1 })}
                  style={{ width: 70 }}
                  aria-label={t('field.quantity')}
                  data-testid="counter-qty"
                />
              ),
            },
            {
              key: 'amount',
              title: t('counter.amount'),
              align: 'right',
              width: 150,
              render: (_, l) => {
                const f = lineFen(l);
                return l.mode === 'sale' ? (
                  yuan(f.sale)
                ) : (
                  <span>
                    {yuan(f.rent)}
                    <Typography.Text type="secondary"> + {t('counter.depositOf', { deposit: yuan(f.deposit) })}</Typography.Text>
                  </span>
                );
              },
            },
            {
              key: 'remove',
              width: 44,
              render: (_, l) => (
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('counter.remove')}
                  onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                />
              ),
            },
          ]}
        />
        <Descriptions size="small" column={3} style={{ marginTop: 16 }} data-testid="counter-sums">
          <Descriptions.Item label={t('counter.sales')}>{yuan(sums.sale)}</Descriptions.Item>
          <Descriptions.Item label={t('counter.rents')}>{yuan(sums.rent)}</Descriptions.Item>
          <Descriptions.Item label={t('counter.deposits')}>{yuan(sums.deposit)}</Descriptions.Item>
        </Descriptions>
        {sums.deposit ? <Typography.Paragraph type="secondary">{t('counter.depositHint')}</Typography.Paragraph> : null}
      </div>
    </Drawer>
  );
}

/** sport.goods.rentAndSale (goodsMangement/rentAndSale): the counter of goods sold and rented, the rentals out and their returns. */
export default function RentAndSalePage() {
  const can = useCan();
  const [params] = useSearchParams();
  const [counter, setCounter] = useState(false);
  const [paying, setPaying] = useState<number | null>(null);
  const [returning, setReturning] = useState<Rental | null>(null);
  const orderNo = params.get('orderNo');
  const def = useMemo<typeof rentalResource>(
    () => ({
      ...rentalResource,
      toolbar: [{ key: 'counter', label: 'action.counter', icon: <PlusOutlined />, perm: Perm.goodsRental.rent, run: () => setCounter(true) }],
      rowActions: [{ key: 'return', label: 'action.return', perm: Perm.goodsRental.back, visible: (r) => r.state === 'out', run: (r) => setReturning(r) }],
    }),
    [],
  );
  return (
    <div data-testid="rent-and-sale-page">
      <ListPage def={def} extraFilters={orderNo ? { keyword: orderNo } : undefined} />
      {can(Perm.goodsRental.rent) ? (
        <CounterDrawer
          open={counter}
          onClose={() => setCounter(false)}
          onOrder={(id) => {
            setCounter(false);
            setPaying(id);
          }}
        />
      ) : null}
      <PayDialog orderId={paying} open={paying !== null} onClose={() => setPaying(null)} onPaid={() => refreshGoods()} />
      <ReturnDialog rental={returning} onClose={() => setReturning(null)} />
    </div>
  );
}
