import { useMemo, useRef, useState } from 'react';
import { Button, Card, Col, Empty, Row as GridRow, Select, Space, Statistic, Table, Tabs, Tag, Typography, type InputRef } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ScanOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  Perm,
  gateCreate,
  gateListQuery,
  gateUpdate,
  ticketCheck,
  type ConflictRow,
  type GateRow,
  type ScanRow,
  type TicketCheckAnswer,
} from '@venue/contract';
import { ListPage, ReasonDialog, ScanInput, useCan, type Option, type ResourceDef } from '../../../../kit/index.ts';
import { CameraScanner } from './CameraScanner.tsx';
import { GATE_NS, formatAt, gateApi, gatesQuery, sessionsQuery, useGateT, venuesQuery, type Translate } from './gate.api.ts';

/**
 * sport.ticket.check (spec ticketChecking, issue 13 "Gate checking"): pick a session and a gate,
 * then scan (a scanner gun types the code and Enter; the camera reads the QR code) or type a
 * code. The verdict is shown large: admitted, or refused with the reason and, for a used ticket,
 * when and at which gate it was first used. A ticket outside the session's gate window is refused
 * with the session's times; a supervisor (`Perm.ticket.checkOverride`) may admit it with a reason.
 * The recent scans and the count admitted / sold follow; the offline devices' conflicts and the
 * gates (settings) have their own tabs.
 */
const PICK_KEY = 'venue.ticketCheck.pick';

function readPick(): { sessionId?: number; gateId?: number } {
  try {
    return JSON.parse(localStorage.getItem(PICK_KEY) ?? '{}') as { sessionId?: number; gateId?: number };
  } catch {
    return {};
  }
}

export function useSessionOptions(): Option[] {
  const q = useQuery(sessionsQuery);
  return useMemo(
    () => (q.data?.data ?? []).map((s) => ({ value: s.id, label: `${s.projectName} · ${s.name} · ${formatAt(s.startAt).slice(0, 16)}` })),
    [q.data],
  );
}

export function useGateOptions(): { options: Option[]; gates: GateRow[]; refetch: () => void } {
  const q = useQuery(gatesQuery);
  const gates = q.data?.data ?? [];
  return { gates, options: gates.filter((g) => g.status === 0).map((g) => ({ value: g.id, label: g.name })), refetch: () => void q.refetch() };
}

export function reasonText(t: Translate, reason: string | null | undefined): string {
  return reason ? t.dynamic('check.reasons', reason) : '';
}

export function firstUseText(t: Translate, f: TicketCheckAnswer['firstUse']): string {
  if (!f) return '';
  return (
    t('check.firstUse', { at: formatAt(f.at), gate: f.gateName ?? t('check.unknownGate') }) +
    (f.source === 'offline' && f.deviceId ? t('check.firstUseOffline', { device: f.deviceId }) : '')
  );
}

function Verdict({ answer, onOverride }: { answer: TicketCheckAnswer; onOverride?: () => void }) {
  const t = useGateT();
  const w = answer.window;
  const ok = answer.result === 'admitted';
  const tk = answer.ticket;
  return (
    <div
      data-testid="check-result"
      data-result={answer.result}
      data-reason={answer.reason ?? ''}
      role="status"
      style={{ borderRadius: 12, padding: '20px 24px', marginTop: 16, maxWidth: 720, color: '#fff', background: ok ? '#389e0d' : '#cf1322' }}
    >
      <Space align="start" size={16}>
        <span style={{ fontSize: 48, lineHeight: 1 }}>{ok ? <CheckCircleFilled /> : <CloseCircleFilled />}</span>
        <div>
          <div style={{ fontSize: 28, fontWeight: 600 }}>
            {ok ? t('check.admitted') : t('check.refused')}
            {ok ? null : <span style={{ marginLeft: 12 }}>{reasonText(t, answer.reason)}</span>}
          </div>
          {tk ? (
            <div style={{ fontSize: 16, marginTop: 4 }} data-testid="check-ticket">
              {tk.code} · {tk.projectName} {tk.sessionName} · {[tk.seatLabel, tk.levelName].filter(Boolean).join(' · ')}
              {tk.buyerName ? ` · ${tk.buyerName}` : ''}
            </div>
          ) : null}
          {answer.firstUse ? (
            <div style={{ fontSize: 18, marginTop: 6, fontWeight: 500 }} data-testid="check-first-use">
              {firstUseText(t, answer.firstUse)}
            </div>
          ) : null}
          {w ? (
            <div style={{ fontSize: 18, marginTop: 6, fontWeight: 500 }} data-testid="check-window">
              {answer.overridden ? `${t('check.overridden')} · ` : ''}
              {t('check.window', {
                opens: formatAt(w.opensAt).slice(0, 16),
                closes: formatAt(w.closesAt).slice(0, 16),
                start: formatAt(w.startAt).slice(0, 16),
              })}
            </div>
          ) : null}
          {onOverride && answer.reason === 'outsideWindow' ? (
            <Button size="large" style={{ marginTop: 12 }} onClick={onOverride} data-testid="check-override">
              {t('check.override')}
            </Button>
          ) : null}
        </div>
      </Space>
    </div>
  );
}

