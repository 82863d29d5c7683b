import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, DatePicker, Descriptions, Form, Input, Modal, Radio, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Perm, cardDateEdit, cardFreeze, cardManager, cardRecharge, cardRefund, cardTimeBand, type CardRow, type CardShareRow } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import {
  FormModal,
  IntegerInput,
  MemberSelect,
  NumberInput,
  ReasonDialog,
  sportOptions,
  useCan,
  useFieldRules,
  useLabelT,
  useVenueOptions,
} from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { PayDialog, newIdempotencyKey, toFen, yuan } from '../../../kit/pay/index.ts';
import { cardApi, cardKey, refreshCards } from './card.api.ts';
import { BandsInput, type Band } from './inputs.tsx';
import { NS, CardLeft, CodeLabel, ManagerSelect, cardDetailPath, fenToYuan, shareStatusOptions, useCardT, type Translate } from './shared.tsx';

/** The actions on a card, each by its permission and the card's state. */
export type CardAction = 'detail' | 'recharge' | 'freeze' | 'unfreeze' | 'date' | 'manager' | 'rules' | 'refund' | 'shares';

const live = (c: Pick<CardRow, 'status'>) => c.status === 'active' || c.status === 'frozen';

export const CARD_ACTIONS: { key: CardAction; perm: string; visible: (c: CardRow) => boolean; danger?: boolean }[] = [
  { key: 'detail', perm: Perm.card.list, visible: () => true },
  { key: 'recharge', perm: Perm.card.recharge, visible: (c) => c.kind === 'value' && c.status === 'active' },
  { key: 'freeze', perm: Perm.card.freeze, visible: (c) => c.status === 'active' },
  { key: 'unfreeze', perm: Perm.card.freeze, visible: (c) => c.status === 'frozen' },
  { key: 'date', perm: Perm.card.edit, visible: live },
  { key: 'manager', perm: Perm.card.edit, visible: live },
  { key: 'rules', perm: Perm.card.edit, visible: live },
  { key: 'shares', perm: Perm.card.share, visible: live },
  { key: 'refund', perm: Perm.card.refund, visible: live, danger: true },
];

/**
 * The dialogs of the card actions (recharge and its payment, freeze, unfreeze, date edit,
 * manager change, usage rule modification, refund, shared management), for the list and the
 * detail alike: `run(action, card)` opens one; `dialogs` renders them.
 */
export function useCardActions(onChanged?: () => void): { run: (action: CardAction, card: CardRow) => void; dialogs: ReactNode } {
  const navigate = useNavigate();
  const [open, setOpen] = useState<{ action: CardAction; card: CardRow } | null>(null);
  const [paying, setPaying] = useState<number | null>(null);
  const t = useCardT();
  const close = () => setOpen(null);
  const changed = () => {
    refreshCards();
    onChanged?.();
  };
  const run = (action: CardAction, card: CardRow) => {
    if (action === 'detail') navigate(cardDetailPath(card.id));
    else setOpen({ action, card });
  };
  const card = open?.card ?? null;
  const is = (a: CardAction) => open?.action === a;
  const dialogs = (
    <>
      <RechargeDialog
        card={is('recharge') ? card : null}
        onClose={close}
        onOrder={(orderId) => {
          close();
          changed();
          if (orderId) setPaying(orderId);
        }}
      />
      <ReasonDialog
        open={is('freeze') || is('unfreeze')}
        title={card ? t(is('freeze') ? 'freeze.title' : 'unfreeze.title', { cardNo: card.cardNo }) : ''}
        testId="card-freeze-form"
        label={t('field.reason')}
        rule={cardFreeze.shape.reason}
        hint={is('freeze') ? t('freeze.hint') : t('unfreeze.hint')}
        onClose={close}
        onSubmit={async (reason) => {
          const body = { reason: reason ?? undefined, version: card!.version };
          if (is('freeze')) await cardApi.freeze(card!.id, body);
          else await cardApi.unfreeze(card!.id, body);
          success(t(is('freeze') ? 'freeze.done' : 'unfreeze.done', { cardNo: card!.cardNo }));
          changed();
        }}
      />
      <DateDialog card={is('date') ? card : null} onClose={close} onDone={changed} />
      <ManagerDialog card={is('manager') ? card : null} onClose={close} onDone={changed} />
      <RulesDialog card={is('rules') ? card : null} onClose={close} onDone={changed} />
      <RefundDialog card={is('refund') ? card : null} onClose={close} onDone={changed} />
      <SharesDialog card={is('shares') ? card : null} onClose={close} />
      <PayDialog
        orderId={paying}
        open={paying !== null}
        onClose={() => {
          setPaying(null);
          changed();
        }}
        onPaid={() => changed()}
      />
    </>
  );
  return { run, dialogs };
}

