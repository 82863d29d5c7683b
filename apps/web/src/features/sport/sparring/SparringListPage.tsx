import { useState } from 'react';
import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Perm, type SparringRow, type sparringListQuery } from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import { BookDialog } from './BookDialog.tsx';
import { NS, formatTime, sparringDetailPath, stateOptions, yuan } from './shared.tsx';

function Go({ to, children }: { to: string; children: string }) {
  const navigate = useNavigate();
  return <Typography.Link onClick={() => navigate(to)}>{children}</Typography.Link>;
}

let openBook: () => void = () => undefined;

export const sparringResource: ResourceDef<SparringRow, SparringRow, z.input<typeof sparringListQuery>> = {
  key: 'sparring',
  ns: NS,
  name: 'sparring',
  endpoint: { prefix: 'sport', path: 'sparring' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false },
  search: [
    { name: 'keyword', label: 'field.keyword' },
    { name: 'state', label: 'field.state', type: 'select', options: stateOptions },
    { name: 'date', label: 'field.date', type: 'dateRange', rangeKeys: ['dateFrom', 'dateTo'] },
  ],
  columns: [
    { key: 'orderNo', label: 'field.orderNo', content: 'code', render: (_: unknown, row) => <Go to={sparringDetailPath(row.orderId)}>{row.orderNo}</Go> },
    { key: 'coachName', label: 'field.coach' },
    { key: 'date', label: 'field.date', format: 'date' },
    { key: '$time', label: 'field.time', render: (_: unknown, row) => `${row.start}-${row.end}` },
    { key: 'siteName', label: 'field.site' },
    { key: 'buyerName', label: 'field.buyer' },
    { key: 'buyerPhone', label: 'field.buyerPhone' },
    { key: 'amount', label: 'field.amount', content: 'number', align: 'right', render: (v: number) => yuan(v) },
    { key: 'state', label: 'field.state', options: stateOptions },
    { key: 'createTime', label: 'field.createTime', content: 'time', render: (v: string) => formatTime(v), hiddenByDefault: true },
  ],
  toolbar: [{ key: 'book', label: 'book', perm: Perm.sparring.book, primary: true, need: 'none', run: () => openBook() }],
};

/** sport.sparring.list (servicePersonal/rehearsalService): booked coach hours; book a coach from the toolbar. */
export default function SparringListPage() {
  const [open, setOpen] = useState(false);
  openBook = () => setOpen(true);
  return (
    <>
      <ListPage def={sparringResource} />
      <BookDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
