import { useMemo, useRef, useState } from 'react';
import { Button, Card, Col, Descriptions, Empty, Row as GridRow, Space, Statistic, Table, Tag, Tooltip, Typography, type InputRef } from 'antd';
import { CalendarOutlined, CheckCircleOutlined, ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Perm, SHIFT_STATES, minutesOf, type BookingRow, type ShiftRow, type VenueRow } from '@venue/contract';
import { confirm, success } from '../../../app/feedback.tsx';
import { menuHasPath } from '../../../app/menu.ts';
import { useSession } from '../../../app/session.ts';
import { ScanInput, clockIn, todayIn, useCan } from '../../../kit/index.ts';
import { PayDialog, formatTime, usePayT, yuan } from '../../../kit/pay/index.ts';
import { deskApi, planKey, refreshDesk, shiftKey } from './desk.api.ts';
import { Difference, ShiftHand } from './desk.ShiftHand.tsx';
import { ArrivalTag, NoVenue, OrderState, arrivalOf, useDeskT, useVenue } from './desk.shared.tsx';

const GRID_PATH = '/sport/views/venueReserve/index';
const CHANGE_PATH = '/sport/views/venueReserve/adjustment/index';
/** The day's plan is refreshed this often while the workbench is shown (another desk's bookings appear). */
const PLAN_POLL_MS = 10_000;
const SHIFT_COLORS: Record<(typeof SHIFT_STATES)[number], string> = { open: 'processing', counted: 'orange', handed: 'gold', signed: 'green' };

/** sport.venue.workbench (workBench): today's sessions with check-in, the way to the booking grid, and the shift settlement. */
export default function WorkbenchPage() {
  const venue = useVenue();
  if (!venue) return <NoVenue />;
  return <Workbench key={venue.id} venue={venue} />;
}

const firstStart = (r: BookingRow) => Math.min(...r.slots.map((s) => minutesOf(s.start)), 24 * 60);

