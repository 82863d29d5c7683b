import { Tag } from 'antd';
import { z } from 'zod';
import { Perm, wantSeeCreate, type WantSeeRow, type wantSeeListQuery, type wantSeeUpdate } from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../../kit/index.ts';
import { NS, useExtrasT, useProjectOptions } from './shared.tsx';

/**
 * Want-to-see lists (issue 13, spec ticketManagement/projects/wantSeeList): people who registered
 * interest in a project. Staff add them, list and export them; once a session of the project is on
 * sale, a row says they are to be notified (sending the message is the messaging issue's).
 */
function OnSaleTag({ row }: { row: WantSeeRow }) {
  const t = useExtrasT();
  if (row.notifiedAt) return <Tag color="default">{t('onSale.notified')}</Tag>;
  return row.onSale ? (
    <Tag color="orange" data-testid={`wantSee-notify-${row.id}`}>
      {t('onSale.yes')}
    </Tag>
  ) : (
    <Tag>{t('onSale.no')}</Tag>
  );
}

export const wantSeeResource: ResourceDef<WantSeeRow, z.input<typeof wantSeeCreate> & z.input<typeof wantSeeUpdate>, z.input<typeof wantSeeListQuery>> = {
  key: 'wantSee',
  ns: NS,
  name: 'wantSee',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'ticket/wantSee' },
  perms: { add: Perm.ticket.wantSee, edit: Perm.ticket.wantSee, remove: Perm.ticket.wantSee, export: Perm.ticket.wantSee },
  features: { import: false },
  search: [
    { name: 'projectId', label: 'field.project', type: 'select', useOptions: useProjectOptions },
    { name: 'keyword', label: 'field.keyword' },
    { name: 'toNotify', label: 'field.toNotify', type: 'switch' },
  ],
  columns: [
    { key: 'projectName', label: 'field.project' },
    { key: 'name', label: 'field.name', sorter: true },
    { key: 'phone', label: 'field.phone', content: 'code' },
    { key: 'count', label: 'field.count', content: 'number', sorter: true },
    { key: 'note', label: 'field.note', ellipsis: true },
    { key: 'onSale', label: 'field.onSale', content: 'tag', render: (_: boolean, row: WantSeeRow) => <OnSaleTag row={row} /> },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', sorter: true },
  ],
  form: [
    { name: 'projectId', label: 'field.project', type: 'select', useOptions: useProjectOptions, required: true, modes: ['add'] },
    { name: 'name', label: 'field.name', rule: wantSeeCreate.shape.name },
    { name: 'phone', label: 'field.phone', rule: wantSeeCreate.shape.phone },
    { name: 'count', label: 'field.count', type: 'integer', rule: z.number().int().min(1).max(99), initialValue: 1 },
    { name: 'note', label: 'field.note', type: 'textarea', required: false, props: { maxLength: 200, showCount: true } },
  ],
  formColumns: 1,
};

export default function WantSeeListPage() {
  return <ListPage def={wantSeeResource} />;
}
