import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Row as GridRow,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
  theme,
  type InputRef,
} from 'antd';
import { SearchOutlined, SwapOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { Perm, type GridSlot, type OrderItemRow, type VenueRow } from '@venue/contract';
import { confirm, success } from '../../../app/feedback.tsx';
import { notify } from '../../../app/notify.ts';
import { ScanInput, todayIn, useCan } from '../../../kit/index.ts';
import { PayDialog, yuan } from '../../../kit/pay/index.ts';
import { deskApi, refreshDesk, type ChangeAnswer } from './desk.api.ts';
import { NoVenue, OrderState, endsFrom, specOf, useDeskT, useSites, useVenue } from './desk.shared.tsx';

/** Orders whose booked lines may change (part of one may have been refunded already). */
const CHANGEABLE = ['paid', 'part_refunded'];

const lineOf = (item: OrderItemRow) => specOf(item.spec);

/** sport.venue.adjustment (venueReserve/adjustment, "change a booking"): one booked line moved to another site or time. */
export default function AdjustmentPage() {
  const venue = useVenue();
  if (!venue) return <NoVenue />;
  return <Adjustment key={venue.id} venue={venue} />;
}

interface Target {
  siteId?: number;
  date: string;
  start?: string;
  end?: string;
}

function Adjustment({ venue }: { venue: VenueRow }) {
  const t = useDeskT();
  const can = useCan();
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const [code, setCode] = useState('');
  const [finding, setFinding] = useState(false);
  const [orderId, setOrderId] = useState<number | null>(() => Number(params.get('orderId')) || null);
  const [itemId, setItemId] = useState<number | null>(null);
  const [target, setTarget] = useState<Target>({ date: todayIn(venue.timeZone) });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ChangeAnswer | null>(null);
  const [paying, setPaying] = useState<number | null>(null);
  const input = useRef<InputRef | null>(null);

  // Arriving with ?orderId= (from a booking's detail or the grid): that order.
  const fromUrl = Number(params.get('orderId')) || null;
  useEffect(() => {
    if (fromUrl) setOrderId(fromUrl);
  }, [fromUrl]);

  const order = useQuery({ queryKey: ['desk', 'order', orderId], queryFn: () => deskApi.order(orderId!), enabled: !!orderId });
  const o = order.data;
  const sites = useSites(venue.id);
  const lines = useMemo(() => (o?.items ?? []).filter((i) => i.kind === 'venue' && i.quantity > i.refundedQty), [o]);
  const line = lines.find((l) => l.id === itemId) ?? null;
  const current = line ? lineOf(line) : null;

  // A new order, or its lines changed: the first line is picked, and the target starts as it is.
  useEffect(() => {
    setResult(null);
    const first = lines[0];
    setItemId((id) => (lines.some((l) => l.id === id) ? id : (first?.id ?? null)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only for another order: a refetch makes new line objects with the same ids
  }, [o?.id]);
  // The line's site: a change renames the line after its new site (its refId keeps the first one), so by name first.
  const lineSite = useMemo(() => {
    if (!line) return undefined;
    const named = (sites.data ?? []).filter((s) => s.name === line.name);
    return named.length === 1 ? named[0]!.id : (line.refId ?? undefined);
  }, [line, sites.data]);
  useEffect(() => {
    if (!line) return;
    const c = lineOf(line);
    if (c) setTarget({ siteId: lineSite, date: c.date, start: c.start, end: c.end });
  }, [line, lineSite]);

  const grid = useQuery({
    queryKey: ['desk', 'grid', venue.id, target.date, o?.memberId ?? 0],
    queryFn: () => deskApi.grid({ stadiumId: venue.id, date: target.date, detail: true, memberId: o?.memberId ?? undefined }),
    enabled: !!o && !!line,
  });
  // The site's slots of the day: free ones, and this order's own (the line may move within its own time).
  const slots = useMemo(
    () => (grid.data?.slots ?? []).filter((s) => s.siteId === target.siteId).sort((a, b) => a.start.localeCompare(b.start)),
    [grid.data, target.siteId],
  );
  const open = (s: GridSlot) => s.state === 'free' || (!!o && s.orderId === o.id && ['held', 'booked'].includes(s.state));
  const starts = slots.filter(open).map((s) => s.start);
  const ends = useMemo(
    () => endsFrom(slots, target.start, open),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- open() is made anew each render and depends on the order's id only
    [slots, target.start, o?.id],
  );
  const chosen = target.start && target.end ? slots.filter((s) => s.start >= target.start! && s.end <= target.end!) : [];
  const valid = !!line && !!target.siteId && !!target.start && !!target.end && ends.includes(target.end);
  const newFen = chosen.reduce((n, s) => n + s.price, 0);
  const oldFen = line ? line.amountFen - line.refundedFen : 0;
  const same = !!current && current.date === target.date && current.start === target.start && current.end === target.end && lineSite === target.siteId;
  const siteName = (id?: number) => sites.data?.find((s) => s.id === id)?.name ?? '';

  const find = async (value: string) => {
    const c = value.trim().replace(/^.*[?&]orderNo=/, '');
    if (!c) {
      input.current?.focus();
      return;
    }
    setFinding(true);
    try {
      const page = await deskApi.ordersByNo(c);
      const hit = page.data.find((x) => x.orderNo === c) ?? (page.data.length === 1 ? page.data[0] : undefined);
      if (!hit) notify.warning(t('change.notFound', { code: c }));
      else {
        setOrderId(hit.id);
        setCode('');
        if (hit.id === orderId) void order.refetch();
      }
    } catch {
      // The request layer shows why.
    } finally {
      setFinding(false);
    }
  };

  const submit = async () => {
    if (!o || !line || !valid || !current) return;
    const from = `${line.name} ${current.date} ${current.start}–${current.end}`;
    const to = `${siteName(target.siteId)} ${target.date} ${target.start}–${target.end}`;
    if (!(await confirm({ content: t('change.confirm', { from, to }) }))) return;
    setBusy(true);
    try {
      const r = await deskApi.change({ orderId: o.id, itemId: line.id, siteId: target.siteId!, date: target.date, start: target.start!, end: target.end! });
      setResult(r);
      if (r.differenceOrderId) {
        success(t('change.donePay', { amount: yuan(r.differenceFen) }));
        if (can(Perm.order.pay)) setPaying(r.differenceOrderId);
      } else success(r.refundFen > 0 ? t('change.doneRefund', { amount: yuan(r.refundFen) }) : t('change.done'));
      await refreshDesk();
    } catch {
      // The request layer says why (taken meanwhile, too late, not paid); the grid shows what is free now.
      void grid.refetch();
    } finally {
      setBusy(false);
    }
  };

  // A click on a slot starts a new range there; a second click on a later slot of the same free run extends a one-slot range to it.
  const pickSlot = (s: GridSlot) =>
    setTarget((x) => {
      const single = !!x.start && slots.find((y) => y.start === x.start)?.end === x.end;
      return single && s.start > x.start! && ends.includes(s.end) ? { ...x, end: s.end } : { ...x, start: s.start, end: s.end };
    });

  const slotStyle = (s: GridSlot) => {
    const inRange = !!target.start && !!target.end && s.start >= target.start && s.end <= target.end;
    if (inRange) return { background: token.colorPrimary, color: token.colorTextLightSolid, borderColor: token.colorPrimary };
    if (open(s)) return { background: token.colorSuccessBg, borderColor: token.colorSuccessBorder, color: token.colorText };
    return { background: token.colorFillTertiary, borderColor: token.colorBorderSecondary, color: token.colorTextTertiary };
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="change-page">
      <Card variant="borderless" title={t('change.title')}>
        <ScanInput
          inputRef={input}
          autoFocus
          large
          value={code}
          onChange={setCode}
          onSubmit={(v) => void find(v)}
          placeholder={t('change.code')}
          buttonLabel={t('change.find')}
          buttonIcon={<SearchOutlined />}
          loading={finding}
          testId="change-code"
          buttonTestId="change-find"
        />
        {orderId && order.isLoading ? <Skeleton active style={{ marginTop: 16 }} /> : null}
        {o ? (
          <div style={{ marginTop: 16 }}>
            <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 4 }} data-testid="change-order" data-order-no={o.orderNo}>
              <Descriptions.Item label={t('change.orderNo')}>{o.orderNo}</Descriptions.Item>
              <Descriptions.Item label={t('change.buyer')}>{[o.buyerName || t('walkin'), o.buyerPhone].filter(Boolean).join(' · ')}</Descriptions.Item>
              <Descriptions.Item label={t('change.state')}>
                <OrderState state={o.state} testId="change-order-state" />
              </Descriptions.Item>
              <Descriptions.Item label={t('change.paid')}>{yuan(o.paidFen - o.refundedFen)}</Descriptions.Item>
            </Descriptions>
            {o.type !== 'venue' ? <Alert type="warning" showIcon title={t('change.notVenue')} style={{ marginTop: 16 }} /> : null}
            {o.type === 'venue' && !CHANGEABLE.includes(o.state) ? (
              <Alert type="warning" showIcon title={t('change.onlyPaid')} style={{ marginTop: 16 }} data-testid="change-only-paid" />
            ) : null}
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('change.lines')}
            </Typography.Title>
            <Table<OrderItemRow>
              size="small"
              rowKey="id"
              dataSource={lines}
              pagination={false}
              data-testid="change-lines"
              rowSelection={{
                type: 'radio',
                selectedRowKeys: itemId ? [itemId] : [],
                onChange: (keys) => setItemId(Number(keys[0])),
                getCheckboxProps: (r) => ({ 'data-testid': `change-line-${r.id}` }) as object,
              }}
              onRow={(r) => ({ onClick: () => setItemId(r.id), style: { cursor: 'pointer' } })}
              columns={[
                { key: 'site', title: t('change.line.site'), dataIndex: 'name' },
                { key: 'spec', title: t('change.line.spec'), render: (_: unknown, r) => <span data-testid="change-line-spec">{r.spec}</span> },
                { key: 'amount', title: t('change.line.amount'), align: 'right', render: (_: unknown, r) => yuan(r.amountFen) },
                { key: 'refunded', title: t('change.line.refunded'), align: 'right', render: (_: unknown, r) => (r.refundedFen ? yuan(r.refundedFen) : '') },
              ]}
            />
          </div>
        ) : null}
      </Card>

      {o && o.type === 'venue' && line ? (
        <Card variant="borderless" title={t('change.target')} data-testid="change-target">
          <Form layout="vertical" name="change-form">
            <GridRow gutter={16}>
              <Col xs={24} md={6}>
                <Form.Item label={t('change.site')} required>
                  <Select
                    id="change-form_site"
                    value={target.siteId}
                    onChange={(v: number) => setTarget((x) => ({ ...x, siteId: v, start: undefined, end: undefined }))}
                    options={(sites.data ?? []).map((s) => ({ value: s.id, label: s.name, disabled: s.status !== 0 }))}
                    showSearch={{ optionFilterProp: 'label' }}
                    data-testid="change-site"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item label={t('change.date')} required>
                  <DatePicker
                    id="change-form_date"
                    value={dayjs(target.date)}
                    allowClear={false}
                    disabledDate={(d) => d.format('YYYY-MM-DD') < todayIn(venue.timeZone)}
                    onChange={(d) => d && setTarget((x) => ({ ...x, date: d.format('YYYY-MM-DD'), start: undefined, end: undefined }))}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item label={t('change.start')} required>
                  <Select
                    id="change-form_start"
                    value={target.start}
                    onChange={(v: string) => setTarget((x) => ({ ...x, start: v, end: slots.find((s) => s.start === v)?.end }))}
                    options={starts.map((s) => ({ value: s, label: s }))}
                    data-testid="change-start"
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item label={t('change.end')} required>
                  <Select
                    id="change-form_end"
                    value={target.end}
                    onChange={(v: string) => setTarget((x) => ({ ...x, end: v }))}
                    options={ends.map((s) => ({ value: s, label: s }))}
                    disabled={!target.start}
                    data-testid="change-end"
                  />
                </Form.Item>
              </Col>
            </GridRow>
          </Form>
          {grid.isLoading ? (
            <Skeleton active paragraph={{ rows: 1 }} />
          ) : slots.length ? (
            <div className="desk-slots" data-testid="change-slots" style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginBottom: 16 }}>
              {slots.map((s) => (
                <button
                  key={s.start}
                  type="button"
                  disabled={!open(s)}
                  onClick={() => pickSlot(s)}
                  data-testid={`change-slot-${s.start}`}
                  data-state={open(s) ? 'open' : s.state}
                  title={`${s.start}–${s.end} ${open(s) ? yuan(s.price) : (s.buyer ?? s.reason ?? '')}`}
                  style={{
                    ...slotStyle(s),
                    borderWidth: 1,
                    borderStyle: 'solid',
                    borderRadius: 6,
                    padding: '4px 8px',
                    minWidth: 64,
                    cursor: open(s) ? 'pointer' : 'not-allowed',
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  {s.start}
                </button>
              ))}
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('change.noFree')} />
          )}
          <Space wrap size={24} align="center" style={{ width: '100%', justifyContent: 'space-between' }}>
            <Space wrap size={24}>
              <span>
                <Typography.Text type="secondary">{t('change.oldPrice')}</Typography.Text> <Typography.Text strong>{yuan(oldFen)}</Typography.Text>
              </span>
              {valid ? (
                <span data-testid="change-new-price" data-fen={newFen}>
                  <Typography.Text type="secondary">{t('change.newPrice')}</Typography.Text> <Typography.Text strong>{yuan(newFen)}</Typography.Text>
                </span>
              ) : null}
              {valid && !same ? (
                <Typography.Text
                  type={newFen > oldFen ? 'warning' : newFen < oldFen ? 'success' : 'secondary'}
                  data-testid="change-estimate"
                  data-fen={newFen - oldFen}
                >
                  {newFen > oldFen
                    ? t('change.toPay', { amount: yuan(newFen - oldFen) })
                    : newFen < oldFen
                      ? t('change.toRefund', { amount: yuan(oldFen - newFen) })
                      : t('change.even')}
                </Typography.Text>
              ) : null}
              {same ? <Typography.Text type="secondary">{t('change.same')}</Typography.Text> : null}
            </Space>
            <Space>
              <Typography.Text type="secondary">{t('change.deadline', { minutes: venue.rules.changeDeadlineMinutes })}</Typography.Text>
              <Button
                type="primary"
                icon={<SwapOutlined />}
                loading={busy}
                disabled={!valid || same || !CHANGEABLE.includes(o.state) || !can(Perm.booking.book)}
                onClick={() => void submit()}
                data-testid="change-submit"
              >
                {t('change.submit')}
              </Button>
            </Space>
          </Space>
        </Card>
      ) : null}

      {result ? (
        <Alert
          type="success"
          showIcon
          data-testid="change-result"
          data-refund={result.refundFen}
          data-difference={result.differenceFen}
          title={
            result.differenceOrderId
              ? t('change.donePay', { amount: yuan(result.differenceFen) })
              : result.refundFen > 0
                ? t('change.doneRefund', { amount: yuan(result.refundFen) })
                : t('change.done')
          }
          action={
            result.differenceOrderId && can(Perm.order.pay) ? (
              <Button size="small" type="primary" onClick={() => setPaying(result.differenceOrderId)} data-testid="change-pay">
                {t('change.payDifference')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      <PayDialog
        orderId={paying}
        open={paying !== null}
        onClose={() => {
          setPaying(null);
          void refreshDesk();
        }}
        onPaid={() => void refreshDesk()}
      />
    </Space>
  );
}
