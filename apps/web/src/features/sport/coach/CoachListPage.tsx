import { useLayoutEffect, useState } from 'react';
import { Button, DatePicker, Input, Space, Table, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { z } from 'zod';
import { Perm, coachCreate, type CoachQualificationRow, type CoachRow, type coachListQuery, type coachUpdate } from '@venue/contract';
import { ListPage, useSportName, sportOptions, useCan, useLabelT, useVenueOptions, type ResourceDef, type Row } from '../../../kit/index.ts';
import { CoachPhoto, NS, coachApi, genderOptions, levelOptions, statusOptions, useCoachT } from './shared.tsx';

type CoachForm = z.input<typeof coachCreate> & z.input<typeof coachUpdate>;
interface QualificationValue {
  name: string;
  certNo?: string | null;
  issuedOn?: string | null;
  expiresOn?: string | null;
}

/** The qualification alert in words: expired N days ago, expires in N days, or nothing. */
function AlertText({ row }: { row: CoachRow }) {
  const t = useCoachT();
  if (!row.qualificationAlert) return <Typography.Text type="secondary">{t('alert.none')}</Typography.Text>;
  const days = Math.abs(row.alertDaysLeft ?? 0);
  const text = row.qualificationAlert === 'expired' ? t('alert.expired', { days }) : days === 0 ? t('alert.expiredToday') : t('alert.expiring', { days });
  return (
    <Tag color={row.qualificationAlert === 'expired' ? 'red' : 'orange'} data-testid={`coach-alert-${row.id}`} data-value={row.qualificationAlert}>
      {text}
    </Tag>
  );
}

function SportTags({ sports }: { sports: string[] }) {
  const sportName = useSportName();
  return <>{sports.map((s) => sportName(s)).join('、') || '—'}</>;
}

/** The qualifications of the add/edit dialog: a row per certificate (name, number, issued and expiry dates). */
function QualificationsInput({ value, onChange }: { value?: QualificationValue[] | null; onChange?: (v: QualificationValue[]) => void }) {
  const t = useCoachT();
  const list = value ?? [];
  const set = (i: number, patch: Partial<QualificationValue>) => onChange?.(list.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const day = (v: string | null | undefined) => (v ? dayjs(v) : null);
  return (
    <div data-testid="coach-qualifications">
      {list.map((q, i) => (
        <Space key={i} wrap style={{ marginBottom: 8 }}>
          <Input
            placeholder={t('qual.name')}
            value={q.name}
            onChange={(e) => set(i, { name: e.target.value })}
            style={{ width: 180 }}
            id={`coach-qual-${i}-name`}
          />
          <Input placeholder={t('qual.certNo')} value={q.certNo ?? ''} onChange={(e) => set(i, { certNo: e.target.value })} style={{ width: 140 }} />
          <DatePicker placeholder={t('qual.issuedOn')} value={day(q.issuedOn)} onChange={(d) => set(i, { issuedOn: d ? d.format('YYYY-MM-DD') : null })} />
          <DatePicker
            placeholder={t('qual.expiresOn')}
            value={day(q.expiresOn)}
            onChange={(d) => set(i, { expiresOn: d ? d.format('YYYY-MM-DD') : null })}
            id={`coach-qual-${i}-expiresOn`}
          />
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('qual.remove')} onClick={() => onChange?.(list.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange?.([...list, { name: '' }])} data-testid="coach-qual-add">
        {t('qual.add')}
      </Button>
    </div>
  );
}

/** The detail drawer's photo (with its upload) and qualifications. */
function CoachExtra({ row }: { row: CoachRow }) {
  const t = useCoachT();
  const label = useLabelT(NS);
  const can = useCan();
  const qc = useQueryClient();
  const detail = useQuery({ queryKey: ['coach', 'detail', row.id, row.version], queryFn: () => coachApi.get(row.id) });
  const [version, setVersion] = useState(row.version);
  const [hasPhoto, setHasPhoto] = useState(row.hasPhoto);
  useLayoutEffect(() => {
    setVersion(row.version);
    setHasPhoto(row.hasPhoto);
  }, [row.version, row.hasPhoto]);
  const quals: CoachQualificationRow[] = detail.data?.qualifications ?? [];
  const stateColor: Record<string, string> = { expired: 'red', expiring: 'orange', valid: 'green', open: 'default' };
  return (
    <div style={{ marginTop: 16 }}>
      <Typography.Title level={5}>{t('field.photo')}</Typography.Title>
      <Space align="center" style={{ marginBottom: 16 }}>
        <CoachPhoto id={row.id} version={version} hasPhoto={hasPhoto} size={96} />
        {can(Perm.coach.edit) ? (
          <Upload
            accept="image/png,image/jpeg"
            showUploadList={false}
            customRequest={async ({ file, onSuccess, onError }) => {
              try {
                const saved = await coachApi.uploadPhoto(row.id, file as File);
                setVersion(saved.version);
                setHasPhoto(saved.hasPhoto);
                await qc.invalidateQueries({ queryKey: ['coach'] });
                onSuccess?.(saved);
              } catch (e) {
                onError?.(e as Error);
              }
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="coach-photo-upload">
              {t('action.photo')}
            </Button>
          </Upload>
        ) : null}
        <Typography.Text type="secondary">{t('photo.hint')}</Typography.Text>
      </Space>
      <Typography.Title level={5}>{t('field.qualifications')}</Typography.Title>
      <Table
        size="small"
        rowKey="id"
        data-testid="coach-qualification-table"
        loading={detail.isFetching}
        dataSource={quals}
        pagination={false}
        locale={{ emptyText: t('qual.empty') }}
        columns={[
          { key: 'name', title: t('qual.name'), dataIndex: 'name' },
          { key: 'certNo', title: t('qual.certNo'), dataIndex: 'certNo', render: (v: string | null) => v ?? '—' },
          { key: 'issuedOn', title: t('qual.issuedOn'), dataIndex: 'issuedOn', render: (v: string | null) => v ?? '—' },
          { key: 'expiresOn', title: t('qual.expiresOn'), dataIndex: 'expiresOn', render: (v: string | null) => v ?? '—' },
          {
            key: 'state',
            title: t('qual.state'),
            dataIndex: 'state',
            render: (v: string) => <Tag color={stateColor[v]}>{label(`qual.states.${v}`)}</Tag>,
          },
        ]}
      />
    </div>
  );
}

export const coachResource: ResourceDef<CoachRow, CoachForm, z.input<typeof coachListQuery>> = {
  key: 'coach',
  ns: NS,
  name: 'coach',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'coach' },
  perms: { add: Perm.coach.add, edit: Perm.coach.edit, remove: Perm.coach.remove, export: Perm.coach.export },
  features: { import: false },
  search: [
    { name: 'keyword', label: 'field.keyword' },
    { name: 'status', label: 'field.status', type: 'select', options: statusOptions },
    { name: 'level', label: 'field.level', type: 'select', options: levelOptions },
    { name: 'sport', label: 'field.sport', type: 'select', options: sportOptions },
    { name: 'venueId', label: 'field.venueId', type: 'select', useOptions: useVenueOptions },
  ],
  columns: [
    {
      key: '$photo',
      label: 'field.photo',
      width: 64,
      inDetail: false,
      render: (_: unknown, row) => <CoachPhoto id={row.id} version={row.version} hasPhoto={row.hasPhoto} />,
    },
    { key: 'name', label: 'field.name', sorter: true, width: 150 },
    { key: 'gender', label: 'field.gender', options: genderOptions, hiddenByDefault: true },
    { key: 'phone', label: 'field.phone', content: 'code' },
    { key: 'level', label: 'field.level', options: levelOptions, sorter: true },
    { key: 'sports', label: 'field.sports', render: (v: string[]) => <SportTags sports={v} /> },
    { key: 'venueNames', label: 'field.venueIds', render: (v: string[]) => v.join('、') || '—' },
    { key: 'status', label: 'field.status', options: statusOptions, sorter: true },
    {
      key: '$rating',
      label: 'field.rating',
      content: 'number',
      align: 'right',
      // Members' average lesson rating (from the training module's evaluations) and how many ratings.
      render: (_: unknown, row) =>
        row.ratingAvg == null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <span data-testid={`coach-rating-${row.id}`}>
            ★ {row.ratingAvg.toFixed(1)} ({row.ratingCount ?? 0})
          </span>
        ),
    },
    { key: '$alert', label: 'field.qualification', content: 'tag', width: 190, render: (_: unknown, row) => <AlertText row={row} /> },
    { key: 'intro', label: 'field.intro', inTable: false, detailSpan: 2 },
    { key: 'orgName', label: 'field.orgName', hiddenByDefault: true },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', sorter: true, hiddenByDefault: true },
  ],
  formColumns: 2,
  formWidth: 860,
  form: [
    { name: 'name', label: 'field.name', rule: coachCreate.shape.name },
    { name: 'phone', label: 'field.phone', rule: coachCreate.shape.phone },
    { name: 'gender', label: 'field.gender', type: 'radio', options: genderOptions, required: false },
    { name: 'level', label: 'field.level', type: 'select', options: levelOptions, required: true, initialValue: 'junior' },
    { name: 'sports', label: 'field.sports', type: 'multiSelect', options: sportOptions, required: false },
    { name: 'venueIds', label: 'field.venueIds', type: 'multiSelect', useOptions: useVenueOptions, required: false },
    { name: 'status', label: 'field.status', type: 'select', options: statusOptions, required: true, initialValue: 'active' },
    { name: 'intro', label: 'field.intro', type: 'textarea', rule: coachCreate.shape.intro, span: 2 },
    {
      name: 'qualifications',
      label: 'field.qualifications',
      type: 'custom',
      span: 2,
      required: false,
      render: () => <QualificationsInput />,
    },
  ],
  /** The edit dialog loads the coach's qualifications with it. */
  api: {
    get: async (row) => {
      const d = await coachApi.get(row.id);
      return {
        ...d,
        qualifications: d.qualifications.map(({ name, certNo, issuedOn, expiresOn }) => ({ name, certNo, issuedOn, expiresOn })),
      } as unknown as CoachRow;
    },
  },
  toBody: (values: Row, mode) => {
    const out: Row = { ...values };
    for (const k of ['sports', 'venueIds'] as const) if (k in out && out[k] === null) out[k] = [];
    if ('qualifications' in out) {
      const qs = (out.qualifications as QualificationValue[] | null) ?? [];
      out.qualifications = qs
        .filter((q) => q.name?.trim())
        .map((q) => ({ name: q.name.trim(), certNo: q.certNo || null, issuedOn: q.issuedOn || null, expiresOn: q.expiresOn || null }));
      if (mode === 'add' && !(out.qualifications as unknown[]).length) delete out.qualifications;
    }
    return out;
  },
  rowActions: [
    {
      key: 'leave',
      label: 'action.leave',
      perm: Perm.coach.status,
      visible: (row) => row.status === 'active',
      run: async (row, ctx) => {
        await coachApi.status(row.id, 'leave', row.version);
        ctx.reload();
      },
    },
    {
      key: 'back',
      label: 'action.back',
      perm: Perm.coach.status,
      visible: (row) => row.status !== 'active',
      run: async (row, ctx) => {
        await coachApi.status(row.id, 'active', row.version);
        ctx.reload();
      },
    },
    {
      key: 'left',
      label: 'action.left',
      perm: Perm.coach.status,
      danger: true,
      confirm: true,
      visible: (row) => row.status !== 'left',
      run: async (row, ctx) => {
        await coachApi.status(row.id, 'left', row.version);
        ctx.reload();
      },
    },
  ],
  detailExtra: (row) => <CoachExtra row={row} />,
};

/** sport.coach.list (coachManagement): the coaches, their photo, sports, venues, level, status and qualification alerts. */
export default function CoachListPage() {
  return <ListPage def={coachResource} />;
}
