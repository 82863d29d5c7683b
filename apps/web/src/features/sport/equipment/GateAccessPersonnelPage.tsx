import { Alert, Typography } from 'antd';
import type { z } from 'zod';
import { Perm, gateGrantCreate, type GateGrantRow, type gateGrantListQuery, type gateGrantUpdate } from '@venue/contract';
import { ListPage, MemberSelect, type ResourceDef } from '../../../kit/index.ts';
import { NS, personKindOptions, useEquipmentT, useGateOptions, useStaffOptions, weekdayOptions } from './shared.tsx';

function Weekdays({ days }: { days: number[] }) {
  const t = useEquipmentT();
  return <>{days.map((d) => t.dynamic('weekday', String(d))).join('、')}</>;
}

export const grantResource: ResourceDef<GateGrantRow, z.input<typeof gateGrantCreate> & z.input<typeof gateGrantUpdate>, z.input<typeof gateGrantListQuery>> = {
  key: 'gateGrant',
  ns: NS,
  name: 'grant',
  nameField: 'personName',
  endpoint: { prefix: 'sport', path: 'equipment/gate/grant' },
  perms: { add: Perm.gateGrant.add, edit: Perm.gateGrant.edit, remove: Perm.gateGrant.remove },
  features: { export: false, import: false },
  search: [
    { name: 'keyword', label: 'field.personKeyword' },
    { name: 'personKind', label: 'field.personKind', type: 'select', options: personKindOptions },
    { name: 'deviceId', label: 'field.deviceId', type: 'select', useOptions: useGateOptions },
  ],
  columns: [
    { key: 'personName', label: 'field.personName' },
    { key: 'personKind', label: 'field.personKind', options: personKindOptions },
    { key: 'pin', label: 'field.pin', content: 'code' },
    { key: 'gateNames', label: 'field.gateNames' },
    { key: 'weekdays', label: 'field.weekdays', render: (v: number[]) => <Weekdays days={v} /> },
    { key: '$hours', label: 'field.timeWindow', content: 'code', render: (_: unknown, row) => `${row.startTime}–${row.endTime}` },
    { key: 'validFrom', label: 'field.validFrom', format: 'date', sorter: true },
    { key: 'validTo', label: 'field.validTo', format: 'date', sorter: true },
    { key: 'remark', label: 'field.remark', hiddenByDefault: true },
  ],
  formColumns: 2,
  form: [
    { name: 'personKind', label: 'field.personKind', type: 'radio', options: personKindOptions, required: true, initialValue: 'member', span: 2 },
    {
      name: 'memberId',
      label: 'field.memberId',
      type: 'custom',
      required: true,
      render: () => <MemberSelect testId="gateGrant-member" />,
      hidden: (v) => v.personKind !== 'member',
      dependencies: ['personKind'],
    },
    {
      name: 'userId',
      label: 'field.userId',
      type: 'select',
      useOptions: useStaffOptions,
      required: true,
      hidden: (v) => v.personKind !== 'staff',
      dependencies: ['personKind'],
    },
    { name: 'deviceIds', label: 'field.deviceIds', type: 'multiSelect', useOptions: useGateOptions, required: true, span: 2 },
    { name: 'weekdays', label: 'field.weekdays', type: 'multiSelect', options: weekdayOptions, required: true, initialValue: [1, 2, 3, 4, 5, 6, 7], span: 2 },
    { name: 'startTime', label: 'field.startTime', rule: gateGrantCreate.shape.startTime, required: true, initialValue: '08:00', placeholder: 'HH:MM' },
    { name: 'endTime', label: 'field.endTime', rule: gateGrantCreate.shape.endTime, required: true, initialValue: '22:00', placeholder: 'HH:MM' },
    { name: 'validFrom', label: 'field.validFrom', type: 'date', required: true },
    { name: 'validTo', label: 'field.validTo', type: 'date', required: true },
    { name: 'remark', label: 'field.remark', type: 'textarea', span: 2 },
  ],
};

/** The pass rules in words, above the grants. */
function PassRules() {
  const t = useEquipmentT();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="gate-rules"
      message={t('rules.title')}
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{t('rules.intro')}</Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{t('rules.grant')}</Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{t('rules.card')}</Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{t('rules.booking')}</Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{t('rules.ticket')}</Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{t('rules.lesson')}</Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{t('rules.deny')}</Typography.Paragraph>
        </>
      }
    />
  );
}

/** sport.gate.personnel (gateAccessPersonnel): who may pass which gate and when, and the rules every pass follows. */
export default function GateAccessPersonnelPage() {
  return (
    <>
      <PassRules />
      <ListPage def={grantResource} />
    </>
  );
}
