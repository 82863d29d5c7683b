import { useLayoutEffect, useMemo, useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Radio, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Perm, campaignCreate, type CampaignKind, type CampaignRow, type CouponTemplateRow, type Page, type campaignQuery } from '@venue/contract';
import type { z } from 'zod';
import { confirm, success } from '../../../app/feedback.tsx';
import { api, http } from '../../../app/request.ts';
import {
  FieldItem,
  ListPage,
  NumberInput,
  sportOptions,
  useKitT,
  useVenueOptions,
  useVenueTimeZone,
  type FieldDef,
  type ResourceDef,
  type Row,
} from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { toFen } from '../../../kit/pay/index.ts';
import {
  BudgetUsed,
  CampaignDay,
  NS,
  detailPath,
  kindOptions,
  lastDayOf,
  offKindOptions,
  post,
  put,
  refreshCampaigns,
  startDayOf,
  stateOptions,
  termsOf,
  triggerOptions,
  useMarketingT,
} from './shared.tsx';

const fenToYuan = (v: number | null | undefined) => (v === null || v === undefined ? v : v / 100);

function Terms({ row }: { row: CampaignRow }) {
  const t = useMarketingT();
  return <span data-testid={`campaign-terms-${row.id}`}>{termsOf(t, row)}</span>;
}

export const campaignResource: ResourceDef<CampaignRow, Row, z.input<typeof campaignQuery>> = {
  key: 'campaign',
  ns: NS,
  name: 'campaign',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'marketing/campaign' },
  perms: { edit: Perm.marketing.edit },
  // Added and edited in the drawer below (a form per kind); the detail is a page of its own; never deleted (its uses point at it): ended.
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
  search: [
    { name: 'name', label: 'field.name' },
    { name: 'kind', label: 'field.kind', type: 'select', options: kindOptions },
  ],
  columns: [
    { key: 'name', label: 'field.name', sorter: true },
    { key: 'kind', label: 'field.kind', options: kindOptions },
    { key: 'state', label: 'field.state', options: stateOptions },
    { key: '$terms', label: 'field.terms', render: (_: unknown, r) => <Terms row={r} /> },
    { key: 'validFrom', label: 'field.validFrom', content: 'time', sorter: true, width: 130, render: (v: string) => <CampaignDay iso={v} /> },
    { key: 'validTo', label: 'field.validTo', content: 'time', width: 130, render: (v: string) => <CampaignDay iso={v} last /> },
    { key: 'usedFen', label: 'field.used', sorter: true, render: (_: number, r) => <BudgetUsed row={r} />, width: 240, ellipsis: false },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', sorter: true, hiddenByDefault: true },
  ],
};

type FormValues = Row & { kind: CampaignKind; tiers?: { minFen?: number; bonusFen?: number }[] };

