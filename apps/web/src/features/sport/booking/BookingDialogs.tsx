import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Alert, Descriptions, Form, Input, List, Radio, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Perm, bookingCancel, bookingLock, bookingOrder, type bookingOrderAnswer } from '@venue/contract';
import type { z } from 'zod';
import { confirm, success } from '../../../app/feedback.tsx';
import { queryClient } from '../../../app/query.ts';
import { isApiError } from '../../../app/request.ts';
import {
  FormModal,
  MemberSelect,
  goodsOfPicks,
  CouponField,
  couponOfPick,
  type CouponPick,
  useCan,
  errorFieldsOf,
  fieldErrorsOf,
  focusFirstError,
  useFieldRules,
  type GoodsPick,
} from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { newIdempotencyKey, payApi, refreshCommerce, usePayT, yuan } from '../../../kit/pay/index.ts';
import { bookingApi } from './booking.api.ts';
import { linesOf, type Picked } from './grid.ts';
import { useBookingT, type Translate } from './shared.tsx';
import { CoachStep } from './BookCoachStep.tsx';
import { GoodsStep } from './BookGoodsStep.tsx';

/** After a booking, a lock, an unlock, a cancel or a payment: every grid and plan on screen is refetched. */
export function refreshBooking(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['booking'] });
}

/**
 * Server field errors that name no field of the dialog (`items.0.start`: a slot that has begun,
 * is too far ahead, is not a whole slot) are shown in the dialog, as one list.
 */
function problemsOf(err: unknown, fields: string[]): string[] {
  const list = fieldErrorsOf(err).filter((e) => !fields.includes(e.field));
  if (list.length && isApiError(err)) err.showInPlace();
  return list.map((e) => e.message);
}

