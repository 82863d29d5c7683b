import { useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Perm, RESERVATION_STATES, TICKET_ORDER_MAX, reservationCreate, reservationReview, type ReservationRow, type ReservationState } from '@venue/contract';
import { success } from '../../../../app/feedback.tsx';
import { sessionStore } from '../../../../app/session.ts';
import { FormModal, ReasonDialog, useCan, useFieldRules } from '../../../../kit/index.ts';
import { reactToSaveError } from '../../../../kit/form.ts';
import { formatTime, yuan } from '../../../../kit/pay/index.ts';
import { saleApi } from '../sale/shared.ts';
import { rulesApi, useRulesT } from './shared.ts';
import { ViewersFields, viewerErrors, viewersBody, type ViewerValues } from './ViewersFields.tsx';

/**
 * sport.ticket.reserve (spec sellTicketYL/book, issue 13 "Reserved ticket issuing"): staff request
 * tickets for sponsors and staff with no payment, seats or a quantity of a level, with a reason and
 * perhaps a named approver; the request holds them at once. A user with the approve right, never
 * the requester, approves (the tickets are issued, channel "reserved") or rejects (released).
 */

const STATE_COLORS: Record<ReservationState, string> = { pending: 'gold', approved: 'green', rejected: 'default', lapsed: 'default' };

interface RequestValues {
  sessionId?: number;
  seatIds?: number[];
  levelId?: number;
  quantity?: number;
  reason?: string;
  recipientName?: string;
  recipientPhone?: string;
  approverId?: number;
  /** A real-name project's viewers, one per ticket. */
  viewers?: ViewerValues[];
}

function RequestDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const t = useRulesT();
  const [form] = Form.useForm<RequestValues>();
  const [busy, setBusy] = useState(false);
  const sessionId = Form.useWatch('sessionId', form);
  const seatIds = Form.useWatch('seatIds', form);
  const quantity = Form.useWatch('quantity', form);
  const sessions = useQuery({ queryKey: ['ticket', 'sale', 'sessions'], queryFn: saleApi.sessions, enabled: open });
  const onSale = (sessions.data?.data ?? []).filter((s) => s.onSale !== false && s.status !== 1);
  const session = onSale.find((s) => s.id === sessionId);
  const seats = useQuery({ queryKey: ['ticket', 'sale', 'seats', sessionId], queryFn: () => saleApi.seats(sessionId!), enabled: open && !!session?.seated });
  const approvers = useQuery({ queryKey: ['ticket', 'reserve', 'approvers'], queryFn: rulesApi.approvers, enabled: open, staleTime: 60_000 });
  const reasonRules = useFieldRules({ name: 'reason', label: t('reserve.reason'), rule: reservationCreate.shape.reason });
  const phoneRules = useFieldRules({ name: 'recipientPhone', label: t('reserve.recipientPhone'), rule: reservationCreate.shape.recipientPhone });
  const levelName = new Map((session?.levels ?? []).map((l) => [l.id, l.name]));
  const freeSeats = (seats.data?.seats ?? []).filter((s) => s.state === 'free' && s.levelId !== null);
  const realName = session?.realName === 'per_id';
  const ticketCount = session?.seated ? (seatIds?.length ?? 0) : (quantity ?? 0);

  const submit = async () => {
    let v: RequestValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const viewers = realName ? viewersBody(v.viewers, ticketCount) : undefined;
      const base = {
        sessionId: v.sessionId!,
        reason: v.reason ?? '',
        recipientName: v.recipientName || undefined,
        recipientPhone: v.recipientPhone || null,
        approverId: v.approverId ?? null,
        viewers,
      };
      await rulesApi.request(session?.seated ? { ...base, seatIds: v.seatIds ?? [] } : { ...base, levelId: v.levelId, quantity: v.quantity ?? 1 });
      success(t('reserve.requested'));
      form.resetFields();
      onDone();
    } catch (err) {
      // A viewer refused (invalid, twice, already holding a ticket of the session) is shown at its field.
      if (!viewerErrors(form, err)) await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      open={open}
      title={t('reserve.addTitle')}
      testId="reserve-form"
      busy={busy}
      width={620}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      <Alert type="info" showIcon message={t('reserve.heldNote')} style={{ marginBottom: 16 }} />
      <Form form={form} name="reserve-form" layout="vertical" autoComplete="off" initialValues={{ quantity: 1 }}>
        <Form.Item name="sessionId" label={t('reserve.session')} rules={[{ required: true, message: t('reserve.pickSession') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('reserve.pickSession')}
            options={onSale.map((s) => ({ value: s.id, label: `${s.projectName ?? ''} · ${s.name} · ${formatTime(s.startAt)}` }))}
            onChange={() => form.setFieldsValue({ seatIds: [], levelId: undefined, viewers: [] })}
            data-testid="reserve-form-session"
          />
        </Form.Item>
        {session?.seated ? (
          <Form.Item name="seatIds" label={t('reserve.seats')} rules={[{ required: true, message: t('reserve.pickSeats') }]}>
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              maxCount={TICKET_ORDER_MAX}
              loading={seats.isFetching}
              placeholder={t('reserve.pickSeats')}
              options={freeSeats.map((s) => ({ value: s.id, label: `${s.zone} ${s.row}-${s.no} · ${levelName.get(s.levelId!) ?? ''} · ${yuan(s.price)}` }))}
              data-testid="reserve-form-seats"
            />
          </Form.Item>
        ) : session ? (
          <Space.Compact block>
            <Form.Item name="levelId" label={t('reserve.level')} rules={[{ required: true, message: t('reserve.level') }]} style={{ flex: 1 }}>
              <Select
                options={session.levels.map((l) => ({ value: l.id, label: `${l.name} · ${yuan(l.price)} · ${l.available}`, disabled: l.available <= 0 }))}
                data-testid="reserve-form-level"
              />
            </Form.Item>
            <Form.Item name="quantity" label={t('reserve.quantity')} rules={[{ required: true }]}>
              <InputNumber min={1} max={TICKET_ORDER_MAX} precision={0} data-testid="reserve-form-quantity" />
            </Form.Item>
          </Space.Compact>
        ) : null}
        {realName ? <ViewersFields form={form} count={ticketCount} perBuyerLimit={null} testId="reserve-form" fromBuyer={false} /> : null}
        <Form.Item name="reason" label={t('reserve.reason')} rules={reasonRules} required>
          <Input.TextArea maxLength={200} showCount rows={2} placeholder={t('reserve.reasonHint')} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="recipientName" label={t('reserve.recipient')} style={{ flex: 1 }}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="recipientPhone" label={t('reserve.recipientPhone')} rules={phoneRules} style={{ flex: 1 }}>
            <Input maxLength={11} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="approverId" label={t('reserve.approver')}>
          <Select
            allowClear
            placeholder={t('reserve.anyApprover')}
            loading={approvers.isLoading}
            options={(approvers.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
            data-testid="reserve-form-approver"
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export default function ReservePage() {
  const t = useRulesT();
  const can = useCan();
  const me = Number(sessionStore.get().userId) || null;
  const qc = useQueryClient();
  const [state, setState] = useState<ReservationState | undefined>();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [adding, setAdding] = useState(false);
  const [reviewing, setReviewing] = useState<{ row: ReservationRow; approve: boolean } | null>(null);
  const list = useQuery({ queryKey: ['ticket', 'reserve', 'list', state, page], queryFn: () => rulesApi.reservations({ ...page, state }) });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['ticket', 'reserve', 'list'] });
    void qc.invalidateQueries({ queryKey: ['ticket', 'sale'] });
  };
  const stateOptions = useMemo(() => RESERVATION_STATES.map((s) => ({ value: s, label: t(`reserve.states.${s}`) })), [t]);

  return (
    <Card
      variant="borderless"
      title={t('reserve.title')}
      data-testid="reserve"
      extra={
        <Space>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('reserve.filterState')}
            options={stateOptions}
            value={state}
            onChange={(v) => setState(v)}
            data-testid="reserve-filter-state"
            aria-label={t('reserve.filterState')}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} aria-label="reload" />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="reserve-add">
            {t('reserve.add')}
          </Button>
        </Space>
      }
    >
      <Table<ReservationRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        data-testid="reserve-table"
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        onRow={(r) => ({ 'data-testid': `reserve-row-${r.id}`, 'data-state': r.state }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'session', title: t('reserve.session'), width: 220, render: (_, r) => `${r.projectName} · ${r.sessionName}`, ellipsis: true },
          { key: 'items', dataIndex: 'items', title: t('reserve.items'), width: 160, ellipsis: true },
          { key: 'value', dataIndex: 'valueFen', title: t('reserve.value'), width: 110, align: 'right', render: (v: number) => yuan(v) },
          { key: 'reason', dataIndex: 'reason', title: t('reserve.reason'), width: 180, ellipsis: true },
          {
            key: 'recipient',
            title: t('reserve.recipient'),
            width: 150,
            ellipsis: true,
            render: (_, r) => [r.recipientName, r.recipientPhone].filter(Boolean).join(' ') || '—',
          },
          {
            key: 'state',
            dataIndex: 'state',
            title: t('reserve.state'),
            width: 110,
            render: (v: ReservationState) => <Tag color={STATE_COLORS[v]}>{t(`reserve.states.${v}`)}</Tag>,
          },
          { key: 'requestedBy', title: t('reserve.requestedBy'), width: 130, ellipsis: true, render: (_, r) => r.requestedByName ?? '—' },
          {
            key: 'approver',
            title: t('reserve.reviewedBy'),
            width: 150,
            ellipsis: true,
            render: (_, r) => r.reviewedByName ?? (r.approverName ? `${r.approverName} (${t('reserve.approver')})` : '—'),
          },
          { key: 'remark', dataIndex: 'reviewRemark', title: t('reserve.remark'), width: 140, ellipsis: true, render: (v: string | null) => v ?? '—' },
          {
            key: 'createTime',
            dataIndex: 'createTime',
            title: t('reserve.createTime'),
            width: 180,
            className: 'kit-cell-nowrap',
            render: (v: string) => formatTime(v),
          },
          {
            key: 'actions',
            fixed: 'right',
            title: '',
            width: 130,
            render: (_, r) => {
              if (r.state !== 'pending' || !can(Perm.ticket.reserveApprove)) return null;
              const own = r.requestedBy === me;
              const other = r.approverId !== null && r.approverId !== me;
              const btns = (
                <Space size={4}>
                  <Button
                    size="small"
                    type="link"
                    disabled={own || other}
                    onClick={() => setReviewing({ row: r, approve: true })}
                    data-testid={`reserve-approve-${r.id}`}
                  >
                    {t('reserve.approve')}
                  </Button>
                  <Button
                    size="small"
                    type="link"
                    danger
                    disabled={own || other}
                    onClick={() => setReviewing({ row: r, approve: false })}
                    data-testid={`reserve-reject-${r.id}`}
                  >
                    {t('reserve.reject')}
                  </Button>
                </Space>
              );
              return own ? <Tooltip title={t('reserve.ownHint')}>{btns}</Tooltip> : btns;
            },
          },
        ]}
      />
      <RequestDialog
        open={adding}
        onClose={() => setAdding(false)}
        onDone={() => {
          setAdding(false);
          refresh();
        }}
      />
      <ReasonDialog
        open={!!reviewing}
        title={reviewing?.approve ? t('reserve.approveTitle') : t('reserve.rejectTitle')}
        testId="reserve-review"
        label={t('reserve.remark')}
        rule={reservationReview.shape.remark}
        hint={
          <Typography.Text type="secondary">
            {reviewing ? `${reviewing.row.items} · ${reviewing.row.reason} — ${reviewing.approve ? t('reserve.approveHint') : t('reserve.rejectHint')}` : null}
          </Typography.Text>
        }
        onClose={() => setReviewing(null)}
        onSubmit={async (remark) => {
          await rulesApi.review(reviewing!.row.id, { approve: reviewing!.approve, remark: remark ?? undefined });
          success(t('reserve.reviewed'));
          setReviewing(null);
          refresh();
        }}
      />
    </Card>
  );
}
