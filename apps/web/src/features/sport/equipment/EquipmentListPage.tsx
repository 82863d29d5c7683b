import { Tag, Typography } from 'antd';
import type { z } from 'zod';
import { DEVICE_ONLINE_SECONDS, Perm, deviceCreate, type DeviceRow, type deviceListQuery, type deviceUpdate } from '@venue/contract';
import { ListPage, useVenueOptions, type ResourceDef } from '../../../kit/index.ts';
import { NS, kindOptions, onlineOptions, useEquipmentT, useGolfBayOptions } from './shared.tsx';

function Online({ row }: { row: DeviceRow }) {
  const t = useEquipmentT();
  return (
    <Tag color={row.online ? 'green' : 'default'} data-testid={`device-online-${row.id}`} data-value={row.online ? 'online' : 'offline'}>
      {t(row.online ? 'online.1' : 'online.0')}
    </Tag>
  );
}

export const deviceResource: ResourceDef<DeviceRow, z.input<typeof deviceCreate> & z.input<typeof deviceUpdate>, z.input<typeof deviceListQuery>> = {
  key: 'device',
  ns: NS,
  name: 'device',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'equipment/device' },
  perms: { add: Perm.equipment.add, edit: Perm.equipment.edit, remove: Perm.equipment.remove },
  features: { export: false, import: false },
  search: [
    { name: 'keyword', label: 'field.keyword' },
    { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions },
    { name: 'kind', label: 'field.kind', type: 'select', options: kindOptions },
    { name: 'online', label: 'field.online', type: 'select', options: onlineOptions, numeric: true },
  ],
  columns: [
    { key: 'name', label: 'field.name', sorter: true },
    { key: 'sn', label: 'field.sn', content: 'code', sorter: true },
    { key: 'kind', label: 'field.kind', options: kindOptions },
    { key: 'stadiumName', label: 'field.stadiumName' },
    { key: 'online', label: 'field.online', content: 'tag', render: (_: unknown, row) => <Online row={row} /> },
    { key: 'lastSeenTime', label: 'field.lastSeenTime', format: 'datetime', sorter: true },
    { key: 'pendingCommands', label: 'field.pendingCommands', content: 'number', hiddenByDefault: true },
    { key: 'remark', label: 'field.remark', hiddenByDefault: true },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', hiddenByDefault: true },
  ],
  form: [
    { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions, required: true },
    { name: 'kind', label: 'field.kind', type: 'select', options: kindOptions, required: true },
    { name: 'sn', label: 'field.sn', rule: deviceCreate.shape.sn, required: true },
    { name: 'name', label: 'field.name', rule: deviceCreate.shape.name, required: true },
    // A golf bay controller's bay (the current venue's golf sites).
    { name: 'siteId', label: 'field.siteId', type: 'select', useOptions: useGolfBayOptions },
    { name: 'remark', label: 'field.remark', type: 'textarea', span: 2 },
  ],
};

/** sport.equipment.list: the devices of the venues, with their online state. */
export default function EquipmentListPage() {
  const t = useEquipmentT();
  return (
    <>
      <Typography.Paragraph type="secondary" data-testid="device-online-hint" style={{ margin: '0 0 8px' }}>
        {t('onlineHint', { seconds: DEVICE_ONLINE_SECONDS })}
      </Typography.Paragraph>
      <ListPage def={deviceResource} />
    </>
  );
}
