import { useMemo, useState, type Key } from 'react';
import { Button, Card, ColorPicker, DatePicker, Descriptions, Empty, Form, Select, Skeleton, Space, Table, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import {
  Perm,
  levelInput,
  sessionCreate,
  type LevelRow,
  type Page,
  type ProjectRow,
  type SeatmapDetail,
  type SeatmapRow,
  type SessionRow,
} from '@venue/contract';
import { http } from '../../../../app/request.ts';
import { confirm, success } from '../../../../app/feedback.tsx';
import { useTabLabel } from '../../../../app/tabs.ts';
import { useLabelT, FormDialog, invalidateResource, useCan, type FieldDef, type FormMode, type Row, useVenueOptions } from '../../../../kit/index.ts';
import { toFen, yuan } from '../../../../kit/pay/index.ts';
import { useLang } from '../../../../app/prefs.ts';
import { projectFormFields } from './ProjectListPage.tsx';
import { DataLogPanel } from '../extras/DataLogPanel.tsx';
import { MapVersionDialog } from '../extras/MapVersionDialog.tsx';
import { useExtrasT, useNoticeOptions, useTemplateOptions } from '../extras/shared.tsx';
import { SessionRefundRulesDialog } from '../reserve/RefundParts.tsx';
import { useRulesT } from '../reserve/shared.ts';
import { NS, PROJECT_LIST_PATH, realNameOptions, sessionSeatsPath, statusOptions, ticketPath, useCatalogueT } from './shared.ts';

/**
 * A ticket project's detail (issue 13, spec ticketManagement/projects/detail; not cached, spec 2.2
 * rule 7): the project, its sessions (add, edit, delete) and each session's ticket levels (add, edit,
 * delete). A seated session opens its seats for modification.
 */

const seatedOptions = [
  { value: false, label: 'seatedKind.false' },
  { value: true, label: 'seatedKind.true' },
];
const yesNoOptions = [
  { value: true, label: 'yesNo.true' },
  { value: false, label: 'yesNo.false' },
];

/** A date and time picker holding ISO text. */
function DateTimeInput({ value, onChange, id }: { value?: string | null; onChange?: (v: string | null) => void; id?: string }) {
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.second(0).millisecond(0).toISOString() : null)}
    />
  );
}

/** A colour as #rrggbb. */
function ColorInput({ value, onChange, id }: { value?: string | null; onChange?: (v: string) => void; id?: string }) {
  return <ColorPicker disabledAlpha showText value={value ?? '#1677ff'} onChange={(c) => onChange?.(c.toHexString())} data-testid={id} />;
}

function useSeatmaps() {
  return useQuery({
    queryKey: ['ticketCatalogue', 'seatmaps'],
    queryFn: () => http.post<Page<SeatmapRow>>(ticketPath('seatmap/list'), { pageNum: 1, pageSize: 500 }),
    staleTime: 10_000,
  });
}

/** The versions of the map chosen in the form (the latest by default). */
function SeatmapVersionSelect({ value, onChange, id }: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  const t = useCatalogueT();
  const seatmapId = Form.useWatch('seatmapId') as number | undefined;
  const versions = useQuery({
    queryKey: ['ticketCatalogue', 'seatmapVersions', seatmapId ?? 0],
    queryFn: () => http.get<{ version: number; seatCount: number }[]>(ticketPath(`seatmap/${seatmapId}/versions`)),
    enabled: !!seatmapId,
  });
  return (
    <Select
      id={id}
      allowClear
      value={value ?? null}
      placeholder={t('latest')}
      onChange={(v) => onChange?.(v ?? null)}
      options={(versions.data ?? []).map((v) => ({ value: v.version, label: `${t('versionN', { version: v.version })} · ${v.seatCount}` }))}
    />
  );
}

