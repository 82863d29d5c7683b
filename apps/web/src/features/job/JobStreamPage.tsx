import { useMemo, useRef, useState } from 'react';
import { Descriptions, Drawer, Segmented, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { Perm, type streamListQuery, type streamRunListQuery } from '@venue/contract';
import { registerMessages, t } from '../../app/i18n.ts';
import { CodeTag, ListPage, type ListHandle, type Option, type ResourceDef, type Row } from '../../kit/index.ts';
import { confirmed } from './actions.ts';
import { FireTime } from './FireTime.tsx';
import { FlowDiagram } from './FlowDiagram.tsx';
import { streamApi, useAllJobs, useStreamRun, type JobStream, type StreamRun } from './job.api.ts';
import { jobStatusOptions, resultOptions } from './options.ts';
import { StreamEditorDialog } from './StreamEditorDialog.tsx';
import './job.css';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';
import { useJobT } from './i18n.ts';

registerMessages('job', zh, en);

const runStatusOptions: Option[] = [
  { value: 'running', label: 'st.runStatus.running', color: 'processing' },
  { value: 'success', label: 'st.runStatus.success', color: 'success' },
  { value: 'fail', label: 'st.runStatus.fail', color: 'error' },
];
const stepStateOptions: Option[] = [
  { value: 'waiting', label: 'st.stepState.waiting', color: 'default' },
  { value: 'running', label: 'st.stepState.running', color: 'processing' },
  { value: 'skipped', label: 'st.stepState.skipped', color: 'default' },
  { value: 'success', label: 'st.stepState.success', color: 'success' },
  { value: 'complete', label: 'st.stepState.complete', color: 'cyan' },
  { value: 'fail', label: 'st.stepState.fail', color: 'error' },
  { value: 'error', label: 'st.stepState.error', color: 'magenta' },
  { value: 'block', label: 'st.stepState.block', color: 'warning' },
];
const triggerOptions: Option[] = [
  { value: 'schedule', label: 'trigger.schedule' },
  { value: 'manual', label: 'trigger.manual' },
];

/** One run of a stream: its facts, the diagram coloured by step, and each step with its dispatch record (live while running). */
export function StreamRunDrawer({ runId, onClose }: { runId: number | null; onClose: () => void }) {
  const tr = useJobT();
  const tt = tr;
  const run = useStreamRun(runId);
  const d = run.data;
  return (
    <Drawer
      open={runId !== null}
      onClose={onClose}
      size={820}
      destroyOnHidden
      title={d ? `${d.streamName} #${d.id}` : tt('action.runs')}
      data-testid="stream-run-detail"
    >
      {run.isLoading ? <Skeleton active /> : null}
      {d ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} styles={{ label: { width: 130 } }}>
            <Descriptions.Item label={tt('st.run.status')}>
              <span data-testid="stream-run-status" data-status={d.status}>
                <CodeTag value={d.status} options={runStatusOptions} ns="job" />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={tt('st.run.trigger')}>
              <CodeTag value={d.trigger} options={triggerOptions} ns="job" />
            </Descriptions.Item>
            <Descriptions.Item label={tt('st.run.startedAt')}>
              <FireTime value={d.startedAt} />
            </Descriptions.Item>
            <Descriptions.Item label={tt('st.run.finishedAt')}>
              <FireTime value={d.finishedAt} />
            </Descriptions.Item>
            <Descriptions.Item label={tt('st.run.durationMs')}>{d.durationMs ?? ''}</Descriptions.Item>
            <Descriptions.Item label={tt('st.run.detail')}>{d.detail ?? ''}</Descriptions.Item>
          </Descriptions>
          <FlowDiagram
            nodes={d.steps.map((s) => ({ key: s.nodeKey, label: s.jobName ?? `#${s.jobId}`, state: s.state }))}
            edges={d.edges}
            testId="stream-run-diagram"
          />
          <Table
            size="small"
            rowKey="nodeKey"
            pagination={false}
            dataSource={d.steps}
            data-testid="stream-run-steps"
            columns={[
              { key: 'nodeKey', title: tt('rec.nodeKey'), dataIndex: 'nodeKey' },
              { key: 'jobName', title: tt('st.job'), dataIndex: 'jobName' },
              {
                key: 'state',
                title: tt('st.run.status'),
                render: (_v, s) => (
                  <span data-testid="stream-step-state" data-node-key={s.nodeKey} data-state={s.state}>
                    <CodeTag value={s.state} options={stepStateOptions} ns="job" />
                  </span>
                ),
              },
              { key: 'parents', title: tt('st.run.parents'), render: (_v, s) => s.parents.map((p) => `${p.from} (${tt(`st.edgeOn.${p.on}`)})`).join(', ') },
              {
                key: 'result',
                title: tt('rec.result'),
                render: (_v, s) => (s.record ? <CodeTag value={s.record.result} options={resultOptions} ns="job" /> : null),
              },
              { key: 'durationMs', title: tt('rec.durationMs'), align: 'right', render: (_v, s) => s.record?.durationMs ?? '' },
              {
                key: 'detail',
                title: tt('rec.detail'),
                ellipsis: true,
                render: (_v, s) => (s.record?.detail ? <Typography.Text type="secondary">{s.record.detail}</Typography.Text> : ''),
              },
            ]}
          />
        </Space>
      ) : null}
    </Drawer>
  );
}

