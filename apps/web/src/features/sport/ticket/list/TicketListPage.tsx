import { useMemo, useState } from 'react';
import { Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ORDER_CHANNELS, Perm, TICKET_STATES, type TicketRow, type ticketListQuery } from '@venue/contract';
import { ListPage, invalidateResource, type Option, type ResourceDef } from '../../../../kit/index.ts';
import { yuan } from '../../../../kit/pay/index.ts';
import { TICKET_NS, saleApi, useTicketT } from '../sale/shared.ts';
import { CollectDialog, ReprintDialog, ReprintLog, SignedTicketQr } from '../gate/TicketGateParts.tsx';
import { FirstPrintDialog } from '../sale/PrintSold.tsx';
import { TicketRefundDialog } from '../reserve/RefundParts.tsx';
import '../reserve/shared.ts';

/**
 * sport.ticket.list (spec ticketManagement/ticketList, issue 13 "The ticket list"): every ticket
 * sold or held, with its code, project, session, seat or level, buyer, state and order; filters by
 * session, code and state. The detail shows the ticket's code as the QR code the gate scans.
 */
const stateOptions: Option[] = TICKET_STATES.map((s) => ({ value: s, label: `ticket.states.${s}` }));
const channelOptions: Option[] = ORDER_CHANNELS.map((c) => ({ value: c, label: `ticketRules:channel.${c}` }));

function useSessionOptions(): Option[] {
  const sessions = useQuery({ queryKey: ['ticket', 'sale', 'sessions'], queryFn: saleApi.sessions, staleTime: 60_000 });
  return useMemo(() => (sessions.data?.data ?? []).map((s) => ({ value: s.id, label: `${s.projectName ?? ''} · ${s.name}` })), [sessions.data]);
}

function TicketQr({ row }: { row: TicketRow }) {
  const t = useTicketT();
  return (
    <Space direction="vertical" align="center" style={{ width: '100%', marginTop: 16 }} data-testid="ticket-qr" data-code={row.code}>
      <Typography.Text strong>{t('ticket.qr')}</Typography.Text>
      <div style={{ background: '#fff', padding: 12, borderRadius: 8, lineHeight: 0 }} data-testid="ticket-qr-code">
        <QRCodeSVG value={row.code} size={180} level="M" aria-label={row.code} />
      </div>
      <Typography.Text copyable code>
        {row.code}
      </Typography.Text>
    </Space>
  );
}

export default function TicketListPage() {
  const [reprintId, setReprintId] = useState<number | null>(null);
  const [printId, setPrintId] = useState<number | null>(null);
  const [collectCode, setCollectCode] = useState<string | null>(null);
  const [refundId, setRefundId] = useState<number | null>(null);
  const def = useMemo<ResourceDef<TicketRow, Record<string, never>, z.input<typeof ticketListQuery>>>(
    () => ({
      key: 'ticket',
      ns: TICKET_NS,
      name: 'ticket.ticket',
      nameField: 'code',
      endpoint: { prefix: 'sport', path: 'ticket' },
      features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false, selection: false },
      search: [
        { name: 'code', label: 'ticket.code' },
        { name: 'sessionId', label: 'ticket.session', type: 'select', useOptions: useSessionOptions, numeric: true },
        { name: 'state', label: 'ticket.state', type: 'select', options: stateOptions },
      ],
      columns: [
        { key: 'code', label: 'ticket.code', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
        { key: 'projectName', label: 'ticket.project', ellipsis: true },
        { key: 'sessionName', label: 'ticket.session', ellipsis: true },
        { key: '$seat', label: 'ticket.seat', render: (_: unknown, r: TicketRow) => (r.seatLabel ? `${r.seatLabel} · ${r.levelName}` : r.levelName) },
        { key: 'buyerName', label: 'ticket.buyer', render: (v: string | null, r: TicketRow) => [v, r.buyerPhone].filter(Boolean).join(' ') || '—' },
        { key: 'priceFen', label: 'ticket.price', render: (v: number) => yuan(v), inTable: false },
        { key: 'state', label: 'ticket.state', options: stateOptions },
        { key: 'orderNo', label: 'ticket.orderNo' },
        { key: 'channel', label: 'ticketRules:channelTitle', options: channelOptions },
        {
          key: 'viewerName',
          label: 'ticketRules:viewers.viewer',
          render: (v: string | null, r: TicketRow) => (v ? `${v} ${r.viewerIdNo ?? ''}` : '—'),
          inTable: false,
        },
        { key: 'refundNo', label: 'ticketRules:refund.action', render: (v: string | null) => v ?? '—', inTable: false },
        { key: 'createTime', label: 'ticket.createTime', format: 'datetime' },
        { key: 'soldAt', label: 'ticket.soldAt', format: 'datetime', inTable: false },
        { key: 'printedAt', label: 'ticket.printedAt', format: 'datetime', inTable: false },
      ],
      // Gate checking: the signed QR code the gates verify, the reprints; reprint and paper collection.
      detailExtra: (row) => (
        <>
          <TicketQr row={row} />
          <SignedTicketQr ticketId={row.id} state={row.state} />
          <ReprintLog ticketId={row.id} />
        </>
      ),
      rowActions: [
        // A ticket not printed yet prints without a reason; after its first print, a reprint asks one.
        { key: 'print', label: 'print.print', perm: Perm.ticket.reprint, visible: (r) => r.state === 'sold' && !r.printedAt, run: (r) => setPrintId(r.id) },
        {
          key: 'reprint',
          label: 'ticketGate:reprint.reprint',
          perm: Perm.ticket.reprint,
          visible: (r) => r.state === 'sold' && !!r.printedAt,
          run: (r) => setReprintId(r.id),
        },
        {
          key: 'collect',
          label: 'ticketGate:reprint.collect',
          perm: Perm.ticket.collect,
          visible: (r) => r.state === 'sold',
          run: (r) => setCollectCode(r.code),
        },
        // Refund by the session's rules (not a reserved ticket, not one waiting for its refund review).
        {
          key: 'refund',
          label: 'ticketRules:refund.action',
          perm: Perm.ticket.refund,
          visible: (r) => r.state === 'sold' && r.channel !== 'reserved',
          run: (r) => setRefundId(r.id),
        },
      ],
    }),
    [],
  );
  return (
    <>
      <ListPage def={def} />
      <ReprintDialog ticketId={reprintId} onClose={() => setReprintId(null)} />
      <FirstPrintDialog
        ticketId={printId}
        onClose={() => {
          setPrintId(null);
          void invalidateResource('ticket');
        }}
      />
      <CollectDialog code={collectCode} onClose={() => setCollectCode(null)} />
      <TicketRefundDialog
        ticketId={refundId}
        onClose={() => setRefundId(null)}
        onDone={() => {
          setRefundId(null);
          void invalidateResource('ticket');
        }}
      />
    </>
  );
}
