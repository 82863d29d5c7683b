import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Descriptions, Empty, List, Row as GridRow, Segmented, Select, Skeleton, Space, Tooltip, Typography } from 'antd';
import { CalendarOutlined, CloseOutlined, DragOutlined, LeftOutlined, LockOutlined, ReloadOutlined, RightOutlined, UnlockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useLocation, useNavigate } from 'react-router';
import { Perm, hhmmOf, minutesOf, type GridLesson, type GridSlot } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { notify } from '../../../app/notify.ts';
import { useLang } from '../../../app/prefs.ts';
import { useSession } from '../../../app/session.ts';
import { todayIn, useCan } from '../../../kit/index.ts';
import { PayDialog, yuan } from '../../../kit/pay/index.ts';
import { bookingApi, gridKey } from './booking.api.ts';
import { BookDialog, CancelBookingDialog, LockDialog, refreshBooking, unlockCell, type BookingMade, type CancelTarget } from './BookingDialogs.tsx';
import { MoveDialog, type MoveAsk } from './MoveDialog.tsx';
import { BookingGrid } from './BookingGrid.tsx';
import { addDays, cellKey, dayModel, prune, samePicks, weekModel, type GridColumn, type Picked } from './grid.ts';
import { GRID_POLL_MS, SHOWN_STATES, bookingDetailPath, useBookingT, useCellStyles } from './shared.tsx';
import { ViewCourseDialog } from './ViewCourseDialog.tsx';
import './booking.css';

type View = 'day' | 'week';

/** sport.venue.reserve: the booking grid of the current organisation's venue. */
export default function BookingPage() {
  const t = useBookingT();
  const stadiumId = useSession((s) => s.stadiumId);
  const stadiumName = useSession((s) => s.stadiumName);
  if (!stadiumId) {
    return (
      <Card variant="borderless">
        <Empty description={<span data-testid="booking-no-venue">{t('noVenue')}</span>} />
      </Card>
    );
  }
  return <BookingScreen key={stadiumId} stadiumId={stadiumId} stadiumName={stadiumName ?? ''} />;
}

function Legend() {
  const t = useBookingT();
  const styles = useCellStyles();
  return (
    <Space wrap size={[16, 4]} data-testid="booking-legend">
      {SHOWN_STATES.map((s) => (
        <span key={s} className="bk-legend">
          <i style={styles.of(s, false)} />
          {t(`state.${s}`)}
        </span>
      ))}
      <span className="bk-legend" data-testid="booking-legend-course">
        <i style={styles.course} />
        {t('course.legend')}
      </span>
      <span className="bk-legend">
        <i style={styles.of('free', true)} />
        {t('selection.title')}
      </span>
    </Space>
  );
}

