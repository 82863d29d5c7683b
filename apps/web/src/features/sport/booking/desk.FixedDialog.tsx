import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Col, Divider, Form, Modal, Row as GridRow, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { minutesOf, seriesCreate, type SeriesRow, type VenueRow } from '@venue/contract';
import type { z } from 'zod';
import { success } from '../../../app/feedback.tsx';
import { FieldItem, MemberSelect, closeForm, errorFieldsOf, focusFirstError, todayIn, useKitT, type FieldDef } from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { deskApi, type SeriesPreview } from './desk.api.ts';
import { DESK_NS, conflictText, slotTimes, useDeskT, useSiteOptions, useSites } from './desk.shared.tsx';

interface FixedValues {
  siteIds?: number[];
  weekdays?: number[];
  start?: string;
  end?: string;
  dates?: [Dayjs, Dayjs] | null;
  name?: string;
  buyerName?: string;
  buyerPhone?: string;
  memberId?: number | string | null;
  billing: 'series' | 'month';
  onConflict: 'skip' | 'refuse';
  remark?: string;
}

type Occurrence = SeriesPreview['occurrences'][number];
const PATTERN_FIELDS = ['siteIds', 'weekdays', 'start', 'end', 'dates'] as const;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** The weekly pattern of the form, or null while a part is missing. */
function patternOf(stadiumId: number, v: Partial<FixedValues> | undefined) {
  if (!v?.siteIds?.length || !v.weekdays?.length || !v.start || !v.end || !v.dates?.[0] || !v.dates[1]) return null;
  return {
    stadiumId,
    siteIds: v.siteIds,
    weekdays: [...v.weekdays].sort((a, b) => a - b),
    start: v.start,
    end: v.end,
    dateFrom: v.dates[0].format('YYYY-MM-DD'),
    dateTo: v.dates[1].format('YYYY-MM-DD'),
  };
}

export interface FixedDialogProps {
  open: boolean;
  venue: VenueRow;
  onClose: () => void;
  onCreated: (row: SeriesRow) => void;
}

/**
 * venueFixedManage "fixed add": the weekly pattern (sites, weekdays, a time in the venue's slot
 * steps, a date range), the buyer and the billing. Preview lists every occurrence, bookable or in
 * conflict (and with what); Create books the series as previewed (a changed pattern needs a new
 * preview first).
 */
export function FixedDialog({ open, venue, onClose, onCreated }: FixedDialogProps) {
  return open ? <FixedForm venue={venue} onClose={onClose} onCreated={onCreated} /> : null;
}

