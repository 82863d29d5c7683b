import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
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
  REFUND_KINDS,
  REFUND_STATES,
  REFUND_TO,
  TXN_KINDS,
} from '@venue/contract';
import { formatMoney } from '../../../app/format.ts';
import { registerMessages } from '../../../app/i18n.ts';
import { getLang, type Lang } from '../../../app/prefs.ts';
import type { Option } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The commerce screens' texts: one namespace for the feature (orders, payments, refunds, ledger, scan page). */
export const NS = 'commerce';
registerMessages(NS, zh, en);

export type Translate = (key: string, params?: Record<string, unknown>) => string;

export function useCommerceT(): Translate {
  return useTranslation(NS).t as unknown as Translate;
}

/** Money: fen to '¥1,234.50' (the one money format of the commerce screens); '' for nothing. */
export function yuan(fen: number | null | undefined, lang: Lang = getLang()): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '';
  return `${fen < 0 ? '-' : ''}¥${formatMoney(Math.abs(fen), lang)}`;
}

/** Yuan as typed (number or text with at most two decimals) to fen; undefined when empty or not a number. */
export function toFen(v: unknown): number | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const n = typeof v === 'number' ? v : Number(String(v).replace(/,/g, ''));
  if (!Number.isFinite(n)) return undefined;
  return Math.round(n * 100);
}

/** Fen to yuan for an input's value (1234 -> 12.34). */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

/** An instant with its time of day in both languages (receipts, payments, the ledger need the time). */
export function formatTime(value: unknown, lang: Lang = getLang()): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value as string);
  if (!d.isValid()) return '';
  return d.format(lang === 'en-US' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY年MM月DD日 HH:mm:ss');
}

/** The kit sends a date range as two days; instants filters count from the first day's start to the last day's end. */
export function withDayBounds(body: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  const out = { ...body };
  if (typeof out[from] === 'string' && out[from]) out[from] = dayjs(out[from] as string).startOf('day').toISOString();
  if (typeof out[to] === 'string' && out[to]) out[to] = dayjs(out[to] as string).endOf('day').toISOString();
  return out;
}

const opts = <T extends string>(values: readonly T[], prefix: string, colors: Partial<Record<T, string>> = {}): Option[] =>
  values.map((v) => ({ value: v, label: `${prefix}.${v}`, color: colors[v] }));

export const orderStateOptions = opts(ORDER_STATES, 'state', { pending: 'gold', paid: 'green', completed: 'blue', cancelled: 'default', part_refunded: 'purple', refunded: 'magenta' });
export const orderTypeOptions = opts(ORDER_TYPES, 'type');
export const channelOptions = opts(ORDER_CHANNELS, 'channel');
export const methodOptions = opts(PAY_METHODS, 'method');
export const flowOptions = opts(PAY_FLOWS, 'flow');
export const payStateOptions = opts(PAY_STATES, 'payState', { created: 'processing', succeeded: 'green', failed: 'red', closed: 'default' });
export const refundKindOptions = opts(REFUND_KINDS, 'refundKind');
export const refundStateOptions = opts(REFUND_STATES, 'refundState', { applied: 'gold', approved: 'blue', rejected: 'default', succeeded: 'green', failed: 'red' });
export const refundToOptions = opts(REFUND_TO, 'refundTo');
export const legStateOptions = opts(['processing', 'succeeded', 'failed'] as const, 'legState', { processing: 'processing', succeeded: 'green', failed: 'red' });
export const ledgerAccountOptions = opts(LEDGER_ACCOUNTS, 'ledgerAccount');
export const sideOptions = opts(LEDGER_SIDES, 'side', { debit: 'cyan', credit: 'orange' });
export const txnKindOptions = opts(TXN_KINDS, 'txnKind');
export const itemKindOptions = opts(ITEM_KINDS, 'itemKind');
export const holdStateOptions = opts(HOLD_STATES, 'holdState');

/** A coded value as its tag (or text when the option has no colour), for hand-written tables. */
export function CodeLabel({ value, options, testId }: { value: string | null | undefined; options: Option[]; testId?: string }) {
  const t = useCommerceT();
  if (value === null || value === undefined) return null;
  const o = options.find((x) => x.value === value);
  const label = o ? t(o.label) : value;
  return o?.color ? (
    <Tag color={o.color} data-testid={testId} data-value={value}>
      {label}
    </Tag>
  ) : (
    <span data-testid={testId} data-value={value}>
      {label}
    </span>
  );
}
