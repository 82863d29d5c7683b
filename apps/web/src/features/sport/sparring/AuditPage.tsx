import { useRef, useState } from 'react';
import { Space, Typography } from 'antd';
import { success } from '../../../app/feedback.tsx';
import type { z } from 'zod';
import { Perm, sparringChangeReject, type SparringChangeRow, type sparringChangeListQuery } from '@venue/contract';
import { ListPage, ReasonDialog, type ListHandle, type ResourceDef } from '../../../kit/index.ts';
import { sparringApi } from './sparring.api.ts';
import { priceText } from './PriceGroupsPage.tsx';
import { NS, actionOptions, changeStateOptions, formatTime, useSparringT } from './shared.tsx';

function Content({ row, side }: { row: SparringChangeRow; side: 'before' | 'after' }) {
  const t = useSparringT();
  const g = row[side];
  if (!g) return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      <span>
        {g.name} · {g.coachLevels.map((l) => t.dynamic('level', l)).join('、')}
      </span>
      {g.prices.map((p, i) => (
        <Typography.Text key={i} type="secondary">
          {priceText(t, p)}
        </Typography.Text>
      ))}
    </Space>
  );
}

let reviewHooks: { approve: (row: SparringChangeRow) => void; reject: (row: SparringChangeRow) => void } = {
  approve: () => undefined,
  reject: () => undefined,
};

export const changeResource: ResourceDef<SparringChangeRow, SparringChangeRow, z.input<typeof sparringChangeListQuery>> = {
  key: 'sparringChange',
  ns: NS,
  name: 'change',
  endpoint: { prefix: 'sport', path: 'sparring/priceChange' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false },
  search: [{ name: 'state', label: 'field.state', type: 'select', options: changeStateOptions }],
  columns: [
    { key: 'groupName', label: 'field.groupName' },
    { key: 'action', label: 'field.action', options: actionOptions },
    { key: '$before', label: 'before', width: 280, render: (_: unknown, row) => <Content row={row} side="before" /> },
    { key: '$after', label: 'after', width: 280, render: (_: unknown, row) => <Content row={row} side="after" /> },
    { key: 'state', label: 'field.state', options: changeStateOptions },
    { key: 'requestedByName', label: 'field.requestedBy' },
    { key: 'requestTime', label: 'field.requestTime', content: 'time', render: (v: string) => formatTime(v) },
    { key: 'reviewedByName', label: 'field.reviewedBy' },
    { key: 'reviewTime', label: 'field.reviewTime', content: 'time', render: (v: string | null) => (v ? formatTime(v) : '') },
    { key: 'reason', label: 'field.reason' },
  ],
  rowActions: [
    {
      key: 'approve',
      label: 'approve',
      perm: Perm.sparringAudit.review,
      visible: (r) => r.state === 'pending',
      confirm: true,
      run: (r) => reviewHooks.approve(r),
    },
    { key: 'reject', label: 'reject', perm: Perm.sparringAudit.review, danger: true, visible: (r) => r.state === 'pending', run: (r) => reviewHooks.reject(r) },
  ],
};

/** sport.sparring.audit (price group add and setting, audit): every change of a price group; another user approves or rejects it. */
export default function AuditPage() {
  const t = useSparringT();
  const list = useRef<ListHandle<SparringChangeRow>>(null);
  const [rejecting, setRejecting] = useState<SparringChangeRow | null>(null);
  reviewHooks = {
    approve: (row) =>
      void sparringApi.approve(row.id).then(
        () => {
          success(t('approved'));
          list.current?.reload();
        },
        () => list.current?.reload(),
      ),
    reject: (row) => setRejecting(row),
  };
  return (
    <>
      <ListPage<SparringChangeRow> def={changeResource} ref={list} />
      <ReasonDialog
        open={!!rejecting}
        title={t('rejectTitle')}
        testId="sparringChange-reject"
        label={t('field.reason')}
        rule={sparringChangeReject.shape.reason}
        onSubmit={async (reason) => {
          await sparringApi.reject(rejecting!.id, reason ?? '');
          success(t('rejected'));
          list.current?.reload();
        }}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}
