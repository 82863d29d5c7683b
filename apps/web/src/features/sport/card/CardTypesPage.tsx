import { useMemo, useState } from 'react';
import { Alert, Modal, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Perm, cardTimeBand, cardTypeCreate, type CardTypeRow, type cardTypeListQuery, type cardTypeUpdate } from '@venue/contract';
import { dictLabel } from '../../../app/dict.ts';
import { ListPage, sportName, sportOptions, useVenueOptions, type ResourceDef, type Row } from '../../../kit/index.ts';
import { toFen, yuan } from '../../../kit/pay/index.ts';
import { cardApi } from './card.api.ts';
import { BandsInput, BonusTiers, type BonusTier } from './inputs.tsx';
import { NS, fenToYuan, kindOptions, typeStatusOptions, useCardT } from './shared.tsx';

type TypeForm = z.input<typeof cardTypeCreate> & z.input<typeof cardTypeUpdate>;

const isKind =
  (...kinds: string[]) =>
  (v: Row) =>
    !kinds.includes(String(v.kind ?? ''));
const yuanRule = z.number().positive();
const tiersRule = z.array(z.object({ minFen: z.number().positive(), bonusFen: z.number().positive() }));

/** Form (yuan) to body (fen); empty lists are [] (the server's "everywhere"). */
function toBody(values: Row): Row {
  const out: Row = { ...values };
  for (const k of ['priceFen', 'faceValueFen'] as const) if (k in out) out[k] = out[k] === null ? 0 : toFen(out[k]);
  if ('rechargeBonus' in out)
    out.rechargeBonus = ((out.rechargeBonus as BonusTier[] | null) ?? []).map((b) => ({ minFen: toFen(b.minFen) ?? 0, bonusFen: toFen(b.bonusFen) ?? 0 }));
  for (const k of ['venueIds', 'sports', 'timeBands'] as const) if (k in out && out[k] === null) out[k] = [];
  return out;
}

function Content({ row }: { row: CardTypeRow }) {
  const t = useCardT();
  if (row.kind === 'value') return <>{t('content.value', { face: yuan(row.faceValueFen) })}</>;
  if (row.kind === 'times') return <>{t('content.times', { times: row.times ?? 0 })}</>;
  return <>{row.validDays ? t('content.days', { days: row.validDays }) : '—'}</>;
}

/** Percent rule detail: the venue price rules that price the type's level, against everybody's price. */
export function TypeRulesDialog({ type, onClose }: { type: CardTypeRow | null; onClose: () => void }) {
  const t = useCardT();
  const rules = useQuery({ queryKey: ['card', 'typeRules', type?.id ?? 0], queryFn: () => cardApi.typeRules(type!.id), enabled: !!type });
  const rows = rules.data?.rules ?? [];
  return (
    <Modal open={!!type} title={type ? t('rules.title', { name: type.name }) : ''} width={960} footer={null} onCancel={onClose} destroyOnHidden>
      <div data-testid="card-type-rules">
        {type && !type.level ? <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('rules.noLevel')} /> : null}
        {type?.level ? (
          <Typography.Paragraph type="secondary">
            {t('rules.level')}: <Tag>{dictLabel('sport_member_level', type.level)}</Tag>
          </Typography.Paragraph>
        ) : null}
        <Table
          size="small"
          rowKey="priceRuleId"
          loading={rules.isFetching}
          dataSource={rows}
          pagination={false}
          scroll={{ y: 420 }}
          locale={{ emptyText: t('rules.none') }}
          columns={[
            { key: 'venue', title: t('rules.venue'), dataIndex: 'venueName' },
            {
              key: 'name',
              title: t('rules.name'),
              dataIndex: 'name',
              render: (v: string, r) => (r.enabled ? v : <Typography.Text delete>{v}</Typography.Text>),
            },
            {
              key: 'site',
              title: t('rules.site'),
              render: (_: unknown, r) => [r.siteName, r.sport ? sportName(r.sport) : null].filter(Boolean).join(' · ') || t('rules.all'),
            },
            {
              key: 'time',
              title: t('rules.time'),
              render: (_: unknown, r) =>
                `${r.weekdays.length && r.weekdays.length < 7 ? r.weekdays.map((d) => t.dynamic('weekday', d)).join('') + ' ' : ''}${r.start}–${r.end}`,
            },
            { key: 'price', title: t('rules.levelPrice'), dataIndex: 'priceFen', align: 'right', render: (v: number) => yuan(v) },
            {
              key: 'walkIn',
              title: t('rules.walkInPrice'),
              dataIndex: 'walkInPriceFen',
              align: 'right',
              render: (v: number | null) => (v === null ? '—' : yuan(v)),
            },
            { key: 'percent', title: t('rules.percent'), dataIndex: 'percent', align: 'right', render: (v: number | null) => (v === null ? '—' : `${v}%`) },
            {
              key: 'declared',
              title: t('rules.declared'),
              dataIndex: 'declaredPercent',
              align: 'right',
              render: (v: number | null, r) =>
                v === null ? '—' : <Typography.Text type={r.percent !== null && r.percent !== v ? 'warning' : undefined}>{v}%</Typography.Text>,
            },
          ]}
        />
      </div>
    </Modal>
  );
}

