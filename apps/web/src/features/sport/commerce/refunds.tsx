import { Typography } from 'antd';
import { z } from 'zod';
import { NON_ORDER_METHODS, nonOrderRefundApply, type RefundRow, type refundListQuery } from '@venue/contract';
import { t as translate } from '../../../app/i18n.ts';
import type { ColumnDef, ResourceDef, Row, SearchFieldDef } from '../../../kit/index.ts';
import { AccountSelect } from '../../../kit/pay/index.ts';
import { commerceApi } from './commerce.api.ts';
import { RefundLegs } from './RefundLegs.tsx';
import { MemberBuyer, NS, methodOptions, refundStateOptions, refundToOptions, toFen, withDayBounds, yuan } from './shared.tsx';

export type RefundDef = ResourceDef<RefundRow, Row, z.input<typeof refundListQuery>>;
type RefundQuery = z.input<typeof refundListQuery>;

const money = (v: number | null) => yuan(v);

/** The columns of the refund lists (`kind` picks the order or the payee columns). */
export function refundColumns(kind: 'order' | 'non_order' | null): ColumnDef<RefundRow>[] {
  return [
    { key: 'refundNo', label: 'field.refundNo', content: 'code' },
    ...(kind !== 'non_order'
      ? ([
          { key: 'orderNo', label: 'field.orderNo', content: 'code' },
          // The order's member, as the order list shows them (name and masked phone).
          {
            key: '$buyer',
            label: 'field.buyer',
            width: 220,
            render: (_: unknown, row: RefundRow) => (row.memberId === null ? null : <MemberBuyer row={row} testId="refund-member" />),
          },
        ] as ColumnDef<RefundRow>[])
      : []),
    ...(kind !== 'order'
      ? ([
          { key: 'payeeName', label: 'field.payeeName' },
          { key: 'payeePhone', label: 'field.payeePhone', hiddenByDefault: true },
        ] as ColumnDef<RefundRow>[])
      : []),
    { key: 'amountFen', label: 'field.amountFen', render: money, content: 'number', align: 'right', sorter: true },
    kind === 'non_order' ? { key: 'method', label: 'field.method', options: methodOptions } : { key: 'to', label: 'field.to', options: refundToOptions },
    { key: 'state', label: 'field.refundState', options: refundStateOptions },
    { key: 'reason', label: 'field.reason' },
    { key: 'automatic', label: 'field.automatic', format: 'yesNo', hiddenByDefault: true },
    { key: 'appliedByName', label: 'field.appliedByName' },
    { key: 'applyTime', label: 'field.applyTime', format: 'datetime', sorter: true },
    { key: 'reviewedByName', label: 'field.reviewedByName', hiddenByDefault: true },
    { key: 'reviewTime', label: 'field.reviewTime', format: 'datetime', hiddenByDefault: true },
    { key: 'reviewRemark', label: 'field.reviewRemark', inTable: false },
    { key: 'completedAt', label: 'field.completedAt', format: 'datetime', inTable: false },
    { key: 'error', label: 'field.error', inTable: false },
  ];
}

export function refundSearch(kind: 'order' | 'non_order' | null, withState = true): SearchFieldDef<Extract<keyof RefundQuery, string>>[] {
  return [
    { name: 'refundNo', label: 'field.refundNo' },
    ...(kind !== 'non_order' ? [{ name: 'orderNo' as const, label: 'field.orderNo' }] : []),
    ...(withState ? [{ name: 'state' as const, label: 'field.refundState', type: 'select' as const, options: refundStateOptions }] : []),
    { name: 'created', label: 'field.applyTime', type: 'dateRange', rangeKeys: ['createdFrom', 'createdTo'] },
  ];
}

/** A refund list: its filters fixed by `fixed` (kind, state), the detail drawer with the legs and the review. */
export function refundDef(key: string, kind: 'order' | 'non_order' | null, fixed: Record<string, unknown>, withState = true): RefundDef {
  return {
    key,
    ns: NS,
    name: kind === 'non_order' ? 'nonOrderRefund' : 'refund',
    endpoint: { prefix: 'sport', path: 'commerce/refund' },
    features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false },
    defaultSort: { field: 'applyTime', order: 'descend' },
    search: refundSearch(kind, withState),
    columns: refundColumns(kind),
    api: {
      list: (body) => commerceApi.refunds(withDayBounds({ ...body, ...fixed }, 'createdFrom', 'createdTo')),
      get: (row) => commerceApi.refund(row.id),
    },
    detailExtra: (row) => (
      <>
        <Typography.Title level={5}>{translate(`${NS}:detail.legs`)}</Typography.Title>
        <RefundLegs refund={row} />
      </>
    ),
  };
}

const nonOrderMethodOptions = NON_ORDER_METHODS.map((m) => ({ value: m, label: `method.${m}` }));
const N = nonOrderRefundApply.shape;

/** The non-order refund's application form (payee, phone, amount, method, reason). */
export const nonOrderRefundForm: RefundDef['form'] = [
  { name: 'payeeName', label: 'field.payeeName', rule: N.payeeName },
  { name: 'payeePhone', label: 'field.payeePhone', rule: N.payeePhone, type: 'integer', props: { maxLength: 11, asText: true } },
  {
    name: 'amount',
    label: 'refundDialog.amount',
    type: 'number',
    required: true,
    // Yuan as typed: more than nothing, at most what one amount may hold (¥100,000,000.00).
    rule: z.coerce.number().gt(0).max(100_000_000),
  },
  { name: 'method', label: 'field.method', type: 'radio', options: nonOrderMethodOptions, initialValue: 'cash', required: true },
  {
    name: 'accountId',
    label: 'field.accountId',
    type: 'custom',
    required: true,
    hidden: (v) => v.method !== 'balance',
    render: () => <AccountSelect />,
  },
  { name: 'reason', label: 'field.reason', type: 'textarea', rule: N.reason, span: 2 },
];

/** Form values to the contract's body: yuan to fen, the account only for the balance. */
export function nonOrderRefundBody(values: Row): z.input<typeof nonOrderRefundApply> {
  return {
    payeeName: String(values.payeeName ?? '').trim(),
    payeePhone: values.payeePhone ? String(values.payeePhone) : undefined,
    amountFen: toFen(values.amount) ?? 0,
    method: values.method as (typeof NON_ORDER_METHODS)[number],
    accountId: values.method === 'balance' ? (values.accountId as number) : undefined,
    reason: String(values.reason ?? '').trim(),
  };
}