export function ScanTable({ rows, loading, testId }: { rows: ScanRow[]; loading?: boolean; testId: string }) {
  const t = useGateT();
  return (
    <Table<ScanRow>
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('check.empty')} /> }}
      data-testid={testId}
      scroll={{ x: 900 }}
      columns={[
        { key: 'at', title: t('check.scannedAt'), dataIndex: 'scannedAt', render: (v: string) => formatAt(v), width: 170 },
        { key: 'code', title: t('check.code'), dataIndex: 'code', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
        { key: 'seat', title: t('check.seat'), render: (_: unknown, r) => [r.seatLabel, r.levelName].filter(Boolean).join(' · ') || '—' },
        { key: 'gate', title: t('gate.gate'), dataIndex: 'gateName', render: (v: string | null) => v ?? '—' },
        {
          key: 'result',
          title: t('check.result'),
          dataIndex: 'result',
          render: (v: ScanRow['result'], r) => (
            <Space size={4} data-testid={`scan-${r.id}`} data-result={v}>
              <Tag color={v === 'admitted' ? 'success' : v === 'conflict' ? 'warning' : 'error'}>{t(`check.results.${v}`)}</Tag>
              {r.reason ? <span>{reasonText(t, r.reason)}</span> : null}
            </Space>
          ),
        },
        {
          key: 'source',
          title: t('check.source'),
          dataIndex: 'source',
          render: (v: ScanRow['source'], r) => (v === 'offline' ? `${t('check.sources.offline')} ${r.deviceId ?? ''}` : t('check.sources.online')),
        },
        { key: 'operator', title: t('check.operator'), dataIndex: 'operatorName', render: (v: string | null) => v ?? '—' },
      ]}
    />
  );
}