export const cardTypeResource: ResourceDef<CardTypeRow, TypeForm, z.input<typeof cardTypeListQuery>> = {
  key: 'cardType',
  ns: NS,
  name: 'cardType',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'card/type' },
  perms: { add: Perm.card.type, edit: Perm.card.type, remove: Perm.card.type },
  features: { batchRemove: false, selection: false, export: false, import: false },
  search: [
    { name: 'name', label: 'field.typeName' },
    { name: 'kind', label: 'field.kind', type: 'select', options: kindOptions },
    { name: 'status', label: 'field.typeStatus', type: 'select', options: typeStatusOptions },
  ],
  columns: [
    { key: 'name', label: 'field.typeName' },
    { key: 'kind', label: 'field.kind', options: kindOptions },
    { key: 'priceFen', label: 'field.priceFen', content: 'number', render: (v: number) => yuan(v) },
    { key: '$content', label: 'field.content', content: 'code', render: (_: unknown, row) => <Content row={row} /> },
    { key: 'validDays', label: 'field.validDays', content: 'number', render: (v: number | null) => v ?? '—' },
    { key: 'level', label: 'field.level', dict: 'sport_member_level' },
    { key: 'maxSharers', label: 'field.maxSharers', content: 'number', hiddenByDefault: true },
    { key: 'cardCount', label: 'field.cardCount', content: 'number' },
    { key: 'status', label: 'field.typeStatus', options: typeStatusOptions },
    { key: 'remark', label: 'field.remark', hiddenByDefault: true },
    { key: 'createTime', label: 'field.createTime', format: 'datetime' },
  ],
  formColumns: 2,
  formWidth: 860,
  form: [
    { name: 'name', label: 'field.typeName', rule: cardTypeCreate.shape.name, group: 'group.basic' },
    { name: 'kind', label: 'field.kind', type: 'radio', options: kindOptions, required: true, initialValue: 'value', disabled: (mode) => mode === 'edit' },
    { name: 'priceFen', label: 'field.priceYuan', type: 'number', rule: z.number().min(0), required: true },
    { name: 'status', label: 'field.typeStatus', type: 'radio', options: typeStatusOptions, initialValue: 0 },
    { name: 'faceValueFen', label: 'field.faceValueYuan', type: 'number', rule: yuanRule, required: true, hidden: isKind('value'), group: 'group.value' },
    {
      name: 'rechargeBonus',
      label: 'field.rechargeBonus',
      type: 'custom',
      rule: tiersRule,
      required: false,
      hidden: isKind('value'),
      span: 2,
      render: () => <BonusTiers />,
    },
    {
      name: 'times',
      label: 'field.times',
      type: 'integer',
      rule: cardTypeCreate.shape.times.unwrap().unwrap(),
      required: true,
      hidden: isKind('times'),
      group: 'group.use',
    },
    {
      name: 'validDays',
      label: 'field.validDays',
      type: 'integer',
      rule: cardTypeCreate.shape.validDays.unwrap().unwrap(),
      required: false,
      extra: 'hint.validDays',
      group: 'group.use',
    },
    {
      name: 'perDay',
      label: 'field.perDay',
      type: 'integer',
      rule: z.number().int().min(1).max(999),
      required: false,
      hidden: isKind('times', 'period'),
      group: 'group.use',
    },
    {
      name: 'perWeek',
      label: 'field.perWeek',
      type: 'integer',
      rule: z.number().int().min(1).max(999),
      required: false,
      hidden: isKind('times', 'period'),
      group: 'group.use',
    },
    { name: 'freezeExtends', label: 'field.freezeExtends', type: 'switch', initialValue: true, group: 'group.use' },
    {
      name: 'maxSharers',
      label: 'field.maxSharers',
      type: 'integer',
      rule: z.number().int().min(0).max(100),
      required: false,
      initialValue: 0,
      group: 'group.use',
    },
    {
      name: 'venueIds',
      label: 'field.venueIds',
      type: 'multiSelect',
      useOptions: useVenueOptions,
      required: false,
      extra: 'hint.everywhere',
      group: 'group.scope',
    },
    { name: 'sports', label: 'field.sports', type: 'multiSelect', options: sportOptions, required: false, extra: 'hint.everySport', group: 'group.scope' },
    {
      name: 'timeBands',
      label: 'field.timeBands',
      type: 'custom',
      rule: z.array(cardTimeBand),
      required: false,
      span: 2,
      render: () => <BandsInput />,
      group: 'group.scope',
    },
    { name: 'level', label: 'field.level', rule: cardTypeCreate.shape.level, extra: 'hint.level', group: 'group.scope' },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: cardTypeCreate.shape.remark, span: 2, group: 'group.scope' },
  ],
  toForm: (row) => ({
    ...row,
    priceFen: fenToYuan(row.priceFen),
    faceValueFen: fenToYuan(row.faceValueFen),
    rechargeBonus: row.rechargeBonus.map((b) => ({ minFen: fenToYuan(b.minFen), bonusFen: fenToYuan(b.bonusFen) })),
  }),
  toBody: (values) => toBody(values),
};

/** sport.card.types (rules setting): card types of value, times and period, where and when they apply, and the percent rule detail. */
export default function CardTypesPage() {
  const [rules, setRules] = useState<CardTypeRow | null>(null);
  const def = useMemo<typeof cardTypeResource>(
    () => ({ ...cardTypeResource, rowActions: [{ key: 'rules', label: 'action.percentRules', run: (row) => setRules(row) }] }),
    [],
  );
  return (
    <>
      <ListPage def={def} />
      <TypeRulesDialog type={rules} onClose={() => setRules(null)} />
    </>
  );
}