/** The action buttons of a card (detail header). */
export function CardButtons({ card, run, except = [] }: { card: CardRow; run: (a: CardAction, c: CardRow) => void; except?: CardAction[] }) {
  const t = useCardT();
  const can = useCan();
  return (
    <Space wrap>
      {CARD_ACTIONS.filter((a) => !except.includes(a.key) && can(a.perm) && a.visible(card)).map((a) => (
        <Button
          key={a.key}
          danger={a.danger}
          type={a.key === 'recharge' ? 'primary' : 'default'}
          onClick={() => run(a.key, card)}
          data-testid={`card-detail-${a.key}`}
        >
          {t(`action.${a.key}`)}
        </Button>
      ))}
    </Space>
  );
}

function Head({ card }: { card: CardRow }) {
  const t = useCardT();
  return (
    <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('field.cardNo')} span={2}>
        {card.cardNo}
      </Descriptions.Item>
      <Descriptions.Item label={t('field.member')}>{card.memberName}</Descriptions.Item>
      <Descriptions.Item label={t('field.typeName')}>{card.typeName}</Descriptions.Item>
      <Descriptions.Item label={card.kind === 'value' ? t('field.balance') : t('field.left')} span={2}>
        <CardLeft card={card} />
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Submits a hand-written form: validation with focus on the first error, a refused save shown at the form. */
function useSubmit<V>(form: ReturnType<typeof Form.useForm<V>>[0], action: (v: V) => Promise<void>, onClose: () => void): [boolean, () => Promise<void>] {
  const { busy, submit } = useFormSubmit(form, async (v) => {
    await action(v);
    onClose();
  });
  return [busy, submit];
}

const yuanRequired = (t: Translate, max?: number) => [
  {
    validator: async (_: unknown, value: unknown) => {
      const fen = toFen(value);
      if (!fen || fen <= 0) throw new Error(t('kit:required'));
      if (max !== undefined && fen > max) throw new Error(t('refund.overBalance'));
    },
  },
];

// ---------------------------------------------------------------- recharge

/** Recharge a value card: the amount makes an order that is paid with the pay component; the bonus tier is credited on payment. */
function RechargeDialog({ card, onClose, onOrder }: { card: CardRow | null; onClose: () => void; onOrder: (orderId: number | null) => void }) {
  const t = useCardT();
  const can = useCan();
  const [form] = Form.useForm<{ amount?: number | string; remark?: string }>();
  const key = useMemo(() => (card ? newIdempotencyKey() : ''), [card]);
  const detail = useQuery({ queryKey: cardKey(card?.id ?? 0), queryFn: () => cardApi.card(card!.id), enabled: !!card });
  const remarkRules = useFieldRules({ name: 'remark', label: 'field.remark', rule: cardRecharge.shape.remark });
  useLayoutEffect(() => {
    if (card) form.resetFields();
  }, [card, form]);
  const amount = toFen(Form.useWatch('amount', form)) ?? 0;
  const tiers = [...(detail.data?.type.rechargeBonus ?? [])].sort((a, b) => b.minFen - a.minFen);
  const bonus = tiers.find((b) => amount >= b.minFen)?.bonusFen ?? 0;
  const [busy, submit] = useSubmit(
    form,
    async (v) => {
      const made = await cardApi.recharge(card!.id, { amountFen: toFen(v.amount)!, remark: v.remark?.trim() || undefined }, key);
      success(t('recharge.created', { orderNo: made.orderNo, amount: yuan(made.amountFen) }));
      onOrder(can(Perm.order.pay) ? made.orderId : null);
    },
    () => undefined,
  );
  return (
    <FormModal
      open={!!card}
      title={card ? t('recharge.title', { cardNo: card.cardNo }) : ''}
      testId="card-recharge-form"
      busy={busy}
      onOk={() => void submit()}
      onClose={onClose}
      width={520}
      okText={t('recharge.ok')}
    >
      {card ? <Head card={card} /> : null}
      <Form form={form} name="card-recharge-form" layout="vertical" autoComplete="off" onFinish={() => void submit()}>
        <Form.Item
          name="amount"
          label={t('field.rechargeYuan')}
          rules={yuanRequired(t)}
          required
          extra={
            tiers.length
              ? t('recharge.tiers', {
                  tiers: [...tiers]
                    .reverse()
                    .map((b) => t('recharge.tier', { min: yuan(b.minFen), bonus: yuan(b.bonusFen) }))
                    .join('；'),
                })
              : undefined
          }
        >
          <NumberInput prefix="¥" />
        </Form.Item>
        {bonus ? (
          <Alert type="success" showIcon style={{ marginBottom: 16 }} title={t('recharge.bonus', { bonus: yuan(bonus) })} data-testid="card-recharge-bonus" />
        ) : null}
        <Form.Item name="remark" label={t('field.remark')} rules={remarkRules}>
          <Input maxLength={200} />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </FormModal>
  );
}

// ---------------------------------------------------------------- date edit

function DateDialog({ card, onClose, onDone }: { card: CardRow | null; onClose: () => void; onDone: () => void }) {
  const t = useCardT();
  const [form] = Form.useForm<{ validTo?: Dayjs; reason?: string }>();
  const reasonRules = useFieldRules({ name: 'reason', label: 'field.reason', rule: cardDateEdit.shape.reason });
  useLayoutEffect(() => {
    if (card) {
      form.resetFields();
      form.setFieldsValue({ validTo: card.validTo ? dayjs(card.validTo) : undefined });
    }
  }, [card, form]);
  const [busy, submit] = useSubmit(
    form,
    async (v) => {
      await cardApi.date(card!.id, { validTo: v.validTo!.format('YYYY-MM-DD'), reason: (v.reason ?? '').trim(), version: card!.version });
      success(t('date.done'));
      onDone();
    },
    onClose,
  );
  return (
    <FormModal
      open={!!card}
      title={card ? t('date.title', { cardNo: card.cardNo }) : ''}
      testId="card-date-form"
      busy={busy}
      onOk={() => void submit()}
      onClose={onClose}
      width={480}
      isDirty={() => form.isFieldsTouched()}
    >
      {card ? (
        <Typography.Paragraph type="secondary">
          {t('date.current')}: {card.validFrom ?? '…'} ~ {card.validTo ?? t('noEnd')}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} name="card-date-form" layout="vertical" autoComplete="off">
        <Form.Item name="validTo" label={t('field.validTo')} rules={[{ required: true, message: t('kit:required') }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reason" label={t('field.reason')} rules={reasonRules} required>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

// ---------------------------------------------------------------- manager change

function ManagerDialog({ card, onClose, onDone }: { card: CardRow | null; onClose: () => void; onDone: () => void }) {
  const t = useCardT();
  const [form] = Form.useForm<{ managerId?: number | null; reason?: string }>();
  const reasonRules = useFieldRules({ name: 'reason', label: 'field.reason', rule: cardManager.shape.reason });
  useLayoutEffect(() => {
    if (card) {
      form.resetFields();
      form.setFieldsValue({ managerId: card.managerId });
    }
  }, [card, form]);
  const [busy, submit] = useSubmit(
    form,
    async (v) => {
      await cardApi.manager(card!.id, { managerId: v.managerId!, reason: v.reason?.trim() || undefined, version: card!.version });
      success(t('manager.done'));
      onDone();
    },
    onClose,
  );
  return (
    <FormModal
      open={!!card}
      title={card ? t('manager.title', { cardNo: card.cardNo }) : ''}
      testId="card-manager-form"
      busy={busy}
      onOk={() => void submit()}
      onClose={onClose}
      width={480}
      isDirty={() => form.isFieldsTouched()}
    >
      <Form form={form} name="card-manager-form" layout="vertical" autoComplete="off">
        <Form.Item name="managerId" label={t('field.manager')} rules={[{ required: true, message: t('kit:required') }]}>
          <ManagerSelect initialName={card?.managerName} />
        </Form.Item>
        <Form.Item name="reason" label={t('field.reason')} rules={reasonRules}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

// ---------------------------------------------------------------- usage rule modification

interface RulesValues {
  perDay?: number | null;
  perWeek?: number | null;
  timeBands?: Band[];
  venueIds?: number[];
  sports?: string[];
  reason?: string;
}

function RulesDialog({ card, onClose, onDone }: { card: CardRow | null; onClose: () => void; onDone: () => void }) {
  const t = useCardT();
  const optionLabel = useLabelT(NS);
  const venues = useVenueOptions();
  const [form] = Form.useForm<RulesValues>();
  const detail = useQuery({ queryKey: cardKey(card?.id ?? 0), queryFn: () => cardApi.card(card!.id), enabled: !!card });
  const d = detail.data;
  useLayoutEffect(() => {
    if (!card || !d || d.id !== card.id) return;
    form.resetFields();
    form.setFieldsValue({ perDay: d.rules.perDay, perWeek: d.rules.perWeek, timeBands: d.rules.timeBands, venueIds: d.rules.venueIds, sports: d.rules.sports });
  }, [card, d, form]);
  const limitRule = useFieldRules({ name: 'perDay', label: 'field.perDay', rule: z.number().int().min(1).max(999), required: false });
  const bandsRule = useFieldRules({ name: 'timeBands', label: 'field.timeBands', rule: z.array(cardTimeBand), required: false });
  const [busy, submit] = useSubmit(
    form,
    async (v) => {
      await cardApi.rules(card!.id, {
        perDay: v.perDay ?? null,
        perWeek: v.perWeek ?? null,
        timeBands: v.timeBands ?? [],
        venueIds: v.venueIds ?? [],
        sports: (v.sports ?? []) as never,
        reason: v.reason?.trim() || undefined,
        version: card!.version,
      });
      success(t('rules.done'));
      onDone();
    },
    onClose,
  );
  return (
    <FormModal
      open={!!card}
      title={card ? t('rulesEdit.title', { cardNo: card.cardNo }) : ''}
      testId="card-rules-form"
      busy={busy || detail.isFetching}
      onOk={() => void submit()}
      onClose={onClose}
      width={620}
      isDirty={() => form.isFieldsTouched()}
    >
      <Typography.Paragraph type="secondary">{t('rulesEdit.hint')}</Typography.Paragraph>
      <Form form={form} name="card-rules-form" layout="vertical" autoComplete="off">
        <Space size={16} style={{ display: 'flex' }}>
          <Form.Item name="perDay" label={t('field.perDay')} rules={limitRule} style={{ flex: 1 }}>
            <IntegerInput />
          </Form.Item>
          <Form.Item name="perWeek" label={t('field.perWeek')} rules={limitRule} style={{ flex: 1 }}>
            <IntegerInput />
          </Form.Item>
        </Space>
        <Form.Item name="venueIds" label={t('field.venueIds')} extra={t('hint.everywhere')}>
          <Select mode="multiple" allowClear options={venues.map((o) => ({ value: o.value as number, label: o.label }))} />
        </Form.Item>
        <Form.Item name="sports" label={t('field.sports')} extra={t('hint.everySport')}>
          <Select mode="multiple" allowClear options={sportOptions.map((o) => ({ value: o.value as string, label: optionLabel(o.label) }))} />
        </Form.Item>
        <Form.Item name="timeBands" label={t('field.timeBands')} rules={bandsRule}>
          <BandsInput />
        </Form.Item>
        <Form.Item name="reason" label={t('field.reason')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

// ---------------------------------------------------------------- refund

/** Refund of the remaining value: goes to the refund review (the card waits frozen). */
function RefundDialog({ card, onClose, onDone }: { card: CardRow | null; onClose: () => void; onDone: () => void }) {
  const t = useCardT();
  const [form] = Form.useForm<{ amount?: number | string; method?: 'cash' | 'transfer'; reason?: string }>();
  const reasonRules = useFieldRules({ name: 'reason', label: 'field.reason', rule: cardRefund.shape.reason });
  // The most its refund may pay back (what was paid for it less what was used): the server's figure.
  const [most, setMost] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (card) {
      form.resetFields();
      form.setFieldsValue({ method: 'cash', amount: undefined });
      setMost(undefined);
    }
  }, [card, form]);
  useEffect(() => {
    if (!card) return;
    let live = true;
    void cardApi.refundQuote(card.id).then((q) => {
      if (!live) return;
      setMost(q.amountFen);
      if (!form.isFieldTouched('amount')) form.setFieldsValue({ amount: fenToYuan(q.amountFen) ?? undefined });
    });
    return () => {
      live = false;
    };
  }, [card, form]);
  const value = card?.kind === 'value';
  const [busy, submit] = useSubmit(
    form,
    async (v) => {
      const done = await cardApi.refund(card!.id, { amountFen: value ? undefined : toFen(v.amount), method: v.method!, reason: (v.reason ?? '').trim() });
      success(t('refund.applied', { refundNo: done.refund.refundNo, amount: yuan(done.refund.amountFen) }));
      onDone();
    },
    onClose,
  );
  return (
    <FormModal
      open={!!card}
      title={card ? t('refund.title', { cardNo: card.cardNo }) : ''}
      testId="card-refund-form"
      busy={busy}
      onOk={() => void submit()}
      onClose={onClose}
      width={520}
      okText={t('refund.ok')}
    >
      {card ? <Head card={card} /> : null}
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('refund.hint')} />
      <Form form={form} name="card-refund-form" layout="vertical" autoComplete="off">
        <Form.Item
          name="amount"
          label={t('field.refundYuan')}
          rules={value ? [] : yuanRequired(t, most)}
          required={!value}
          extra={value ? t('refund.wholeBalance') : most !== undefined ? t('refund.most', { amount: yuan(most) }) : undefined}
        >
          <NumberInput prefix="¥" disabled={value} />
        </Form.Item>
        <Form.Item name="method" label={t('field.refundMethod')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'cash', label: t('refund.cash') },
              { value: 'transfer', label: t('refund.transfer') },
            ]}
          />
        </Form.Item>
        <Form.Item name="reason" label={t('field.reason')} rules={reasonRules} required>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

// ---------------------------------------------------------------- sharing

/** Shared management in a dialog (the list's action): the card's sharers, add, edit, stop. */
function SharesDialog({ card, onClose }: { card: CardRow | null; onClose: () => void }) {
  const t = useCardT();
  return (
    <Modal open={!!card} title={card ? t('share.title', { cardNo: card.cardNo }) : ''} width={860} footer={null} onCancel={onClose} destroyOnHidden>
      {card ? <SharesPanel card={card} /> : null}
    </Modal>
  );
}

/** The sharers of a card (shared management) with the sharer setting: add a member with a limit, edit the limit, stop or resume. */
export function SharesPanel({ card, maxSharers }: { card: CardRow; maxSharers?: number }) {
  const t = useCardT();
  const can = useCan();
  const shares = useQuery({ queryKey: ['card', 'shares', card.id], queryFn: () => cardApi.shares(card.id) });
  const [editing, setEditing] = useState<CardShareRow | 'new' | null>(null);
  const rows = shares.data ?? [];
  const mayEdit = can(Perm.card.share) && (card.status === 'active' || card.status === 'frozen');
  const value = card.kind === 'value';
  const toggle = async (s: CardShareRow) => {
    await cardApi.updateShare(s.id, { status: s.status === 0 ? 1 : 0, version: s.version });
    success(t(s.status === 0 ? 'share.stopped' : 'share.resumed', { name: s.memberName }));
    refreshCards();
  };
  return (
    <div data-testid="card-shares">
      {maxSharers === 0 ? <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('share.notAllowed')} /> : null}
      {mayEdit && (maxSharers === undefined || rows.filter((r) => r.status === 0).length < maxSharers) ? (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => setEditing('new')} data-testid="card-share-add">
            {t('share.add')}
          </Button>
        </Space>
      ) : null}
      <Table<CardShareRow>
        size="small"
        rowKey="id"
        loading={shares.isFetching}
        dataSource={rows}
        pagination={false}
        data-testid="card-share-table"
        locale={{ emptyText: t('share.none') }}
        columns={[
          { key: 'member', title: t('field.member'), dataIndex: 'memberName' },
          { key: 'phone', title: t('field.memberPhone'), dataIndex: 'memberPhone' },
          {
            key: 'limit',
            title: t('field.shareLimit'),
            render: (_: unknown, s) =>
              value
                ? s.limitFen === null
                  ? t('share.noLimit')
                  : yuan(s.limitFen)
                : s.limitTimes === null
                  ? t('share.noLimit')
                  : t('timesN', { n: s.limitTimes }),
          },
          { key: 'used', title: t('field.shareUsed'), render: (_: unknown, s) => (value ? yuan(s.usedFen) : t('timesN', { n: s.usedTimes })) },
          { key: 'status', title: t('field.status'), dataIndex: 'status', render: (v: number) => <CodeLabel value={v} options={shareStatusOptions} /> },
          ...(mayEdit
            ? [
                {
                  key: 'actions',
                  title: t('actions'),
                  render: (_: unknown, s: CardShareRow) => (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => setEditing(s)} data-testid="card-share-edit" data-row-key={s.id}>
                        {t('share.edit')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        danger={s.status === 0}
                        onClick={() => void toggle(s).catch(() => undefined)}
                        data-testid="card-share-toggle"
                        data-row-key={s.id}
                      >
                        {s.status === 0 ? t('share.stop') : t('share.resume')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ShareForm card={card} share={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

/** Sharer setting: a member (new share) and the limit (yuan for a value card, uses otherwise; empty: no limit). */
function ShareForm({ card, share, onClose }: { card: CardRow; share: CardShareRow | 'new' | null; onClose: () => void }) {
  const t = useCardT();
  const [form] = Form.useForm<{ memberId?: number | null; limit?: number | string | null }>();
  const value = card.kind === 'value';
  const isNew = share === 'new';
  useLayoutEffect(() => {
    if (!share) return;
    form.resetFields();
    if (share !== 'new') form.setFieldsValue({ limit: value ? fenToYuan(share.limitFen) : share.limitTimes });
  }, [share, form, value]);
  const limitRules = [
    {
      validator: async (_: unknown, v: unknown) => {
        if (v === null || v === undefined || v === '') return;
        if (Number(v) <= 0) throw new Error(t('share.limitPositive'));
      },
    },
  ];
  const [busy, submit] = useSubmit(
    form,
    async (v) => {
      const limit = v.limit === null || v.limit === undefined || v.limit === '' ? null : v.limit;
      const limits = value ? { limitFen: limit === null ? null : toFen(limit) } : { limitTimes: limit === null ? null : Number(limit) };
      if (share === 'new') await cardApi.share(card.id, { memberId: v.memberId!, ...limits });
      else await cardApi.updateShare(share!.id, { ...limits, version: share!.version });
      success(t(isNew ? 'share.added' : 'share.saved'));
      refreshCards();
    },
    onClose,
  );
  return (
    <FormModal
      open={!!share}
      title={isNew ? t('share.add') : t('share.edit')}
      testId="card-share-form"
      busy={busy}
      onOk={() => void submit()}
      onClose={onClose}
      width={480}
    >
      <Form form={form} name="card-share-form" layout="vertical" autoComplete="off">
        {isNew ? (
          <Form.Item name="memberId" label={t('field.sharer')} rules={[{ required: true, message: t('kit:required') }]}>
            <MemberSelect testId="card-share-member" />
          </Form.Item>
        ) : share ? (
          <Typography.Paragraph strong>{share.memberName}</Typography.Paragraph>
        ) : null}
        <Form.Item name="limit" label={value ? t('field.shareLimitYuan') : t('field.shareLimitTimes')} rules={limitRules} extra={t('share.limitHint')}>
          {value ? <NumberInput prefix="¥" /> : <IntegerInput />}
        </Form.Item>
      </Form>
    </FormModal>
  );
}