function CheckTab() {
  const t = useGateT();
  const sessionOptions = useSessionOptions();
  const { options: gateOptions } = useGateOptions();
  const [pick, setPick] = useState(readPick);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<TicketCheckAnswer | null>(null);
  // The code of the last check, and whether the override dialog is open for it.
  const [last, setLast] = useState('');
  const [overriding, setOverriding] = useState(false);
  const can = useCan();
  const mayOverride = can(Perm.ticket.checkOverride);
  const input = useRef<InputRef>(null);
  const choose = (p: { sessionId?: number; gateId?: number }) => {
    const next = { ...pick, ...p };
    setPick(next);
    setAnswer(null);
    localStorage.setItem(PICK_KEY, JSON.stringify(next));
  };
  const sessionId = sessionOptions.some((o) => o.value === pick.sessionId) ? pick.sessionId : undefined;
  const gateId = gateOptions.some((o) => o.value === pick.gateId) ? pick.gateId : undefined;
  const ready = sessionId !== undefined && gateId !== undefined;
  const counts = useQuery({ queryKey: ['ticketGate', 'summary', sessionId], queryFn: () => gateApi.summary(sessionId!), enabled: sessionId !== undefined });
  const scans = useQuery({
    queryKey: ['ticketGate', 'scans', sessionId],
    queryFn: () => gateApi.scans({ sessionId, pageSize: 20 }),
    enabled: sessionId !== undefined,
  });

  const submit = async (text: string) => {
    const value = text.trim();
    if (!value || !ready || busy) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const a = await gateApi.check({ sessionId: sessionId!, gateId: gateId!, code: value });
      setAnswer(a);
      setLast(value);
      setCode('');
      void scans.refetch();
      void counts.refetch();
    } catch {
      // The request layer shows why (a closed gate, a session gone).
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };
  const shown = answer?.counts ?? counts.data;
  return (
    <div data-testid="check-page">
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <GridRow gutter={[16, 16]} align="middle">
          <Col xs={24} lg={16}>
            <Space wrap size={12}>
              <Select
                style={{ width: 380 }}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('check.pickSession')}
                options={sessionOptions}
                value={sessionId}
                onChange={(v: number) => choose({ sessionId: v })}
                aria-label={t('check.pickSession')}
                data-testid="check-session"
              />
              <Select
                style={{ width: 200 }}
                placeholder={t('check.pickGate')}
                options={gateOptions}
                value={gateId}
                onChange={(v: number) => choose({ gateId: v })}
                aria-label={t('check.pickGate')}
                data-testid="check-gate"
                notFoundContent={t('check.noGate')}
              />
            </Space>
          </Col>
          <Col xs={24} lg={8} style={{ textAlign: 'right' }}>
            {shown ? (
              <Statistic
                title={t('check.counts')}
                value={shown.admitted}
                suffix={`/ ${shown.sold}`}
                valueStyle={{ fontSize: 32 }}
                data-testid="check-counts"
                data-admitted={shown.admitted}
                data-sold={shown.sold}
              />
            ) : null}
          </Col>
        </GridRow>
        <div style={{ marginTop: 16 }}>
          <Space wrap size={12} style={{ width: '100%' }}>
            <div style={{ width: 560, maxWidth: '100%' }}>
              <ScanInput
                inputRef={input}
                large
                autoFocus
                value={code}
                onChange={setCode}
                onSubmit={(v) => void submit(v)}
                placeholder={ready ? t('check.placeholder') : t('check.needSessionGate')}
                buttonLabel={t('check.check')}
                buttonIcon={<ScanOutlined />}
                loading={busy}
                disabled={!ready}
                maxLength={400}
                testId="check-code"
                buttonTestId="check-submit"
              />
            </div>
            <CameraScanner disabled={!ready} onCode={(text) => void submit(text)} testId="check-camera" />
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('check.hint')}
          </Typography.Paragraph>
        </div>
        {answer ? <Verdict answer={answer} onOverride={mayOverride ? () => setOverriding(true) : undefined} /> : null}
        <ReasonDialog
          open={overriding}
          title={t('check.overrideTitle')}
          testId="override"
          label={t('check.overrideReason')}
          rule={ticketCheck.shape.overrideReason.unwrap()}
          onSubmit={async (reason) => {
            const a = await gateApi.check({ sessionId: sessionId!, gateId: gateId!, code: last, overrideReason: reason ?? '' });
            setAnswer(a);
            void scans.refetch();
            void counts.refetch();
          }}
          onClose={() => {
            setOverriding(false);
            input.current?.focus();
          }}
        />
      </Card>
      <Card variant="borderless" title={t('check.recent')}>
        <ScanTable rows={scans.data?.data ?? []} loading={scans.isFetching && !scans.data} testId="check-scans" />
      </Card>
    </div>
  );
}

