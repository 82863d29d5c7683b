import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Row as GridRow,
  Select,
  Space,
  Spin,
  Statistic,
  Table,
  Tag,
  Typography,
  theme,
} from 'antd';
import { ExpandOutlined, GiftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Perm, TICKET_ORDER_MAX, type PackageRow, type SeatmapDocument, type SessionListRow, type SessionSeat } from '@venue/contract';
import { isApiError } from '../../../../app/request.ts';
import { useThemeName } from '../../../../app/prefs.ts';
import {
  CouponField,
  MemberSelect,
  GoodsPicker,
  RentalPicker,
  couponOfPick,
  goodsOfPicks,
  goodsTotal,
  rentalsOfPicks,
  rentalsTotal,
  useCan,
  type CouponPick,
  type GoodsPick,
  type RentalPick,
} from '../../../../kit/index.ts';
import { PayDialog, formatTime, newIdempotencyKey, yuan } from '../../../../kit/pay/index.ts';
import { SeatCanvas, type SeatCanvasHandle } from '../seatmap/SeatCanvas.tsx';
import { seatmapApi } from '../seatmap/seatmap.api.ts';
import { ViewersFields, viewerErrors, viewersBody, type ViewerValues } from '../reserve/ViewersFields.tsx';
import { NoticePanel } from '../extras/NoticePanel.tsx';
import { SellPackageDialog } from '../distribution/PackagePage.tsx';
import { distApi } from '../distribution/shared.ts';
import { PrintSold } from './PrintSold.tsx';
import { LEVEL_PALETTE, SEATS_POLL_MS, STATE_COLORS, STATE_COLORS_DARK, saleApi, useTicketT, type TicketOrderAnswer } from './shared.ts';
import '../seatmap/seatmap.css';
import './sale.css';

/**
 * sport.ticket.sell (spec ticketManagement/sellTicket, issue 13 "Selling"): pick a session; on a
 * seated session choose free seats on the map (coloured by state and level, refreshed every few
 * seconds so other operators' holds and sales appear), or a quantity of one level for general
 * admission; an optional buyer; "hold and pay" creates the pending order that holds them and opens
 * the shared pay dialog. A seat taken meanwhile answers 100409 `taken`: the message names it and
 * the map is refreshed. The hold's expiry counts down until the order is paid.
 */

interface BuyerValues {
  name?: string;
  phone?: string;
  idNo?: string;
  /** A real-name project's viewers, one per ticket. */
  viewers?: ViewerValues[];
  /** Goods sold with the tickets. */
  goods?: GoodsPick[];
  /** Goods rented with the tickets. */
  rentals?: RentalPick[];
  /** The member buying (optional): their own coupons may be used. */
  memberId?: number | null;
  /** A shared coupon code or the member's own coupons for the order. */
  coupon?: CouponPick;
}

/** The seat's state key on the canvas: free seats by level (`L<id>`), the others by state. */
const stateKey = (s: SessionSeat) => (s.state === 'free' ? (s.levelId === null ? 'blocked' : `L${s.levelId}`) : s.state);

function useCountdown(expiresAt: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  return Math.max(0, new Date(expiresAt).getTime() - now);
}

const mmss = (ms: number) => {
  const s = Math.ceil(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

function Swatch({ color, ring }: { color: string; ring?: boolean }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 12,
        height: 12,
        borderRadius: 6,
        background: ring ? 'transparent' : color,
        border: `2px solid ${color}`,
        verticalAlign: -1,
        marginInlineEnd: 6,
      }}
    />
  );
}

/** Where the keyboard starts: the top-left seat (the first row, its first seat). */
const firstSeat = (seats: SeatmapDocument['seats']) => [...seats].sort((a, b) => a.y - b.y || a.x - b.x)[0]!.key;