function useSeatmapOptions() {
  return (useSeatmaps().data?.data ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.seatCount})` }));
}

const notSeated = (v: Row) => v.seated !== true;

const sessionFields: FieldDef[] = [
  { name: 'name', label: 'field.sessionName', rule: sessionCreate.shape.name, span: 2 },
  { name: 'startAt', label: 'field.startAt', type: 'custom', required: true, render: () => <DateTimeInput /> },
  { name: 'endAt', label: 'field.endAt', type: 'custom', required: false, render: () => <DateTimeInput /> },
  { name: 'seated', label: 'field.seated', type: 'radio', options: seatedOptions, initialValue: false, modes: ['add'] },
  {
    name: 'seatmapId',
    label: 'field.seatmap',
    type: 'select',
    useOptions: useSeatmapOptions,
    required: true,
    hidden: notSeated,
    modes: ['add'],
    extra: 'hint.seatmap',
  },
  {
    name: 'seatmapVersion',
    label: 'field.seatmapVersion',
    type: 'custom',
    required: false,
    hidden: notSeated,
    modes: ['add'],
    render: () => <SeatmapVersionSelect />,
  },
  { name: 'holdMinutes', label: 'field.holdMinutes', type: 'integer', rule: z.number().int().min(1).max(1440), initialValue: 10 },
  // The gate window: gates admit from this many minutes before the start to this many after the end.
  {
    name: 'gateOpenMinutes',
    label: 'field.gateOpenMinutes',
    type: 'integer',
    rule: z.number().int().min(0).max(10080),
    initialValue: 120,
    extra: 'hint.gateWindow',
  },
  { name: 'gateCloseMinutes', label: 'field.gateCloseMinutes', type: 'integer', rule: z.number().int().min(0).max(10080), initialValue: 0 },
  { name: 'onSale', label: 'field.onSale', type: 'radio', options: yesNoOptions, initialValue: true },
  { name: 'status', label: 'field.status', type: 'radio', options: statusOptions, initialValue: 0 },
  { name: 'templateId', label: 'ticketExtras:extra.templateId', type: 'select', useOptions: useTemplateOptions, required: false, span: 2 },
];

/** The price areas drawn in a seated session's map (its latest version). */
function useLevelKeyOptions(seatmapId: number | null) {
  const map = useQuery({
    queryKey: ['ticketCatalogue', 'seatmap', seatmapId ?? 0],
    queryFn: () => http.get<SeatmapDetail>(ticketPath(`seatmap/${seatmapId}`)),
    enabled: !!seatmapId,
    staleTime: 30_000,
  });
  return useMemo(() => {
    const keys = new Set<string>();
    for (const s of map.data?.document.seats ?? []) if (s.levelKey) keys.add(s.levelKey);
    return [...keys].sort().map((k) => ({ value: k, label: k }));
  }, [map.data]);
}

function levelFields(session: SessionRow, keyOptions: { value: string; label: string }[]): FieldDef[] {
  return [
    { name: 'name', label: 'field.levelName', rule: levelInput.shape.name },
    { name: 'priceFen', label: 'field.price', type: 'number', rule: z.number().min(0).max(100_000_000), required: true },
    { name: 'color', label: 'field.color', type: 'custom', required: false, initialValue: '#1677ff', render: () => <ColorInput /> },
    session.seated
      ? { name: 'levelKeys', label: 'field.levelKeys', type: 'multiSelect', options: keyOptions, required: false, extra: 'hint.levelKeys' }
      : { name: 'quota', label: 'field.quota', type: 'integer', rule: z.number().int().min(0).max(1_000_000), required: true, extra: 'hint.quota' },
    { name: 'sort', label: 'field.sort', type: 'integer', required: false, initialValue: 0 },
  ];
}

/** Yuan in the form, fen in the body. */
function levelBody(values: Row): Row {
  const out = { ...values };
  if ('priceFen' in out) out.priceFen = out.priceFen === null ? 0 : toFen(out.priceFen);
  if ('levelKeys' in out && out.levelKeys === null) out.levelKeys = [];
  return out;
}

/** One session's levels. */
function LevelsPanel({ session, onChanged }: { session: SessionRow; onChanged: () => void }) {
  const t = useCatalogueT();
  const can = useCan();
  const mayEdit = can(Perm.ticket.level);
  const keyOptions = useLevelKeyOptions(session.seated ? session.seatmapId : null);
  const levels = useQuery({
    queryKey: ['ticketCatalogue', 'levels', session.id],
    queryFn: () => http.post<Page<LevelRow>>(ticketPath('level/list'), { sessionId: session.id, pageNum: 1, pageSize: 100 }),
  });
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: LevelRow } | null>(null);
  const refresh = () => {
    void levels.refetch();
    onChanged();
  };
  const remove = async (row: LevelRow) => {
    if (!(await confirm({ title: t('removeLevelConfirm', { name: row.name }), danger: true }))) return;
    await http.del(ticketPath(`level/${row.id}`));
    success(t('removed'));
    refresh();
  };
  return (
    <div data-testid={`ticketLevels-${session.id}`}>
      <Space style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('levels')}</Typography.Text>
        {mayEdit ? (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })} data-testid={`ticketLevel-add-${session.id}`}>
            {t('addLevel')}
          </Button>
        ) : null}
      </Space>
      <Table<LevelRow>
        size="small"
        rowKey="id"
        loading={levels.isFetching}
        dataSource={levels.data?.data ?? []}
        pagination={false}
        locale={{ emptyText: t('noLevels') }}
        columns={[
          {
            key: 'name',
            title: t('field.levelName'),
            dataIndex: 'name',
            render: (v: string, r) => (
              <Space size={6}>
                <span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', background: r.color }} />
                {v}
              </Space>
            ),
          },
          { key: 'price', title: t('field.price'), dataIndex: 'priceFen', align: 'right', render: (v: number) => yuan(v) },
          session.seated
            ? {
                key: 'keys',
                title: t('field.levelKeys'),
                dataIndex: 'levelKeys',
                render: (v: string[]) => (v.length ? v.map((k) => <Tag key={k}>{k}</Tag>) : '—'),
              }
            : { key: 'quota', title: t('field.quota'), dataIndex: 'quota', align: 'right' },
          { key: 'sold', title: t('field.sold'), dataIndex: 'sold', align: 'right' },
          { key: 'held', title: t('field.held'), dataIndex: 'held', align: 'right' },
          { key: 'available', title: t('field.available'), dataIndex: 'available', align: 'right' },
          ...(mayEdit
            ? [
                {
                  key: 'actions',
                  title: '',
                  width: 130,
                  render: (_: unknown, r: LevelRow) => (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', row: r })} data-testid={`ticketLevel-edit-${r.id}`}>
                        {t('edit')}
                      </Button>
                      <Button type="link" size="small" danger onClick={() => void remove(r)} data-testid={`ticketLevel-remove-${r.id}`}>
                        {t('remove')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormDialog<LevelRow>
        id="ticketLevel"
        ns={NS}
        open={!!dialog}
        mode={dialog?.mode ?? 'add'}
        title={dialog?.mode === 'edit' ? t('editLevel') : t('addLevel')}
        fields={levelFields(session, keyOptions)}
        record={dialog?.row ?? null}
        columns={1}
        toForm={(r) => ({ ...r, priceFen: r.priceFen / 100 })}
        toBody={(v) => levelBody(v)}
        onSubmit={(body, mode, record) =>
          mode === 'add' ? http.post(ticketPath('level'), { ...body, sessionId: session.id }) : http.put(ticketPath(`level/${record!.id}`), body)
        }
        reload={(r) => http.get<LevelRow>(ticketPath(`level/${r.id}`))}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          refresh();
        }}
      />
    </div>
  );
}

function ProjectInfo({ project, onEdit }: { project: ProjectRow; onEdit?: () => void }) {
  const t = useCatalogueT();
  const optionLabel = useLabelT(NS);
  const venues = useVenueOptions();
  const xt = useExtrasT();
  const notices = useNoticeOptions();
  const templates = useTemplateOptions();
  const realName = realNameOptions.find((o) => o.value === project.realName);
  const status = statusOptions.find((o) => o.value === project.status);
  const text = (v: string | null) => (v ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{v}</Typography.Paragraph> : '—');
  return (
    <Card
      size="small"
      title={project.name}
      extra={
        onEdit ? (
          <Button icon={<EditOutlined />} onClick={onEdit} data-testid="ticketProject-detail-edit">
            {t('edit')}
          </Button>
        ) : null
      }
      data-testid="ticketProject-detail"
    >
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        {project.posterUrl ? (
          <img src={project.posterUrl} alt={project.name} style={{ width: 120, maxHeight: 170, objectFit: 'cover', borderRadius: 6, flex: 'none' }} />
        ) : null}
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} style={{ flex: 1, minWidth: 0 }}>
          <Descriptions.Item label={t('field.type')}>{project.typeName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.venue')}>
            {project.venueId === null ? '—' : (venues.find((v) => v.value === project.venueId)?.label ?? project.venueId)}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.status')}>
            <Tag color={status?.color}>{status ? optionLabel(status.label) : project.status}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('field.realName')}>{realName ? optionLabel(realName.label) : project.realName}</Descriptions.Item>
          <Descriptions.Item label={t('field.perBuyerLimit')}>{project.perBuyerLimit ?? t('noLimit')}</Descriptions.Item>
          <Descriptions.Item label={t('field.sessionCount')}>{project.sessionCount}</Descriptions.Item>
          <Descriptions.Item label={t('field.performers')} span={3}>
            {text(project.performers)}
          </Descriptions.Item>
          <Descriptions.Item label={xt('extra.noticeId')}>{notices.find((o) => o.value === project.noticeId)?.label ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={xt('extra.templateId')} span={2}>
            {templates.find((o) => o.value === project.templateId)?.label ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.description')} span={3}>
            {text(project.description)}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.purchaseNotice')} span={3}>
            {text(project.purchaseNotice)}
          </Descriptions.Item>
        </Descriptions>
      </div>
    </Card>
  );
}

export default function ProjectDetailPage() {
  const t = useCatalogueT();
  const can = useCan();
  const navigate = useNavigate();
  const projectId = Number(useParams().projectId);
  const project = useQuery({
    queryKey: ['ticketCatalogue', 'project', projectId],
    queryFn: () => http.get<ProjectRow>(ticketPath(`project/${projectId}`)),
    enabled: projectId > 0,
  });
  const sessions = useQuery({
    queryKey: ['ticketCatalogue', 'sessions', projectId],
    queryFn: () => http.post<Page<SessionRow>>(ticketPath('session/list'), { projectId, detail: true, pageNum: 1, pageSize: 200 }),
    enabled: projectId > 0,
  });
  useTabLabel(project.data?.name);
  const [editProject, setEditProject] = useState(false);
  const [sessionDialog, setSessionDialog] = useState<{ mode: FormMode; row?: SessionRow } | null>(null);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const maySession = can(Perm.ticket.session);
  const xt = useExtrasT();
  const [tab, setTab] = useState('sessions');
  const [moving, setMoving] = useState<SessionRow | null>(null);
  const rt = useRulesT();
  const [rulesOf, setRulesOf] = useState<number | null>(null);
  const lang = useLang();
  /** A session starts on a minute: no seconds. */
  const startText = (v: string) => dayjs(v).format(lang === 'en-US' ? 'YYYY-MM-DD HH:mm' : 'YYYY年MM月DD日 HH:mm');
  const refresh = () => {
    void project.refetch();
    void sessions.refetch();
    void invalidateResource('ticketProject');
  };
  const removeSession = async (row: SessionRow) => {
    if (!(await confirm({ title: t('removeSessionConfirm', { name: row.name }), danger: true }))) return;
    await http.del(ticketPath(`session/${row.id}`));
    success(t('removed'));
    refresh();
  };
  if (project.isLoading) return <Skeleton active />;
  if (!project.data) return <Empty />;
  const rows = sessions.data?.data ?? [];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(PROJECT_LIST_PATH)} data-testid="ticketProject-back">
        {t('back')}
      </Button>
      <ProjectInfo project={project.data} onEdit={can(Perm.ticket.project) ? () => setEditProject(true) : undefined} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'sessions', label: xt('dataLog.sessionsTab') },
          { key: 'dataLog', label: <span data-testid="ticketProject-dataLogTab">{xt('dataLog.tab')}</span> },
        ]}
        style={{ marginBottom: -12 }}
      />
      {tab === 'dataLog' ? <DataLogPanel projectId={projectId} /> : null}
      <Card
        size="small"
        title={t('sessions')}
        hidden={tab !== 'sessions'}
        extra={
          maySession ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setSessionDialog({ mode: 'add' })} data-testid="ticketSession-add">
              {t('addSession')}
            </Button>
          ) : null
        }
      >
        <Table<SessionRow>
          size="small"
          rowKey="id"
          data-testid="ticketSession-table"
          loading={sessions.isFetching}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('noSessions') }}
          expandable={{
            expandedRowKeys: expanded ?? rows.map((r) => r.id),
            onExpandedRowsChange: (keys) => setExpanded(keys),
            expandedRowRender: (r) => <LevelsPanel session={r} onChanged={() => void sessions.refetch()} />,
          }}
          columns={[
            { key: 'name', title: t('field.sessionName'), dataIndex: 'name' },
            { key: 'startAt', title: t('field.startAt'), dataIndex: 'startAt', className: 'kit-cell-nowrap', render: (v: string) => startText(v) },
            {
              key: 'seated',
              title: t('field.seated'),
              dataIndex: 'seated',
              render: (v: boolean) => <Tag color={v ? 'blue' : 'default'}>{t(`seatedKind.${v}`)}</Tag>,
            },
            { key: 'capacity', title: t('field.capacity'), dataIndex: 'capacity', align: 'right' },
            { key: 'sold', title: t('field.sold'), dataIndex: 'sold', align: 'right' },
            { key: 'held', title: t('field.held'), dataIndex: 'held', align: 'right' },
            { key: 'available', title: t('field.available'), dataIndex: 'available', align: 'right' },
            { key: 'holdMinutes', title: t('field.holdMinutes'), dataIndex: 'holdMinutes', align: 'right' },
            {
              key: 'onSale',
              title: t('field.onSale'),
              dataIndex: 'onSale',
              render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{t(`yesNo.${v}`)}</Tag>,
            },
            {
              key: 'status',
              title: t('field.status'),
              dataIndex: 'status',
              render: (v: number) => <Tag color={v === 0 ? 'green' : 'default'}>{t.dynamic('status', v)}</Tag>,
            },
            {
              key: 'actions',
              title: '',
              fixed: 'right',
              render: (_: unknown, r) => (
                <Space size={0}>
                  {r.seated ? (
                    <Button type="link" size="small" onClick={() => navigate(sessionSeatsPath(r.id))} data-testid={`ticketSession-seats-${r.id}`}>
                      {t('seats')}
                    </Button>
                  ) : null}
                  {maySession ? (
                    <>
                      <Button type="link" size="small" onClick={() => setSessionDialog({ mode: 'edit', row: r })} data-testid={`ticketSession-edit-${r.id}`}>
                        {t('edit')}
                      </Button>
                      {r.seated ? (
                        <Button type="link" size="small" onClick={() => setMoving(r)} data-testid={`ticketSession-mapVersion-${r.id}`}>
                          {xt('mapMove.action')}
                        </Button>
                      ) : null}
                      <Button type="link" size="small" onClick={() => setRulesOf(r.id)} data-testid={`ticketSession-refundRules-${r.id}`}>
                        {rt('rules.action')}
                      </Button>
                      <Button type="link" size="small" danger onClick={() => void removeSession(r)} data-testid={`ticketSession-remove-${r.id}`}>
                        {t('remove')}
                      </Button>
                    </>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {moving ? (
        <MapVersionDialog
          session={moving}
          onClose={() => setMoving(null)}
          onMoved={() => {
            setMoving(null);
            refresh();
          }}
        />
      ) : null}
      <FormDialog<ProjectRow>
        id="ticketProject"
        ns={NS}
        open={editProject}
        mode="edit"
        title={t('edit')}
        fields={projectFormFields as FieldDef[]}
        record={project.data}
        columns={2}
        width={760}
        onSubmit={(body) => http.put(ticketPath(`project/${projectId}`), body)}
        reload={() => http.get<ProjectRow>(ticketPath(`project/${projectId}`))}
        onClose={() => setEditProject(false)}
        onSaved={() => {
          setEditProject(false);
          refresh();
        }}
      />
      <FormDialog<SessionRow>
        id="ticketSession"
        ns={NS}
        open={!!sessionDialog}
        mode={sessionDialog?.mode ?? 'add'}
        title={sessionDialog?.mode === 'edit' ? t('editSession') : t('addSession')}
        fields={sessionFields}
        record={sessionDialog?.row ?? null}
        columns={2}
        width={720}
        onSubmit={(body, mode, record) =>
          mode === 'add' ? http.post(ticketPath('session'), { ...body, projectId }) : http.put(ticketPath(`session/${record!.id}`), body)
        }
        reload={(r) => http.get<SessionRow>(ticketPath(`session/${r.id}`))}
        onClose={() => setSessionDialog(null)}
        onSaved={() => {
          setSessionDialog(null);
          refresh();
        }}
      />
      <SessionRefundRulesDialog sessionId={rulesOf} onClose={() => setRulesOf(null)} />
    </Space>
  );
}
