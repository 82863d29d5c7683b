import { useMemo } from 'react';
import { Tag } from 'antd';
import type { z } from 'zod';
import { Perm, type ExternalItemRow, type externalListQuery } from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../../kit/index.ts';
import { formatTime, yuan } from '../../../../kit/pay/index.ts';
import { NS, distApi, useDistT } from './shared.ts';
import { notify } from '../../../../app/notify.ts';

/**
 * External items (issue 13, spec ticketManagement/projects/externalItem): projects another platform
 * sells, pulled from distributors' feeds. Read-only; Refresh takes their stock and prices from
 * their source again (the selected ones, or all).
 */
export default function ExternalItemPage() {
  const t = useDistT();
  const def = useMemo<ResourceDef<ExternalItemRow, Record<string, never>, z.input<typeof externalListQuery>>>(
    () => ({
      key: 'externalItem',
      ns: NS,
      name: 'field.project',
      endpoint: { prefix: 'sport', path: 'ticket/external-item' },
      features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false, detail: false, selection: true },
      search: [{ name: 'name', label: 'field.name' }],
      columns: [
        { key: 'name', label: 'field.name' },
        { key: 'externalId', label: 'field.externalId' },
        { key: 'distributorName', label: 'field.distributorName' },
        { key: 'venueName', label: 'field.venueName' },
        { key: 'sessions', label: 'field.sessions', content: 'number', render: (v: ExternalItemRow['sessions']) => v.length },
        { key: 'stock', label: 'field.stock', content: 'number', render: (v: number, row) => (row.missing ? <Tag color="red">{t('field.missing')}</Tag> : v) },
        {
          key: '$price',
          label: 'field.priceRange',
          render: (_: unknown, r) => (r.minPriceFen === r.maxPriceFen ? yuan(r.minPriceFen) : `${yuan(r.minPriceFen)} – ${yuan(r.maxPriceFen)}`),
        },
        { key: 'sourceUrl', label: 'field.sourceUrl', ellipsis: true },
        { key: 'refreshTime', label: 'field.refreshTime', render: (v: string) => formatTime(v) },
      ],
      toolbar: [
        {
          key: 'refresh-stock',
          label: 'refresh',
          perm: Perm.ticket.external,
          primary: true,
          run: async (ctx) => {
            const r = await distApi.refresh(ctx.selectedKeys.length ? { ids: ctx.selectedKeys.map(Number) } : {});
            notify.success(t('refreshDone', r));
            ctx.clearSelection();
            ctx.reload();
          },
        },
      ],
    }),
    [t],
  );
  return <ListPage def={def} />;
}
