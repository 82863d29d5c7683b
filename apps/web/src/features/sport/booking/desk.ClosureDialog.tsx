import { useState } from 'react';
import { Alert, Button, Col, DatePicker, Form, Input, Modal, Row as GridRow, Select, Space, Switch, Table, Typography } from 'antd';
import { AlertOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { ClosureRow, VenueRow } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { FormModal, closeForm, errorFieldsOf, focusFirstError, reportNoChanges, useKitT, clockIn } from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { deskApi, refreshDesk, type ClosureImpact } from './desk.api.ts';
import { OrderState, useDeskT, useSiteOptions } from './desk.shared.tsx';

/** Local date-times of the venue as the closure calls take them. */
export const LOCAL = 'YYYY-MM-DD HH:mm';
const showTime = { format: 'HH:mm', minuteStep: 30 as const, hideDisabledOptions: true };

/**
 * What a DatePicker with time may not pick: days before `min`'s day, and on that day the hours
 * and minutes before it (`min` is the venue's wall clock as `yyyy-MM-dd HH:mm`).
 */
export function notBefore(min: string) {
  const m = dayjs(min, LOCAL);
  return {
    disabledDate: (d: Dayjs) => d.format('YYYY-MM-DD') < min.slice(0, 10),
    disabledTime: (d: Dayjs | null) => {
      if (!d || d.format('YYYY-MM-DD') !== min.slice(0, 10)) return {};
      return {
        disabledHours: () => Array.from({ length: m.hour() }, (_, i) => i),
        disabledMinutes: (h: number) =>
          h === m.hour() ? Array.from({ length: 60 }, (_, i) => i).filter((x) => x <= m.minute()) : h < m.hour() ? Array.from({ length: 60 }, (_, i) => i) : [],
      };
    },
  };
}

type Booking = ClosureImpact['bookings'][number];

/** The bookings a closure would cancel, what refunding them costs, and the locks it releases. */
export function ImpactTable({ impact, testId = 'closure-impact-result' }: { impact: ClosureImpact; testId?: string }) {
  const t = useDeskT();
  return (
    <div data-testid={testId} data-count={impact.bookings.length} data-fen={impact.refundFen}>
      {impact.bookings.length ? (
        <Alert
          type="warning"
          showIcon
          title={
            <span data-testid="closure-impact-summary">{t('closure.impactSummary', { count: impact.bookings.length, refund: yuan(impact.refundFen) })}</span>
          }
          description={impact.locks ? t('closure.impactLocks', { count: impact.locks }) : undefined}
          style={{ marginBottom: 8 }}
        />
      ) : (
        <Alert
          type="success"
          showIcon
          title={<span data-testid="closure-impact-summary">{t('closure.impactNone')}</span>}
          description={impact.locks ? t('closure.impactLocks', { count: impact.locks }) : undefined}
          style={{ marginBottom: 8 }}
        />
      )}
      {impact.bookings.length ? (
        <Table<Booking>
          size="small"
          rowKey="orderId"
          dataSource={impact.bookings}
          pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
          scroll={{ x: 760 }}
          data-testid="closure-impact-table"
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={5}>
                <Typography.Text strong>{t('closure.impactTotal')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <Typography.Text strong data-testid="closure-impact-total">
                  {yuan(impact.refundFen)}
                </Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
          columns={[
            {
              key: 'orderNo',
              title: t('closure.impactCol.orderNo'),
              dataIndex: 'orderNo',
              render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>,
            },
            {
              key: 'buyer',
              title: t('closure.impactCol.buyer'),
              render: (_: unknown, b) => <span style={{ whiteSpace: 'nowrap' }}>{[b.buyer || t('walkin'), b.phone].filter(Boolean).join(' · ')}</span>,
            },
            {
              key: 'slots',
              title: t('closure.impactCol.slots'),
              render: (_: unknown, b) => (
                <Space orientation="vertical" size={0}>
                  {b.slots.map((s) => (
                    <span key={s} style={{ whiteSpace: 'nowrap' }}>
                      {s}
                    </span>
                  ))}
                </Space>
              ),
            },
            { key: 'state', title: t('closure.impactCol.state'), render: (_: unknown, b) => <OrderState state={b.orderState} /> },
            { key: 'paid', title: t('closure.impactCol.paid'), align: 'right', render: (_: unknown, b) => yuan(b.paidFen) },
            {
              key: 'refund',
              title: t('closure.impactCol.refund'),
              align: 'right',
              render: (_: unknown, b) => <span data-testid="closure-impact-refund">{yuan(b.refundFen)}</span>,
            },
          ]}
        />
      ) : null}
    </div>
  );
}

// ---------------------------------------------------------------- add

interface ClosureValues {
  siteIds?: number[];
  from?: Dayjs | null;
  to?: Dayjs | null;
  reason?: string;
  reviewRefunds: boolean;
}

/** closedManagement "closedSetting": a batch closure of sites over a time range, saved after its impact was seen. */
export function ClosureAdd({ open, venue, onClose }: { open: boolean; venue: VenueRow; onClose: () => void }) {
  return open ? <AddForm venue={venue} onClose={onClose} /> : null;
}

function AddForm({ venue, onClose }: { venue: VenueRow; onClose: () => void }) {
  const t = useDeskT();
  const tk = useKitT();
  const [form] = Form.useForm<ClosureValues>();
  const values = Form.useWatch([], form) as Partial<ClosureValues> | undefined;
  const siteOptions = useSiteOptions();
  const [impact, setImpact] = useState<{ key: string; data: ClosureImpact } | null>(null);
  const [busy, setBusy] = useState<'impact' | 'save' | null>(null);
  const now = clockIn(new Date(), venue.timeZone);

  const rangeOf = (v: Partial<ClosureValues> | undefined) =>
    v?.siteIds?.length && v.from && v.to
      ? { stadiumId: venue.id, siteIds: [...v.siteIds].sort((a, b) => a - b), from: v.from.format(LOCAL), to: v.to.format(LOCAL) }
      : null;
  const range = rangeOf(values);
  const fresh = !!impact && !!range && impact.key === JSON.stringify(range);
  const dirty = () => form.isFieldsTouched();

  const validRange = async () => {
    try {
      await form.validateFields(['siteIds', 'from', 'to']);
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return null;
    }
    return rangeOf(form.getFieldsValue(true) as ClosureValues);
  };

  const check = async () => {
    const r = await validRange();
    if (!r) return;
    setBusy('impact');
    try {
      setImpact({ key: JSON.stringify(r), data: await deskApi.closureImpact(r) });
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    let v: ClosureValues;
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    const r = rangeOf(v);
    if (!r || !fresh) return;
    setBusy('save');
    try {
      const row = await deskApi.closureCreate({ range: r, reason: v.reason!.trim(), reviewRefunds: !!v.reviewRefunds });
      const refund = row.notices.reduce((n, x) => n + x.refundFen, 0);
      success(t(row.reviewRefunds ? 'closure.savedReview' : 'closure.saved', { count: row.notices.length, refund: yuan(refund) }));
      void refreshDesk();
      onClose();
    } catch (err) {
      const detail = (err as { detail?: unknown }).detail;
      if (Array.isArray(detail))
        for (const d of detail as { field?: string }[])
          if (d.field?.startsWith('range.')) d.field = d.field.replace(/^range\.siteIds\.\d+$/, 'siteIds').replace(/^range\./, '');
      await reactToSaveError(form, err);
    } finally {
      setBusy(null);
    }
  };

  const close = () => void closeForm(dirty, onClose, tk);
  return (
    <Modal
      open
      title={t('closure.addTitle')}
      width={900}
      centered
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={close}
      styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto', overflowX: 'hidden', paddingRight: 8 } }}
      footer={
        <Space>
          <Button onClick={close} data-testid="closure-form-cancel">
            {tk('cancel')}
          </Button>
          <Button icon={<AlertOutlined />} loading={busy === 'impact'} onClick={() => void check()} data-testid="closure-impact">
            {t('closure.impact')}
          </Button>
          <Button type="primary" danger loading={busy === 'save'} disabled={!fresh} onClick={() => void save()} data-testid="closure-confirm">
            {t('closure.confirm')}
          </Button>
        </Space>
      }
      data-testid="closure-form"
    >
      <Form<ClosureValues> form={form} name="closure-form" layout="vertical" initialValues={{ reviewRefunds: false }}>
        <Form.Item label={t('closure.field.siteIds')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="siteIds" noStyle rules={[{ required: true, message: tk('required') }]}>
              <Select
                id="closure-form_siteIds"
                mode="multiple"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                maxTagCount="responsive"
                options={siteOptions}
                placeholder={t('closure.field.siteIds')}
              />
            </Form.Item>
            <Button
              onClick={() => form.setFieldsValue({ siteIds: siteOptions.filter((o) => !o.disabled).map((o) => o.value as number) })}
              data-testid="closure-all-sites"
            >
              {t('closure.allSites')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <GridRow gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="from" label={t('closure.field.from')} rules={[{ required: true, message: tk('required') }]}>
              <DatePicker id="closure-form_from" showTime={showTime} format={LOCAL} style={{ width: '100%' }} disabledDate={notBefore(now).disabledDate} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="to"
              label={t('closure.field.to')}
              dependencies={['from']}
              rules={[
                { required: true, message: tk('required') },
                ({ getFieldValue }) => ({
                  validator: async (_r, v: Dayjs | null) => {
                    const from = getFieldValue('from') as Dayjs | null;
                    if (v && from && !v.isAfter(from)) throw new Error(t('closure.toAfterFrom'));
                    if (v && v.format(LOCAL) <= now) throw new Error(t('closure.toNotPast'));
                  },
                }),
              ]}
            >
              <DatePicker id="closure-form_to" showTime={showTime} format={LOCAL} style={{ width: '100%' }} {...notBefore(now)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="reason" label={t('closure.field.reason')} rules={[{ required: true, whitespace: true, message: tk('required') }, { max: 200 }]}>
              <Input id="closure-form_reason" maxLength={200} allowClear placeholder={t('closure.field.reason')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="reviewRefunds" label={t('closure.field.reviewRefunds')} valuePropName="checked" extra={t('closure.reviewHint')}>
              <Switch id="closure-form_reviewRefunds" />
            </Form.Item>
          </Col>
        </GridRow>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('closure.impactTitle')}
      </Typography.Title>
      {!impact ? <Alert type="info" showIcon title={t('closure.impactFirst')} /> : null}
      {impact && !fresh ? <Alert type="warning" showIcon title={t('closure.impactStale')} style={{ marginBottom: 8 }} /> : null}
      {impact ? <ImpactTable impact={impact.data} /> : null}
    </Modal>
  );
}

// ---------------------------------------------------------------- edit

interface EditValues {
  to?: Dayjs | null;
  reason?: string;
}

/** closedManagement "edit": only forward in time (a new end not before now) and the reason. */
export function ClosureEdit({ venue, row, onClose }: { venue: VenueRow; row: ClosureRow | null; onClose: () => void }) {
  return row ? <EditForm key={`${row.id}-${row.version}`} venue={venue} row={row} onClose={onClose} /> : null;
}

function EditForm({ venue, row, onClose }: { venue: VenueRow; row: ClosureRow; onClose: () => void }) {
  const t = useDeskT();
  const [form] = Form.useForm<EditValues>();
  const values = Form.useWatch([], form) as EditValues | undefined;
  const [busy, setBusy] = useState(false);
  const now = clockIn(new Date(), venue.timeZone);
  const min = row.from > now ? row.from : now;
  const initial = { to: dayjs(row.to, LOCAL), reason: row.reason };
  const newTo = values?.to?.format(LOCAL);
  const extendFrom = row.to > now ? row.to : now;
  const extension = newTo && newTo > extendFrom ? { stadiumId: venue.id, siteIds: row.siteIds, from: extendFrom, to: newTo } : null;
  const impact = useQuery({
    queryKey: ['desk', 'closureImpact', extension],
    queryFn: () => deskApi.closureImpact(extension!),
    enabled: !!extension,
    staleTime: 0,
  });

  const save = async () => {
    let v: EditValues;
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    const to = v.to?.format(LOCAL);
    const reason = v.reason?.trim();
    const body = { version: row.version, ...(to && to !== row.to ? { to } : {}), ...(reason && reason !== row.reason ? { reason } : {}) };
    if (!('to' in body) && !('reason' in body)) {
      reportNoChanges();
      return;
    }
    setBusy(true);
    try {
      await deskApi.closureUpdate(row.id, body);
      success(t('closure.updated'));
      void refreshDesk();
      onClose();
    } catch (err) {
      await reactToSaveError(form, err, {
        reload: async () => {
          await refreshDesk();
          onClose();
        },
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      open
      title={t('closure.editTitle')}
      testId="closure-edit"
      busy={busy}
      width={720}
      onOk={() => void save()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      <Typography.Paragraph type="secondary">
        {row.siteNames.join(', ')} · {row.from} ~ {row.to}
      </Typography.Paragraph>
      <Form<EditValues> form={form} name="closure-edit" layout="vertical" initialValues={initial}>
        <Form.Item
          name="to"
          label={t('closure.field.to')}
          extra={t('closure.onlyForward')}
          rules={[
            { required: true, message: t('closure.toNotPast') },
            {
              validator: async (_r, v: Dayjs | null) => {
                if (v && v.format(LOCAL) <= row.from) throw new Error(t('closure.toAfterFrom'));
                if (v && v.format(LOCAL) !== row.to && v.format(LOCAL) < now) throw new Error(t('closure.toNotPast'));
              },
            },
          ]}
        >
          <DatePicker id="closure-edit_to" showTime={showTime} format={LOCAL} allowClear={false} style={{ width: 260 }} {...notBefore(min)} />
        </Form.Item>
        <Form.Item name="reason" label={t('closure.field.reason')} rules={[{ required: true, whitespace: true }, { max: 200 }]}>
          <Input id="closure-edit_reason" maxLength={200} />
        </Form.Item>
      </Form>
      {extension && impact.data ? (
        <>
          <Typography.Title level={5}>{t('closure.extendImpact')}</Typography.Title>
          <ImpactTable impact={impact.data} testId="closure-edit-impact" />
        </>
      ) : null}
    </FormModal>
  );
}
