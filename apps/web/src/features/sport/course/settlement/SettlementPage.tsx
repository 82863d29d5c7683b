import { Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  Perm,
  coachRateCreate,
  coachSettlementCreate,
  type CoachRateRow,
  type CoachSettlementRow,
  type coachRateListQuery,
  type coachSettlementListQuery,
} from '@venue/contract';
import { ListPage, useCan, type ResourceDef, type Row } from '../../../../kit/index.ts';
import { fenToYuan, useCoachOptions } from '../shared.tsx';
import { NS, modeOptions, scopeOptions, settlementDetailPath, stateOptions, toFen, useSettlementT, yuan } from './shared.tsx';

function Go({ to, children }: { to: string; children: string }) {
  const navigate = useNavigate();
  return <Typography.Link onClick={() => navigate(to)}>{children}</Typography.Link>;
}

export const settlementResource: ResourceDef<CoachSettlementRow, z.input<typeof coachSettlementCreate>, z.input<typeof coachSettlementListQuery>> = {
  key: 'coachSettlement',
  ns: NS,
  name: 'settlement',
  nameField: 'no',
  endpoint: { prefix: 'sport', path: 'course/settlement' },
  perms: { add: Perm.coachSettlement.add, remove: Perm.coachSettlement.add, export: Perm.coachSettlement.list },
  features: { edit: false, import: false, detail: false },
  search: [
    { name: 'coachId', label: 'field.coach', type: 'select', useOptions: useCoachOptions },
    { name: 'state', label: 'field.state', type: 'select', options: stateOptions },
    { name: 'fromDay', label: 'field.period', type: 'dateRange', rangeKeys: ['fromDay', 'toDay'] },
  ],
  columns: [
    { key: 'no', label: 'field.no', render: (_: unknown, row) => <Go to={settlementDetailPath(row.id)}>{row.no}</Go> },
    { key: 'coachName', label: 'field.coach' },
    { key: '$period', label: 'field.period', render: (_: unknown, row) => `${row.fromDay} ~ ${row.toDay}` },
    { key: 'totalFen', label: 'field.totalFen', align: 'right', sorter: true, render: (v: number) => yuan(v) },
    { key: 'state', label: 'field.state', options: stateOptions },
    { key: 'createdByName', label: 'field.createdBy' },
    { key: 'approvedByName', label: 'field.approvedBy' },
    { key: 'paidAt', label: 'field.paidAt', format: 'datetime' },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', sorter: true, hiddenByDefault: true },
  ],
  form: [
    { name: 'coachId', label: 'field.coachId', type: 'select', useOptions: useCoachOptions, required: true },
    { name: 'fromDay', label: 'field.fromDay', type: 'date', rule: coachSettlementCreate.shape.fromDay },
    { name: 'toDay', label: 'field.toDay', type: 'date', rule: coachSettlementCreate.shape.toDay },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: coachSettlementCreate.shape.remark },
  ],
};

type RateForm = z.input<typeof coachRateCreate> & {
  lessonYuan?: number | null;
  attendeeYuan?: number | null;
  minYuan?: number | null;
  maxYuan?: number | null;
};

/** The form shows yuan; the wire carries fen. */
function rateBody(values: Row, mode: 'add' | 'edit'): Row {
  const { lessonYuan, attendeeYuan, minYuan, maxYuan, ...rest } = values as Row & Record<string, number | null | undefined>;
  const fen = (v: number | null | undefined) => (v === null || v === undefined ? null : toFen(v));
  const out: Row = { ...rest };
  if (lessonYuan !== undefined) out.lessonFen = fen(lessonYuan) ?? 0;
  if (attendeeYuan !== undefined) out.attendeeFen = fen(attendeeYuan) ?? 0;
  if (minYuan !== undefined) out.minFen = fen(minYuan);
  if (maxYuan !== undefined) out.maxFen = fen(maxYuan);
  if (mode === 'edit') {
    delete out.coachId;
    delete out.scope;
  }
  return out;
}
const isMode = (m: string) => (values: Row) => values.mode !== m && !(m === 'lesson' && values.mode === 'attendee');

export const rateResource: ResourceDef<CoachRateRow, RateForm, z.input<typeof coachRateListQuery>> = {
  key: 'coachRate',
  ns: NS,
  name: 'rate',
  endpoint: { prefix: 'sport', path: 'course/coachRate' },
  perms: { add: Perm.coachSettlement.rate, edit: Perm.coachSettlement.rate, remove: Perm.coachSettlement.rate },
  features: { export: false, import: false, detail: false },
  search: [
    { name: 'coachId', label: 'field.coach', type: 'select', useOptions: useCoachOptions },
    { name: 'scope', label: 'field.scope', type: 'select', options: scopeOptions },
  ],
  columns: [
    { key: 'coachName', label: 'field.coach' },
    { key: 'scope', label: 'field.scope', options: scopeOptions },
    { key: 'mode', label: 'field.mode', options: modeOptions },
    { key: 'summary', label: 'field.summary' },
    { key: 'effectiveFrom', label: 'field.effectiveFrom', sorter: true },
  ],
  form: [
    { name: 'coachId', label: 'field.coachId', type: 'select', useOptions: useCoachOptions, required: true, modes: ['add'] },
    { name: 'scope', label: 'field.scope', type: 'radio', options: scopeOptions, initialValue: 'course', modes: ['add'] },
    { name: 'mode', label: 'field.mode', type: 'radio', options: modeOptions, initialValue: 'lesson' },
    { name: 'lessonYuan', label: 'field.lessonYuan', type: 'number', decimals: 2, required: false, hidden: isMode('lesson') },
    { name: 'freeAttendees', label: 'field.freeAttendees', type: 'integer', required: false, hidden: isMode('attendee') },
    { name: 'attendeeYuan', label: 'field.attendeeYuan', type: 'number', decimals: 2, required: false, hidden: isMode('attendee') },
    {
      name: 'sharePermille',
      label: 'field.sharePermille',
      type: 'integer',
      required: false,
      rule: coachRateCreate.shape.sharePermille,
      hidden: isMode('share'),
    },
    { name: 'minYuan', label: 'field.minYuan', type: 'number', decimals: 2, required: false, hidden: isMode('share') },
    { name: 'maxYuan', label: 'field.maxYuan', type: 'number', decimals: 2, required: false, hidden: isMode('share') },
    { name: 'effectiveFrom', label: 'field.effectiveFrom', type: 'date', rule: coachRateCreate.shape.effectiveFrom },
  ],
  toForm: (row) => ({
    ...row,
    lessonYuan: fenToYuan(row.lessonFen),
    attendeeYuan: fenToYuan(row.attendeeFen),
    minYuan: fenToYuan(row.minFen),
    maxYuan: fenToYuan(row.maxFen),
  }),
  toBody: (values, mode) => rateBody(values, mode),
};

/** sport.course.settlement (trainingCourse/coursePaymentSettlem): coaches' settlements, and their rates in a tab. */
export default function SettlementPage() {
  const t = useSettlementT();
  const can = useCan();
  const items = [{ key: 'settlements', label: t('tabSettlements'), children: <ListPage def={settlementResource} /> }];
  if (can(Perm.coachSettlement.rate)) items.push({ key: 'rates', label: t('tabRates'), children: <ListPage def={rateResource} /> });
  return <Tabs data-testid="coachSettlement-tabs" items={items} destroyOnHidden={false} />;
}
