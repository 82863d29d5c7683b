import { useMemo, useState } from 'react';
import { Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { Perm, type ClosureRow, type VenueRow, type closureListQuery } from '@venue/contract';
import { ListPage, clockIn, type ResourceDef, type Row } from '../../../kit/index.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { CLOSURE_KEY } from './desk.api.ts';
import { ClosureAdd, ClosureEdit } from './desk.ClosureDialog.tsx';
import { DESK_NS, NoVenue, closurePhase, dt, useDeskT, useVenue, type Phase } from './desk.shared.tsx';

const PHASE_COLORS: Record<Phase, string> = { upcoming: 'blue', inForce: 'red', ended: 'default', cancelled: 'default' };

/** sport.venue.closed (closedManagement, not cached): the venue's closures, a new batch closure after its impact, edits forward in time. */
export default function ClosedPage() {
  const venue = useVenue();
  if (!venue) return <NoVenue />;
  return <ClosedScreen key={venue.id} venue={venue} />;
}

function ClosedScreen({ venue }: { venue: VenueRow }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ClosureRow | null>(null);
  const now = () => clockIn(new Date(), venue.timeZone);

  const def = useMemo<ResourceDef<ClosureRow, Row, z.input<typeof closureListQuery>>>(
    () => ({
      key: CLOSURE_KEY,
      ns: DESK_NS,
      name: 'closure.name',
      endpoint: { prefix: 'sport', path: 'booking/closure' },
      features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false, selection: false },
      search: [
        {
          name: 'state',
          label: 'closure.field.state',
          type: 'select',
          options: [
            { value: 'active', label: 'closure.state.active' },
            { value: 'cancelled', label: 'closure.state.cancelled' },
          ],
        },
      ],
      toolbar: [{ key: 'add', label: 'closure.add', icon: <PlusOutlined />, primary: true, perm: Perm.booking.close, run: () => setAdding(true) }],
      rowActions: [
        { key: 'edit', label: 'kit:edit', perm: Perm.booking.close, visible: (r) => r.state === 'active' && r.to > now(), run: (r) => setEditing(r) },
      ],
      columns: [
        { key: 'siteNames', label: 'closure.field.siteNames', render: (_: unknown, r) => r.siteNames.join(', ') },
        { key: 'from', label: 'closure.field.from', content: 'code' },
        { key: 'to', label: 'closure.field.to', content: 'code' },
        { key: 'reason', label: 'closure.field.reason' },
        {
          key: '$phase',
          label: 'closure.field.phase',
          content: 'tag',
          render: (_: unknown, r) => {
            const p = closurePhase(r, now());
            return (
              <Tag color={PHASE_COLORS[p]} data-testid="closure-phase" data-value={p}>
                {dt(`closure.phase.${p}`)}
              </Tag>
            );
          },
        },
        { key: 'reviewRefunds', label: 'closure.field.reviewRefunds', format: 'yesNo' },
        { key: 'notices', label: 'closure.field.notices', content: 'number', align: 'right', render: (_: unknown, r) => String(r.notices.length) },
        { key: 'createTime', label: 'closure.field.createTime', format: 'datetime' },
      ],
      detailExtra: (r) => <Notices row={r} />,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the columns depend on the venue's time zone only
    [venue.timeZone],
  );

  return (
    <>
      <ListPage def={def} extraFilters={{ stadiumId: venue.id }} />
      <ClosureAdd open={adding} venue={venue} onClose={() => setAdding(false)} />
      <ClosureEdit venue={venue} row={editing} onClose={() => setEditing(null)} />
    </>
  );
}

/** The detail drawer's extra: the notices sent to the buyers whose bookings the closure cancelled. */
function Notices({ row }: { row: ClosureRow }) {
  const t = useDeskT();
  return (
    <>
      <Typography.Title level={5}>{t('closure.notice.title')}</Typography.Title>
      <Table
        size="small"
        rowKey={(n) => `${n.orderId}-${n.message}`}
        dataSource={row.notices}
        pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
        locale={{ emptyText: t('closure.notice.empty') }}
        scroll={{ x: 720 }}
        data-testid="closure-notices"
        columns={[
          {
            key: 'orderNo',
            title: t('closure.notice.orderNo'),
            dataIndex: 'orderNo',
            render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>,
          },
          { key: 'buyer', title: t('closure.notice.buyer'), render: (_: unknown, n) => <span style={{ whiteSpace: 'nowrap' }}>{n.buyer || t('walkin')}</span> },
          { key: 'phone', title: t('closure.notice.phone'), render: (_: unknown, n) => <span style={{ whiteSpace: 'nowrap' }}>{n.phone}</span> },
          {
            key: 'refund',
            title: t('closure.notice.refund'),
            align: 'right',
            render: (_: unknown, n) => <span style={{ whiteSpace: 'nowrap' }}>{yuan(n.refundFen)}</span>,
          },
          { key: 'message', title: t('closure.notice.message'), dataIndex: 'message', width: 320 },
        ]}
      />
    </>
  );
}
