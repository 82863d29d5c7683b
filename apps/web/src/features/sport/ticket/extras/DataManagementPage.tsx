import type { z } from 'zod';
import { Perm, type DataOverviewRow, type dataOverviewQuery } from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../../kit/index.ts';
import { NS, useTypeChoiceOptions } from './shared.tsx';

/**
 * Ticketing data (issue 13, spec ticketManagement/dataManagement): what a venue operator checks per
 * project: its sessions (and how many are on sale), when they run, tickets sold, used and refunded,
 * the money taken for tickets, and how many people want to see it; exported to xlsx.
 */
export const dataResource: ResourceDef<DataOverviewRow, never, z.input<typeof dataOverviewQuery>> = {
  key: 'ticketData',
  ns: NS,
  name: 'field.project',
  endpoint: { prefix: 'sport', path: 'ticket/dataManagement' },
  perms: { export: Perm.ticket.data },
  features: { add: false, edit: false, remove: false, batchRemove: false, import: false, detail: false, selection: false },
  search: [
    { name: 'name', label: 'field.project' },
    { name: 'typeId', label: 'field.typeId', type: 'select', useOptions: useTypeChoiceOptions },
  ],
  columns: [
    { key: 'name', label: 'field.project' },
    { key: 'typeName', label: 'field.typeName' },
    { key: 'sessionCount', label: 'field.sessionCount', content: 'number' },
    { key: 'onSaleCount', label: 'field.onSaleCount', content: 'number' },
    { key: 'firstStart', label: 'field.firstStart', format: 'datetime' },
    { key: 'lastStart', label: 'field.lastStart', format: 'datetime', hiddenByDefault: true },
    { key: 'sold', label: 'field.sold', content: 'number' },
    { key: 'used', label: 'field.used', content: 'number' },
    { key: 'refunded', label: 'field.refunded', content: 'number' },
    { key: 'revenueFen', label: 'field.revenueFen', format: 'money' },
    { key: 'wantSee', label: 'field.wantSeeCount', content: 'number' },
  ],
};

export default function DataManagementPage() {
  return <ListPage def={dataResource} />;
}