/** The hold just made: amount, countdown, pay again, next sale. */
function Held({ hold, paid, onPay, onNext }: { hold: TicketOrderAnswer; paid: boolean; onPay: () => void; onNext: () => void }) {
  const t = useTicketT();
  const can = useCan();
  const left = useCountdown(paid ? null : hold.expiresAt);
  const expired = left !== null && left <= 0;
  return (
    <Card size="small" data-testid="ticket-sell-hold" data-order-no={hold.orderNo} data-state={paid ? 'paid' : expired ? 'expired' : 'held'}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text strong>
          {paid ? t('sell.paid', { orderNo: hold.orderNo }) : t('sell.held', { orderNo: hold.orderNo, amount: yuan(hold.amount) })}
        </Typography.Text>
        {!paid && left !== null ? (
          expired ? (
            <Alert type="warning" showIcon message={t('sell.expired')} data-testid="ticket-sell-expired" />
          ) : (
            <Statistic
              title={t('sell.expiresIn')}
              value={mmss(left)}
              valueStyle={{ color: left < 60_000 ? '#cf1322' : undefined }}
              data-testid="ticket-sell-countdown"
            />
          )
        ) : null}
        {paid ? <PrintSold orderId={hold.orderId} orderNo={hold.orderNo} /> : null}
        <Space>
          {!paid && !expired && can(Perm.order.pay) ? (
            <Button type="primary" onClick={onPay} data-testid="ticket-sell-pay">
              {t('sell.pay')}
            </Button>
          ) : null}
          <Button onClick={onNext} data-testid="ticket-sell-next">
            {t('sell.newSale')}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}

export default function SellTicketPage() {
  const t = useTicketT();
  const can = useCan();
  const { token } = theme.useToken();
  const dark = useThemeName() === 'dark';
  const [form] = Form.useForm<BuyerValues>();
  const goodsPicks = Form.useWatch<GoodsPick[] | undefined>('goods', form);
  const rentalPicks = Form.useWatch<RentalPick[] | undefined>('rentals', form);
  const buyerMemberId = Form.useWatch<number | null | undefined>('memberId', form);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [gaLevel, setGaLevel] = useState<number | null>(null);
  const [quantity, setQuantity] = useState<number | null>(1);
  const [busy, setBusy] = useState(false);
  const [takenMsg, setTakenMsg] = useState<string | null>(null);
  const [hold, setHold] = useState<TicketOrderAnswer | null>(null);
  const [paid, setPaid] = useState(false);
  const [paying, setPaying] = useState<number | null>(null);
  // A package sold from here (issue 13: packages are sold on the sale screen too, as their own order).
  const [pickingPackage, setPickingPackage] = useState(false);
  const [sellingPackage, setSellingPackage] = useState<PackageRow | null>(null);
  const [payingPackage, setPayingPackage] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = useMemo(() => newIdempotencyKey(), [attempt]); // eslint-disable-line react-hooks/exhaustive-deps -- a new idempotency key for each attempt, on purpose
  const canvas = useRef<SeatCanvasHandle>(null);
  // The keyboard path on the map: the seat the arrows are on, and what the screen reader is told.
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [mapFocused, setMapFocused] = useState(false);
  const mapBox = useRef<HTMLDivElement>(null);

  const sessions = useQuery({ queryKey: ['ticket', 'sale', 'sessions'], queryFn: saleApi.sessions, refetchInterval: SEATS_POLL_MS * 5 });
  const onSale = useMemo(() => (sessions.data?.data ?? []).filter((s) => s.onSale !== false && s.status !== 1), [sessions.data]);
  const session: SessionListRow | null = onSale.find((s) => s.id === sessionId) ?? null;
  const seated = !!session?.seated;

  const seats = useQuery({
    queryKey: ['ticket', 'sale', 'seats', sessionId],
    queryFn: () => saleApi.seats(sessionId!),
    enabled: seated,
    refetchInterval: SEATS_POLL_MS,
  });
  const mapQ = useQuery({
    queryKey: ['ticket', 'sale', 'map', session?.seatmapId],
    queryFn: () => seatmapApi.get(session!.seatmapId!),
    enabled: seated && !!session?.seatmapId,
    staleTime: 10 * 60_000,
  });
  const levelsQ = useQuery({
    queryKey: ['ticket', 'sale', 'levels', sessionId],
    queryFn: () => saleApi.levels(sessionId!),
    enabled: !!sessionId,
    retry: false,
    staleTime: 60_000,
  });

  /** Level id -> colour (its own, else one of the palette by its order). */
  const levelColor = useMemo(() => {
    const own = new Map((levelsQ.data?.data ?? []).map((l) => [l.id, l.color]));
    return new Map((session?.levels ?? []).map((l, i) => [l.id, own.get(l.id) || LEVEL_PALETTE[i % LEVEL_PALETTE.length]!]));
  }, [levelsQ.data, session]);
  const levelName = useMemo(() => new Map((session?.levels ?? []).map((l) => [l.id, l.name])), [session]);

  const seatByKey = useMemo(() => new Map((seats.data?.seats ?? []).filter((s) => s.seatKey).map((s) => [s.seatKey!, s])), [seats.data]);

  // The map as the canvas draws it: the session's seats only, each coloured by its state key.
  const doc = useMemo<SeatmapDocument | null>(() => {
    const d = mapQ.data?.document;
    if (!d || !seats.data) return null;
    const out: SeatmapDocument['seats'] = [];
    for (const s of d.seats) {
      const row = seatByKey.get(s.key);
      if (!row) continue;
      out.push({ ...s, kind: s.kind === 'wheelchair' ? 'wheelchair' : 'normal', levelKey: stateKey(row) });
    }
    return { ...d, seats: out };
  }, [mapQ.data, seats.data, seatByKey]);
  const colors = useMemo(() => {
    const st = dark ? STATE_COLORS_DARK : STATE_COLORS;
    const m = new Map<string, string>(Object.entries(st));
    for (const [id, c] of levelColor) m.set(`L${id}`, c);
    return m;
  }, [levelColor, dark]);

  // A seat chosen that is no longer free (another operator held it) leaves the choice.
  useEffect(() => {
    if (!selected.size) return;
    const still = [...selected].filter((k) => seatByKey.get(k)?.state === 'free');
    if (still.length !== selected.size) setSelected(new Set(still));
  }, [seatByKey]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the seats change: the choice is what it updates

  const onSelect = (keys: string[], mode: 'replace' | 'add' | 'toggle') => {
    const free = keys.filter((k) => seatByKey.get(k)?.state === 'free');
    setTakenMsg(null);
    setSelected((prev) => {
      if (mode === 'replace') {
        // A click on a chosen seat lets it go; a click elsewhere adds (a seller picks seat by seat).
        if (keys.length === 1 && free.length === 1) {
          const next = new Set(prev);
          if (next.has(free[0]!)) next.delete(free[0]!);
          else next.add(free[0]!);
          return next;
        }
        return new Set(free);
      }
      const next = new Set(prev);
      for (const k of free) {
        if (mode === 'toggle' && next.has(k)) next.delete(k);
        else next.add(k);
      }
      return next;
    });
  };

  /** What a screen reader says of a seat: zone, row, number, level and price, state, chosen or not. */
  const seatSpeech = (key: string, chosenNow: boolean) => {
    const s = seatByKey.get(key);
    if (!s) return '';
    const states: Record<string, string> = {
      free: t('sell.legend.free'),
      held: t('sell.legend.held'),
      sold: t('sell.legend.sold'),
      blocked: t('sell.legend.blocked'),
    };
    const state = chosenNow ? t('sell.legend.selected') : s.state === 'free' && s.levelId === null ? states.blocked! : (states[s.state] ?? s.state);
    return t('sell.kb.seat', { zone: s.zone, row: s.row, no: s.no, level: s.levelId ? (levelName.get(s.levelId) ?? '') : '', price: yuan(s.price), state });
  };
  const focusSeat = (key: string) => {
    setFocusKey(key);
    setAnnounce(seatSpeech(key, selected.has(key)));
  };
  /** Arrows: the nearest seat that way (straight ahead first); Space or Enter: choose or let go; Escape: leave the map. */
  const onMapKey = (e: React.KeyboardEvent) => {
    const seatsOnMap = doc?.seats ?? [];
    if (!seatsOnMap.length) return;
    const dirs: Record<string, [number, number]> = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
    const cur = focusKey ? seatsOnMap.find((x) => x.key === focusKey) : undefined;
    if (e.key in dirs) {
      e.preventDefault();
      if (!cur) return focusSeat(firstSeat(seatsOnMap));
      const [dx, dy] = dirs[e.key]!;
      let best: { key: string; score: number } | null = null;
      for (const c of seatsOnMap) {
        const ahead = (c.x - cur.x) * dx + (c.y - cur.y) * dy;
        if (ahead <= 1) continue;
        const aside = Math.abs((c.x - cur.x) * dy - (c.y - cur.y) * dx);
        const score = ahead + aside * 3;
        if (!best || score < best.score) best = { key: c.key, score };
      }
      if (best) focusSeat(best.key);
      return;
    }
    if ((e.key === ' ' || e.key === 'Enter') && cur) {
      e.preventDefault();
      const row = seatByKey.get(cur.key);
      if (row?.state !== 'free' || row.levelId === null) return setAnnounce(seatSpeech(cur.key, false));
      const now = !selected.has(cur.key);
      onSelect([cur.key], 'toggle');
      setAnnounce(seatSpeech(cur.key, now));
    }
  };

  const chosen = useMemo(() => [...selected].map((k) => seatByKey.get(k)).filter((s): s is SessionSeat => !!s && s.state === 'free'), [selected, seatByKey]);
  const seatTotal = chosen.reduce((n, s) => n + s.price, 0);
  const gaPrice = session?.levels.find((l) => l.id === gaLevel)?.price ?? 0;
  const gaAvailable = session?.levels.find((l) => l.id === gaLevel)?.available ?? 0;

  const pickSession = (id: number | null) => {
    setSessionId(id);
    setFocusKey(null);
    setSelected(new Set());
    setGaLevel(null);
    setQuantity(1);
    setTakenMsg(null);
  };

  const next = () => {
    setHold(null);
    setPaid(false);
    setSelected(new Set());
    setQuantity(1);
    setTakenMsg(null);
    setAttempt((n) => n + 1);
    form.resetFields();
  };

  const submit = async () => {
    if (!session) return;
    let b: BuyerValues;
    try {
      b = await form.validateFields();
    } catch {
      return;
    }
    const buyer =
      b.name?.trim() || b.phone?.trim() || b.idNo?.trim()
        ? { name: b.name?.trim() || undefined, phone: b.phone?.trim() || null, idNo: b.idNo?.trim() || undefined }
        : undefined;
    setBusy(true);
    setTakenMsg(null);
    try {
      const viewers = realName ? viewersBody(b.viewers, ticketCount) : undefined;
      const goods = b.goods?.length ? goodsOfPicks(b.goods) : undefined;
      const rentals = b.rentals?.length ? rentalsOfPicks(b.rentals) : undefined;
      const coupon = couponOfPick(b.coupon);
      const memberId = b.memberId ?? undefined;
      const body = seated
        ? { sessionId: session.id, seatIds: chosen.map((s) => s.id), buyer, viewers, goods, rentals, memberId, ...coupon }
        : { sessionId: session.id, levelId: gaLevel!, quantity: quantity ?? 1, buyer, viewers, goods, rentals, memberId, ...coupon };
      const made = await saleApi.order(body, key);
      setHold(made);
      setPaid(false);
      setSelected(new Set());
      if (can(Perm.order.pay) && made.amount > 0) setPaying(made.orderId);
    } catch (err) {
      if (viewerErrors(form, err)) {
        // A viewer's id refused (invalid, twice, already has a ticket) or the buyer's limit: shown at the form.
        setTakenMsg(isApiError(err) ? err.message : null);
        setAttempt((n) => n + 1);
      } else if (isApiError(err) && (err.detail as { reason?: string } | null)?.reason === 'taken') {
        setTakenMsg(t('sell.taken', { msg: err.message }));
        setAttempt((n) => n + 1);
      } else if (isApiError(err) && err.code === 100400) {
        setAttempt((n) => n + 1);
      }
    } finally {
      setBusy(false);
      void seats.refetch();
      void sessions.refetch();
    }
  };

  const realName = session?.realName === 'per_id';
  const ticketCount = seated ? chosen.length : (quantity ?? 0);
  const canSubmit =
    !!session &&
    !hold &&
    (seated ? chosen.length > 0 && chosen.length <= TICKET_ORDER_MAX : !!gaLevel && !!quantity && quantity <= Math.min(TICKET_ORDER_MAX, gaAvailable));

  const sessionLabel = (s: SessionListRow) => `${s.projectName ?? ''} · ${s.name} · ${formatTime(s.startAt)}`;

  return (
    <div data-testid="ticket-sell" className="ticket-sell">
      <Card
        variant="borderless"
        title={t('sell.title')}
        extra={
          can(Perm.ticket.package) ? (
            <Button icon={<GiftOutlined />} onClick={() => setPickingPackage(true)} data-testid="ticket-sell-package">
              {t('sell.package')}
            </Button>
          ) : null
        }
      >
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            style={{ width: '100%', maxWidth: 640 }}
            placeholder={t('sell.pickSession')}
            loading={sessions.isFetching && !sessions.data}
            value={sessionId ?? undefined}
            onChange={(v) => pickSession(v ?? null)}
            notFoundContent={sessions.isLoading ? <Spin size="small" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sell.noSessions')} />}
            options={onSale.map((s) => ({ value: s.id, label: sessionLabel(s) }))}
            data-testid="ticket-sell-session"
            aria-label={t('sell.session')}
          />
          {session ? (
            <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} data-testid="ticket-sell-session-info">
              <Descriptions.Item label={t('sell.startAt')}>{formatTime(session.startAt)}</Descriptions.Item>
              <Descriptions.Item label={t('sell.session')}>{seated ? t('sell.seated') : t('sell.general')}</Descriptions.Item>
              <Descriptions.Item label={t('sell.available')}>
                <span data-testid="ticket-sell-available">{session.available}</span> / {session.capacity}
              </Descriptions.Item>
              <Descriptions.Item label={t('sell.level')} span={3}>
                <Space wrap>
                  {session.levels.map((l) => (
                    <Tag key={l.id} data-testid={`ticket-sell-level-${l.id}`}>
                      <Swatch color={levelColor.get(l.id) ?? '#1677ff'} />
                      {l.name} · {yuan(l.price)} · {t('sell.availableN', { n: l.available })}
                    </Tag>
                  ))}
                </Space>
              </Descriptions.Item>
            </Descriptions>
          ) : null}
          <NoticePanel projectId={session?.projectId} />

          {session && seated ? (
            <GridRow gutter={16}>
              <Col xs={24} xl={16}>
                <Card
                  size="small"
                  title={t('sell.map')}
                  extra={
                    <Space>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="ticket-sell-live">
                        {seats.dataUpdatedAt ? t('sell.liveAt', { time: new Date(seats.dataUpdatedAt).toLocaleTimeString(), n: SEATS_POLL_MS / 1000 }) : null}
                      </Typography.Text>
                      <Button
                        size="small"
                        icon={<ReloadOutlined />}
                        onClick={() => void seats.refetch()}
                        aria-label={t('sell.refresh')}
                        title={t('sell.refresh')}
                      />
                      <Button size="small" icon={<ExpandOutlined />} onClick={() => canvas.current?.fit()} aria-label={t('sell.fit')} title={t('sell.fit')} />
                    </Space>
                  }
                >
                  <Space wrap size="middle" style={{ marginBottom: 8 }} data-testid="ticket-sell-legend">
                    {session.levels.map((l) => (
                      <span key={l.id}>
                        <Swatch color={levelColor.get(l.id) ?? '#1677ff'} />
                        {l.name}
                      </span>
                    ))}
                    <span>
                      <span
                        aria-hidden
                        style={{
                          display: 'inline-flex',
                          alignItems: 'center',
                          justifyContent: 'center',
                          width: 14,
                          height: 14,
                          borderRadius: 7,
                          background: token.colorPrimary,
                          boxShadow: `0 0 0 2px ${token.colorText}`,
                          color: '#fff',
                          fontSize: 10,
                          fontWeight: 700,
                          verticalAlign: -2,
                          marginInlineEnd: 6,
                        }}
                      >
                        ✓
                      </span>
                      {t('sell.legend.selected')}
                    </span>
                    <span>
                      <Swatch color={colors.get('held')!} />
                      {t('sell.legend.held')}
                    </span>
                    <span>
                      <Swatch color={colors.get('sold')!} />
                      {t('sell.legend.sold')}
                    </span>
                    <span>
                      <Swatch color={colors.get('blocked')!} />
                      {t('sell.legend.blocked')}
                    </span>
                  </Space>
                  <div
                    ref={mapBox}
                    className="ticket-sell-map"
                    tabIndex={0}
                    role="application"
                    aria-roledescription={t('sell.kb.role')}
                    aria-label={t('sell.map')}
                    aria-describedby="ticket-sell-kb-hint"
                    onKeyDown={onMapKey}
                    onFocus={(e) => {
                      if (e.target !== e.currentTarget) return;
                      setMapFocused(true);
                      if (!focusKey && doc?.seats.length) focusSeat(firstSeat(doc.seats));
                    }}
                    onBlur={() => setMapFocused(false)}
                    data-focus={focusKey ?? ''}
                    style={{
                      height: 'max(360px, calc(100vh - 460px))',
                      position: 'relative',
                      border: `1px solid ${token.colorBorderSecondary}`,
                      borderRadius: token.borderRadius,
                      overflow: 'hidden',
                    }}
                    data-testid="ticket-sell-map"
                    data-free={seats.data?.seats.filter((s) => s.state === 'free').length ?? ''}
                    data-sold={
                      seats.data?.seats
                        .filter((s) => s.state === 'sold')
                        .map((s) => s.id)
                        .join(',') ?? ''
                    }
                    data-held={
                      seats.data?.seats
                        .filter((s) => s.state === 'held')
                        .map((s) => s.id)
                        .join(',') ?? ''
                    }
                  >
                    {doc ? (
                      <SeatCanvas
                        ref={canvas}
                        doc={doc}
                        selected={selected}
                        tool="select"
                        colorBy="level"
                        levelColors={colors}
                        rowSpec={null}
                        dark={dark}
                        primary={token.colorPrimary}
                        onSelect={onSelect}
                        focusKey={mapFocused ? focusKey : null}
                        rowLabels
                        minSeatPx={16}
                        onMove={() => undefined}
                        onPlaceRow={() => undefined}
                        onView={(v) => {
                          // The view on the box (scale, x, y), for the browser tests to find a seat.
                          if (mapBox.current) mapBox.current.dataset.view = `${v.scale},${v.x},${v.y}`;
                        }}
                      />
                    ) : (
                      <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />
                    )}
                  </div>
                  <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }} id="ticket-sell-kb-hint">
                    {t('sell.mapHint')} {t('sell.kb.hint')}
                  </Typography.Paragraph>
                  <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="ticket-sell-announce">
                    {announce}
                  </div>
                </Card>
              </Col>
              <Col xs={24} xl={8}>
                <Card
                  size="small"
                  title={t('sell.summary')}
                  extra={
                    chosen.length ? (
                      <Button size="small" type="link" onClick={() => setSelected(new Set())} data-testid="ticket-sell-clear">
                        {t('sell.clear')}
                      </Button>
                    ) : null
                  }
                >
                  {chosen.length ? (
                    <Table
                      size="small"
                      rowKey="id"
                      pagination={false}
                      scroll={{ y: 240 }}
                      dataSource={chosen}
                      data-testid="ticket-sell-chosen"
                      columns={[
                        { key: 'seat', title: t('sell.seat'), render: (_: unknown, s: SessionSeat) => `${s.zone} ${s.row}-${s.no}` },
                        { key: 'level', title: t('sell.level'), render: (_: unknown, s: SessionSeat) => (s.levelId ? levelName.get(s.levelId) : '') },
                        { key: 'price', title: t('sell.price'), align: 'right', render: (_: unknown, s: SessionSeat) => yuan(s.price) },
                      ]}
                    />
                  ) : (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sell.noSeats')} />
                  )}
                  <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 12 }}>
                    <Typography.Text>{t('sell.seatsN', { n: chosen.length })}</Typography.Text>
                    <Typography.Text strong data-testid="ticket-sell-total" data-fen={seatTotal}>
                      {t('sell.total')} {yuan(seatTotal)}
                    </Typography.Text>
                  </div>
                  {chosen.length > TICKET_ORDER_MAX ? (
                    <Alert type="warning" showIcon style={{ marginTop: 8 }} message={t('sell.tooMany', { max: TICKET_ORDER_MAX })} />
                  ) : null}
                </Card>
                {buyerAndSubmit()}
              </Col>
            </GridRow>
          ) : null}

          {session && !seated ? (
            <GridRow gutter={16}>
              <Col xs={24} lg={12}>
                <Card size="small" title={t('sell.general')}>
                  <Form layout="vertical">
                    <Form.Item label={t('sell.level')} extra={t('sell.quantityHint', { max: TICKET_ORDER_MAX })}>
                      <Select
                        value={gaLevel ?? undefined}
                        onChange={(v) => setGaLevel(v)}
                        options={session.levels.map((l) => ({
                          value: l.id,
                          label: `${l.name} · ${yuan(l.price)} · ${t('sell.availableN', { n: l.available })}`,
                          disabled: l.available <= 0,
                        }))}
                        data-testid="ticket-sell-ga-level"
                        aria-label={t('sell.level')}
                      />
                    </Form.Item>
                    <Form.Item label={t('sell.quantity')}>
                      <InputNumber
                        min={1}
                        max={Math.max(1, Math.min(TICKET_ORDER_MAX, gaAvailable || TICKET_ORDER_MAX))}
                        precision={0}
                        value={quantity}
                        onChange={(v) => setQuantity(v)}
                        data-testid="ticket-sell-ga-quantity"
                        aria-label={t('sell.quantity')}
                      />
                    </Form.Item>
                  </Form>
                  <Typography.Text strong data-testid="ticket-sell-total" data-fen={gaPrice * (quantity ?? 0)}>
                    {t('sell.total')} {yuan(gaPrice * (quantity ?? 0))}
                  </Typography.Text>
                </Card>
              </Col>
              <Col xs={24} lg={12}>
                {buyerAndSubmit()}
              </Col>
            </GridRow>
          ) : null}
        </Space>
      </Card>
      {pickingPackage ? (
        <PackagePicker
          onClose={() => setPickingPackage(false)}
          onPick={(p) => {
            setPickingPackage(false);
            setSellingPackage(p);
          }}
        />
      ) : null}
      {sellingPackage ? (
        <SellPackageDialog
          pkg={sellingPackage}
          onClose={() => setSellingPackage(null)}
          onMade={(orderId) => {
            setSellingPackage(null);
            if (can(Perm.order.pay)) setPayingPackage(orderId);
          }}
        />
      ) : null}
      {/* A package is an order of its own, paid in its own dialog (the held tickets' order stays as it is). */}
      <PayDialog
        orderId={payingPackage}
        open={payingPackage !== null}
        onClose={() => (setPayingPackage(null), void sessions.refetch())}
        onPaid={() => void sessions.refetch()}
      />
      <PayDialog
        orderId={paying}
        open={!!paying}
        onClose={() => {
          setPaying(null);
          void seats.refetch();
          void sessions.refetch();
        }}
        onPaid={(o) => {
          if (o.state !== 'pending') setPaid(true);
          void seats.refetch();
          void sessions.refetch();
        }}
      />
    </div>
  );

  function buyerAndSubmit() {
    const goodsFen = goodsTotal(goodsPicks);
    const rentFen = rentalsTotal(rentalPicks);
    return (
      <Card size="small" title={t('sell.buyer')} style={{ marginTop: seated ? 16 : 0 }}>
        <Form form={form} name="ticket-sell-buyer" layout="vertical" autoComplete="off" disabled={!!hold}>
          <GridRow gutter={8}>
            <Col span={12}>
              <Form.Item name="name" label={t('sell.buyerName')}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="phone" label={t('sell.buyerPhone')} rules={[{ pattern: /^1\d{10}$/, message: t('sell.phoneInvalid') }]}>
                <Input maxLength={11} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="idNo" label={t('sell.buyerIdNo')}>
                <Input maxLength={32} />
              </Form.Item>
            </Col>
          </GridRow>
          {realName ? <ViewersFields form={form} count={ticketCount} perBuyerLimit={session?.perBuyerLimit ?? null} /> : null}
          {can(Perm.goods.sell) ? (
            <Form.Item
              name="goods"
              htmlFor="ticket-sell-goods-pick"
              label={t('sell.goods')}
              extra={
                goodsFen ? (
                  <span data-testid="ticket-sell-goods-total" data-fen={goodsFen}>
                    {t('sell.goodsTotal', { total: yuan(goodsFen) })}
                  </span>
                ) : (
                  t('sell.goodsHint')
                )
              }
            >
              <GoodsPicker open={!!session} id="ticket-sell-goods" />
            </Form.Item>
          ) : null}
          {can(Perm.goodsRental.rent) ? (
            <Form.Item
              name="rentals"
              htmlFor="ticket-sell-rent-pick"
              label={t('sell.rent')}
              extra={
                rentFen ? (
                  <span data-testid="ticket-sell-rent-total" data-fen={rentFen}>
                    {t('sell.rentTotal', { total: yuan(rentFen) })}
                  </span>
                ) : (
                  t('sell.rentHint')
                )
              }
            >
              <RentalPicker open={!!session} id="ticket-sell-rent" />
            </Form.Item>
          ) : null}
          {/* Once held, the order's member is settled: the field stays only to show one that was named. */}
          {!hold || buyerMemberId ? (
            <Form.Item name="memberId" label={t('sell.member')} extra={t('sell.memberHint')} htmlFor="ticket-sell-member">
              <MemberSelect id="ticket-sell-member" testId="ticket-sell-member" />
            </Form.Item>
          ) : null}
          <Form.Item name="coupon" label={t('sell.coupon')}>
            <CouponField id="ticket-sell-coupon" memberId={buyerMemberId ?? undefined} />
          </Form.Item>
        </Form>
        {takenMsg ? <Alert type="error" showIcon message={takenMsg} style={{ marginBottom: 12 }} data-testid="ticket-sell-taken" /> : null}
        {hold ? (
          <Held hold={hold} paid={paid} onPay={() => setPaying(hold.orderId)} onNext={next} />
        ) : (
          <Button type="primary" block size="large" loading={busy} disabled={!canSubmit} onClick={() => void submit()} data-testid="ticket-sell-submit">
            {seated ? t('sell.holdAndPay') : t('sell.holdAndPayGa')}
          </Button>
        )}
      </Card>
    );
  }
}