function FixedForm({ venue, onClose, onCreated }: Omit<FixedDialogProps, 'open'>) {
  const t = useDeskT();
  const tk = useKitT();
  const [form] = Form.useForm<FixedValues>();
  const values = Form.useWatch([], form) as Partial<FixedValues> | undefined;
  const sites = useSites(venue.id);
  const [preview, setPreview] = useState<{ key: string; data: SeriesPreview } | null>(null);
  const [busy, setBusy] = useState<'preview' | 'create' | null>(null);
  const [only, setOnly] = useState<'all' | 'conflicts'>('all');
  const resultRef = useRef<HTMLDivElement | null>(null);

  const times = useMemo(() => slotTimes(venue, sites.data ?? []), [venue, sites.data]);
  const pattern = patternOf(venue.id, values);
  const patternKey = pattern ? JSON.stringify(pattern) : '';
  const fresh = !!preview && preview.key === patternKey;
  const today = todayIn(venue.timeZone);

  const fields: Record<string, FieldDef> = {
    siteIds: { name: 'siteIds', label: 'fixed.field.siteIds', type: 'multiSelect', required: true, useOptions: useSiteOptions },
    weekdays: {
      name: 'weekdays',
      label: 'fixed.field.weekdays',
      type: 'custom',
      required: true,
      render: () => <Checkbox.Group options={WEEKDAYS.map((d) => ({ value: d, label: t.dynamic('day', d) }))} data-testid="fixed-weekdays" />,
    },
    start: {
      name: 'start',
      label: 'fixed.field.start',
      type: 'custom',
      required: true,
      render: () => (
        <Select id="fixed-form_start" showSearch options={times.slice(0, -1).map((x) => ({ value: x, label: x }))} placeholder={t('fixed.field.start')} />
      ),
    },
    end: {
      name: 'end',
      label: 'fixed.field.end',
      type: 'custom',
      required: true,
      dependencies: ['start'],
      render: () => (
        <Select
          id="fixed-form_end"
          showSearch
          options={times.slice(1).map((x) => ({ value: x, label: x, disabled: !!values?.start && minutesOf(x) <= minutesOf(values.start) }))}
          placeholder={t('fixed.field.end')}
        />
      ),
    },
    dates: {
      name: 'dates',
      label: 'fixed.field.dates',
      type: 'dateRange',
      required: true,
      props: { disabledDate: (d: Dayjs) => d.format('YYYY-MM-DD') < today, allowClear: false },
    },
    name: { name: 'name', label: 'fixed.field.name', rule: seriesCreate.shape.name },
    buyerName: { name: 'buyerName', label: 'fixed.field.buyerName', rule: seriesCreate.shape.buyerName },
    buyerPhone: { name: 'buyerPhone', label: 'fixed.field.buyerPhone', rule: seriesCreate.shape.buyerPhone },
    memberId: {
      name: 'memberId',
      label: 'fixed.field.memberId',
      type: 'custom',
      render: () => <MemberSelect id="fixed-form_memberId" testId="booking-member" />,
    },
    billing: {
      name: 'billing',
      label: 'fixed.field.billing',
      type: 'radio',
      required: true,
      options: [
        { value: 'series', label: 'fixed.billing.series' },
        { value: 'month', label: 'fixed.billing.month' },
      ],
    },
    onConflict: {
      name: 'onConflict',
      label: 'fixed.field.onConflict',
      type: 'radio',
      required: true,
      options: [
        { value: 'skip', label: 'fixed.onConflict.skip' },
        { value: 'refuse', label: 'fixed.onConflict.refuse' },
      ],
    },
    remark: { name: 'remark', label: 'fixed.field.remark', rule: seriesCreate.shape.remark },
  };
  const item = (name: string) => <FieldItem field={fields[name]!} ns={DESK_NS} mode="add" form={form} />;

  const runPreview = async () => {
    try {
      await form.validateFields([...PATTERN_FIELDS]);
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    const p = patternOf(venue.id, form.getFieldsValue(true) as FixedValues);
    if (!p) return;
    if (minutesOf(p.end) <= minutesOf(p.start)) {
      form.setFields([{ name: 'end', errors: [t('fixed.endAfterStart')] }]);
      return;
    }
    setBusy('preview');
    try {
      setPreview({ key: JSON.stringify(p), data: await deskApi.seriesPreview(p) });
      setOnly('all');
      setTimeout(() => resultRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }), 50);
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(null);
    }
  };

  const create = async () => {
    let v: FixedValues;
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    const p = patternOf(venue.id, v);
    if (!p || !fresh) return;
    const body: z.input<typeof seriesCreate> = {
      pattern: p,
      name: v.name!.trim(),
      memberId: v.memberId === null || v.memberId === undefined || v.memberId === '' ? undefined : Number(v.memberId),
      buyerName: v.buyerName?.trim() || undefined,
      buyerPhone: v.buyerPhone?.trim() || undefined,
      onConflict: v.onConflict,
      billing: v.billing,
      remark: v.remark?.trim() || undefined,
    };
    setBusy('create');
    try {
      const row = await deskApi.seriesCreate(body);
      success(t('fixed.created', { name: row.name, live: row.live, orders: row.orders.filter((o) => o.state === 'pending').length }));
      onCreated(row);
    } catch (err) {
      // A pattern error names `pattern.x`: shown on the pattern's own field.
      const detail = (err as { detail?: unknown }).detail;
      if (Array.isArray(detail))
        for (const d of detail as { field?: string }[])
          if (d.field?.startsWith('pattern.'))
            d.field = d.field
              .replace(/^pattern\.(dateFrom|dateTo)$/, 'dates')
              .replace(/^pattern\.siteIds\.\d+$/, 'siteIds')
              .replace(/^pattern\./, '');
      await reactToSaveError(form, err);
      // Something was taken meanwhile: the preview says what.
      if (preview) void runPreview();
    } finally {
      setBusy(null);
    }
  };

  const data = preview?.data;
  const ok = data ? data.occurrences.length - data.conflicts : 0;
  const shown = (data?.occurrences ?? []).filter((o) => only === 'all' || o.conflict);

  return (
    <Modal
      open
      title={t('fixed.addTitle')}
      width={980}
      centered
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={() => void closeForm(() => form.isFieldsTouched(), onClose, tk)}
      styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto', overflowX: 'hidden', paddingRight: 8 } }}
      footer={
        <Space>
          <Button onClick={() => void closeForm(() => form.isFieldsTouched(), onClose, tk)} data-testid="fixed-form-cancel">
            {tk('cancel')}
          </Button>
          <Button icon={<EyeOutlined />} loading={busy === 'preview'} onClick={() => void runPreview()} data-testid="fixed-preview">
            {t('fixed.preview')}
          </Button>
          <Button type="primary" loading={busy === 'create'} disabled={!fresh || ok === 0} onClick={() => void create()} data-testid="fixed-create">
            {t('fixed.create')}
          </Button>
        </Space>
      }
      data-testid="fixed-form"
    >
      <Form<FixedValues> form={form} name="fixed-form" layout="vertical" initialValues={{ billing: 'series', onConflict: 'skip' }} requiredMark>
        <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
          {t('fixed.pattern')}
        </Divider>
        <GridRow gutter={16}>
          <Col xs={24} md={12}>
            {item('siteIds')}
          </Col>
          <Col xs={24} md={12}>
            {item('dates')}
          </Col>
          <Col xs={24} md={14}>
            {item('weekdays')}
          </Col>
          <Col xs={12} md={5}>
            {item('start')}
          </Col>
          <Col xs={12} md={5}>
            {item('end')}
          </Col>
        </GridRow>
        <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
          {t('fixed.buyerGroup')}
        </Divider>
        <GridRow gutter={16}>
          <Col xs={24} md={8}>
            {item('name')}
          </Col>
          <Col xs={24} md={8}>
            {item('buyerName')}
          </Col>
          <Col xs={24} md={8}>
            {item('buyerPhone')}
          </Col>
          <Col xs={24} md={8}>
            {item('memberId')}
          </Col>
          <Col xs={24} md={8}>
            {item('billing')}
          </Col>
          <Col xs={24} md={8}>
            {item('onConflict')}
          </Col>
          <Col span={24}>{item('remark')}</Col>
        </GridRow>
      </Form>
      {!data ? (
        <Alert type="info" showIcon title={t('fixed.previewFirst')} />
      ) : (
        <div ref={resultRef} data-testid="fixed-preview-result" data-total={data.occurrences.length} data-conflicts={data.conflicts} data-fen={data.totalFen}>
          {!fresh ? <Alert type="warning" showIcon title={t('fixed.previewStale')} style={{ marginBottom: 12 }} /> : null}
          <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
            <Typography.Text strong data-testid="fixed-preview-summary">
              {t('fixed.previewSummary', { count: data.occurrences.length, ok, conflicts: data.conflicts, total: yuan(data.totalFen) })}
            </Typography.Text>
            <Segmented
              size="small"
              value={only}
              onChange={(v) => setOnly(v as 'all' | 'conflicts')}
              options={[
                { value: 'all', label: t('fixed.all') },
                { value: 'conflicts', label: t('fixed.onlyConflicts'), disabled: !data.conflicts },
              ]}
            />
          </Space>
          {data.conflicts ? (
            <Alert
              type={values?.onConflict === 'refuse' ? 'error' : 'warning'}
              showIcon
              title={values?.onConflict === 'refuse' ? t('fixed.refuseWarning', { n: data.conflicts }) : t('fixed.skipHint')}
              style={{ marginBottom: 8 }}
            />
          ) : null}
          <Table<Occurrence>
            size="small"
            rowKey={(o) => `${o.date}-${o.siteId}`}
            dataSource={shown}
            pagination={{ pageSize: 10, size: 'small', showSizeChanger: false, hideOnSinglePage: true }}
            data-testid="fixed-occurrences"
            columns={[
              { key: 'date', title: t('fixed.occurrence.date'), render: (_: unknown, o) => `${o.date} ${t(`day.${dayjs(o.date).day() || 7}`)}` },
              { key: 'site', title: t('fixed.occurrence.site'), dataIndex: 'siteName' },
              { key: 'time', title: t('fixed.occurrence.time'), render: (_: unknown, o) => `${o.start}–${o.end}` },
              { key: 'price', title: t('fixed.occurrence.price'), align: 'right', render: (_: unknown, o) => (o.conflict ? '-' : yuan(o.priceFen)) },
              {
                key: 'state',
                title: t('fixed.occurrence.state'),
                render: (_: unknown, o) => (
                  <Tag color={o.conflict ? 'red' : 'green'} data-testid="fixed-occurrence-state" data-value={o.conflict ? 'conflict' : 'ok'}>
                    {conflictText(o.conflict, t)}
                  </Tag>
                ),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