function BookingScreen({ stadiumId, stadiumName }: { stadiumId: number; stadiumName: string }) {
  const t = useBookingT();
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
  const [view, setView] = useState<View>('day');
  const timeZone = useSession((s) => s.venue?.timeZone);
  const [date, setDate] = useState(() => todayIn(timeZone));
  const [weekSite, setWeekSite] = useState<number | undefined>(undefined);
  const [selected, setSelected] = useState<Map<string, Picked>>(() => new Map());
  const [dialog, setDialog] = useState<'book' | 'lock' | null>(null);
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  // A lesson's cell clicked: the "view course" dialog.
  const [viewing, setViewing] = useState<{ lesson: GridLesson; siteId: number } | null>(null);
  const [paying, setPaying] = useState<number | null>(null);
  // The cell a payment started from: the focus goes back to it after the payment.
  const [payFrom, setPayFrom] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ key: string; n: number } | null>(null);
  // A booked line being moved (picked from its popover or dragged), and the cell it goes to.
  const [moving, setMoving] = useState<(Omit<MoveAsk, 'to'> & { siteId: number; minutes: number }) | null>(null);
  const [moveAsk, setMoveAsk] = useState<MoveAsk | null>(null);
  // Opened from a booking's detail to move one of its lines: that day, then that line picked up.
  const location = useLocation();
  const [moveFromDetail, setMoveFromDetail] = useState<{ orderId: number; siteId: number; start: string; date: string } | null>(null);
  useEffect(() => {
    const m = (location.state as { move?: { orderId: number; siteId: number; start: string; date: string } } | null)?.move;
    if (m) {
      setMoveFromDetail(m);
      setView('day');
      setDate(m.date);
      navigate('.', { replace: true, state: null });
    }
  }, [location.state, navigate]);
  const days = view === 'week' ? 7 : 1;

  const grid = useQuery({
    queryKey: gridKey(stadiumId, date, days),
    queryFn: () => bookingApi.grid({ stadiumId, date, detail: true, days }),
    // Live: polled while the screen is shown (a hidden tab or window does not poll).
    refetchInterval: GRID_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const data = grid.data;
  const sites = useMemo(() => data?.sites ?? [], [data]);
  const siteName = useCallback((id: number) => sites.find((s) => s.id === id)?.name ?? String(id), [sites]);

  useEffect(() => {
    if (view === 'week' && sites.length && (weekSite === undefined || !sites.some((s) => s.id === weekSite))) setWeekSite(sites[0]!.id);
  }, [view, sites, weekSite]);

  // Cells booked or locked meanwhile (or no longer on screen) leave the selection.
  useEffect(() => {
    if (!data) return;
    setSelected((prev) => {
      const next = prune(prev, data.slots, date);
      return samePicks(prev, next) ? prev : next;
    });
  }, [data, date]);

  const dayTitle = useCallback(
    (d: string) => new Date(`${d}T00:00:00`).toLocaleDateString(lang, { month: 'numeric', day: 'numeric', weekday: 'short' }),
    [lang],
  );
  const model = useMemo(() => (view === 'day' ? dayModel(data, date) : weekModel(data, date, weekSite, dayTitle)), [view, data, date, weekSite, dayTitle]);

  const picked = useMemo(() => [...selected.values()].sort((a, b) => a.siteId - b.siteId || (a.start < b.start ? -1 : 1)), [selected]);
  const pickedDate = picked[0]?.date ?? date;
  const total = picked.reduce((n, p) => n + p.price, 0);

  /** A booked line's whole run on its site (a line of two hours is two cells): its first start, last end and minutes. */
  const lineOf = (slot: GridSlot) => {
    const cells = (data?.slots ?? []).filter((x) => x.itemId === slot.itemId && x.siteId === slot.siteId && (x.date ?? date) === (slot.date ?? date));
    const start = cells.reduce((m, x) => (x.start < m ? x.start : m), slot.start);
    const end = cells.reduce((m, x) => (x.end > m ? x.end : m), slot.end);
    return { start, end, minutes: minutesOf(end) - minutesOf(start) };
  };
  const movable = (slot: GridSlot) => slot.state === 'booked' && !!slot.itemId && !!slot.orderId && can(Perm.booking.book);
  const startMove = (slot: GridSlot) => {
    const l = lineOf(slot);
    const day = slot.date ?? date;
    const m = {
      orderId: slot.orderId!,
      orderNo: slot.orderNo ?? String(slot.orderId),
      itemId: slot.itemId!,
      siteId: slot.siteId,
      minutes: l.minutes,
      from: `${siteName(slot.siteId)} ${day} ${l.start}–${l.end}`,
    };
    setMoving(m);
    return m;
  };
  const pickTarget = (m: NonNullable<typeof moving>, slot: GridSlot, column: GridColumn) => {
    const endMin = minutesOf(slot.start) + m.minutes;
    if (endMin > 24 * 60) {
      notify.info(t('move.notFit', { minutes: m.minutes }));
      return;
    }
    const to = { siteId: slot.siteId, siteName: siteName(slot.siteId), date: slot.date ?? column.date, start: slot.start, end: hhmmOf(endMin) };
    setMoveAsk({ orderId: m.orderId, orderNo: m.orderNo, itemId: m.itemId, from: m.from, to });
  };

  // From a booking's detail: once its day is on the grid, its line is picked up to be moved.
  useEffect(() => {
    if (!moveFromDetail || !data || date !== moveFromDetail.date) return;
    const slot = data.slots.find(
      (x) => x.orderId === moveFromDetail.orderId && x.siteId === moveFromDetail.siteId && x.start === moveFromDetail.start && (x.date ?? date) === date,
    );
    setMoveFromDetail(null);
    if (slot && movable(slot)) startMove(slot);
    // startMove and movable read the grid's data, which is a dependency already.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the day's grid arrives
  }, [moveFromDetail, data, date]);

  // Esc stops picking a target (when no dialog is open).
  useEffect(() => {
    if (!moving || moveAsk) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setMoving(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [moving, moveAsk]);

  const toggle = (slot: GridSlot, column: GridColumn) => {
    if (moving) {
      pickTarget(moving, slot, column);
      return;
    }
    const key = cellKey(slot, date);
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(key)) {
        next.delete(key);
        return next;
      }
      const day = slot.date ?? column.date;
      // One booking is of one day: a cell of another day starts a new selection.
      if ([...next.values()].some((p) => p.date !== day)) {
        notify.info(t('selection.oneDay'));
        next.clear();
      }
      next.set(key, { key, date: day, siteId: slot.siteId, siteName: siteName(slot.siteId), start: slot.start, end: slot.end, price: slot.price });
      return next;
    });
  };

  const openBook = () => {
    if (!picked.length || !can(Perm.booking.book)) return;
    setDialog('book');
  };

  const closeDialog = useCallback(() => setDialog(null), []);

  const booked = (made: BookingMade) => {
    setDialog(null);
    setSelected(new Map());
    if (can(Perm.order.pay)) {
      success(t('book.created', { orderNo: made.orderNo, amount: yuan(made.amount) }));
      setPayFrom(picked[0]?.key ?? null);
      setPaying(made.orderId);
    } else {
      success(t('book.createdNoPay', { orderNo: made.orderNo, amount: yuan(made.amount) }));
    }
  };

  const popover = (slot: GridSlot, column: GridColumn, close: () => void) => {
    const time = `${slot.start}–${slot.end}`;
    if (slot.state === 'locked') {
      return (
        <Space orientation="vertical" size={8} style={{ maxWidth: 280 }}>
          <Typography.Text>{t('grid.reason', { reason: slot.reason ?? '' })}</Typography.Text>
          {can(Perm.booking.lock) && slot.claimId ? (
            <Button
              size="small"
              icon={<UnlockOutlined />}
              data-testid="cell-unlock"
              onClick={() => {
                close();
                void unlockCell(slot.claimId!, { site: siteName(slot.siteId), time: `${slot.date ?? column.date} ${time}` }, t).catch(() => undefined);
              }}
            >
              {t('lock.unlock')}
            </Button>
          ) : null}
        </Space>
      );
    }
    const orderId = slot.orderId ?? null;
    return (
      <Space orientation="vertical" size={8} style={{ maxWidth: 300 }}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('cell.orderNo')}>{slot.orderNo ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('cell.buyer')}>
            <span data-testid="cell-popover-buyer">{slot.buyer || t('grid.walkin')}</span>
          </Descriptions.Item>
          {slot.buyerPhone ? <Descriptions.Item label={t('cell.phone')}>{slot.buyerPhone}</Descriptions.Item> : null}
          <Descriptions.Item label={t('cell.state')}>{t(`state.${slot.state}`)}</Descriptions.Item>
          {slot.ruleName ? <Descriptions.Item label={t('cell.rule')}>{slot.ruleName}</Descriptions.Item> : null}
        </Descriptions>
        {orderId ? (
          <Space wrap>
            <Button
              size="small"
              data-testid="cell-detail"
              onClick={() => {
                close();
                navigate(bookingDetailPath(orderId));
              }}
            >
              {t('cell.detail')}
            </Button>
            {slot.state === 'held' && can(Perm.order.pay) ? (
              <Button
                size="small"
                type="primary"
                data-testid="cell-pay"
                onClick={() => {
                  close();
                  setPayFrom(cellKey(slot, date));
                  setPaying(orderId);
                }}
              >
                {t('cell.pay')}
              </Button>
            ) : null}
            {movable(slot) ? (
              <Button
                size="small"
                icon={<DragOutlined />}
                data-testid="cell-move"
                onClick={() => {
                  close();
                  startMove(slot);
                }}
              >
                {t('cell.move')}
              </Button>
            ) : null}
            {can(Perm.booking.cancel) ? (
              <Button
                size="small"
                danger
                data-testid="cell-cancel"
                onClick={() => {
                  close();
                  const l = lineOf(slot);
                  setCancelling({
                    id: orderId,
                    orderNo: slot.orderNo ?? String(orderId),
                    itemId: slot.itemId ?? null,
                    line: `${siteName(slot.siteId)} ${l.start}–${l.end}`,
                  });
                }}
              >
                {t('cell.cancel')}
              </Button>
            ) : null}
          </Space>
        ) : null}
      </Space>
    );
  };

  const step = view === 'week' ? 7 : 1;
  const toolbar = (
    <Space wrap>
      <Segmented<View>
        value={view}
        onChange={(v) => setView(v)}
        options={[
          { value: 'day', label: <span data-testid="booking-view-day">{t('grid.day')}</span> },
          { value: 'week', label: <span data-testid="booking-view-week">{t('grid.week')}</span> },
        ]}
      />
      {view === 'week' ? (
        <Select<number>
          value={weekSite}
          onChange={setWeekSite}
          style={{ minWidth: 140 }}
          options={sites.map((s) => ({ value: s.id, label: s.name }))}
          aria-label={t('grid.site')}
          data-testid="booking-site"
        />
      ) : null}
      <Space.Compact>
        <Tooltip title={view === 'week' ? t('grid.prevWeek') : t('grid.prev')}>
          <Button
            icon={<LeftOutlined />}
            aria-label={view === 'week' ? t('grid.prevWeek') : t('grid.prev')}
            onClick={() => setDate((d) => addDays(d, -step))}
            data-testid="booking-prev"
          />
        </Tooltip>
        <DatePicker value={dayjs(date)} allowClear={false} onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))} id="booking-date" style={{ width: 140 }} />
        <Tooltip title={view === 'week' ? t('grid.nextWeek') : t('grid.next')}>
          <Button
            icon={<RightOutlined />}
            aria-label={view === 'week' ? t('grid.nextWeek') : t('grid.next')}
            onClick={() => setDate((d) => addDays(d, step))}
            data-testid="booking-next"
          />
        </Tooltip>
      </Space.Compact>
      <Button icon={<CalendarOutlined />} onClick={() => setDate(todayIn(timeZone))} data-testid="booking-today">
        {t('grid.today')}
      </Button>
      <Tooltip title={`${t('grid.refresh')} · ${t('grid.liveHint')}`}>
        <Button
          icon={<ReloadOutlined spin={grid.isFetching} />}
          aria-label={t('grid.refresh')}
          onClick={() => void grid.refetch()}
          data-testid="booking-refresh"
        />
      </Tooltip>
    </Space>
  );

  const gridArea = !data ? (
    <Skeleton active paragraph={{ rows: 8 }} />
  ) : !sites.length ? (
    <Empty description={t('grid.noSites')} data-testid="booking-no-sites" />
  ) : (
    <BookingGrid
      model={model}
      date={date}
      selected={selected}
      onToggle={toggle}
      onEnter={openBook}
      popover={popover}
      cellTestId={(slot, col) => (view === 'day' ? `cell-${slot.siteId}-${slot.start}` : `cell-${slot.siteId}-${col.date}-${slot.start}`)}
      label={t('grid.label', { venue: stadiumName })}
      testId="booking-grid"
      canDrag={movable}
      onDrop={(from, to, col) => pickTarget(startMove(from), to, col)}
      moving={!!moving}
      focusRequest={focusRequest}
      onLesson={(slot) => (slot.lesson ? setViewing({ lesson: slot.lesson, siteId: slot.siteId }) : undefined)}
    />
  );

  const panel = (
    <Card
      size="small"
      title={t('selection.title')}
      data-testid="booking-selection"
      extra={picked.length ? <Typography.Text type="secondary">{pickedDate}</Typography.Text> : null}
    >
      {picked.length ? (
        <List
          size="small"
          dataSource={picked}
          style={{ maxHeight: 'calc(100vh - 480px)', minHeight: 80, overflowY: 'auto' }}
          renderItem={(p) => (
            <List.Item
              data-testid={`booking-picked-${p.siteId}-${p.start}`}
              actions={[
                <Button
                  key="x"
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label={t('selection.remove')}
                  onClick={() =>
                    setSelected((prev) => {
                      const next = new Map(prev);
                      next.delete(p.key);
                      return next;
                    })
                  }
                />,
              ]}
            >
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{p.siteName}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {p.start}–{p.end} · {yuan(p.price)}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      ) : (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('selection.empty')}
        </Typography.Paragraph>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', margin: '12px 0' }} aria-live="polite">
        <Typography.Text type="secondary">{picked.length ? t('selection.count', { count: picked.length }) : t('selection.total')}</Typography.Text>
        <Typography.Text strong style={{ fontSize: 20 }} data-testid="booking-total" data-fen={total}>
          {yuan(total)}
        </Typography.Text>
      </div>
      <Space wrap>
        {can(Perm.booking.book) ? (
          <Button type="primary" disabled={!picked.length} onClick={openBook} data-testid="booking-book">
            {t('selection.book')}
          </Button>
        ) : null}
        {can(Perm.booking.lock) ? (
          <Button icon={<LockOutlined />} disabled={!picked.length} onClick={() => setDialog('lock')} data-testid="booking-lock">
            {t('selection.lock')}
          </Button>
        ) : null}
        <Button type="text" disabled={!picked.length} onClick={() => setSelected(new Map())} data-testid="booking-clear">
          {t('selection.clear')}
        </Button>
      </Space>
    </Card>
  );

  return (
    <div data-testid="booking-page">
      <Card variant="borderless" title={stadiumName} extra={toolbar} styles={{ body: { paddingTop: 12 } }}>
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8 }}>
            <Legend />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('grid.keyboard')} · {t('grid.drag')} · {t('grid.liveHint')}
            </Typography.Text>
          </div>
          {moving ? (
            <Alert
              type="info"
              showIcon
              data-testid="booking-moving"
              title={t('move.picking', { from: moving.from })}
              action={
                <Button size="small" onClick={() => setMoving(null)} data-testid="booking-move-stop">
                  {t('move.stop')}
                </Button>
              }
            />
          ) : null}
          <GridRow gutter={[16, 16]} wrap>
            <Col xs={24} xl={18} xxl={19}>
              {gridArea}
            </Col>
            <Col xs={24} xl={6} xxl={5}>
              {panel}
            </Col>
          </GridRow>
        </Space>
      </Card>
      <BookDialog open={dialog === 'book'} stadiumId={stadiumId} date={pickedDate} picked={picked} onClose={closeDialog} onBooked={booked} />
      <LockDialog
        open={dialog === 'lock'}
        stadiumId={stadiumId}
        date={pickedDate}
        picked={picked}
        onClose={closeDialog}
        onLocked={() => {
          setDialog(null);
          setSelected(new Map());
        }}
      />
      <CancelBookingDialog order={cancelling} onClose={() => setCancelling(null)} />
      <ViewCourseDialog lesson={viewing?.lesson ?? null} siteName={viewing ? siteName(viewing.siteId) : undefined} onClose={() => setViewing(null)} />
      <MoveDialog
        ask={moveAsk}
        onClose={() => setMoveAsk(null)}
        onMoved={(moved, ask) => {
          setMoveAsk(null);
          setMoving(null);
          // More to pay: the difference is an order of its own, paid here.
          if (moved.differenceOrderId && can(Perm.order.pay)) {
            setPayFrom(cellKey({ siteId: ask.to.siteId, start: ask.to.start, date: ask.to.date }, date));
            setPaying(moved.differenceOrderId);
          }
        }}
      />
      <PayDialog
        orderId={paying}
        open={paying !== null}
        onClose={() => {
          setPaying(null);
          void refreshBooking();
          // The focus goes back to the cell the payment started from, not to the page.
          if (payFrom) setFocusRequest((r) => ({ key: payFrom, n: (r?.n ?? 0) + 1 }));
          setPayFrom(null);
        }}
        onPaid={() => void refreshBooking()}
      />
    </div>
  );
}
