import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Flex, Form, Row as GridRow, Skeleton, Space, Switch, Tabs, Tag, Tooltip, Typography } from 'antd';
import { LockOutlined, PlusOutlined, SaveOutlined, UnlockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_BOOKING_RULES, Perm, bookingRules, type BookingRules, type VenueRow } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { setVenue, useSession } from '../../../app/session.ts';
import {
  useLabelT,
  FieldItem,
  FormDialog,
  IntegerInput,
  changedValues,
  errorFieldsOf,
  focusFirstError,
  isEmptyValue,
  reportNoChanges,
  useCan,
  useFieldRules,
  useKitT,
  type Row,
} from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { AccountTab } from './AccountTab.tsx';
import { MemberCardTab, MemberTab, SessionsTab } from './OtherTabs.tsx';
import { PricesTab } from './PricesTab.tsx';
import { SitesTab } from './SitesTab.tsx';
import { TemplatesTab } from './TemplatesTab.tsx';
import { venueApi } from './venue.api.ts';
import { LockDialog, ShopSwitch, refreshVenues } from './VenueDialogs.tsx';
import { sectionFields, venueFields, venueToBody, venueToForm, type VenueSection } from './venueForm.tsx';
import { NS, SportTag, applyStateOptions, useVenueT } from './shared.tsx';

/** The venue of an organisation: the query the list's changes refresh too (key under 'kit', 'venue'). */
const venueOfOrgKey = (orgId: number) => ['kit', 'venue', 'ofOrg', orgId] as const;

/** Edit values: a cleared field is null (the server clears it), text trimmed. */
function editBody(values: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(values)) out[k] = isEmptyValue(v) ? null : typeof v === 'string' ? v.trim() : v;
  return out;
}

/**
 * One section of the venue as a form (base information, contact, identity, partner): the kit's
 * fields and zod rules, 'no changes' when nothing changed, saved with `version`
 * (PUT stadiumInfo/update); a failed save goes to `reactToSaveError`.
 */
function SectionForm({ venue, section, reload }: { venue: VenueRow; section: VenueSection; reload: () => unknown }) {
  const t = useVenueT();
  const can = useCan();
  const editable = can(Perm.venue.edit);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const fields = useMemo(() => sectionFields(section), [section]);
  const names = fields.map((f) => f.name);
  const initial = useMemo(() => {
    const all = venueToForm(venue);
    return Object.fromEntries(names.map((n) => [n, all[n] ?? null]));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- names follow section, which is a dependency
  }, [venue, section]);
  const id = `venue-${section}`;

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(initial);
  }, [form, initial]);

  const save = async () => {
    try {
      await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    const changed = changedValues(
      initial,
      form.getFieldsValue(true) as Row,
      names.filter((n) => n !== 'mapLink'),
    );
    if (!Object.keys(changed).length) {
      reportNoChanges();
      return;
    }
    setBusy(true);
    try {
      await venueApi.update({ ...venueToBody(editBody(changed)), id: venue.id, version: venue.version });
      success(t('saved'));
      await refreshVenues();
    } catch (err) {
      await reactToSaveError(form, err, { reload });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      name={id}
      layout="vertical"
      autoComplete="off"
      disabled={!editable}
      initialValues={initial}
      style={{ maxWidth: 880 }}
      data-testid={id}
      onFinish={() => void save()}
    >
      <GridRow gutter={24}>
        {fields.map((f) => (
          <Col key={f.name} span={f.span === 2 || f.type === 'textarea' ? 24 : 12}>
            <FieldItem field={f} ns={NS} mode="edit" form={form} />
          </Col>
        ))}
      </GridRow>
      {editable ? (
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={busy} data-testid={`${id}-save`}>
          {t('save')}
        </Button>
      ) : null}
    </Form>
  );
}

type RuleKey = keyof BookingRules;
const NUMBER_RULES: RuleKey[] = [
  'advanceDays',
  'minSlots',
  'maxSlots',
  'cancelDeadlineMinutes',
  'lateCancelRefundPercent',
  'changeDeadlineMinutes',
  'noShowAfterMinutes',
];

function RuleItem({ name }: { name: RuleKey }) {
  const t = useVenueT();
  const tk = useKitT();
  const rules = useFieldRules({ name, label: `field.${name}`, rule: bookingRules.shape[name], required: true });
  const extra =
    name === 'maxSlots'
      ? [
          ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
            validator: async (_r: unknown, v: unknown) => {
              const min = Number(getFieldValue('minSlots'));
              if (typeof v === 'number' && Number.isFinite(min) && v < min) throw new Error(t('rules.maxBelowMin'));
            },
          }),
        ]
      : [];
  return (
    <Form.Item
      name={name}
      label={t(`field.${name}`)}
      rules={[...rules, ...extra]}
      required
      dependencies={name === 'maxSlots' ? ['minSlots'] : undefined}
      validateFirst
    >
      <IntegerInput placeholder={tk('placeholderInput', { label: '' })} />
    </Form.Item>
  );
}

