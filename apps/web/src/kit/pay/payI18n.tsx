import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_STATES, PAY_METHODS, PAY_STATES, REFUND_STATES } from '@venue/contract';
import { registerMessages } from '../../app/i18n.ts';
import '../kitI18n.ts';
import type { Option } from '../types.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The pay component's namespace. */
export const PAY_NS = 'pay';
registerMessages(PAY_NS, zh, en);

export type Translate = (key: string, params?: Record<string, unknown>) => string;

export function usePayT(): Translate {
  return useTranslation(PAY_NS).t as unknown as Translate;
}

const opts = <T extends string>(values: readonly T[], prefix: string, colors: Partial<Record<T, string>> = {}): Option[] =>
  values.map((v) => ({ value: v, label: `${prefix}.${v}`, color: colors[v] }));

export const payMethodOptions = opts(PAY_METHODS, 'method');
export const payStateOptions = opts(PAY_STATES, 'payState', { created: 'processing', succeeded: 'green', failed: 'red', closed: 'default' });
export const payRefundStateOptions = opts(REFUND_STATES, 'refundState', {
  applied: 'gold',
  approved: 'blue',
  rejected: 'default',
  succeeded: 'green',
  failed: 'red',
});
export const payOrderStateOptions = opts(ORDER_STATES, 'state', {
  pending: 'gold',
  paid: 'green',
  completed: 'blue',
  cancelled: 'default',
  part_refunded: 'purple',
  refunded: 'magenta',
});

/** A coded value of the pay namespace as its tag (or text when the option has no colour). */
export function PayCodeLabel({ value, options, testId }: { value: string | null | undefined; options: Option[]; testId?: string }) {
  const t = usePayT();
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
