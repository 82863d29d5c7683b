import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { CardUsageRow, cardUsageListQuery } from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import { NS, Signed, cardDetailPath, formatTime, orderDetailPath, usageKindOptions, yuan } from './shared.tsx';

/** A link whose text is its child (the list measures the column by it). */
function Go({ to, children }: { to: string; children: string }) {
  const navigate = useNavigate();
  return <Typography.Link onClick={() => navigate(to)}>{children}</Typography.Link>;
}

export const usageResource: ResourceDef<CardUsageRow, CardUsageRow, z.input<typeof cardUsageListQuery>> = {
  key: 'cardUsage',
  ns: NS,
  name: 'usage',
  endpoint: { prefix: 'sport', path: 'card/usage' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false },
  search: [
    { name: 'cardNo', label: 'field.cardNo' },
    { name: 'kind', label: 'field.usageKind', type: 'select', options: usageKindOptions },
    { name: 'day', label: 'field.businessDay', type: 'dateRange', rangeKeys: ['dayFrom', 'dayTo'] },
  ],
  columns: [
    { key: 'createTime', label: 'field.time', content: 'time', render: (v: string) => formatTime(v) },
    { key: 'cardNo', label: 'field.cardNo', content: 'code', render: (_: unknown, row) => <Go to={cardDetailPath(row.cardId)}>{row.cardNo}</Go> },
    { key: 'memberName', label: 'field.usedBy' },
    { key: 'kind', label: 'field.usageKind', options: usageKindOptions },
    {
      key: '$change',
      label: 'field.change',
      content: 'number',
      align: 'right',
      width: 120,
      render: (_: unknown, row) => <Signed fen={row.amountFen} times={row.times} kind={row.balanceAfterFen !== null ? 'value' : 'times'} />,
    },
    {
      key: '$after',
      label: 'field.after',
      content: 'number',
      align: 'right',
      width: 120,
      render: (_: unknown, row) => (row.balanceAfterFen !== null ? yuan(row.balanceAfterFen) : row.timesAfter !== null ? String(row.timesAfter) : '—'),
    },
    {
      key: 'orderNo',
      label: 'field.orderNo',
      content: 'code',
      render: (_: unknown, row) => (row.orderId && row.orderNo ? <Go to={orderDetailPath(row.orderId)}>{row.orderNo}</Go> : '—'),
    },
    { key: 'businessDay', label: 'field.businessDay', format: 'date', hiddenByDefault: true },
    { key: 'operatorName', label: 'field.operator' },
    { key: 'remark', label: 'field.remark' },
  ],
};

/** sport.card.usage (usageRecord): every debit and credit of every card, with its order. */
export default function UsageRecordPage() {
  return <ListPage def={usageResource} />;
}
