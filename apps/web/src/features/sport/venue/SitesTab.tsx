import { useMemo, useState } from 'react';
import { Alert, Form, Input, Space, Tag } from 'antd';
import { MergeCellsOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { Perm, siteCreate, siteMerge, type SiteRow, type VenueRow, type siteListQuery, type siteUpdate } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { notify } from '../../../app/notify.ts';
import {
  errorFieldsOf,
  focusFirstError,
  FormModal,
  invalidateResource,
  ListPage,
  sportOptions,
  useFieldRules,
  type Option,
  type ResourceDef,
  type Row,
} from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { siteApi, templateApi } from './venue.api.ts';
import { HoursEditor, NS, SportTag, everyDay, hoursText, siteStatusOptions, useVenueT, vt } from './shared.tsx';

/** A site with its halves under it (a split site, or the full site made by a merge). */
export type SiteNode = SiteRow & { children?: SiteNode[] };

/** Halves go under their parent; a half whose parent is not in the list stays at the top. */
export function nestSites(rows: readonly SiteRow[]): SiteNode[] {
  const byId = new Map<number, SiteNode>(rows.map((r) => [r.id, { ...r }]));
  const top: SiteNode[] = [];
  for (const r of byId.values()) {
    const parent = r.parentId !== null ? byId.get(r.parentId) : undefined;
    if (parent) (parent.children ??= []).push(r);
    else top.push(r);
  }
  return top;
}

/** The sites of a venue (halves included), for pickers: `name` (and the parent's for a half). */
export function useSiteOptions(venueId: number): Option[] {
  const q = useQuery({ queryKey: ['kit', 'site', 'options', venueId], queryFn: () => siteApi.all(venueId), staleTime: 10_000 });
  const rows = q.data?.data ?? [];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return rows.map((r) => ({ value: r.id, label: r.parentId !== null && names.has(r.parentId) ? `${names.get(r.parentId)} / ${r.name}` : r.name }));
}

type SiteForm = z.input<typeof siteCreate> & z.input<typeof siteUpdate>;
const S = siteCreate.shape;

function siteDef(
  venue: VenueRow,
  actions: { split: (row: SiteNode) => void; merge: (rows: SiteNode[], clear: () => void) => void },
): ResourceDef<SiteNode, SiteForm, z.input<typeof siteListQuery>> {
  const useTemplates = (): Option[] => {
    const q = useQuery({ queryKey: ['kit', 'template', 'options', venue.id], queryFn: () => templateApi.all(venue.id), staleTime: 10_000 });
    return (q.data?.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  };
  return {
    key: 'site',
    ns: NS,
    name: 'site',
    nameField: 'name',
    endpoint: { prefix: 'sport', path: 'venue/site' },
    tree: true,
    perms: { add: Perm.venue.edit, edit: Perm.venue.edit, remove: Perm.venue.edit },
    features: { export: false, import: false, detail: false },
    columns: [
      {
        key: 'name',
        label: 'field.siteName',
        render: (v: string, r) => (
          <Space size={4}>
            <span data-testid="site-name" data-row-key={r.id}>
              {v}
            </span>
            {r.parentId !== null ? <HalfTag /> : null}
          </Space>
        ),
      },
      { key: 'sport', label: 'field.sport', content: 'tag', render: (v: string) => <SportTag sport={v} /> },
      { key: 'capacity', label: 'field.capacity', content: 'number' },
      { key: 'status', label: 'field.status', options: siteStatusOptions },
      { key: 'hours', label: 'field.hours', render: (v: SiteRow['hours']) => hoursText(v, vt) },
      { key: 'sort', label: 'field.sort', content: 'number' },
      { key: 'remark', label: 'field.remark' },
    ],
    form: [
      { name: 'name', label: 'field.siteName', rule: S.name },
      { name: 'sport', label: 'field.sport', type: 'select', options: sportOptions, rule: S.sport, initialValue: venue.sportcatItems[0] },
      { name: 'capacity', label: 'field.capacity', type: 'integer', rule: S.capacity, initialValue: 1 },
      { name: 'sort', label: 'field.sort', type: 'integer', rule: S.sort, initialValue: 0 },
      { name: 'status', label: 'field.status', type: 'radio', options: siteStatusOptions, initialValue: 0, required: true },
      { name: 'templateId', label: 'field.templateId', type: 'select', useOptions: useTemplates, modes: ['add'], required: false },
      {
        name: 'hours',
        label: 'field.hours',
        type: 'custom',
        rule: S.hours,
        span: 2,
        initialValue: everyDay(venue.openTime, venue.closeTime),
        render: () => <HoursEditor fallback={[venue.openTime, venue.closeTime]} />,
        hidden: (v) => !!v.templateId,
      },
      { name: 'remark', label: 'field.remark', type: 'textarea', rule: S.remark, span: 2 },
    ],
    formColumns: 2,
    toBody: (values, mode) => {
      const out: Row = { ...values };
      // Cleared hours: closed every day (the contract takes a list, never null).
      if ('hours' in out && out.hours === null) out.hours = [];
      return mode === 'add' ? { ...out, venueId: venue.id } : out;
    },
    toolbar: [
      {
        key: 'merge',
        label: 'merge.button',
        icon: <MergeCellsOutlined />,
        perm: Perm.venue.edit,
        need: 'some',
        run: (ctx) => actions.merge(ctx.selectedRows, ctx.clearSelection),
      },
    ],
    rowActions: [
      { key: 'split', label: 'split.button', perm: Perm.venue.edit, visible: (r) => r.parentId === null && !r.children?.length, run: (r) => actions.split(r) },
    ],
    api: {
      list: async () => nestSites((await siteApi.all(venue.id)).data),
    },
  };
}

function HalfTag() {
  const t = useVenueT();
  return <Tag color="purple">{t('half')}</Tag>;
}

/** Split a site into two halves: their names. Test ids `siteSplit-form`, `#siteSplit-form_first`. */
function SplitDialog({ site, onClose }: { site: SiteNode | null; onClose: () => void }) {
  const t = useVenueT();
  const [form] = Form.useForm<{ first: string; second: string }>();
  // Each half's name follows the site name's rule (the split's names are the same).
  const nameRule = siteCreate.shape.name;
  const firstRules = useFieldRules({ name: 'first', label: 'split.first', rule: nameRule });
  const secondRules = useFieldRules({ name: 'second', label: 'split.second', rule: nameRule });
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!site) return;
    let v: { first: string; second: string };
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    try {
      await siteApi.split(site.id, [v.first.trim(), v.second.trim()]);
      success(t('split.done'));
      void invalidateResource('site');
      onClose();
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };
  const cut = (s: string) => s.slice(0, 32);
  return (
    <FormModal
      open={!!site}
      title={`${t('split.title')} · ${site?.name ?? ''}`}
      testId="siteSplit-form"
      busy={busy}
      width={480}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      <Alert type="info" showIcon title={t('split.hint')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        name="siteSplit-form"
        layout="vertical"
        autoComplete="off"
        initialValues={{ first: cut(`${site?.name ?? ''} ${t('split.suffixA')}`), second: cut(`${site?.name ?? ''} ${t('split.suffixB')}`) }}
        onFinish={() => void submit()}
      >
        <Form.Item name="first" label={t('split.first')} rules={firstRules} required>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="second" label={t('split.second')} rules={secondRules} required>
          <Input maxLength={32} />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </FormModal>
  );
}

/** Merge two sites into a full site over them. Test ids `siteMerge-form`, `#siteMerge-form_name`. */
function MergeDialog({ sites, onClose }: { sites: [SiteNode, SiteNode] | null; onClose: () => void }) {
  const t = useVenueT();
  const [form] = Form.useForm<{ name: string }>();
  const rules = useFieldRules({ name: 'name', label: 'merge.name', rule: siteMerge.shape.name });
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!sites) return;
    let v: { name: string };
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    try {
      await siteApi.merge([sites[0].id, sites[1].id], v.name.trim());
      success(t('merge.done'));
      void invalidateResource('site');
      onClose();
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal
      open={!!sites}
      title={t('merge.title')}
      testId="siteMerge-form"
      busy={busy}
      width={480}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      {sites ? <Alert type="info" showIcon title={t('merge.hint', { a: sites[0].name, b: sites[1].name })} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        name="siteMerge-form"
        layout="vertical"
        autoComplete="off"
        initialValues={{ name: sites ? `${sites[0].name}+${sites[1].name}`.slice(0, 32) : '' }}
        onFinish={() => void submit()}
      >
        <Form.Item name="name" label={t('merge.name')} rules={rules} required>
          <Input maxLength={32} />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </FormModal>
  );
}

/** The site management tab: the venue's sites with their halves, hours, split and merge. */
export function SitesTab({ venue }: { venue: VenueRow }) {
  const t = useVenueT();
  const [splitting, setSplitting] = useState<SiteNode | null>(null);
  const [merging, setMerging] = useState<[SiteNode, SiteNode] | null>(null);
  const def = useMemo(
    () =>
      siteDef(venue, {
        split: setSplitting,
        merge: (rows, clear) => {
          if (rows.length !== 2) return notify.warning(t('merge.needTwo'));
          setMerging([rows[0]!, rows[1]!]);
          clear();
        },
      }),
    // The form's defaults follow the venue's hours and sports.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the venue's hours and sports compared by value, not the venue object
    [venue.id, venue.openTime, venue.closeTime, venue.sportcatItems.join(',')],
  );
  return (
    <>
      <ListPage def={def as ResourceDef<SiteNode>} extraFilters={{ venueId: venue.id }} />
      <SplitDialog site={splitting} onClose={() => setSplitting(null)} />
      <MergeDialog sites={merging} onClose={() => setMerging(null)} />
    </>
  );
}
