import { Tag } from 'antd';
import dayjs from 'dayjs';
import {
  HOLD_STATES,
  ITEM_KINDS,
  LEDGER_ACCOUNTS,
  LEDGER_SIDES,
  ORDER_CHANNELS,
  ORDER_STATES,
  ORDER_TYPES,
  PAY_FLOWS,
  PAY_METHODS,
  PAY_STATES,
  REFUND_TO,
  TXN_KINDS,
} from '@venue/contract';
import { registerMessages, t as translate, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { PAY_NS, payRefundStateOptions } from '../../../kit/pay/payI18n.tsx';
import { codeOptions, useLabelT, type Option } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

// The money helpers are the pay component's (kit/pay), shared by every module that sells.
export { formatTime, toFen, yuan } from '../../../kit/pay/money.ts';

/** The commerce screens' texts: one namespace for the feature (orders, payments, refunds, ledger, scan page). */
export const NS = 'commerce';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;

export function useCommerceT(): Translate {
  return useFeatureT<typeof zh>(NS);
}

/** A member buyer as the order and refund lists show them: a member tag, the name (or the number) and the masked phone. */
export function MemberBuyer({
  row,
  testId,
}: {
  row: { memberId: number | null; memberName: string | null; memberPhoneMasked: string | null; buyerName?: string | null };
  testId: string;
}) {
  return (
    <>
      <Tag color="blue">{translate(`${NS}:buyerKind.member`)}</Tag>
      <span data-testid={testId}>
        {row.memberName ?? row.buyerName ?? `#${row.memberId ?? ''}`}
        {row.memberPhoneMasked ? ` ${row.memberPhoneMasked}` : ''}
      </span>
    </>
  );
}

/** The kit sends a date range as two days; instants filters count from the first day's start to the last day's end. */
export function withDayBounds(body: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  const out = { ...body };
  if (typeof out[from] === 'string' && out[from])
    out[from] = dayjs(out[from] as string)
      .startOf('day')
      .toISOString();
  if (typeof out[to] === 'string' && out[to])
    out[to] = dayjs(out[to] as string)
      .endOf('day')
      .toISOString();
  return out;
}

export const orderStateOptions = codeOptions(ORDER_STATES, 'state', {
  pending: 'gold',
  paid: 'green',
  completed: 'blue',
  cancelled: 'default',
  part_refunded: 'purple',
  refunded: 'magenta',
});
export const orderTypeOptions = codeOptions(ORDER_TYPES, 'type');
export const channelOptions = codeOptions(ORDER_CHANNELS, 'channel');
export const methodOptions = codeOptions(PAY_METHODS, 'method');
export const flowOptions = codeOptions(PAY_FLOWS, 'flow');
export const payStateOptions = codeOptions(PAY_STATES, 'payState', { created: 'processing', succeeded: 'green', failed: 'red', closed: 'default' });
// The pay kit's refund states (one set of words), named across namespaces for this feature's translations.
export const refundStateOptions: Option[] = payRefundStateOptions.map((o) => ({ ...o, label: `${PAY_NS}:${o.label}` }));
export const refundToOptions = codeOptions(REFUND_TO, 'refundTo');
export const legStateOptions = codeOptions(['processing', 'succeeded', 'failed'] as const, 'legState', {
  processing: 'processing',
  succeeded: 'green',
  failed: 'red',
});
export const ledgerAccountOptions = codeOptions(LEDGER_ACCOUNTS, 'ledgerAccount');
export const sideOptions = codeOptions(LEDGER_SIDES, 'side', { debit: 'cyan', credit: 'orange' });
export const txnKindOptions = codeOptions(TXN_KINDS, 'txnKind');
export const itemKindOptions = codeOptions(ITEM_KINDS, 'kit:itemKind');
export const holdStateOptions = codeOptions(HOLD_STATES, 'holdState');

/** A coded value as its tag (or text when the option has no colour), for hand-written tables. */
export function CodeLabel({ value, options, testId }: { value: string | null | undefined; options: Option[]; testId?: string }) {
  const label = useLabelT(NS);
  if (value === null || value === undefined) return null;
  const o = options.find((x) => x.value === value);
  const text = o ? label(o.label) : value;
  return o?.color ? (
    <Tag color={o.color} data-testid={testId} data-value={value}>
      {text}
    </Tag>
  ) : (
    <span data-testid={testId} data-value={value}>
      {text}
    </span>
  );
}
