import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, DatePicker, Descriptions, Drawer, Form, Input, InputNumber, List, Modal, Select, Space, Table, Tag, Timeline, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import {
  Perm,
  REG_EVENT_TYPES,
  REG_KIT_STEPS,
  type RegEntryDetail,
  type RegEntryRow,
  type RegEventType,
  type RegKitAction,
  type regEntryListQuery,
} from '@venue/contract';
import { confirm, success } from '../../../app/feedback.tsx';
import { http } from '../../../app/request.ts';
import { useSession } from '../../../app/session.ts';
import { ListPage, MemberSelect, clockIn, invalidateResource, useVenueOptions, type ResourceDef } from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { PayDialog, newIdempotencyKey, toFen, yuan } from '../../../kit/pay/index.ts';
import { NS, entryStateOptions, eventTypeOptions, kitStateOptions, regUrl, sessionLabel, useEvents, useRegistrationT, type RegistrationT } from './shared.tsx';

const refresh = () => void invalidateResource('registrationEntries');
const admittedOptions = [
  { value: true, label: 'yesNo.yes', color: 'green' },
  { value: false, label: 'yesNo.no' },
];

const entryResource: ResourceDef<RegEntryRow, RegEntryRow, z.input<typeof regEntryListQuery>> = {
  key: 'registrationEntries',
  ns: NS,
  name: 'entry.name',
  endpoint: { prefix: 'sport', path: 'registration/entry' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
  search: [
    { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions },
    { name: 'member', label: 'field.member' },
    { name: 'state', label: 'field.state', type: 'select', options: entryStateOptions },
    { name: 'admitted', label: 'field.admitted', type: 'select', options: admittedOptions },
  ],
  searchVisible: 4,
  inlineActions: 3,
  columns: [
    { key: 'eventName', label: 'field.eventName' },
    { key: 'eventType', label: 'field.eventType', options: eventTypeOptions },
    { key: 'startTime', label: 'field.session', content: 'time', render: (v: string) => clockIn(v) },
    { key: 'place', label: 'field.place' },
    { key: 'memberName', label: 'field.memberName' },
    { key: 'memberPhone', label: 'field.memberPhone', content: 'code' },
    { key: 'state', label: 'field.state', options: entryStateOptions },
    { key: 'admittedTime', label: 'field.admittedTime', content: 'time', render: (v: string | null) => (v ? clockIn(v) : '—') },
    { key: 'kitState', label: 'field.kitState', options: kitStateOptions },
    { key: 'bibNo', label: 'field.bibNo', content: 'code' },
    { key: 'priceFen', label: 'field.priceFen', content: 'number', render: (v: number) => yuan(v) },
    { key: 'orderNo', label: 'field.orderNo', content: 'code', hiddenByDefault: true },
    { key: 'description', label: 'field.description', hiddenByDefault: true },
    { key: 'createTime', label: 'field.createTime', content: 'time', render: (v: string) => clockIn(v), hiddenByDefault: true },
  ],
};

// ---------------------------------------------------------------- new event

interface EventValues {
  name: string;
  eventType: RegEventType;
  priceYuan?: number;
  description?: string;
  sessions: { start?: Dayjs; end?: Dayjs; place?: string; capacity?: number }[];
}

function EventDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useRegistrationT();
  const stadiumId = useSession((s) => s.stadiumId);
  const [form] = Form.useForm<EventValues>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await http.post(regUrl('event'), {
        stadiumId,
        name: v.name,
        eventType: v.eventType,
        priceFen: toFen(v.priceYuan) ?? 0,
        description: v.description || undefined,
        sessions: v.sessions.map((s) => ({ startTime: s.start?.toISOString(), endTime: s.end?.toISOString(), place: s.place, capacity: s.capacity })),
      });
      success(t('dialog.eventMade'));
      form.resetFields();
      onClose();
    } catch (e) {
      reactToSaveError(form, e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('action.newEvent')}
      size={560}
      destroyOnHidden
      extra={
        <Button type="primary" loading={saving} disabled={!stadiumId} onClick={() => void submit().catch(() => undefined)} data-testid="reg-event-ok">
          {t('action.newEvent')}
        </Button>
      }
    >
      {stadiumId ? null : <Alert type="warning" showIcon title={t('dialog.noVenue')} style={{ marginBottom: 12 }} />}
      <Form
        form={form}
        layout="vertical"
        name="reg-event"
        requiredMark={false}
        initialValues={{ eventType: 'tournament', priceYuan: 0, sessions: [{ capacity: 20 }] }}
      >
        <Form.Item name="name" label={t('field.name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="eventType" label={t('field.eventType')}>
          <Select options={REG_EVENT_TYPES.map((v) => ({ value: v, label: t(`eventType.${v}`) }))} />
        </Form.Item>
        <Form.Item name="priceYuan" label={t('field.price')}>
          <InputNumber min={0} precision={2} prefix="¥" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Typography.Text strong>{t('dialog.sessions')}</Typography.Text>
        <Form.List name="sessions">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item name={[f.name, 'start']} rules={[{ required: true }]}>
                    <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={t('field.startTime')} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'end']} rules={[{ required: true }]}>
                    <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={t('field.endTime')} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'place']} rules={[{ required: true, whitespace: true }]}>
                    <Input placeholder={t('field.place')} maxLength={40} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'capacity']} rules={[{ required: true }]}>
                    <InputNumber min={1} max={10_000} placeholder={t('field.capacity')} style={{ width: 90 }} />
                  </Form.Item>
                  {fields.length > 1 ? <MinusCircleOutlined onClick={() => remove(f.name)} aria-label="remove" /> : null}
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ capacity: 20 })} block>
                {t('dialog.addSession')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}