/** The create/edit drawer: the common fields, then the kind's own. */
function CampaignDrawer({ open, row, onClose }: { open: boolean; row: CampaignRow | null; onClose: () => void }) {
  const t = useMarketingT();
  const tk = useKitT();
  const tz = useVenueTimeZone();
  const [form] = Form.useForm<FormValues>();
  const kind = (Form.useWatch('kind', form) ?? row?.kind ?? 'timeBand') as CampaignKind;
  const offKind = Form.useWatch('offKind', form);
  const mode = row ? 'edit' : 'add';
  const templates = useQuery({
    queryKey: ['campaign', 'couponTemplates'],
    queryFn: () => http.post<Page<CouponTemplateRow>>(api.sport('coupon/template/list'), { pageNum: 1, pageSize: 200, status: 'on' }),
    enabled: open && kind === 'couponPack',
  });
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row)
      form.setFieldsValue({
        ...row,
        validFrom: startDayOf(row.validFrom, tz),
        validTo: lastDayOf(row.validTo, tz),
        budgetFen: fenToYuan(row.budgetFen),
        capFen: fenToYuan(row.capFen),
        offValue: row.offKind === 'amount' ? fenToYuan(row.offValue) : row.offValue,
        tiers: row.tiers.map((x) => ({ minFen: x.minFen / 100, bonusFen: x.bonusFen / 100 })),
      });
    else form.setFieldsValue({ kind: 'timeBand', offKind: 'amount', tiers: [{}] });
  }, [open, row, form, tz]);

  const { busy: saving, submit } = useFormSubmit(form, async (v) => {
    const body: Row = {
      name: v.name,
      validFrom: v.validFrom,
      validTo: v.validTo,
      venueIds: v.venueIds ?? [],
      budgetFen: toFen(v.budgetFen),
      remark: (v.remark as string | undefined)?.trim() || null,
    };
    if (kind === 'rechargeBonus') body.tiers = (v.tiers ?? []).map((x) => ({ minFen: toFen(x.minFen), bonusFen: toFen(x.bonusFen) }));
    if (kind === 'firstBooking' || kind === 'timeBand') {
      body.offKind = v.offKind;
      body.offValue = v.offKind === 'amount' ? toFen(v.offValue) : v.offValue;
      body.capFen = v.offKind === 'percent' && v.capFen !== null && v.capFen !== undefined ? toFen(v.capFen) : null;
    }
    if (kind === 'timeBand') Object.assign(body, { sports: v.sports ?? [], bandStart: v.bandStart, bandEnd: v.bandEnd });
    if (kind === 'couponPack') Object.assign(body, { trigger: v.trigger, templateIds: v.templateIds ?? [] });
    if (row) await put(`campaign/${row.id}`, { ...body, version: row.version });
    else await post('campaign', { ...body, kind });
    success(t('done.saved'));
    refreshCampaigns();
    onClose();
  });

  const item = (f: FieldDef) => <FieldItem key={f.name} field={f} ns={NS} mode={mode} form={form} />;
  const kindLabel = t(`kind.${kind}`);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={560}
      destroyOnHidden
      title={row ? t('drawer.edit', { name: row.name }) : t('drawer.add', { kind: kindLabel })}
      extra={
        <Space>
          <Button onClick={onClose}>{tk('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="campaign-form-ok">
            {tk('ok')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" name="campaign-form" data-testid="campaign-form">
        <Form.Item name="kind" label={t('field.kind')} extra={t(`hint.${kind}`)}>
          <Radio.Group optionType="button" buttonStyle="solid" disabled={!!row} data-testid="campaign-form-kind">
            {kindOptions.map((o) => (
              <Radio.Button key={String(o.value)} value={o.value}>
                <span data-testid={`campaign-kind-${String(o.value)}`}>{t(o.label as never)}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        {item({ name: 'name', label: 'field.name', rule: campaignCreate.shape.name })}
        <Space.Compact block>
          <div style={{ flex: 1 }}>{item({ name: 'validFrom', label: 'field.validFrom', type: 'date', required: true })}</div>
          <div style={{ width: 12 }} />
          <div style={{ flex: 1 }}>{item({ name: 'validTo', label: 'field.validTo', type: 'date', required: true })}</div>
        </Space.Compact>
        {item({ name: 'venueIds', label: 'field.venueIds', type: 'multiSelect', useOptions: useVenueOptions, required: false })}
        {item({ name: 'budgetFen', label: 'field.budgetFen', type: 'number', required: true, extra: 'hint.budget', props: { prefix: '¥', min: 0.01 } })}
        {kind === 'rechargeBonus' ? (
          <Form.Item label={t('field.tiers')} required>
            <Form.List name="tiers">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                      <Form.Item name={[f.name, 'minFen']} rules={[{ required: true }]} aria-label={t('field.minFen')}>
                        <NumberInput prefix="¥" placeholder={t('field.minFen')} data-testid={`campaign-tier-min-${f.name}`} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'bonusFen']} rules={[{ required: true }]} aria-label={t('field.bonusFen')}>
                        <NumberInput prefix="+ ¥" placeholder={t('field.bonusFen')} data-testid={`campaign-tier-bonus-${f.name}`} />
                      </Form.Item>
                      {fields.length > 1 ? <Button type="text" icon={<DeleteOutlined />} aria-label="remove" onClick={() => remove(f.name)} /> : null}
                    </Space>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} data-testid="campaign-tier-add">
                    {t('drawer.addTier')}
                  </Button>
                </>
              )}
            </Form.List>
          </Form.Item>
        ) : null}
        {kind === 'firstBooking' || kind === 'timeBand' ? (
          <>
            {item({ name: 'offKind', label: 'field.offKind', type: 'radio', options: offKindOptions, required: true })}
            {offKind === 'percent'
              ? [
                  item({ name: 'offValue', label: 'field.offPercent', type: 'integer', required: true, props: { suffix: '%', min: 1, max: 100 } }),
                  item({ name: 'capFen', label: 'field.capFen', type: 'number', required: false, props: { prefix: '¥' } }),
                ]
              : item({ name: 'offValue', label: 'field.offAmount', type: 'number', required: true, props: { prefix: '¥' } })}
          </>
        ) : null}
        {kind === 'timeBand' ? (
          <>
            {item({ name: 'sports', label: 'field.sports', type: 'multiSelect', options: sportOptions, required: false })}
            <Space.Compact block>
              <div style={{ flex: 1 }}>
                {item({
                  name: 'bandStart',
                  label: 'field.bandStart',
                  rule: campaignCreate.shape.bandStart,
                  required: true,
                  props: { placeholder: '10:00' },
                  extra: 'hint.band',
                })}
              </div>
              <div style={{ width: 12 }} />
              <div style={{ flex: 1 }}>
                {item({ name: 'bandEnd', label: 'field.bandEnd', rule: campaignCreate.shape.bandEnd, required: true, props: { placeholder: '14:00' } })}
              </div>
            </Space.Compact>
          </>
        ) : null}
        {kind === 'couponPack' ? (
          <>
            {item({ name: 'trigger', label: 'field.trigger', type: 'radio', options: triggerOptions, required: true })}
            <Form.Item name="templateIds" label={t('field.templateIds')} rules={[{ required: true }]}>
              <Select
                mode="multiple"
                loading={templates.isLoading}
                data-testid="campaign-form-templates"
                options={(templates.data?.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
                optionFilterProp="label"
              />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="remark" label={t('field.remark')}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** sport.marketing.management (operatManagement/marketingManagement): campaigns with their state and budget used; add and edit in a drawer; pause, resume, end. */
export default function MarketingPage() {
  const t = useMarketingT();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ row: CampaignRow | null } | null>(null);
  const status = async (r: CampaignRow, to: 'on' | 'paused' | 'ended') => {
    if (to !== 'on' && !(await confirm({ content: t(to === 'paused' ? 'confirm.pause' : 'confirm.end', { name: r.name }), danger: to === 'ended' }))) return;
    await put(`campaign/${r.id}/status`, { status: to, version: r.version });
    success(t('done.status'));
    refreshCampaigns();
  };
  const def = useMemo<typeof campaignResource>(
    () => ({
      ...campaignResource,
      toolbar: [{ key: 'add', label: 'action.add', icon: <PlusOutlined />, primary: true, perm: Perm.marketing.add, run: () => setEditing({ row: null }) }],
      rowActions: [
        { key: 'detail', label: 'action.detail', run: (r) => navigate(detailPath(r.id)) },
        { key: 'edit', label: 'action.edit', perm: Perm.marketing.edit, visible: (r) => r.status !== 'ended', run: (r) => setEditing({ row: r }) },
        {
          key: 'pause',
          label: 'action.pause',
          perm: Perm.marketing.status,
          visible: (r) => r.status === 'on' && r.state !== 'ended',
          run: (r) => status(r, 'paused'),
        },
        {
          key: 'resume',
          label: 'action.resume',
          perm: Perm.marketing.status,
          visible: (r) => r.status === 'paused' && r.state !== 'ended',
          run: (r) => status(r, 'on'),
        },
        { key: 'end', label: 'action.end', perm: Perm.marketing.status, danger: true, visible: (r) => r.status !== 'ended', run: (r) => status(r, 'ended') },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `status` reads only the translator
    [navigate, t],
  );
  return (
    <div data-testid="campaign-page">
      <Alert type="info" showIcon title={t('hint.budget')} style={{ marginBottom: 12 }} closable />
      <ListPage def={def} />
      <CampaignDrawer open={editing !== null} row={editing?.row ?? null} onClose={() => setEditing(null)} />
    </div>
  );
}
