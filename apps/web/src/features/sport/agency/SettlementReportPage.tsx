import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { Perm, type AgencyPartyRow, type agencyPartyListQuery } from '@venue/contract';
import { ListPage, useVenueOptions, type ResourceDef } from '../../../kit/index.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { NS, partyOptions, stateOptions } from './agency.shared.ts';
import { useContractOptions } from './ComputeDialog.tsx';
import { StatementDrawer } from './StatementDrawer.tsx';

const partyResource: ResourceDef<AgencyPartyRow, AgencyPartyRow, z.input<typeof agencyPartyListQuery>> = {
  key: 'agencyParty',
  ns: NS,
  name: 'statement.name',
  rowKey: 'key',
  endpoint: { prefix: 'sport', path: 'agency/party' },
  perms: { export: Perm.agencyStatement.export },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, import: false, detail: false },
  search: [
    { name: 'party', label: 'field.party', type: 'select', options: partyOptions },
    { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions },
    { name: 'contractId', label: 'field.contractId', type: 'select', useOptions: useContractOptions },
    { name: 'state', label: 'field.state', type: 'select', options: stateOptions },
    { name: 'days', label: 'field.periodRange', type: 'dateRange', rangeKeys: ['fromDay', 'toDay'] },
  ],
  columns: [
    { key: 'periodStart', label: 'field.periodStart', content: 'code' },
    { key: 'periodEnd', label: 'field.periodEnd', content: 'code' },
    { key: 'party', label: 'field.party', options: partyOptions },
    { key: 'partyName', label: 'field.partyName' },
    { key: 'stadiumName', label: 'field.stadiumName' },
    { key: 'contractName', label: 'field.contractName', hiddenByDefault: true },
    { key: 'shareFen', label: 'field.shareFen', content: 'number', align: 'right', render: (v: number) => yuan(v) },
    { key: 'state', label: 'field.state', options: stateOptions },
    { key: 'paymentRef', label: 'field.paymentRef', content: 'code' },
  ],
};

/** sport.agency.settlement (clearingSettlement/settlementReport): each party's share per period; the statement's detail approves and marks paid; export. */
export default function SettlementReportPage() {
  const [shown, setShown] = useState<number | null>(null);
  const def = useMemo<typeof partyResource>(
    () => ({ ...partyResource, rowActions: [{ key: 'detail', label: 'statement.detail', run: (r) => setShown(r.statementId) }] }),
    [],
  );
  return (
    <div data-testid="agency-settlement-page">
      <ListPage def={def} />
      <StatementDrawer id={shown} onClose={() => setShown(null)} />
    </div>
  );
}