function Problems({ list }: { list: string[] }) {
  if (!list.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="booking-problems"
      title={
        list.length === 1 ? (
          list[0]
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {list.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        )
      }
    />
  );
}

/** The selected cells as the dialog lists them: one line per site and run of consecutive slots. */
function Picks({ picked }: { picked: Picked[] }) {
  const t = useBookingT();
  const lines = linesOf(picked).map((l) => {
    const cells = picked.filter((p) => p.siteId === l.siteId && p.start >= l.start && p.end <= l.end);
    return { ...l, siteName: cells[0]?.siteName ?? String(l.siteId), price: cells.reduce((n, p) => n + p.price, 0) };
  });
  const total = picked.reduce((n, p) => n + p.price, 0);
  return (
    <>
      <List
        size="small"
        bordered
        dataSource={lines}
        data-testid="booking-form-items"
        renderItem={(l) => (
          <List.Item>
            <span>
              {l.siteName} · {l.start}–{l.end}
            </span>
            <Typography.Text strong>{yuan(l.price)}</Typography.Text>
          </List.Item>
        )}
      />
      <div style={{ display: 'flex', justifyContent: 'space-between', margin: '8px 4px 16px' }}>
        <Typography.Text type="secondary">{t('book.total')}</Typography.Text>
        <Typography.Text strong data-testid="booking-form-total" data-fen={total}>
          {yuan(total)}
        </Typography.Text>
      </div>
    </>
  );
}

/**
 * What a dialog books or locks: the selection as it was when the dialog opened (the operator
 * confirms what they saw, and a cell taken meanwhile is refused by the server, not silently left
 * out); after a refusal it follows the grid again (the refreshed grid drops the taken cells).
 */
function useDialogPicks(open: boolean, picked: Picked[]): { shown: Picked[]; follow: () => void } {
  const [frozen, setFrozen] = useState<Picked[] | null>(null);
  useEffect(() => {
    setFrozen(open ? picked : null);
    // Only when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the picks are frozen only when the dialog opens
  }, [open]);
  return { shown: open && frozen ? frozen : picked, follow: () => setFrozen(null) };
}

// ---------------------------------------------------------------- book

interface BookValues {
  buyerKind: 'walkin' | 'member';
  buyerName?: string;
  buyerPhone?: string;
  memberId?: number | string | null;
  /** The coach step's choice (0: none). */
  coachId?: number;
  /** The goods step's picks. */
  goods?: GoodsPick[];
  /** The coupon dialog's choice: a shared code, the member's coupons. */
  coupon?: CouponPick;
  remark?: string;
}

export type BookingMade = z.output<typeof bookingOrderAnswer>;

/**
 * Books the selected cells for a walk-in (name and phone optional) or a member (by number until
 * the members module lands): one order, one Idempotency-Key per dialog opened (a repeated click
 * makes one order). Slots taken meanwhile are refused by the server (its message shows and the
 * grid refreshes, so they drop out of the selection here).
 */
export function BookDialog({
  open,
  stadiumId,
  date,
  picked,
  onClose,
  onBooked,
}: {
  open: boolean;
  stadiumId: number;
  date: string;
  picked: Picked[];
  onClose: () => void;
  onBooked: (made: BookingMade) => void;
}) {
  const t = useBookingT();
  const [form] = Form.useForm<BookValues>();
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const key = useMemo(() => (open ? newIdempotencyKey() : ''), [open]);
  const nameRules = useFieldRules({ name: 'buyerName', label: 'book.buyerName', rule: bookingOrder.shape.buyerName });
  const phoneRules = useFieldRules({ name: 'buyerPhone', label: 'book.buyerPhone', rule: bookingOrder.shape.buyerPhone, required: false });
  const memberRules = useFieldRules({ name: 'memberId', label: 'book.memberId', rule: bookingOrder.shape.memberId.unwrap(), required: true });
  const remarkRules = useFieldRules({ name: 'remark', label: 'book.remark', rule: bookingOrder.shape.remark });
  const kind = Form.useWatch('buyerKind', form) ?? 'walkin';
  const { shown, follow } = useDialogPicks(open, picked);
  const can = useCan();
  // A member picked: the cells priced at the member's level, and the member's stored value.
  const memberId = Form.useWatch('memberId', form);
  const mid = open && kind === 'member' && memberId ? Number(memberId) : undefined;
  const coachId = Form.useWatch('coachId', form);
  const canCoach = can(Perm.booking.book);
  const memberGrid = useQuery({
    queryKey: ['booking', 'memberPrice', stadiumId, date, mid ?? 0],
    queryFn: () => bookingApi.grid({ stadiumId, date, memberId: mid }),
    enabled: !!mid,
  });
  const memberTotal = memberGrid.data
    ? shown.reduce((n, p) => n + (memberGrid.data.slots.find((x) => x.siteId === p.siteId && x.start === p.start)?.price ?? p.price), 0)
    : null;
  const accounts = useQuery({
    queryKey: ['booking', 'memberAccounts', mid ?? 0],
    queryFn: () => payApi.accounts({ memberId: mid, pageSize: 50 }),
    enabled: !!mid && can(Perm.account.list),
    retry: false,
  });
  const usable = accounts.data?.data.filter((a) => a.status === 'active') ?? [];
  const balance = usable.reduce((n, a) => n + a.balanceFen, 0);

  // Before the first paint: a click that lands as soon as the dialog shows must not be reset.
  useLayoutEffect(() => {
    if (open) {
      form.resetFields();
      setProblems([]);
    }
  }, [open, form]);

  // Every cell taken meanwhile: nothing left to book.
  useEffect(() => {
    if (open && !shown.length) onClose();
  }, [open, shown.length, onClose]);

  const submit = async () => {
    let v: BookValues;
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    setProblems([]);
    try {
      const made = await bookingApi.order(
        {
          stadiumId,
          date,
          items: linesOf(shown),
          ...(v.buyerKind === 'member'
            ? { memberId: Number(v.memberId) }
            : { buyerName: v.buyerName?.trim() || null, buyerPhone: v.buyerPhone?.trim() || null }),
          remark: v.remark?.trim() || null,
          ...(v.coachId ? { coachId: Number(v.coachId) } : {}),
          ...(v.goods?.length ? { goods: goodsOfPicks(v.goods) } : {}),
          ...couponOfPick(v.coupon),
        },
        key,
      );
      void refreshBooking();
      void refreshCommerce();
      onBooked(made);
    } catch (err) {
      follow();
      setProblems(problemsOf(err, ['buyerName', 'buyerPhone', 'memberId', 'remark']));
      // Goods sold out meanwhile: their stock is read again.
      void queryClient.invalidateQueries({ queryKey: ['kit', 'goods'] });
      // A coach taken meanwhile: the list is read again (the coach drops out of it).
      void queryClient.invalidateQueries({ queryKey: ['booking', 'freeCoaches'] });
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      open={open}
      title={t('book.title', { date })}
      testId="booking-form"
      busy={busy}
      onOk={() => void submit()}
      onClose={onClose}
      width={560}
      isDirty={() => form.isFieldsTouched()}
      okText={t('selection.book')}
    >
      <Problems list={problems} />
      <Picks picked={shown} />
      <Form
        form={form}
        name="booking-form"
        layout="vertical"
        autoComplete="off"
        initialValues={{ buyerKind: 'walkin', coachId: 0 }}
        onFinish={() => void submit()}
      >
        <Form.Item name="buyerKind" label={t('book.buyerKind')}>
          <Radio.Group optionType="button">
            <Radio.Button value="walkin">
              <span data-testid="booking-kind-walkin">{t('book.walkin')}</span>
            </Radio.Button>
            <Radio.Button value="member">
              <span data-testid="booking-kind-member">{t('book.member')}</span>
            </Radio.Button>
          </Radio.Group>
        </Form.Item>
        {kind === 'member' ? (
          <Form.Item name="memberId" label={t('book.memberId')} rules={memberRules} required extra={t('book.memberPrice')}>
            <MemberSelect testId="booking-member" />
          </Form.Item>
        ) : null}
        {kind === 'member' && mid ? (
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} data-testid="booking-member-terms">
            <Descriptions.Item label={t('book.memberTotal')}>
              <Typography.Text strong data-testid="booking-member-total" data-fen={memberTotal ?? ''}>
                {memberTotal === null ? '…' : yuan(memberTotal)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('book.balance')}>
              <span data-testid="booking-member-balance" data-fen={accounts.data ? balance : ''}>
                {!can(Perm.account.list) ? '—' : !accounts.data ? '…' : usable.length ? yuan(balance) : t('book.noAccount')}
              </span>
            </Descriptions.Item>
          </Descriptions>
        ) : null}
        {kind === 'member' ? null : (
          <div style={{ display: 'flex', gap: 12 }}>
            <Form.Item name="buyerName" label={t('book.buyerName')} rules={nameRules} style={{ flex: 1 }}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="buyerPhone" label={t('book.buyerPhone')} rules={phoneRules} style={{ flex: 1 }}>
              <Input maxLength={11} inputMode="tel" />
            </Form.Item>
          </div>
        )}
        {canCoach ? (
          <CoachStep open={open} stadiumId={stadiumId} date={date} picked={shown} memberId={mid} chosen={coachId ? Number(coachId) : undefined} />
        ) : null}
        {can(Perm.goods.sell) ? <GoodsStep open={open} /> : null}
        <Form.Item name="coupon" label={t('book.coupon')}>
          <CouponField id="booking-coupon" memberId={kind === 'member' ? mid : undefined} />
        </Form.Item>
        <Form.Item name="remark" label={t('book.remark')} rules={remarkRules}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </FormModal>
  );
}

// ---------------------------------------------------------------- lock

/** Locks the selected cells with a reason (maintenance, an event); not an order. */
export function LockDialog({
  open,
  stadiumId,
  date,
  picked,
  onClose,
  onLocked,
}: {
  open: boolean;
  stadiumId: number;
  date: string;
  picked: Picked[];
  onClose: () => void;
  onLocked: () => void;
}) {
  const t = useBookingT();
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const reasonRules = useFieldRules({ name: 'reason', label: 'lock.reason', rule: bookingLock.shape.reason, required: true });
  const { shown, follow } = useDialogPicks(open, picked);

  // Before the first paint: a click that lands as soon as the dialog shows must not be reset.
  useLayoutEffect(() => {
    if (open) {
      form.resetFields();
      setProblems([]);
    }
  }, [open, form]);
  useEffect(() => {
    if (open && !shown.length) onClose();
  }, [open, shown.length, onClose]);

  const submit = async () => {
    let v: { reason?: string };
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    setProblems([]);
    try {
      await bookingApi.lock({ stadiumId, date, items: linesOf(shown), reason: (v.reason ?? '').trim() });
      success(t('lock.done', { count: shown.length }));
      void refreshBooking();
      onLocked();
    } catch (err) {
      follow();
      setProblems(problemsOf(err, ['reason']));
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      open={open}
      title={t('lock.title', { date })}
      testId="lock-form"
      busy={busy}
      onOk={() => void submit()}
      onClose={onClose}
      width={520}
      isDirty={() => form.isFieldsTouched()}
      okText={t('selection.lock')}
    >
      <Problems list={problems} />
      <Picks picked={shown} />
      <Form form={form} name="lock-form" layout="vertical" autoComplete="off" onFinish={() => void submit()}>
        <Form.Item name="reason" label={t('lock.reason')} rules={reasonRules} required>
          <Input maxLength={200} />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </FormModal>
  );
}

/** Unlocks a locked cell (after a confirmation). */
export async function unlockCell(claimId: number, what: { site: string; time: string }, t: Translate): Promise<boolean> {
  if (!(await confirm({ content: t('lock.unlockConfirm', what) }))) return false;
  await bookingApi.unlock([claimId]);
  success(t('lock.unlocked'));
  await refreshBooking();
  return true;
}

// ---------------------------------------------------------------- cancel

/** What the cancel dialog cancels: a booking, and the line (one court) it was opened from. */
export interface CancelTarget {
  id: number;
  orderNo: string;
  /** The line of the cell it was opened from, with its words ("2号场 10:00–11:00"): it may be cancelled alone. */
  itemId?: number | null;
  line?: string;
  /** Opened from the line itself (a slot of the booking detail): the line is chosen first. */
  lineFirst?: boolean;
}

/**
 * Cancels a booking, or one line of it (one court of two). The server's quote comes first, in the
 * dialog: what it is taken from, the share, the refund, the fee and the methods it goes back to;
 * one confirmation (with the reason) then cancels exactly that.
 */
export function CancelBookingDialog({ order, onClose, onDone }: { order: CancelTarget | null; onClose: () => void; onDone?: () => void }) {
  const t = useBookingT();
  const payT = usePayT();
  const [form] = Form.useForm<{ reason?: string }>();
  const [scope, setScope] = useState<'whole' | 'line'>('whole');
  const [busy, setBusy] = useState(false);
  const reasonRules = useFieldRules({ name: 'reason', label: 'cancel.reason', rule: bookingCancel.shape.reason });
  const open = !!order;
  const itemId = scope === 'line' && order?.itemId ? order.itemId : undefined;

  useLayoutEffect(() => {
    if (open) {
      form.resetFields();
      setScope(order?.itemId && order.lineFirst ? 'line' : 'whole');
    }
    // Only when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the scope is chosen when the dialog opens
  }, [open, form]);

  const quote = useQuery({
    queryKey: ['booking', 'cancelQuote', order?.id ?? 0, itemId ?? 0],
    queryFn: () => bookingApi.cancelQuote({ orderId: order!.id, ...(itemId ? { itemId } : {}) }),
    enabled: open,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const q = quote.data;
  const lineable = !!order?.itemId && (!q || q.orderState !== 'pending');

  const submit = async () => {
    let v: { reason?: string };
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    try {
      const done = await bookingApi.cancel({ orderId: order!.id, reason: v.reason?.trim() || null, ...(itemId ? { itemId } : {}) });
      void refreshBooking();
      void refreshCommerce();
      success(t('cancel.doneRefund', { refund: yuan(done.refundFen), fee: yuan(done.feeFen) }));
      onDone?.();
      onClose();
    } catch (err) {
      await reactToSaveError(form, err, { reload: () => void quote.refetch() });
    } finally {
      setBusy(false);
    }
  };

  const quoteError = quote.error && isApiError(quote.error) ? quote.error.message : null;
  if (quote.error && isApiError(quote.error)) quote.error.showInPlace();

  return (
    <FormModal
      open={open}
      title={order ? t('cancel.title', { orderNo: order.orderNo }) : ''}
      testId="booking-cancel-form"
      busy={busy}
      onOk={() => void submit()}
      onClose={onClose}
      width={520}
      okText={t('cell.cancel')}
      okDisabled={!q || quote.isFetching}
    >
      {lineable ? (
        <Form.Item label={t('cancel.scope')} style={{ marginBottom: 12 }}>
          <Radio.Group value={scope} onChange={(e) => setScope(e.target.value as 'whole' | 'line')} data-testid="booking-cancel-scope">
            <Radio value="whole">
              <span data-testid="booking-cancel-whole">{t('cancel.whole')}</span>
            </Radio>
            <Radio value="line">
              <span data-testid="booking-cancel-line">{t('cancel.line', { line: order?.line ?? '' })}</span>
            </Radio>
          </Radio.Group>
        </Form.Item>
      ) : null}
      {quoteError ? <Alert type="error" showIcon title={quoteError} style={{ marginBottom: 12 }} data-testid="booking-cancel-problem" /> : null}
      {q ? (
        <div data-testid="booking-cancel-quote" data-item={itemId ?? ''} aria-live="polite">
          {q.orderState === 'pending' ? <Typography.Paragraph type="secondary">{t('cancel.unpaid')}</Typography.Paragraph> : null}
          <List
            size="small"
            bordered
            header={t('cancel.lines')}
            dataSource={q.lines}
            style={{ marginBottom: 12 }}
            renderItem={(l) => (
              <List.Item data-testid={`booking-cancel-item-${l.itemId}`}>
                <span>
                  {l.name} · {l.spec}
                </span>
                <Typography.Text>{yuan(l.amountFen)}</Typography.Text>
              </List.Item>
            )}
          />
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('cancel.amount')}>
              <span data-testid="booking-cancel-amount" data-fen={q.amountFen}>
                {yuan(q.amountFen)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('cancel.percent')}>{`${q.percent}%`}</Descriptions.Item>
            <Descriptions.Item label={t('cancel.fee')}>
              <span data-testid="booking-cancel-fee" data-fen={q.feeFen}>
                {yuan(q.feeFen)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('cancel.refund')}>
              <Typography.Text strong data-testid="booking-cancel-refund" data-fen={q.refundFen}>
                {yuan(q.refundFen)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('cancel.method')} span={2}>
              <span data-testid="booking-cancel-method">
                {q.methods.length ? q.methods.map((m) => payT(`method.${m}`)).join('、') : t('cancel.methodNone')}
              </span>
            </Descriptions.Item>
          </Descriptions>
        </div>
      ) : !quoteError ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : null}
      <Form form={form} name="booking-cancel-form" layout="vertical" autoComplete="off" style={{ marginTop: 12 }} onFinish={() => void submit()}>
        <Form.Item name="reason" label={t('cancel.reason')} rules={reasonRules}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