function Workbench({ venue }: { venue: VenueRow }) {
  const t = useDeskT();
  const can = useCan();
  const navigate = useNavigate();
  const menus = useSession((s) => s.menus);
  const date = todayIn(venue.timeZone);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [paying, setPaying] = useState<number | null>(null);
  const input = useRef<InputRef | null>(null);

  const plan = useQuery({
    queryKey: planKey(venue.id, date),
    queryFn: () => deskApi.plan(venue.id, date),
    refetchInterval: PLAN_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const rows = useMemo(() => [...(plan.data?.bookings ?? [])].sort((a, b) => firstStart(a) - firstStart(b) || a.orderNo.localeCompare(b.orderNo)), [plan.data]);
  const counts = useMemo(() => {
    const c = { bookings: 0, arrived: 0, waiting: 0, unpaid: 0, noShow: 0, paidFen: 0 };
    for (const r of rows) {
      const a = arrivalOf(r);
      if (a === 'cancelled') continue;
      c.bookings++;
      c.paidFen += r.paidFen;
      if (a === 'arrived') c.arrived++;
      else if (a === 'unpaid') c.unpaid++;
      else if (a === 'waiting') c.waiting++;
      else if (a === 'noShow') c.noShow++;
    }
    return c;
  }, [rows]);
  // The next session still expected: its time, site and buyer.
  const now = clockIn(new Date(), venue.timeZone).slice(11);
  const next = rows
    .filter((r) => arrivalOf(r) === 'waiting')
    .flatMap((r) => r.slots.filter((s) => s.start >= now && s.state === 'booked').map((s) => ({ s, r })))
    .sort((a, b) => a.s.start.localeCompare(b.s.start))
    .map(({ s, r }) => `${s.start}–${s.end} ${s.siteName} ${r.buyer || t('walkin')}`)[0];

  const canCheckIn = can(Perm.booking.checkin);
  const checkIn = async (value: string) => {
    const c = value.trim();
    if (!c) {
      input.current?.focus();
      return;
    }
    setBusy(c);
    try {
      const row = await deskApi.checkin(c);
      success(t('workbench.checkedIn', { orderNo: row.orderNo }));
      setCode('');
      void refreshDesk();
    } catch {
      // The request layer says why (not found, unpaid, not today, already in).
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="workbench-page">
      <GridRow gutter={[16, 16]}>
        <Col xs={24} xl={15} xxl={16}>
          <Card
            variant="borderless"
            style={{ height: '100%' }}
            title={t('workbench.title', { venue: venue.stadiumName })}
            extra={
              <Space wrap>
                <Typography.Text type="secondary">{t('workbench.today', { date })}</Typography.Text>
                {menuHasPath(menus, GRID_PATH) ? (
                  <Button type="primary" icon={<CalendarOutlined />} onClick={() => void navigate(GRID_PATH)} data-testid="workbench-grid">
                    {t('workbench.openGrid')}
                  </Button>
                ) : null}
                {can(Perm.booking.book) ? (
                  <Button icon={<SwapOutlined />} onClick={() => void navigate(CHANGE_PATH)} data-testid="workbench-change">
                    {t('change.title')}
                  </Button>
                ) : null}
              </Space>
            }
          >
            <GridRow gutter={[16, 24]}>
              {(['bookings', 'arrived', 'waiting', 'unpaid'] as const).map((k) => (
                <Col key={k} xs={12} md={6}>
                  <Statistic title={t(`workbench.stats.${k}`)} value={counts[k]} data-testid={`workbench-stat-${k}`} />
                </Col>
              ))}
              <Col xs={12} md={6}>
                <Statistic title={t('workbench.stats.noShow')} value={counts.noShow} data-testid="workbench-stat-noShow" />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('workbench.stats.paid')} value={yuan(counts.paidFen)} data-testid="workbench-stat-paid" />
              </Col>
              <Col xs={24} md={12}>
                <Statistic title={t('workbench.stats.next')} value={next ?? '-'} data-testid="workbench-stat-next" />
              </Col>
            </GridRow>
          </Card>
        </Col>
        <Col xs={24} xl={9} xxl={8}>
          <CurrentShift venue={venue} />
        </Col>
      </GridRow>

      <Card
        variant="borderless"
        title={t('workbench.sessions')}
        extra={
          <ScanInput
            inputRef={input}
            width={320}
            value={code}
            onChange={setCode}
            onSubmit={(v) => void checkIn(v)}
            placeholder={t('workbench.code')}
            buttonLabel={t('workbench.checkin')}
            buttonIcon={<CheckCircleOutlined />}
            loading={busy !== null && busy === code.trim()}
            disabled={!canCheckIn}
            testId="workbench-code"
            buttonTestId="workbench-code-submit"
          />
        }
      >
        <Table<BookingRow>
          size="middle"
          rowKey="orderId"
          loading={plan.isLoading}
          dataSource={rows}
          pagination={{ pageSize: 20, hideOnSinglePage: true, size: 'small' }}
          scroll={{ x: 860 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workbench.sessionsEmpty')} /> }}
          data-testid="workbench-sessions"
          columns={[
            {
              key: 'time',
              title: t('workbench.col.time'),
              render: (_: unknown, r) => (
                <Space orientation="vertical" size={0}>
                  {r.slots.map((s) => (
                    <span key={s.claimId} style={{ whiteSpace: 'nowrap' }}>
                      <Typography.Text strong>
                        {s.start}–{s.end}
                      </Typography.Text>{' '}
                      {s.siteName}
                    </span>
                  ))}
                </Space>
              ),
            },
            {
              key: 'orderNo',
              title: t('workbench.col.orderNo'),
              dataIndex: 'orderNo',
              render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>,
            },
            {
              key: 'buyer',
              title: t('workbench.col.buyer'),
              render: (_: unknown, r) => [r.buyer || t('walkin'), r.buyerPhone !== r.buyer ? r.buyerPhone : null].filter(Boolean).join(' · '),
            },
            { key: 'amount', title: t('workbench.col.amount'), align: 'right', render: (_: unknown, r) => yuan(r.amountFen) },
            { key: 'state', title: t('workbench.col.state'), render: (_: unknown, r) => <OrderState state={r.orderState} /> },
            { key: 'arrival', title: t('workbench.arrival'), render: (_: unknown, r) => <ArrivalTag row={r} /> },
            {
              key: 'actions',
              title: '',
              fixed: 'right',
              width: 110,
              render: (_: unknown, r) => {
                const a = arrivalOf(r);
                if ((a === 'waiting' || a === 'noShow') && canCheckIn)
                  return (
                    <Button size="small" type="primary" loading={busy === r.orderNo} onClick={() => void checkIn(r.orderNo)} data-testid="workbench-checkin">
                      {t('workbench.checkin')}
                    </Button>
                  );
                if (a === 'unpaid' && can(Perm.order.pay))
                  return (
                    <Button size="small" onClick={() => setPaying(r.orderId)} data-testid="workbench-pay">
                      {t('fixed.pay')}
                    </Button>
                  );
                return null;
              },
            },
          ]}
        />
      </Card>

      <ShiftList venue={venue} />
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

/** Takings by payment method, in the pay component's words (without the cash while the count is blind). */
function Takings({ takings, blind }: { takings: Record<string, number>; blind: boolean }) {
  const pt = usePayT();
  const t = useDeskT();
  const entries = Object.entries(takings).filter(([, v]) => v !== 0);
  // Blind (the cash not shown yet): no other method taken is not "nothing taken".
  if (!entries.length) return blind ? null : <Typography.Text type="secondary">{t('shift.noTakings')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={2} style={{ width: '100%' }} data-testid="shift-takings">
      {entries.map(([m, v]) => (
        <Space key={m} style={{ width: '100%', justifyContent: 'space-between' }} data-method={m} data-fen={v}>
          <span>{pt(`method.${m}`, { defaultValue: m })}</span>
          <span>{yuan(v)}</span>
        </Space>
      ))}
    </Space>
  );
}

/** The operator's shift (signing in at the desk opens it), its live takings but the cash (a blind count), and handing it over. */
function CurrentShift({ venue }: { venue: VenueRow }) {
  const t = useDeskT();
  const [handing, setHanding] = useState(false);
  const shift = useQuery({ queryKey: shiftKey(venue.id), queryFn: () => deskApi.shiftCurrent(venue.id), staleTime: 0 });
  const s = shift.data;
  return (
    <Card
      variant="borderless"
      title={t('shift.current')}
      loading={shift.isLoading}
      extra={
        <Space>
          <Tooltip title={t('refresh')}>
            <Button
              type="text"
              icon={<ReloadOutlined spin={shift.isFetching} />}
              onClick={() => void shift.refetch()}
              aria-label={t('refresh')}
              data-testid="shift-refresh"
            />
          </Tooltip>
          <Button type="primary" disabled={!s || (s.state !== 'open' && s.state !== 'counted')} onClick={() => setHanding(true)} data-testid="shift-hand">
            {t('shift.hand')}
          </Button>
        </Space>
      }
      data-testid="shift-current"
      data-shift-id={s?.id}
    >
      {s ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('shift.operator')}>{s.userName}</Descriptions.Item>
            <Descriptions.Item label={t('shift.openedAt')}>{formatTime(s.openedAt)}</Descriptions.Item>
          </Descriptions>
          <Takings takings={s.takings} blind={s.cashFen === null} />
          {s.cashFen === null ? (
            <Typography.Text type="secondary" data-testid="shift-cash-blind">
              {t('shift.cash')}: {t('shift.cashBlind')}
            </Typography.Text>
          ) : (
            <GridRow gutter={16}>
              <Col span={12}>
                <Statistic title={t('shift.total')} value={yuan(s.totalFen ?? 0)} data-testid="shift-total" data-fen={s.totalFen} />
              </Col>
              <Col span={12}>
                <Statistic title={t('shift.cash')} value={yuan(s.cashFen)} data-testid="shift-cash" data-fen={s.cashFen} />
              </Col>
            </GridRow>
          )}
          <Typography.Text type="secondary">{t(s.state === 'counted' ? 'shift.countedHint' : 'shift.liveHint')}</Typography.Text>
        </Space>
      ) : null}
      <ShiftHand
        shift={handing ? (s ?? null) : null}
        onClose={() => setHanding(false)}
        onHanded={() => {
          setHanding(false);
          void refreshDesk();
        }}
      />
    </Card>
  );
}

/** The venue's shifts; a handed-over shift is signed off by someone else. */
function ShiftList({ venue }: { venue: VenueRow }) {
  const t = useDeskT();
  const can = useCan();
  const me = Number(useSession((s) => s.userId));
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [signing, setSigning] = useState<number | null>(null);
  const list = useQuery({ queryKey: ['desk', 'shifts', venue.id, page], queryFn: () => deskApi.shiftList({ stadiumId: venue.id, ...page }) });
  const canSign = can(Perm.booking.settle);

  const sign = async (s: ShiftRow) => {
    if (!(await confirm({ content: t('shift.signConfirm', { name: s.userName }) }))) return;
    setSigning(s.id);
    try {
      await deskApi.shiftSign(s.id);
      success(t('shift.signed'));
    } catch {
      // The request layer says why (one's own shift, not handed over).
    } finally {
      setSigning(null);
      void refreshDesk();
    }
  };

  return (
    <Card
      variant="borderless"
      title={t('shift.list')}
      extra={
        <Button
          type="text"
          icon={<ReloadOutlined spin={list.isFetching} />}
          onClick={() => void list.refetch()}
          aria-label={t('refresh')}
          data-testid="shift-list-refresh"
        />
      }
    >
      <Table<ShiftRow>
        size="middle"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.data ?? []}
        scroll={{ x: 1180 }}
        data-testid="shift-list"
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          {
            key: 'user',
            title: t('shift.operator'),
            width: 140,
            render: (_: unknown, s) => <Typography.Text ellipsis={{ tooltip: s.userName }}>{s.userName}</Typography.Text>,
          },
          {
            key: 'time',
            title: `${t('shift.openedAt')} / ${t('shift.closedAt')}`,
            width: 220,
            render: (_: unknown, s) => (
              <Space orientation="vertical" size={0}>
                <span style={{ whiteSpace: 'nowrap' }}>{formatTime(s.openedAt)}</span>
                {s.closedAt ? (
                  <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                    {formatTime(s.closedAt)}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          { key: 'total', title: t('shift.total'), align: 'right', width: 100, render: (_: unknown, s) => (s.totalFen === null ? '' : yuan(s.totalFen)) },
          { key: 'cash', title: t('shift.cash'), align: 'right', width: 100, render: (_: unknown, s) => (s.cashFen === null ? '' : yuan(s.cashFen)) },
          {
            key: 'handed',
            title: t('shift.handedFen'),
            align: 'right',
            width: 110,
            render: (_: unknown, s) => (s.handedFen === null ? '' : yuan(s.handedFen)),
          },
          { key: 'difference', title: t('shift.difference'), align: 'right', width: 110, render: (_: unknown, s) => <Difference shift={s} /> },
          {
            key: 'state',
            title: t('shift.stateTitle'),
            width: 90,
            render: (_: unknown, s) => (
              <Tag color={SHIFT_COLORS[s.state as (typeof SHIFT_STATES)[number]] ?? 'default'} data-testid="shift-state" data-value={s.state}>
                {t(`shift.state.${s.state}`, { defaultValue: s.state })}
              </Tag>
            ),
          },
          {
            key: 'signed',
            title: t('shift.signedBy'),
            width: 210,
            render: (_: unknown, s) =>
              s.signedByName ? (
                <Space orientation="vertical" size={0}>
                  <Typography.Text ellipsis={{ tooltip: s.signedByName }}>{s.signedByName}</Typography.Text>
                  <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                    {formatTime(s.signedAt)}
                  </Typography.Text>
                </Space>
              ) : null,
          },
          {
            key: 'actions',
            title: '',
            fixed: 'right',
            width: 100,
            render: (_: unknown, s) =>
              s.state === 'handed' && canSign ? (
                s.userId === me ? (
                  <Tooltip title={t('shift.ownShift')}>
                    <Button size="small" disabled data-testid="shift-sign" data-row-key={s.id}>
                      {t('shift.sign')}
                    </Button>
                  </Tooltip>
                ) : (
                  <Button size="small" type="primary" loading={signing === s.id} onClick={() => void sign(s)} data-testid="shift-sign" data-row-key={s.id}>
                    {t('shift.sign')}
                  </Button>
                )
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
