import type { z } from 'zod';
import { Perm, type SendLogRow, type sendLogQuery } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { t } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import { channelOptions, sendStatusOptions } from './shared.tsx';

/** The send log: one row per recipient and channel, with its status, attempts, error and rendered text. */
export const sendLogResource: ResourceDef<SendLogRow, object, z.input<typeof sendLogQuery>> = {
  key: 'messageLog',
  ns: 'message',
  name: 'log',
  endpoint: { prefix: 'system', path: 'message/log' },
  features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false, selection: false },
  search: [
    { name: 'businessCode', label: 'field.code' },
    { name: 'channel', label: 'field.channel', type: 'select', options: channelOptions },
    { name: 'status', label: 'field.status', type: 'select', options: sendStatusOptions },
    { name: 'address', label: 'field.address' },
    { name: 'createdRange', label: 'field.createdRange', type: 'dateRange', rangeKeys: ['from', 'to'] },
  ],
  columns: [
    { key: 'createdAt', label: 'field.createdAt', format: 'datetime' },
    { key: 'businessCode', label: 'field.code', content: 'code' },
    { key: 'channel', label: 'field.channel', options: channelOptions },
    { key: 'recipientName', label: 'field.recipientName' },
    { key: 'address', label: 'field.address', content: 'code' },
    { key: 'status', label: 'field.status', options: sendStatusOptions },
    { key: 'attempts', label: 'field.attempts', content: 'number' },
    { key: 'title', label: 'field.title', width: 180, ellipsis: true, hiddenByDefault: true },
    { key: 'content', label: 'field.content', width: 280, ellipsis: true, detailSpan: 2 },
    { key: 'lastError', label: 'field.lastError', width: 200, ellipsis: true, detailSpan: 2, hiddenByDefault: true },
    { key: 'sentAt', label: 'field.sentAt', format: 'datetime', hiddenByDefault: true },
    { key: 'nextAt', label: 'field.nextAt', format: 'datetime', inTable: false },
    { key: 'link', label: 'field.link', inTable: false },
    { key: 'lang', label: 'field.lang', inTable: false },
  ],
  rowActions: [
    {
      key: 'retry',
      label: 'retry',
      perm: Perm.message.log,
      confirm: 'retryConfirm',
      visible: (row) => row.status === 'failed' || row.status === 'unknown',
      run: async (row, ctx) => {
        await http.post(api.system(`message/log/${row.id}/retry`));
        success(t('message:retried'));
        ctx.reload();
      },
    },
  ],
};

/** /message/log. */
export default function LogPage() {
  return <ListPage def={sendLogResource} />;
}