function ConflictsTab() {
  const t = useGateT();
  const sessionOptions = useSessionOptions();
  const [sessionId, setSessionId] = useState<number | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const q = useQuery({ queryKey: ['ticketGate', 'conflicts', sessionId, pageNum], queryFn: () => gateApi.conflicts({ sessionId, pageNum, pageSize: 20 }) });
  const side = (s: ConflictRow['second'] | null) =>
    s ? (
      <span>
        {formatAt(s.scannedAt)} · {s.gateName ?? t('check.unknownGate')} ·{' '}
        {s.source === 'offline' ? `${t('check.sources.offline')} ${s.deviceId ?? ''}` : t('check.sources.online')}
      </span>
    ) : (
      '—'
    );
  return (
    <Card variant="borderless">
      <Select
        allowClear
        style={{ width: 380, marginBottom: 12 }}
        placeholder={t('check.pickSession')}
        options={sessionOptions}
        value={sessionId}
        onChange={(v?: number) => (setSessionId(v), setPageNum(1))}
        aria-label={t('check.pickSession')}
        data-testid="conflict-session"
      />
      <Table<ConflictRow>
        size="small"
        rowKey="id"
        loading={q.isFetching && !q.data}
        dataSource={q.data?.data ?? []}
        data-testid="conflict-table"
        onRow={(r) => ({ 'data-testid': 'conflict-row', 'data-code': r.code }) as React.HTMLAttributes<HTMLElement>}
        pagination={{ current: pageNum, pageSize: 20, total: q.data?.total ?? 0, onChange: setPageNum, showSizeChanger: false }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('check.empty')} /> }}
        scroll={{ x: 900 }}
        columns={[
          {
            key: 'code',
            title: t('check.conflictTicket'),
            dataIndex: 'code',
            render: (v: string, r) => (
              <Space direction="vertical" size={0}>
                <Typography.Text code>{v}</Typography.Text>
                <Typography.Text type="secondary">{r.sessionName}</Typography.Text>
              </Space>
            ),
          },
          {
            key: 'reason',
            title: t('check.conflictReason'),
            dataIndex: 'reason',
            render: (v: ConflictRow['reason']) => <Tag color="warning">{t(`check.conflictReasons.${v}`)}</Tag>,
          },
          { key: 'first', title: t('check.first'), render: (_: unknown, r) => side(r.first) },
          { key: 'second', title: t('check.second'), render: (_: unknown, r) => side(r.second) },
        ]}
      />
    </Card>
  );
}

const statusOptions: Option[] = [
  { value: 0, label: 'gate.statusOpen' },
  { value: 1, label: 'gate.statusClosed' },
];

function useVenueOptions(): Option[] {
  const q = useQuery(venuesQuery);
  return useMemo(() => (q.data?.data ?? []).map((v) => ({ value: v.id, label: v.name })), [q.data]);
}

const gateResource: ResourceDef<GateRow, z.input<typeof gateCreate> & z.input<typeof gateUpdate>, z.input<typeof gateListQuery>> = {
  key: 'gate',
  ns: GATE_NS,
  name: 'gate.gate',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'ticket/gate' },
  perms: { add: Perm.ticket.gate, edit: Perm.ticket.gate, remove: Perm.ticket.gate },
  features: { export: false, import: false },
  search: [
    { name: 'name', label: 'gate.name' },
    { name: 'status', label: 'gate.status', type: 'select', options: statusOptions, numeric: true },
  ],
  columns: [
    { key: 'name', label: 'gate.name', sorter: true },
    { key: 'venueName', label: 'gate.venue' },
    { key: 'status', label: 'gate.status', options: statusOptions },
    { key: 'remark', label: 'gate.remark', ellipsis: true },
    { key: 'updateTime', label: 'gate.updateTime', format: 'datetime' },
  ],
  form: [
    { name: 'name', label: 'gate.name', rule: gateCreate.shape.name },
    { name: 'venueId', label: 'gate.venue', type: 'select', useOptions: useVenueOptions, numeric: true },
    { name: 'status', label: 'gate.status', type: 'radio', options: statusOptions, initialValue: 0 },
    { name: 'remark', label: 'gate.remark', type: 'textarea', rule: gateCreate.shape.remark, span: 2 },
  ],
};

export default function TicketCheckPage() {
  const t = useGateT();
  const can = useCan();
  const items = [
    { key: 'check', label: t('check.tabCheck'), children: <CheckTab /> },
    { key: 'conflicts', label: t('check.tabConflicts'), children: <ConflictsTab /> },
    ...(can(Perm.ticket.gate) ? [{ key: 'gates', label: t('check.tabGates'), children: <ListPage def={gateResource} /> }] : []),
  ];
  return <Tabs items={items} destroyOnHidden data-testid="check-tabs" />;
}