/** The packages on sale with stock left, to sell one from the sale screen. */
function PackagePicker({ onClose, onPick }: { onClose: () => void; onPick: (p: PackageRow) => void }) {
  const t = useTicketT();
  const list = useQuery({ queryKey: ['ticket', 'sale', 'packages'], queryFn: distApi.packages });
  const [id, setId] = useState<number>();
  const rows = (list.data?.data ?? []).filter((p) => p.onSale && p.available > 0);
  const picked = rows.find((p) => p.id === id);
  return (
    <Modal
      open
      title={t('sell.pickPackage')}
      onCancel={onClose}
      onOk={() => picked && onPick(picked)}
      okButtonProps={{ disabled: !picked, 'data-testid': 'ticket-sell-package-ok' } as never}
    >
      <Select
        style={{ width: '100%' }}
        showSearch={{ optionFilterProp: 'label' }}
        loading={list.isFetching}
        placeholder={t('sell.pickPackage')}
        notFoundContent={t('sell.noPackage')}
        value={id}
        onChange={setId}
        options={rows.map((p) => ({ value: p.id, label: `${p.name} · ${yuan(p.priceFen)} · ${t('sell.availableN', { n: p.available })}` }))}
        data-testid="ticket-sell-package-pick"
        aria-label={t('sell.pickPackage')}
      />
      {picked ? (
        <Space size={4} wrap style={{ marginTop: 12 }}>
          {picked.parts.map((p) => (
            <Tag key={p.levelId}>{`${p.projectName} ${p.sessionName} · ${p.levelName}`}</Tag>
          ))}
        </Space>
      ) : null}
    </Modal>
  );
}