/** The venue's booking rules (rule setting), saved with stadiumInfo/update (also service management's rule dialog). */
export function RulesForm({ venue, reload, onSaved }: { venue: VenueRow; reload: () => unknown; onSaved?: () => void }) {
  const t = useVenueT();
  const can = useCan();
  const editable = can(Perm.venue.edit);
  const [form] = Form.useForm<BookingRules>();
  const [busy, setBusy] = useState(false);
  const initial = useMemo(() => ({ ...DEFAULT_BOOKING_RULES, ...venue.rules }), [venue]);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(initial);
  }, [form, initial]);

  const save = async () => {
    let v: BookingRules;
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    const rules = { ...initial, ...v };
    if (!Object.keys(changedValues(initial as unknown as Row, rules as unknown as Row)).length) {
      reportNoChanges();
      return;
    }
    setBusy(true);
    try {
      await venueApi.update({ id: venue.id, version: venue.version, rules });
      success(t('saved'));
      await refreshVenues();
      onSaved?.();
    } catch (err) {
      await reactToSaveError(form, err, { reload });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<BookingRules>
      form={form}
      name="venue-rules"
      layout="vertical"
      autoComplete="off"
      disabled={!editable}
      initialValues={initial}
      style={{ maxWidth: 880 }}
      data-testid="venue-rules"
      onFinish={() => void save()}
    >
      <GridRow gutter={24}>
        {NUMBER_RULES.map((n) => (
          <Col key={n} span={12}>
            <RuleItem name={n} />
          </Col>
        ))}
        <Col span={12}>
          <Form.Item name="noShowForfeits" label={t('field.noShowForfeits')} valuePropName="checked">
            <Switch checkedChildren={t('yes')} unCheckedChildren={t('no')} />
          </Form.Item>
        </Col>
      </GridRow>
      {editable ? (
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={busy} data-testid="venue-rules-save">
          {t('rules.save')}
        </Button>
      ) : null}
    </Form>
  );
}

/** The header: name, state tags, address; the shop switch and the lock button. */
function VenueHeader({ venue, onLock }: { venue: VenueRow; onLock: () => void }) {
  const t = useVenueT();
  const optionLabel = useLabelT(NS);
  const can = useCan();
  const apply = applyStateOptions.find((o) => o.value === venue.applyState);
  return (
    <Card variant="borderless" style={{ marginBottom: 16 }} data-testid="venue-header">
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <div style={{ minWidth: 0 }}>
          <Space size={8} align="center" wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="venue-name">
              {venue.stadiumName}
            </Typography.Title>
            {apply ? <Tag color={apply.color}>{optionLabel(apply.label)}</Tag> : null}
            {venue.cooperative ? <Tag color="geekblue">{t('field.cooperative')}</Tag> : null}
            {venue.locked ? (
              <Tooltip title={venue.lockReason}>
                <Tag color="red" icon={<LockOutlined />} data-testid="venue-locked">
                  {t('lockState.locked')}
                </Tag>
              </Tooltip>
            ) : null}
          </Space>
          <Space size={[4, 4]} wrap style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">{venue.orgName}</Typography.Text>
            {venue.address ? <Typography.Text type="secondary">· {venue.address}</Typography.Text> : null}
            <Typography.Text type="secondary">
              · {t('field.businessHours')} {venue.openTime}-{venue.closeTime}
            </Typography.Text>
            {venue.sportcatItems.map((s) => (
              <SportTag key={s} sport={s} />
            ))}
          </Space>
        </div>
        <Space size={16} align="center">
          <Space size={8}>
            <Typography.Text>{t('field.shopStatus')}</Typography.Text>
            <ShopSwitch venue={venue} size="default" />
          </Space>
          {can(Perm.venue.lock) ? (
            <Button icon={venue.locked ? <UnlockOutlined /> : <LockOutlined />} danger={!venue.locked} onClick={onLock} data-testid="venue-lock">
              {t('lock.button')}
            </Button>
          ) : null}
        </Space>
      </Flex>
    </Card>
  );
}

