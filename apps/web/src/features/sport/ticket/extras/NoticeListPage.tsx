import type { z } from 'zod';
import { Perm, noticeCreate, type NoticeRow, type noticeListQuery, type noticeUpdate } from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../../kit/index.ts';
import { NS, NoticeText, statusOptions } from './shared.tsx';

/**
 * Purchase notices (issue 13, spec ticketManagement/ticketPurchaseNotice): reusable texts a project
 * picks and the sale screen shows. The text keeps its line breaks; `**bold**` and "- " list lines
 * are shown as such.
 */
export const noticeResource: ResourceDef<NoticeRow, z.input<typeof noticeCreate> & z.input<typeof noticeUpdate>, z.input<typeof noticeListQuery>> = {
  key: 'ticketNotice',
  ns: NS,
  name: 'notice',
  nameField: 'title',
  endpoint: { prefix: 'sport', path: 'ticket/notice' },
  perms: { add: Perm.ticket.notice, edit: Perm.ticket.notice, remove: Perm.ticket.notice },
  features: { export: false, import: false },
  search: [
    { name: 'title', label: 'field.title' },
    { name: 'status', label: 'field.status', type: 'select', options: statusOptions },
  ],
  columns: [
    { key: 'title', label: 'field.title', sorter: true },
    { key: 'content', label: 'field.content', ellipsis: true, detailSpan: 2, render: (v: string) => <NoticeText content={v} /> },
    { key: 'status', label: 'field.status', options: statusOptions },
    { key: 'projectCount', label: 'field.projectCount', content: 'number' },
    { key: 'updateTime', label: 'field.updateTime', format: 'datetime', sorter: true },
  ],
  form: [
    { name: 'title', label: 'field.title', rule: noticeCreate.shape.title },
    { name: 'status', label: 'field.status', type: 'radio', options: statusOptions, initialValue: 0 },
    {
      name: 'content',
      label: 'field.content',
      type: 'textarea',
      rule: noticeCreate.shape.content,
      props: { rows: 10, maxLength: 10_000, showCount: true },
      extra: 'hint.content',
    },
  ],
  formColumns: 1,
  formWidth: 640,
};

export default function NoticeListPage() {
  return <ListPage def={noticeResource} />;
}
