import { useMemo, useState } from 'react';
import { CalculatorOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { Perm, type AgencyStatementRow, type agencyStatementListQuery } from '@venue/contract';
import { ListPage, clockIn, useCan, useVenueOptions, type ResourceDef } from '../../../kit/index.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { NS, stateOptions } from './agency.shared.ts';
import { ComputeDialog, useContractOptions } from './ComputeDialog.tsx';
import { StatementDrawer } from './StatementDrawer.tsx';

const money = (key: 'grossFen' | 'refundFen' | 'netFen' | 'feeFen' | 'venueFen' | 'partnerFen', hidden = false) => ({
  key,
  label: `field.${key}`,
  content: 'number' as const,
  align: 'right' as const,
  render: (v: number) => yuan(v),
  hiddenByDefault: hidden,
});

const statementResource: ResourceDef<AgencyStatementRow, AgencyStatementRow, z.input<typeof agencyStatementListQuery>> = {
  key: 'agencyStatement',
  ns: NS,
  name: 'statement.name',
  endpoint: { prefix: 'sport', path: 'agency/statement' },
  perms: { export: Perm.agencyStatement.export },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, import: false, detail: false },
  search: [
    { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions },
    { name: 'contractId', label: 'field.contractId', type: 'select', useOptions: useContractOptions },
    { name: 'state', label: 'field.state', type: 'select', options: stateOptions },
    { name: 'days', label: 'field.periodRange', type: 'dateRange', rangeKeys: ['fromDay', 'toDay'] },
  ],
  columns: [
    { key: 'periodStart', label: 'field.periodStart', content: 'code' },
    { key: 'periodEnd', label: 'field.periodEnd', content: 'code' },
    { key: 'stadiumName', label: 'field.stadiumName' },
    { key: 'contractName', label: 'field.contractName', hiddenByDefault: true },
    { key: 'state', label: 'field.state', options: stateOptions },
    money('grossFen'),
    money('refundFen'),
    money('netFen'),
    money('feeFen'),
    money('venueFen', true),
    money('partnerFen', true),
    { key: 'paymentRef', label: 'field.paymentRef', content: 'code' },
    { key: 'approvedAt', label: 'field.approvedAt', content: 'time', render: (v: string | null) => (v ? clockIn(v) : '—'), hiddenByDefault: true },
    { key: 'computedAt', label: 'field.computedAt', content: 'time', render: (v: string) => clockIn(v), hiddenByDefault: true },
  ],
};

/** sport.agency.liquidation (clearingSettlement/liquidationReport): per venue and period, gross, refunds, fees and net by item kind; approve, mark paid, export. */
export default function LiquidationReportPage() {
  const can = useCan();
  const [computing, setComputing] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const def = useMemo<typeof statementResource>(
    () => ({
      ...statementResource,
      toolbar: [
        { key: 'compute', label: 'statement.compute', icon: <CalculatorOutlined />, perm: Perm.agencyStatement.compute, run: () => setComputing(true) },
      ],
      rowActions: [{ key: 'detail', label: 'statement.detail', run: (r) => setShown(r.id) }],
    }),
    [],
  );
  return (
    <div data-testid="agency-liquidation-page">
      <ListPage def={def} />
      {can(Perm.agencyStatement.compute) ? (
        <ComputeDialog
          open={computing}
          onClose={() => setComputing(false)}
          onDone={(id) => {
            setComputing(false);
            setShown(id);
          }}
        />
      ) : null}
      <StatementDrawer id={shown} onClose={() => setShown(null)} />
    </div>
  );
}