/**
 * sport.venue.manage ("场馆信息", spec 2.5 venueManagement): the venue of the signed-in user's
 * current organisation (GET stadiumInfo/list/orgId/{orgId}). Without one: an empty state with
 * "add venue". With one: its information, rules, sites, prices, templates, accounts, members and
 * today's sessions as tabs, the shop switch and the stadium lock in the header.
 */
export default function VenueManagePage() {
  const t = useVenueT();
  const tk = useKitT();
  const can = useCan();
  const orgId = useSession((s) => s.userInfo?.currentOrg?.orgId ?? null);
  const query = useQuery({ queryKey: venueOfOrgKey(orgId ?? 0), queryFn: () => venueApi.ofOrg(orgId!), enabled: orgId !== null });
  const [adding, setAdding] = useState(false);
  const [locking, setLocking] = useState<VenueRow | null>(null);
  const [tab, setTab] = useState('baseInfo');
  const addFields = useMemo(() => venueFields(), []);
  const reload = () => query.refetch();
  // Spec 4: the session's current venue follows what this screen adds and saves.
  useEffect(() => {
    if (query.data !== undefined) setVenue(query.data);
  }, [query.data]);

  if (orgId === null) return <Empty description={t('noOrg')} />;
  if (query.isLoading) return <Skeleton active />;
  const venue = query.data ?? null;

  if (!venue) {
    return (
      <Card variant="borderless" data-testid="venue-manage">
        <Empty description={t('noVenue')} style={{ padding: '48px 0' }}>
          {can(Perm.venue.add) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="venue-add">
              {t('addVenue')}
            </Button>
          ) : null}
        </Empty>
        <FormDialog
          id="venue"
          ns={NS}
          open={adding}
          mode="add"
          title={tk('addTitle', { name: t('venue') })}
          fields={addFields}
          columns={2}
          toBody={(values) => venueToBody(values)}
          onSubmit={(body) => venueApi.create({ ...(body as Parameters<typeof venueApi.create>[0]), orgId })}
          onSaved={() => {
            void refreshVenues();
          }}
          onClose={() => setAdding(false)}
        />
      </Card>
    );
  }

  const section = (s: VenueSection) => <SectionForm venue={venue} section={s} reload={reload} />;
  const items = [
    { key: 'baseInfo', children: section('base') },
    { key: 'contact', children: section('contact') },
    { key: 'identity', children: section('identity') },
    { key: 'partner', children: section('partner') },
    { key: 'ruleSetting', children: <RulesForm venue={venue} reload={reload} /> },
    { key: 'siteManage', children: <SitesTab venue={venue} /> },
    { key: 'prices', children: <PricesTab venue={venue} /> },
    { key: 'template', children: <TemplatesTab venue={venue} /> },
    { key: 'account', children: <AccountTab venue={venue} /> },
    { key: 'memberCard', children: <MemberCardTab venue={venue} /> },
    { key: 'member', children: <MemberTab venue={venue} /> },
    { key: 'venueSessions', children: <SessionsTab venue={venue} /> },
  ];

  return (
    <div data-testid="venue-manage">
      <VenueHeader venue={venue} onLock={() => setLocking(venue)} />
      <Card variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={items.map((i) => ({ ...i, label: <span data-testid={`venue-tab-${i.key}`}>{t.dynamic('tab', i.key)}</span> }))}
        />
      </Card>
      <LockDialog venue={locking} onClose={() => setLocking(null)} />
    </div>
  );
}
