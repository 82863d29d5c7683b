import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { z } from 'zod';
import {
  DAY_KINDS,
  Perm,
  hhmm,
  minutesOf,
  templateApply,
  templateCreate,
  type TemplateRow,
  type VenueRow,
  type templateListQuery,
  type templateUpdate,
} from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import {
  useLabelT,
  FormModal,
  ListPage,
  NumberInput,
  errorFieldsOf,
  focusFirstError,
  invalidateResource,
  useFieldRules,
  type ResourceDef,
  type Row,
} from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { useSiteOptions } from './SitesTab.tsx';
import { yuanRule } from './PricesTab.tsx';
import { templateApi } from './venue.api.ts';
import {
  HoursEditor,
  NS,
  TimeSelect,
  dayKindOptions,
  everyDay,
  fenToYuan,
  hoursText,
  toFen,
  useVenueT,
  vt,
  weekdayOptions,
  weekdaysText,
  yuan,
  type Hours,
} from './shared.tsx';

/** A price of a template as the form holds it (yuan). */
interface TplPrice {
  weekdays: number[];
  dayKind: (typeof DAY_KINDS)[number];
  start: string | null;
  end: string | null;
  level?: string | null;
  price?: number | string | null;
}

/** The prices as typed: each with a valid band and a price in yuan. */
const pricesRule = z
  .array(
    z
      .object({
        weekdays: z.array(z.number()).optional(),
        dayKind: z.enum(DAY_KINDS),
        start: hhmm,
        end: hhmm,
        level: z.string().trim().max(32).nullish(),
        price: yuanRule,
      })
      .refine((p) => minutesOf(p.start) < minutesOf(p.end), { message: 'venue.closeAfterOpen', path: ['end'] }),
  )
  .max(50);

/** The template's prices: one row each (weekdays, day kind, time band, member level, price). */
function PricesEditor({ value, onChange, id }: { value?: TplPrice[] | null; onChange?: (v: TplPrice[]) => void; id?: string }) {
  const t = useVenueT();
  const optionLabel = useLabelT(NS);
  const list = value ?? [];
  const set = (i: number, patch: Partial<TplPrice>) => onChange?.(list.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const weekdays = weekdayOptions.map((o) => ({ value: o.value as number, label: optionLabel(o.label) }));
  const kinds = dayKindOptions.map((o) => ({ value: o.value as string, label: optionLabel(o.label) }));
  return (
    <Flex vertical gap={8} id={id} data-testid="tpl-prices">
      {list.length === 0 ? <Typography.Text type="secondary">{t('noPrices')}</Typography.Text> : null}
      {list.map((p, i) => (
        <Flex key={i} gap={6} align="center" wrap data-testid={`tpl-price-${i}`}>
          <Select
            mode="multiple"
            maxTagCount="responsive"
            allowClear
            value={p.weekdays}
            onChange={(v: number[]) => set(i, { weekdays: v })}
            options={weekdays}
            placeholder={t('everyDay')}
            style={{ width: 170 }}
          />
          <Select value={p.dayKind} onChange={(v: TplPrice['dayKind']) => set(i, { dayKind: v })} options={kinds} style={{ width: 120 }} />
          <TimeSelect value={p.start} onChange={(v) => set(i, { start: v })} testId={`tpl-price-${i}-start`} style={{ width: 96 }} />
          <Typography.Text type="secondary">{t('to')}</Typography.Text>
          <TimeSelect value={p.end} onChange={(v) => set(i, { end: v })} testId={`tpl-price-${i}-end`} style={{ width: 96 }} />
          <Input value={p.level ?? ''} onChange={(e) => set(i, { level: e.target.value })} placeholder={t('walkIn')} maxLength={32} style={{ width: 110 }} />
          <NumberInput
            value={p.price ?? null}
            onChange={(v) => set(i, { price: v as number | string | null })}
            decimals={2}
            prefix="¥"
            placeholder="0.00"
            style={{ width: 110 }}
            data-testid={`tpl-price-${i}-price`}
          />
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('removePrice')} onClick={() => onChange?.(list.filter((_, j) => j !== i))} />
        </Flex>
      ))}
      <div>
        <Button
          icon={<PlusOutlined />}
          onClick={() => onChange?.([...list, { weekdays: [], dayKind: 'any', start: list.at(-1)?.end ?? '08:00', end: '22:00', level: null, price: null }])}
          data-testid="tpl-price-add"
        >
          {t('addPrice')}
        </Button>
      </div>
    </Flex>
  );
}

type TplForm = z.input<typeof templateCreate> & z.input<typeof templateUpdate>;

