import { useRef } from 'react';
import type { z } from 'zod';
import { Alert } from 'antd';
import type { BacklogRow, backlogListQuery } from '@venue/contract';
import { useNavigate } from 'react-router';
import { getConfig } from '../../../../app/config.ts';
import { success } from '../../../../app/feedback.tsx';
import { registerMessages, t } from '../../../../app/i18n.ts';
import { http } from '../../../../app/request.ts';
import { ListPage, type Option, type ResourceDef } from '../../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('backlog', zh, en);

const filterOptions: Option[] = [
  { value: 'all', label: 'status.all' },
  { value: 'incomplete', label: 'status.incomplete' },
  { value: 'complete', label: 'status.complete' },
];
const statusOptions: Option[] = [
  { value: 'incomplete', label: 'status.incomplete', color: 'orange' },
  { value: 'complete', label: 'status.complete', color: 'green' },
];

/** The framework's to-do calls (spec 7.2), below the url /config.json publishes. */
const backlogCall = (name: string) => `${getConfig().backlogUrl}api/${name}`;

async function setStatus(ids: number[], status: 'complete' | 'incomplete'): Promise<number> {
  const r = await http.post<{ updated: number }>(backlogCall('update-backlog-status'), { ids, status });
  return r.updated;
}

function backlogResource(open: (link: string) => void): ResourceDef<BacklogRow, object, z.input<typeof backlogListQuery>> {
  return {
    key: 'backlog',
    ns: 'backlog',
    name: 'name',
    nameField: 'title',
    endpoint: { prefix: 'system', path: 'api' },
    api: { list: (body) => http.post(backlogCall('backlog-list'), body) },
    features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false, detail: false },
    search: [
      { name: 'status', label: 'field.status', type: 'select', options: filterOptions },
      { name: 'title', label: 'field.title' },
    ],
    columns: [
      { key: 'title', label: 'field.title', width: 260 },
      { key: 'content', label: 'field.content', width: 300, ellipsis: true },
      { key: 'initiator', label: 'field.initiator', render: (v: string) => v || t('backlog:system') },
      { key: 'status', label: 'field.status', options: statusOptions },
      { key: 'startTime', label: 'field.startTime', format: 'datetime' },
      { key: 'completeTime', label: 'field.completeTime', format: 'datetime' },
    ],
    toolbar: [
      {
        key: 'complete',
        label: 'complete',
        need: 'some',
        primary: true,
        run: async (ctx) => {
          success(t('backlog:completed', { count: await setStatus(ctx.selectedKeys.map(Number), 'complete') }));
          ctx.clearSelection();
          ctx.reload();
        },
      },
    ],
    rowActions: [
      { key: 'open', label: 'open', visible: (row) => !!row.link, run: (row) => open(row.link!) },
      {
        key: 'complete',
        label: 'complete',
        visible: (row) => row.status === 'incomplete',
        run: async (row, ctx) => {
          await setStatus([row.id], 'complete');
          ctx.reload();
        },
      },
      {
        key: 'reopen',
        label: 'reopen',
        visible: (row) => row.status === 'complete',
        run: async (row, ctx) => {
          await setStatus([row.id], 'incomplete');
          ctx.reload();
        },
      },
    ],
  };
}

/** /message/backlog: the signed-in user's to-dos, when the backlog switch is on. */
export default function BacklogPage() {
  const navigate = useNavigate();
  const def = useRef(backlogResource((link) => navigate(link))).current;
  if (!getConfig().backlog) return <Alert type="info" showIcon title={t('backlog:disabled')} data-testid="backlog-disabled" />;
  return <ListPage def={def} />;
}
