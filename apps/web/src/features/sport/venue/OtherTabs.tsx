import { useState } from 'react';
import { Card, DatePicker, Empty, Flex, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { ORDER_STATES, Perm, type BookingRow, type CardRow, type MemberRow, type Page, type VenueRow } from '@venue/contract';
import { api, http } from '../../../app/request.ts';
import { formatDate } from '../../../app/format.ts';
import { useLang } from '../../../app/prefs.ts';
import { useCan, venueToday } from '../../../kit/index.ts';
import { bookingApi } from './venue.api.ts';
import { useVenueT, yuan } from './shared.tsx';

/** One page of a list API of another module, filtered to the venue's organisation (the API checks scope and permission). */
function useOrgPage<T>(key: string, path: string, orgId: number) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const query = useQuery({
    queryKey: ['venue', key, orgId, page],
    queryFn: () => http.post<Page<T>>(api.sport(path), { orgId, ...page }),
    placeholderData: keepPreviousData,
  });
  const pagination = {
    current: page.pageNum,
    pageSize: page.pageSize,
    total: query.data?.total ?? 0,
    showSizeChanger: true,
    onChange: (pageNum: number, pageSize: number) => setPage({ pageNum, pageSize }),
  };
  return { rows: query.data?.data ?? [], loading: query.isFetching, pagination };
}

/** The member cards of the venue's organisation (the cards module's list, paged). */
export function MemberCardTab({ venue }: { venue: VenueRow }) {
  const t = useVenueT();
  const { rows, loading, pagination } = useOrgPage<CardRow>('cards', 'card/list', venue.orgId);
  return (
    <Card size="small" variant="borderless">
      <Table
        data-testid="venue-memberCard-table"
        rowKey="id"
        dataSource={rows}
        loading={loading}
        pagination={pagination}
        columns={[
          { key: 'cardNo', dataIndex: 'cardNo', title: t('card.cardNo') },
          { key: 'type', dataIndex: 'typeName', title: t('card.type') },
          { key: 'holder', dataIndex: 'memberName', title: t('card.holder') },
          {
            key: 'balance',
            dataIndex: 'balanceFen',
            title: t('card.balance'),
            align: 'right',
            render: (v: number | null, r: CardRow) => (v !== null ? yuan(v) : r.timesLeft !== null ? `${r.timesLeft}` : '—'),
          },
        ]}
      />
    </Card>
  );
}

/** The members of the venue's organisation (the members module's list, paged). */
export function MemberTab({ venue }: { venue: VenueRow }) {
  const t = useVenueT();
  const { rows, loading, pagination } = useOrgPage<MemberRow>('members', 'member/list', venue.orgId);
  return (
    <Card size="small" variant="borderless">
      <Table
        data-testid="venue-member-table"
        rowKey="id"
        dataSource={rows}
        loading={loading}
        pagination={pagination}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('member.name') },
          { key: 'phone', dataIndex: 'phone', title: t('member.phone') },
          { key: 'level', dataIndex: 'level', title: t('member.level'), render: (v: string | null) => v ?? '—' },
        ]}
      />
    </Card>
  );
}

const claimColor: Record<string, string> = { held: 'gold', booked: 'blue', used: 'green', no_show: 'red', locked: 'default', released: 'default' };
const orderColor: Record<string, string> = {
  pending: 'gold',
  paid: 'green',
  completed: 'blue',
  cancelled: 'default',
  part_refunded: 'purple',
  refunded: 'magenta',
};

/** The venue's bookings of a day (today first): who, which sessions, paid, checked in. */
export function SessionsTab({ venue }: { venue: VenueRow }) {
  const t = useVenueT();
  const lang = useLang();
  const can = useCan();
  // Today where the venue is (its days are local to its time zone).
  const [day, setDay] = useState<Dayjs>(() => venueToday(venue.timeZone));
  const date = day.format('YYYY-MM-DD');
  const allowed = can(Perm.booking.view);
  const plan = useQuery({ queryKey: ['venue', 'plan', venue.id, date], queryFn: () => bookingApi.plan(venue.id, date), enabled: allowed });
  if (!allowed) return <Empty description={t('account.noPermission')} />;
  return (
    <Card size="small" variant="borderless">
      <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
        <Typography.Text>{t('sessions.date')}</Typography.Text>
        <DatePicker value={day} allowClear={false} onChange={(d) => d && setDay(d)} data-testid="venue-sessions-date" />
      </Flex>
      <Table<BookingRow>
        data-testid="venue-sessions-table"
        rowKey="orderId"
        loading={plan.isFetching}
        dataSource={plan.data?.bookings ?? []}
        pagination={false}
        columns={[
          { key: 'orderNo', dataIndex: 'orderNo', title: t('sessions.orderNo'), className: 'kit-cell-nowrap' },
          { key: 'buyer', dataIndex: 'buyer', title: t('sessions.buyer') },
          { key: 'buyerPhone', dataIndex: 'buyerPhone', title: t('sessions.buyerPhone'), className: 'kit-cell-nowrap' },
          {
            key: 'slots',
            title: t('sessions.slots'),
            render: (_: unknown, r) => (
              <Space size={[4, 4]} wrap>
                {r.slots.map((s) => (
                  <Tag key={s.claimId} color={claimColor[s.state] ?? 'default'}>
                    {s.siteName} {s.start}-{s.end} · {t(`sessions.claim.${s.state}`, { defaultValue: s.state })}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            key: 'orderState',
            dataIndex: 'orderState',
            title: t('sessions.state'),
            render: (v: string) => (
              <Tag color={orderColor[v] ?? 'default'}>{(ORDER_STATES as readonly string[]).includes(v) ? t.dynamic('account.stateOf', v) : v}</Tag>
            ),
          },
          { key: 'amountFen', dataIndex: 'amountFen', title: t('sessions.amount'), align: 'right', render: (v: number) => yuan(v) },
          { key: 'paidFen', dataIndex: 'paidFen', title: t('sessions.paid'), align: 'right', render: (v: number) => yuan(v) },
          {
            key: 'checkedInAt',
            dataIndex: 'checkedInAt',
            title: t('sessions.checkedIn'),
            className: 'kit-cell-nowrap',
            render: (v: string | null) => (v ? formatDate(v, lang) : <Typography.Text type="secondary">{t('sessions.notCheckedIn')}</Typography.Text>),
          },
        ]}
      />
    </Card>
  );
}
