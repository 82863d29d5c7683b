import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Perm, type OpsReportKind, type OpsReportRow, type opsReportQuery } from '@venue/contract';
import type { z } from 'zod';
import { api, downloadFile, http } from '../../../app/request.ts';
import { FILE_TIMEOUT_MS, ListPage, useVenueOptions, type ResourceDef } from '../../../kit/index.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { NS, detailPath } from './shared.ts';

type Query = z.input<typeof opsReportQuery>;

/** A list of one kind of report: generated for a venue and period, opened to read, edit and see the log; exported as xlsx. */
export function ReportListPage({ kind }: { kind: OpsReportKind }) {
  const navigate = useNavigate();
  const def = useMemo<ResourceDef<OpsReportRow, Record<string, unknown>, Omit<Query, 'kind'>>>(
    () => ({
      key: `ops-report-${kind}`,
      ns: NS,
      name: 'report',
      endpoint: { prefix: 'sport', path: 'opsReport' },
      perms: { add: Perm.opsReport.generate },
      features: { edit: false, remove: false, batchRemove: false, import: false, selection: false, detail: false },
      api: {
        list: (body) => http.post(api.sport('opsReport/list'), { ...body, kind }),
        create: (body) => http.post(api.sport('opsReport/generate'), { ...body, kind }),
        export: (body) =>
          downloadFile({ url: api.sport('opsReport/export'), method: 'POST', data: { ...body, kind }, timeout: FILE_TIMEOUT_MS }, `ops-report-${kind}.xlsx`),
      },
      search: [
        { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions, numeric: true },
        { name: '$period', label: 'field.period', type: 'dateRange', rangeKeys: ['from', 'to'] },
      ],
      columns: [
        { key: 'stadiumName', label: 'field.stadiumId', width: 160 },
        { key: '$period', label: 'field.period', width: 210, render: (_: unknown, r) => `${r.from} ~ ${r.to}` },
        { key: '$revenue', label: 'field.revenueFen', render: (_: unknown, r) => yuan(r.figures.revenueFen) },
        { key: '$refund', label: 'field.refundFen', render: (_: unknown, r) => yuan(r.figures.refundFen) },
        { key: '$net', label: 'field.netFen', render: (_: unknown, r) => yuan(r.figures.netFen) },
        { key: '$orders', label: 'field.orders', width: 90, render: (_: unknown, r) => r.figures.orders },
        { key: 'version', label: 'field.version', width: 80 },
        { key: 'updateTime', label: 'field.updateTime', format: 'datetime', width: 170 },
      ],
      form: [
        { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions, numeric: true, required: true },
        { name: 'from', label: kind === 'weekly' ? 'field.week' : 'field.from', type: 'date', required: true },
        ...(kind === 'final' ? [{ name: 'to', label: 'field.to', type: 'date' as const, required: true }] : []),
      ],
      rowActions: [{ key: 'detail', label: 'action.detail', run: (r) => navigate(detailPath(kind, r.id)) }],
    }),
    [kind, navigate],
  );
  return <ListPage def={def} />;
}
