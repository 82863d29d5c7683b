import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { CardUsageRow, cardUsageListQuery } from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import { NS, Signed, cardDetailPath, formatTime, orderDetailPath, usageKindOptions, yuan } from './shared.tsx';

function CardLink({ row }: { row: CardUsageRow }) {
  const navigate = useNavigate();
  return <Typography.Link onClick={() => navigate(cardDetailPath(row.cardId))}>{row.cardNo}</Typography.Link>;
}

function OrderLink({ row }: { row: CardUsageRow }) {
  const navigate = useNavigate();
  return row.orderId && row.orderNo ? <Typography.Link onClick={() => navigate(orderDetailPath(row.orderId!))}>{row.orderNo}</Typography.Link> : <>—</>;
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
    { key: 'cardNo', label: 'field.cardNo', content: 'code', render: (_: unknown, row) => <CardLink row={row} /> },
    { key: 'memberName', label: 'field.usedBy' },
    { key: 'kind', label: 'field.usageKind', options: usageKindOptions },
    { key: '$change', label: 'field.change', content: 'number', align: 'right', render: (_: unknown, row) => <Signed fen={row.amountFen} times={row.times} kind={row.balanceAfterFen !== null ? 'value' : 'times'} /> },
    {
      key: '$after',
      label: 'field.after',
      content: 'number',
      align: 'right',
      render: (_: unknown, row) => (row.balanceAfterFen !== null ? yuan(row.balanceAfterFen) : row.timesAfter !== null ? String(row.timesAfter) : '—'),
    },
    { key: 'orderNo', label: 'field.orderNo', content: 'code', render: (_: unknown, row) => <OrderLink row={row} /> },
    { key: 'businessDay', label: 'field.businessDay', format: 'date', hiddenByDefault: true },
    { key: 'operatorName', label: 'field.operator' },
    { key: 'remark', label: 'field.remark' },
  ],
};

/** sport.card.usage (usageRecord): every debit and credit of every card, with its order. */
export default function UsageRecordPage() {
  return <ListPage def={usageResource} />;
}