// ---------------------------------------------------------------- enter, admission

/** An event's session chosen in two steps (event, then session), from the current venue's events. */
function SessionPicker({
  id,
  value,
  onChange,
  eventId,
  testId,
}: {
  id?: string;
  value?: number;
  onChange?: (v: number) => void;
  eventId?: number;
  testId: string;
}) {
  const t = useRegistrationT();
  const events = useEvents();
  const options = (events ?? [])
    .filter((e) => eventId === undefined || e.id === eventId)
    .map((e) => ({ label: e.name, title: e.name, options: e.sessions.map((s) => ({ value: s.id, label: `${e.name} · ${sessionLabel(t, e, s)}` })) }));
  return (
    <Select id={id} value={value} onChange={onChange} options={options} showSearch optionFilterProp="label" data-testid={testId} style={{ width: '100%' }} />
  );
}

function EnterDialog({ open, onClose, onOrder }: { open: boolean; onClose: () => void; onOrder: (orderId: number) => void }) {
  const t = useRegistrationT();
  const [form] = Form.useForm<{ sessionId: number; memberId: number; description?: string }>();
  const [saving, setSaving] = useState(false);
  const key = useRef(newIdempotencyKey());
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const made = await http.post<{ orderId: number; amount: number }>(
        regUrl('entry'),
        { sessionId: v.sessionId, memberId: v.memberId, description: v.description || undefined },
        { headers: { 'Idempotency-Key': key.current } },
      );
      key.current = newIdempotencyKey();
      form.resetFields();
      success(t('dialog.entered'));
      onOrder(made.orderId);
    } catch (e) {
      reactToSaveError(form, e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('action.enter')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okButtonProps={{ loading: saving, 'data-testid': 'reg-enter-ok' } as React.ComponentProps<typeof Button>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="reg-enter" requiredMark={false}>
        <Form.Item name="sessionId" label={t('field.session')} rules={[{ required: true }]}>
          <SessionPicker testId="reg-enter-session" />
        </Form.Item>
        <Form.Item name="memberId" label={t('field.memberId')} rules={[{ required: true }]}>
          <MemberSelect testId="reg-enter-member" />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Admission verification at the door: the session and the member's code (member number or phone); an entry is admitted once. */
function VerifyDialog({ open, onClose, preset }: { open: boolean; onClose: () => void; preset?: { sessionId: number; code: string; eventId: number } }) {
  const t = useRegistrationT();
  const [form] = Form.useForm<{ sessionId: number; code: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const r = await http.post<RegEntryRow>(regUrl('verify'), v);
      success(t('dialog.admitted', { name: r.memberName }));
      form.setFieldValue('code', '');
      refresh();
      if (preset) onClose();
    } catch (e) {
      reactToSaveError(form, e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('action.verify')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('action.verifyRow')}
      okButtonProps={{ loading: saving, 'data-testid': 'reg-verify-ok' } as React.ComponentProps<typeof Button>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="reg-verify" requiredMark={false} initialValues={preset}>
        <Form.Item name="sessionId" label={t('field.session')} rules={[{ required: true }]}>
          <SessionPicker testId="reg-verify-session" eventId={preset?.eventId} />
        </Form.Item>
        <Form.Item name="code" label={t('field.code')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={32} autoFocus autoComplete="off" data-testid="reg-verify-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// ---------------------------------------------------------------- year limit, golf serve and clash

function YearLimitDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useRegistrationT();
  const stadiumId = useSession((s) => s.stadiumId);
  const limits = useQuery({
    queryKey: ['registration', 'yearLimit', stadiumId],
    enabled: open && !!stadiumId,
    queryFn: () => http.post<{ eventType: RegEventType; yearLimit: number | null }[]>(regUrl('yearLimit/list'), { stadiumId }),
  });
  const [edits, setEdits] = useState<Partial<Record<RegEventType, number | null>>>({});
  const save = async (eventType: RegEventType, current: number | null) => {
    const yearLimit = eventType in edits ? (edits[eventType] ?? null) : current;
    await http.put(regUrl('yearLimit'), { stadiumId, eventType, yearLimit });
    success(t('dialog.saved'));
    void limits.refetch();
  };
  return (
    <Modal open={open} title={t('action.yearLimit')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="reg-year-limit">
        <Typography.Paragraph type="secondary">{t('dialog.yearLimitHint')}</Typography.Paragraph>
        <Table
          size="small"
          rowKey="eventType"
          pagination={false}
          dataSource={limits.data ?? []}
          columns={[
            { title: t('field.eventType'), dataIndex: 'eventType', render: (v: RegEventType) => t(`eventType.${v}`) },
            {
              title: t('field.yearLimit'),
              dataIndex: 'yearLimit',
              render: (v: number | null, r) => (
                <Space>
                  <InputNumber
                    min={1}
                    max={1000}
                    value={r.eventType in edits ? edits[r.eventType] : v}
                    onChange={(n) => setEdits((x) => ({ ...x, [r.eventType]: n }))}
                    data-testid={`reg-limit-${r.eventType}`}
                  />
                  <Button size="small" onClick={() => void save(r.eventType, v)} data-testid={`reg-limit-save-${r.eventType}`}>
                    {t('dialog.save')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </div>
    </Modal>
  );
}

interface Clash {
  bays: { place: string; sessions: { id: number; startTime: string; endTime: string; held: number; capacity: number }[] }[];
  clashes: { memberId: number; memberName: string; entryIds: number[]; places: string[] }[];
}

function GolfDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useRegistrationT();
  const events = useEvents('golf');
  const [eventId, setEventId] = useState<number>();
  const event = events?.find((e) => e.id === eventId);
  const sheet = useQuery({
    queryKey: ['registration', 'clash', eventId],
    enabled: open && !!eventId,
    queryFn: () => http.get<Clash>(regUrl(`event/${eventId}/clash`)),
  });
  return (
    <Modal open={open} title={t('action.golf')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <div data-testid="reg-golf">
        <Select
          value={eventId}
          onChange={setEventId}
          options={(events ?? []).map((e) => ({ value: e.id, label: e.name }))}
          style={{ width: '100%', marginBottom: 12 }}
          placeholder={t('field.eventId')}
        />
        {sheet.data && event ? (
          <>
            {sheet.data.clashes.length ? (
              <Alert
                type="error"
                showIcon
                title={t('dialog.clashes')}
                description={sheet.data.clashes.map((c) => t('dialog.clashOf', { name: c.memberName, places: c.places.join('、') })).join('；')}
                style={{ marginBottom: 12 }}
              />
            ) : (
              <Alert type="success" showIcon title={t('dialog.noClash')} style={{ marginBottom: 12 }} />
            )}
            <List
              size="small"
              dataSource={sheet.data.bays}
              renderItem={(b) => (
                <List.Item>
                  <Space wrap>
                    <Tag color="green">{b.place}</Tag>
                    {b.sessions.map((s) => (
                      <Tag key={s.id}>
                        {clockIn(s.startTime, event.timeZone)}–{clockIn(s.endTime, event.timeZone).slice(-5)} ·{' '}
                        {t('dialog.held', { held: s.held, capacity: s.capacity })}
                      </Tag>
                    ))}
                  </Space>
                </List.Item>
              )}
            />
          </>
        ) : null}
      </div>
    </Modal>
  );
}

// ---------------------------------------------------------------- a row's dialogs

function DetailDialog({ row, onClose }: { row: RegEntryRow | null; onClose: () => void }) {
  const t = useRegistrationT();
  const navigate = useNavigate();
  const d = useQuery({
    queryKey: ['registration', 'entry', row?.id, row?.version],
    enabled: !!row,
    queryFn: () => http.get<RegEntryDetail>(regUrl(`entry/${row!.id}`)),
  }).data;
  if (!row) return null;
  return (
    <Modal open title={t('action.detail')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <div data-testid="reg-detail">
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label={t('field.eventName')}>{row.eventName}</Descriptions.Item>
          <Descriptions.Item label={t('field.session')}>{`${clockIn(row.startTime)} · ${row.place}`}</Descriptions.Item>
          <Descriptions.Item label={t('field.memberName')}>{`${row.memberName} (${row.memberNo})`}</Descriptions.Item>
          <Descriptions.Item label={t('field.state')}>{t(`entryState.${row.state}`)}</Descriptions.Item>
          <Descriptions.Item label={t('field.orderNo')}>
            <Button type="link" size="small" onClick={() => navigate(`/sport/views/orderManagement/orderDetail/${row.orderId}`)}>
              {row.orderNo}
            </Button>
          </Descriptions.Item>
          <Descriptions.Item label={t('field.priceFen')}>
            {d ? t('dialog.paid', { paid: yuan(d.paidFen), payable: yuan(d.payableFen) }) : yuan(row.priceFen)}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.admittedTime')}>
            {row.admittedTime ? `${clockIn(row.admittedTime)} · ${row.admittedByName ?? ''}` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.year')}>{row.year}</Descriptions.Item>
          <Descriptions.Item label={t('field.description')} span={2}>
            {row.description ?? '—'}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('dialog.kitLog')}
        </Typography.Title>
        <Timeline
          items={(d?.kitLog ?? []).map((l) => ({
            content: `${clockIn(l.time)} · ${t(`kitAction.${l.action}`)} · ${l.bibNo ?? ''} · ${l.operatorName ?? ''}${l.remark ? ` · ${l.remark}` : ''}`,
          }))}
        />
      </div>
    </Modal>
  );
}

const nextKitAction = (row: RegEntryRow): RegKitAction | undefined =>
  (Object.keys(REG_KIT_STEPS) as RegKitAction[]).find((a) => REG_KIT_STEPS[a].from === row.kitState);

function KitDialog({ row, onClose }: { row: RegEntryRow | null; onClose: () => void }) {
  const t = useRegistrationT();
  const [form] = Form.useForm<{ bibNo?: string; remark?: string }>();
  const [saving, setSaving] = useState(false);
  if (!row) return null;
  const action = nextKitAction(row);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await http.post(regUrl(`entry/${row.id}/kit`), { action, bibNo: v.bibNo?.trim() || undefined, remark: v.remark || undefined, version: row.version });
      success(t(`kitAction.${action!}`));
      refresh();
      onClose();
    } catch (e) {
      reactToSaveError(form, e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('action.kit')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={action ? t(`kitAction.${action}`) : undefined}
      okButtonProps={{ loading: saving, disabled: !action, 'data-testid': 'reg-kit-ok' } as React.ComponentProps<typeof Button>}
      destroyOnHidden
    >
      <div data-testid="reg-kit">
        <Typography.Paragraph strong>
          {t(`kitState.${row.kitState}`)} {row.bibNo ? `· ${row.bibNo}` : ''}
        </Typography.Paragraph>
        <Typography.Paragraph>{action ? t('dialog.kitNext', { action: t(`kitAction.${action}`) }) : t('dialog.kitDone')}</Typography.Paragraph>
        <Form form={form} layout="vertical" name="reg-kit" requiredMark={false}>
          {action === 'pickUp' ? (
            <Form.Item name="bibNo" label={t('field.bibNo')} rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={16} data-testid="reg-kit-bib" />
            </Form.Item>
          ) : null}
          <Form.Item name="remark" label={t('field.remark')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}

function MoveDialog({ row, onClose }: { row: RegEntryRow | null; onClose: () => void }) {
  const t = useRegistrationT();
  const [form] = Form.useForm<{ sessionId: number }>();
  const [saving, setSaving] = useState(false);
  if (!row) return null;
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await http.post(regUrl(`entry/${row.id}/move`), { sessionId: v.sessionId, version: row.version });
      success(t('dialog.moved'));
      refresh();
      onClose();
    } catch (e) {
      reactToSaveError(form, e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('action.move')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okButtonProps={{ loading: saving, 'data-testid': 'reg-move-ok' } as React.ComponentProps<typeof Button>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="reg-move" requiredMark={false}>
        <Form.Item name="sessionId" label={t('field.session')} rules={[{ required: true }]}>
          <SessionPicker testId="reg-move-session" eventId={row.eventId} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DescribeDialog({ row, onClose }: { row: RegEntryRow | null; onClose: () => void }) {
  const t = useRegistrationT();
  const [form] = Form.useForm<{ description?: string }>();
  if (!row) return null;
  const submit = async () => {
    const v = form.getFieldsValue();
    try {
      await http.post(regUrl(`entry/${row.id}/description`), { description: v.description || null, version: row.version });
      success(t('dialog.saved'));
      refresh();
      onClose();
    } catch (e) {
      reactToSaveError(form, e);
    }
  };
  return (
    <Modal open title={t('action.describe')} onCancel={onClose} onOk={() => void submit()} destroyOnHidden>
      <Form form={form} layout="vertical" name="reg-describe" initialValues={{ description: row.description ?? '' }}>
        <Form.Item name="description" label={t('field.description')}>
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

async function cancelEntry(t: RegistrationT, row: RegEntryRow) {
  if (!(await confirm({ content: t('dialog.cancelConfirm'), danger: true }))) return;
  await http.post(regUrl(`entry/${row.id}/cancel`), { version: row.version });
  success(t('dialog.cancelled'));
  refresh();
}

type RowDialog = 'detail' | 'kit' | 'move' | 'describe';

/** sport.registration.entry (orderManagement/sportsRegistration): entries of events, and every dialog of the spec. */
export default function RegistrationPage() {
  const t = useRegistrationT();
  const [top, setTop] = useState<'event' | 'enter' | 'verify' | 'yearLimit' | 'golf' | null>(null);
  const [paying, setPaying] = useState<number | null>(null);
  const [row, setRow] = useState<{ kind: RowDialog; row: RegEntryRow } | null>(null);
  const [verifying, setVerifying] = useState<RegEntryRow | null>(null);
  const open = (kind: RowDialog) => (r: RegEntryRow) => setRow({ kind, row: r });
  const P = Perm.registration;
  const def = useMemo<typeof entryResource>(
    () => ({
      ...entryResource,
      toolbar: [
        { key: 'enter', label: 'action.enter', icon: <PlusOutlined />, perm: P.enter, primary: true, run: () => setTop('enter') },
        { key: 'verify', label: 'action.verify', perm: P.verify, run: () => setTop('verify') },
        { key: 'event', label: 'action.newEvent', perm: P.event, run: () => setTop('event') },
        { key: 'golf', label: 'action.golf', perm: P.list, run: () => setTop('golf') },
        { key: 'yearLimit', label: 'action.yearLimit', perm: P.yearLimit, run: () => setTop('yearLimit') },
      ],
      rowActions: [
        { key: 'detail', label: 'action.detail', run: open('detail') },
        { key: 'verifyRow', label: 'action.verifyRow', perm: P.verify, visible: (r) => r.state === 'active' && !r.admittedTime, run: (r) => setVerifying(r) },
        { key: 'kit', label: 'action.kit', perm: P.kit, visible: (r) => r.state === 'active', run: open('kit') },
        { key: 'move', label: 'action.move', perm: P.move, visible: (r) => r.state !== 'cancelled' && !r.admittedTime, run: open('move') },
        { key: 'describe', label: 'action.describe', perm: P.enter, run: open('describe') },
        {
          key: 'cancel',
          label: 'action.cancel',
          perm: P.cancel,
          danger: true,
          visible: (r) => r.state !== 'cancelled' && !r.admittedTime,
          run: (r) => cancelEntry(t, r),
        },
      ],
    }),
    [t, P],
  );
  const close = () => setRow(null);
  return (
    <div data-testid="registration-page">
      <ListPage def={def} />
      <EventDrawer open={top === 'event'} onClose={() => setTop(null)} />
      <EnterDialog
        open={top === 'enter'}
        onClose={() => setTop(null)}
        onOrder={(id) => {
          setTop(null);
          setPaying(id);
          refresh();
        }}
      />
      <VerifyDialog open={top === 'verify'} onClose={() => setTop(null)} />
      {verifying ? (
        <VerifyDialog
          open
          onClose={() => setVerifying(null)}
          preset={{ sessionId: verifying.sessionId, code: verifying.memberNo, eventId: verifying.eventId }}
        />
      ) : null}
      <YearLimitDialog open={top === 'yearLimit'} onClose={() => setTop(null)} />
      <GolfDialog open={top === 'golf'} onClose={() => setTop(null)} />
      <PayDialog orderId={paying} open={paying !== null} onClose={() => setPaying(null)} onPaid={refresh} />
      <DetailDialog row={row?.kind === 'detail' ? row.row : null} onClose={close} />
      <KitDialog row={row?.kind === 'kit' ? row.row : null} onClose={close} />
      <MoveDialog row={row?.kind === 'move' ? row.row : null} onClose={close} />
      <DescribeDialog row={row?.kind === 'describe' ? row.row : null} onClose={close} />
    </div>
  );
}
