import type { z } from 'zod';
import { Perm, pickupCreate, type PickupRow, type pickupListQuery } from '@venue/contract';
import { ListPage, MemberSelect, clockIn, useVenueOptions, type ResourceDef } from '../../../kit/index.ts';
import { NS, pickupKindOptions } from './shared.tsx';

/** sport.pickup.records (operatManagement/pickupRecords): prizes and gifts collected at the desk, who handed them over to whom; recorded at the desk. */
const pickupResource: ResourceDef<PickupRow, z.input<typeof pickupCreate>, z.input<typeof pickupListQuery>> = {
  key: 'pickupRecords',
  ns: NS,
  name: 'pickup.name',
  endpoint: { prefix: 'sport', path: 'registration/pickup' },
  features: { edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false },
  perms: { add: Perm.pickup.add, detail: Perm.pickup.list },
  search: [
    { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions },
    { name: 'kind', label: 'field.kind', type: 'select', options: pickupKindOptions },
    { name: 'keyword', label: 'field.keyword' },
    { name: 'days', label: 'field.days', type: 'dateRange', rangeKeys: ['fromDay', 'toDay'] },
  ],
  searchVisible: 4,
  columns: [
    { key: 'time', label: 'field.time', content: 'time', render: (v: string) => clockIn(v) },
    { key: 'memberName', label: 'field.memberName' },
    { key: 'memberPhone', label: 'field.memberPhone', content: 'code' },
    { key: 'kind', label: 'field.kind', options: pickupKindOptions },
    { key: 'itemName', label: 'field.itemName' },
    { key: 'quantity', label: 'field.quantity', content: 'number' },
    { key: 'eventName', label: 'field.eventName' },
    { key: 'handedByName', label: 'field.handedByName' },
    { key: 'stadiumName', label: 'field.stadiumName' },
    { key: 'remark', label: 'field.remark', hiddenByDefault: true },
  ],
  form: [
    { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions, rule: pickupCreate.shape.stadiumId },
    { name: 'memberId', label: 'field.memberId', type: 'custom', rule: pickupCreate.shape.memberId, render: () => <MemberSelect testId="pickup-member" /> },
    { name: 'kind', label: 'field.kind', type: 'select', options: pickupKindOptions, rule: pickupCreate.shape.kind, initialValue: 'prize' },
    { name: 'itemName', label: 'field.itemName', rule: pickupCreate.shape.itemName },
    { name: 'quantity', label: 'field.quantity', type: 'integer', initialValue: 1 },
    { name: 'remark', label: 'field.remark', type: 'textarea', span: 2 },
  ],
  formColumns: 1,
};

export default function PickupRecordsPage() {
  return (
    <div data-testid="pickup-records-page">
      <ListPage def={pickupResource} />
    </div>
  );
}