/** A template's prices as one line: 'weekdays band [level] price; ...'. */
const pricesText = (row: TemplateRow): string =>
  row.prices.map((p) => `${weekdaysText(p.weekdays, vt)} ${p.start}-${p.end} ${p.level ? `${p.level} ` : ''}${yuan(p.priceFen)}`).join('; ') || '-';

function templateDef(venue: VenueRow, apply: (row: TemplateRow) => void): ResourceDef<TemplateRow, TplForm, z.input<typeof templateListQuery>> {
  return {
    key: 'template',
    ns: NS,
    name: 'template',
    nameField: 'name',
    endpoint: { prefix: 'sport', path: 'venue/template' },
    perms: { add: Perm.venue.edit, edit: Perm.venue.edit, remove: Perm.venue.edit },
    features: { export: false, import: false, detail: false },
    search: [{ name: 'name', label: 'field.templateName' }],
    columns: [
      { key: 'name', label: 'field.templateName' },
      { key: 'hours', label: 'field.hours', render: (v: Hours[]) => hoursText(v, vt) },
      { key: 'prices', label: 'field.prices', render: (_v, r) => pricesText(r) },
      { key: 'createTime', label: 'field.createTime', format: 'datetime' },
    ],
    form: [
      { name: 'name', label: 'field.templateName', rule: templateCreate.shape.name },
      {
        name: 'hours',
        label: 'field.hours',
        type: 'custom',
        rule: templateCreate.shape.hours,
        initialValue: everyDay(venue.openTime, venue.closeTime),
        render: () => <HoursEditor fallback={[venue.openTime, venue.closeTime]} />,
      },
      { name: 'prices', label: 'field.prices', type: 'custom', rule: pricesRule, required: false, initialValue: [], render: () => <PricesEditor /> },
    ],
    formColumns: 1,
    formWidth: 860,
    toForm: (row) => ({ ...row, prices: row.prices.map((p) => ({ ...p, price: fenToYuan(p.priceFen) })) }),
    toBody: (values, mode) => {
      const out: Row = { ...values };
      if ('prices' in out) {
        out.prices = ((out.prices as TplPrice[] | null) ?? []).map(({ price, level, weekdays, ...p }) => ({
          ...p,
          weekdays: weekdays ?? [],
          level: level?.trim() || null,
          priceFen: toFen(price),
        }));
      }
      if ('hours' in out && out.hours === null) out.hours = [];
      return mode === 'add' ? { ...out, venueId: venue.id } : out;
    },
    rowActions: [{ key: 'apply', label: 'applyTpl.button', perm: Perm.venue.edit, run: (row) => apply(row) }],
  };
}

/** Apply a template to sites: their hours and price rules become the template's. */
function ApplyDialog({ venueId, template, onClose }: { venueId: number; template: TemplateRow | null; onClose: () => void }) {
  const t = useVenueT();
  const [form] = Form.useForm<{ siteIds: number[] }>();
  const sites = useSiteOptions(venueId);
  const rules = useFieldRules({ name: 'siteIds', label: 'applyTpl.sites', rule: templateApply.shape.siteIds });
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!template) return;
    let v: { siteIds: number[] };
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    try {
      const r = await templateApi.apply(template.id, v.siteIds);
      success(t('applyTpl.done', { n: r.sites }));
      void invalidateResource('site');
      void invalidateResource('price');
      onClose();
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal
      open={!!template}
      title={t('applyTpl.title', { name: template?.name ?? '' })}
      testId="templateApply-form"
      busy={busy}
      width={560}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      <Alert type="warning" showIcon title={t('applyTpl.hint')} style={{ marginBottom: 16 }} />
      <Form form={form} name="templateApply-form" layout="vertical" autoComplete="off">
        <Form.Item name="siteIds" label={t('applyTpl.sites')} rules={rules} required>
          <Select
            mode="multiple"
            allowClear
            options={sites.map((s) => ({ value: s.value as number, label: s.label }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** The templates of the venue: hours and prices to copy onto sites. */
export function TemplatesTab({ venue }: { venue: VenueRow }) {
  const [applying, setApplying] = useState<TemplateRow | null>(null);
  const def = useMemo(
    () => templateDef(venue, setApplying),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the venue's id and hours compared by value, not the venue object
    [venue.id, venue.openTime, venue.closeTime],
  );
  return (
    <>
      <ListPage def={def as ResourceDef<TemplateRow>} extraFilters={{ venueId: venue.id }} />
      <ApplyDialog venueId={venue.id} template={applying} onClose={() => setApplying(null)} />
    </>
  );
}