/** A saved stream's diagram, nodes named by their jobs. */
function StreamDiagram({ stream }: { stream: JobStream }) {
  const jobs = useAllJobs();
  const name = (id: number) => jobs.data?.data.find((j) => j.id === id)?.jobName ?? `#${id}`;
  return <FlowDiagram nodes={stream.nodes.map((n) => ({ key: n.key, label: name(n.jobId) }))} edges={stream.edges} />;
}

/** /job/stream: job streams (a flow of jobs) and their runs. */
export default function JobStreamPage() {
  const tr = useJobT();
  const list = useRef<ListHandle<JobStream>>(null);
  const [view, setView] = useState<'streams' | 'runs'>('streams');
  const [runsOf, setRunsOf] = useState<JobStream | null>(null);
  const [runId, setRunId] = useState<number | null>(null);
  const [editor, setEditor] = useState<{ open: boolean; stream: JobStream | null }>({ open: false, stream: null });

  const streamDef = useMemo<ResourceDef<JobStream, Row, z.input<typeof streamListQuery>>>(() => {
    const remove = (rows: JobStream[]) =>
      confirmed({
        prompt: rows.length === 1 ? t('job:confirm.streamDelete', { name: rows[0]!.name }) : t('job:confirm.streamBatchDelete', { count: rows.length }),
        done: t('job:done.delete'),
        danger: true,
        run: () => streamApi.remove(rows.map((r) => r.id)),
      });
    return {
      key: 'jobStream',
      ns: 'job',
      name: 'stream',
      endpoint: { prefix: 'system', path: 'jobStream' },
      perms: { detail: Perm.jobStream.list },
      features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false },
      inlineActions: 4,
      search: [
        { name: 'name', label: 'st.name' },
        { name: 'status', label: 'st.status', type: 'select', options: jobStatusOptions },
      ],
      columns: [
        { key: 'name', label: 'st.name', sorter: true },
        { key: 'nodes', label: 'st.nodeCount', render: (v: unknown[]) => v?.length ?? 0 },
        {
          key: 'cronExpr',
          label: 'field.schedule',
          render: (v: string | null) =>
            v ? <Typography.Text code>{v}</Typography.Text> : <Typography.Text type="secondary">{t('job:st.noSchedule')}</Typography.Text>,
        },
        { key: 'status', label: 'st.status', options: jobStatusOptions },
        { key: 'prevFireTime', label: 'st.prevFireTime', render: (v) => <FireTime value={v} /> },
        { key: 'nextFireTime', label: 'st.nextFireTime', sorter: true, render: (v) => <FireTime value={v} /> },
        { key: 'creator', label: 'st.creator' },
        { key: 'timeZone', label: 'field.timeZone', inTable: false },
        { key: 'description', label: 'st.description', inTable: false, detailSpan: 2 },
      ],
      api: { get: (row) => streamApi.get(row.id) },
      detailExtra: (row) => <StreamDiagram stream={row} />,
      toolbar: [
        {
          key: 'add',
          label: 'action.add',
          icon: <PlusOutlined />,
          primary: true,
          perm: Perm.jobStream.add,
          run: () => setEditor({ open: true, stream: null }),
        },
        {
          key: 'batch-delete',
          label: 'action.batchDelete',
          icon: <DeleteOutlined />,
          danger: true,
          need: 'delete',
          perm: Perm.jobStream.remove,
          run: async (ctx) => {
            if (await remove(ctx.selectedRows)) {
              ctx.clearSelection();
              ctx.reload();
            }
          },
        },
      ],
      rowActions: [
        { key: 'edit', label: 'action.edit', perm: Perm.jobStream.edit, run: async (row) => setEditor({ open: true, stream: await streamApi.get(row.id) }) },
        {
          key: 'run',
          label: 'action.run',
          perm: Perm.jobStream.run,
          run: async (row) => {
            let started: number | null = null;
            const ok = await confirmed({
              prompt: t('job:confirm.streamRun', { name: row.name }),
              done: t('job:done.streamRun'),
              run: async () => {
                started = (await streamApi.run(row.id)).id;
              },
            });
            if (ok) setRunId(started);
          },
        },
        {
          key: 'runs',
          label: 'action.runs',
          run: (row) => {
            setRunsOf(row);
            setView('runs');
          },
        },
        {
          key: 'delete',
          label: 'action.delete',
          perm: Perm.jobStream.remove,
          danger: true,
          run: async (row, ctx) => {
            if (await remove([row])) {
              ctx.clearSelection();
              ctx.reload();
            }
          },
        },
      ],
    };
  }, []);

  const runDef = useMemo<ResourceDef<StreamRun, Row, z.input<typeof streamRunListQuery>>>(
    () => ({
      key: 'jobStreamRun',
      ns: 'job',
      name: 'action.runs',
      endpoint: { prefix: 'system', path: 'jobStream/run' },
      features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
      search: [{ name: 'status', label: 'st.run.status', type: 'select', options: runStatusOptions }],
      columns: [
        { key: 'id', label: 'st.run.id', sorter: true },
        { key: 'streamName', label: 'st.run.streamName' },
        { key: 'trigger', label: 'st.run.trigger', options: triggerOptions },
        { key: 'status', label: 'st.run.status', options: runStatusOptions, sorter: true },
        { key: 'startedAt', label: 'st.run.startedAt', sorter: true, render: (v) => <FireTime value={v} /> },
        { key: 'finishedAt', label: 'st.run.finishedAt', render: (v) => <FireTime value={v} /> },
        { key: 'durationMs', label: 'st.run.durationMs', sorter: true, align: 'right' },
        { key: 'detail', label: 'st.run.detail', ellipsis: true, width: 240 },
      ],
      rowActions: [{ key: 'steps', label: 'action.steps', run: (row) => setRunId(row.id) }],
    }),
    [],
  );
  const runFilters = useMemo(() => (runsOf ? { streamId: runsOf.id } : undefined), [runsOf]);

  return (
    <div>
      <Segmented
        style={{ marginBottom: 12 }}
        value={view}
        onChange={(v) => setView(v as 'streams' | 'runs')}
        options={[
          { value: 'streams', label: <span data-testid="stream-view-streams">{tr('streams')}</span> },
          { value: 'runs', label: <span data-testid="stream-view-runs">{tr('action.runs')}</span> },
        ]}
      />
      <div style={{ display: view === 'streams' ? undefined : 'none' }}>
        <ListPage<JobStream> def={streamDef} ref={list} />
      </div>
      {view === 'runs' ? (
        <ListPage<StreamRun>
          def={runDef}
          extraFilters={runFilters}
          header={
            runsOf ? (
              <Tag color="blue" closable onClose={() => setRunsOf(null)} style={{ marginBottom: 12 }} data-testid="stream-runs-filter">
                {tr('st.run.streamName')}: {runsOf.name}
              </Tag>
            ) : null
          }
        />
      ) : null}
      <StreamEditorDialog
        open={editor.open}
        stream={editor.stream}
        onClose={() => setEditor((e) => ({ ...e, open: false }))}
        onSaved={() => list.current?.reload()}
      />
      <StreamRunDrawer runId={runId} onClose={() => setRunId(null)} />
    </div>
  );
}
