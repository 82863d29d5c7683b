import { useMemo } from 'react';
import type { z } from 'zod';
import type { SalesRow, salesQuery } from '@venue/contract';
import { http, api } from '../../../../app/request.ts';
import { ListPage, type ResourceDef } from '../../../../kit/index.ts';
import { formatTime } from '../../../../kit/pay/index.ts';
import { NS, channelOptions, ticketStateOptions, useProjectOptions } from './shared.ts';

/** Project sales (issue 13, spec ticketManagement/projectSales): every ticket sold, with its channel, distributor and package. */
export default function ProjectSalesPage() {
  const def = useMemo<ResourceDef<SalesRow, Record<string, never>, z.input<typeof salesQuery>>>(
    () => ({
      key: 'projectSales',
      ns: NS,
      name: 'field.code',
      endpoint: { prefix: 'sport', path: 'ticket/sales' },
      api: { list: (body) => http.post(api.sport('ticket/sales'), body) },
      features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false, detail: false, selection: false },
      search: [
        { name: 'projectId', label: 'field.project', type: 'select', useOptions: useProjectOptions },
        { name: 'channel', label: 'field.channel', type: 'select', options: channelOptions },
      ],
      columns: [
        { key: 'code', label: 'field.code' },
        { key: 'projectName', label: 'field.project' },
        { key: 'sessionName', label: 'field.sessionName' },
        { key: 'levelName', label: 'field.levelName' },
        { key: 'channel', label: 'field.channel', options: channelOptions },
        { key: 'distributorName', label: 'field.distributorName' },
        { key: 'packageName', label: 'field.packageName' },
        { key: 'priceFen', label: 'field.soldFen', format: 'money' },
        { key: 'state', label: 'field.state', options: ticketStateOptions },
        { key: 'orderNo', label: 'field.orderNo' },
        { key: 'soldAt', label: 'field.soldAt', render: (v: string | null) => formatTime(v) },
      ],
    }),
    [],
  );
  return <ListPage def={def} />;
}
