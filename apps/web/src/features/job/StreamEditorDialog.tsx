import { useLayoutEffect, useMemo, useState } from 'react';
import { Alert, Button, Col, Divider, Form, Input, Radio, Row as GridRow, Select, Switch, Table, Typography } from 'antd';
import { EditorModal } from './EditorModal.tsx';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { applyFieldErrors, fieldErrorsOf, useKitT, validateValue } from '../../kit/index.ts';
import { confirmed } from './actions.ts';
import { CronEditor, localProblem } from './CronEditor.tsx';
import { FlowDiagram } from './FlowDiagram.tsx';
import { flowProblems, nextNodeKey, type FlowEdge, type FlowNode } from './flow.ts';
import { streamApi, useAllJobs, type JobStream } from './job.api.ts';
import { streamRules } from './job.rules.ts';
import { timeZones } from './time.ts';
import { useJobT } from './i18n.ts';

/** Console-only: the dialog's props. */
export interface StreamEditorProps {
  open: boolean;
  stream: JobStream | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Console-only: the form's values (`scheduled` switches the expression on); the body sent is the contract's streamInput. */
interface Values {
  name: string;
  description?: string | null;
  status: 0 | 1;
  scheduled: boolean;
  cronExpr?: string | null;
  timeZone?: string | null;
}

type NodeRow = FlowNode & { id: number };
type EdgeRow = FlowEdge & { id: number };
let rowSeq = 0;

/**
 * Add / edit a job stream: its jobs as nodes (a table: key + job), its links as a table of
 * parent -> child with the condition "on success" / "on completion", and a read-only layered
 * diagram. The server refuses cycles with its own message, shown above the links.
 */
export function StreamEditorDialog({ open, stream, onClose, onSaved }: StreamEditorProps) {
  const tr = useJobT();
  const t = tr;
  const tk = useKitT();
  const [form] = Form.useForm<Values>();
  const jobs = useAllJobs(open);
  const [nodes, setNodes] = useState<NodeRow[]>([]);
  const [edges, setEdges] = useState<EdgeRow[]>([]);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [showProblems, setShowProblems] = useState(false);
  const [busy, setBusy] = useState(false);
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), []);
  const scheduled = Form.useWatch('scheduled', form);
  const timeZone = Form.useWatch('timeZone', form);

  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      stream
        ? {
            name: stream.name,
            description: stream.description ?? '',
            status: stream.status,
            scheduled: !!stream.cronExpr,
            cronExpr: stream.cronExpr ?? '0 0 2 * * ?',
            timeZone: stream.timeZone,
          }
        : { name: '', description: '', status: 0, scheduled: false, cronExpr: '0 0 2 * * ?', timeZone: null },
    );
    setNodes((stream?.nodes ?? []).map((n) => ({ key: n.key, jobId: n.jobId, id: ++rowSeq })));
    setEdges((stream?.edges ?? []).map((e) => ({ ...e, id: ++rowSeq })));
    setServerErrors([]);
    setShowProblems(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filled only when opened, or for another stream
  }, [open, stream]);

  const jobName = (id: number | null) => (id === null ? '' : (jobs.data?.data.find((j) => j.id === id)?.jobName ?? `#${id}`));
  const jobOptions = (jobs.data?.data ?? []).map((j) => ({ value: j.id, label: `${j.jobName} (${j.jobGroup})` }));
  const nodeOptions = nodes.filter((n) => n.key).map((n) => ({ value: n.key, label: n.jobId ? `${n.key} · ${jobName(n.jobId)}` : n.key }));
  const problems = flowProblems(nodes, edges);
  const problemOf = (where: 'node' | 'edge', index: number) => (showProblems ? problems.find((p) => p.where === where && p.index === index) : undefined);

  const addNode = () => setNodes((ns) => [...ns, { id: ++rowSeq, key: nextNodeKey(ns), jobId: null }]);
  const patchNode = (i: number, p: Partial<NodeRow>) => {
    const old = nodes[i]!;
    setNodes((ns) => ns.map((n, j) => (j === i ? { ...n, ...p } : n)));
    // A renamed key follows into the links.
    if (p.key !== undefined && p.key !== old.key)
      setEdges((es) => es.map((e) => ({ ...e, from: e.from === old.key ? p.key! : e.from, to: e.to === old.key ? p.key! : e.to })));
  };
  const removeNode = (i: number) => {
    const key = nodes[i]!.key;
    setNodes((ns) => ns.filter((_n, j) => j !== i));
    setEdges((es) => es.filter((e) => e.from !== key && e.to !== key));
  };
  const addEdge = () => {
    const last = nodes.at(-1)?.key ?? '';
    const prev = nodes.at(-2)?.key ?? '';
    setEdges((es) => [...es, { id: ++rowSeq, from: prev, to: last, on: 'success' }]);
  };
  const patchEdge = (i: number, p: Partial<EdgeRow>) => setEdges((es) => es.map((e, j) => (j === i ? { ...e, ...p } : e)));

  const submit = async () => {
    let v: Values;
    try {
      await form.validateFields();
      v = form.getFieldsValue(true) as Values;
    } catch (err) {
      const first = (err as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
      return;
    }
    setShowProblems(true);
    if (problems.length) return;
    setServerErrors([]);
    const body = {
      name: v.name.trim(),
      description: v.description?.trim() || null,
      status: v.status,
      cronExpr: v.scheduled ? (v.cronExpr ?? '').trim() || null : null,
      timeZone: v.timeZone || null,
      nodes: nodes.map((n) => ({ key: n.key, jobId: n.jobId! })),
      edges: edges.map((e) => ({ from: e.from, to: e.to, on: e.on })),
      ...(stream ? { version: stream.version } : {}),
    };
    setBusy(true);
    try {
      await confirmed({
        prompt: t(stream ? 'confirm.streamEdit' : 'confirm.streamAdd', { name: body.name }),
        done: t(stream ? 'done.edit' : 'done.add'),
        run: async () => {
          try {
            if (stream) await streamApi.update(stream.id, body);
            else await streamApi.create(body);
            onSaved();
            onClose();
          } catch (err) {
            applyFieldErrors(form, err);
            // Graph errors (nodes.N.jobId, edges.N, edges: the cycle) have no form field: list them.
            setServerErrors(
              fieldErrorsOf(err)
                .filter((e) => /^(nodes|edges)/.test(e.field))
                .map((e) => e.message),
            );
            throw err;
          }
        },
      });
    } finally {
      setBusy(false);
    }
  };

  const textRule = (schema: Parameters<typeof validateValue>[0], required: boolean) => ({
    validator: async (_r: unknown, value: unknown) => {
      if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) {
        if (required) throw new Error(tk('required'));
        return;
      }
      const msg = validateValue(schema, value, tk);
      if (msg) throw new Error(msg);
    },
  });

  const nodesProblem = showProblems ? problems.find((p) => p.where === 'nodes') : undefined;

  return (
    <EditorModal
      open={open}
      title={stream ? tk('editTitle', { name: t('stream') }) : tk('addTitle', { name: t('stream') })}
      busy={busy}
      testId="stream-form"
      onClose={onClose}
      onOk={() => void submit()}
    >
      <Form form={form} name="stream-form" layout="vertical" autoComplete="off">
        <GridRow gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('st.name')} required rules={[textRule(streamRules.name, true)]}>
              <Input allowClear maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="status" label={t('st.status')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 0, label: t('status.normal') },
                  { value: 1, label: t('status.paused') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={t('st.description')} rules={[textRule(streamRules.description, false)]}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="scheduled" label={t('field.schedule')} valuePropName="checked" extra={scheduled ? undefined : t('st.noSchedule')}>
              <Switch data-testid="stream-scheduled" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="timeZone" label={t('field.timeZone')}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={zones} placeholder={t('placeholder.timeZone')} />
            </Form.Item>
          </Col>
          {scheduled ? (
            <Col span={24}>
              <Form.Item
                name="cronExpr"
                label={t('st.cronExpr')}
                required
                rules={[
                  textRule(streamRules.cronExpr, true),
                  {
                    validator: async (_r, v: string) => {
                      const p = v ? localProblem(v, t) : null;
                      if (p) throw new Error(p);
                    },
                  },
                ]}
              >
                <CronEditor inlineProblem={false} timeZone={timeZone} />
              </Form.Item>
            </Col>
          ) : null}
        </GridRow>
      </Form>

      <Divider titlePlacement="start" plain>
        {t('st.nodes')}
      </Divider>
      <Table<NodeRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={nodes}
        data-testid="stream-nodes"
        locale={{ emptyText: t('st.noNodes') }}
        columns={[
          {
            key: 'key',
            title: t('st.key'),
            width: 200,
            render: (_v, n, i) => {
              const p = problemOf('node', i);
              const keyProblem = p && p.key !== 'st.jobEmpty' ? p : undefined;
              return (
                <>
                  <Input
                    size="small"
                    value={n.key}
                    status={keyProblem ? 'error' : undefined}
                    onChange={(e) => patchNode(i, { key: e.target.value.trim() })}
                    data-testid={`stream-node-key-${i}`}
                  />
                  {keyProblem ? (
                    <Typography.Text type="danger" style={{ fontSize: 12 }}>
                      {t(keyProblem.key)}
                    </Typography.Text>
                  ) : null}
                </>
              );
            },
          },
          {
            key: 'job',
            title: t('st.job'),
            render: (_v, n, i) => {
              const p = problemOf('node', i);
              const jobProblem = p?.key === 'st.jobEmpty' ? p : undefined;
              return (
                <>
                  <Select
                    size="small"
                    style={{ width: '100%' }}
                    showSearch={{ optionFilterProp: 'label' }}
                    value={n.jobId ?? undefined}
                    status={jobProblem ? 'error' : undefined}
                    placeholder={t('st.jobEmpty')}
                    options={jobOptions}
                    loading={jobs.isLoading}
                    onChange={(jobId: number) => patchNode(i, { jobId })}
                    data-testid={`stream-node-job-${i}`}
                  />
                  {jobProblem ? (
                    <Typography.Text type="danger" style={{ fontSize: 12 }}>
                      {t(jobProblem.key)}
                    </Typography.Text>
                  ) : null}
                </>
              );
            },
          },
          {
            key: 'remove',
            width: 48,
            render: (_v, _n, i) => (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={tk('delete')}
                onClick={() => removeNode(i)}
                data-testid={`stream-node-remove-${i}`}
              />
            ),
          },
        ]}
      />
      <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={addNode} style={{ marginTop: 8 }} data-testid="stream-add-node">
        {t('st.addNode')}
      </Button>
      {nodesProblem ? (
        <div>
          <Typography.Text type="danger">{t(nodesProblem.key)}</Typography.Text>
        </div>
      ) : null}

      <Divider titlePlacement="start" plain>
        {t('st.edges')}
      </Divider>
      {serverErrors.length ? (
        <Alert type="error" showIcon style={{ marginBottom: 8 }} title={serverErrors.join('; ')} data-testid="stream-server-error" />
      ) : null}
      <Table<EdgeRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={edges}
        data-testid="stream-edges"
        locale={{ emptyText: t('st.noEdges') }}
        columns={[
          {
            key: 'from',
            title: t('st.parent'),
            render: (_v, e, i) => {
              const p = problemOf('edge', i);
              return (
                <>
                  <Select
                    size="small"
                    style={{ width: '100%' }}
                    value={e.from || undefined}
                    status={p ? 'error' : undefined}
                    options={nodeOptions}
                    onChange={(from: string) => patchEdge(i, { from })}
                    data-testid={`stream-edge-from-${i}`}
                  />
                  {p ? (
                    <Typography.Text type="danger" style={{ fontSize: 12 }}>
                      {t(p.key)}
                    </Typography.Text>
                  ) : null}
                </>
              );
            },
          },
          { key: 'arrow', width: 32, render: () => '→' },
          {
            key: 'to',
            title: t('st.child'),
            render: (_v, e, i) => (
              <Select
                size="small"
                style={{ width: '100%' }}
                value={e.to || undefined}
                status={problemOf('edge', i) ? 'error' : undefined}
                options={nodeOptions}
                onChange={(to: string) => patchEdge(i, { to })}
                data-testid={`stream-edge-to-${i}`}
              />
            ),
          },
          {
            key: 'on',
            title: t('st.on'),
            width: 150,
            render: (_v, e, i) => (
              <Select
                size="small"
                style={{ width: '100%' }}
                value={e.on}
                options={[
                  { value: 'success', label: t('st.edgeOn.success') },
                  { value: 'complete', label: t('st.edgeOn.complete') },
                ]}
                onChange={(on: 'success' | 'complete') => patchEdge(i, { on })}
                data-testid={`stream-edge-on-${i}`}
              />
            ),
          },
          {
            key: 'remove',
            width: 48,
            render: (_v, _e, i) => (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={tk('delete')}
                onClick={() => setEdges((es) => es.filter((_x, j) => j !== i))}
                data-testid={`stream-edge-remove-${i}`}
              />
            ),
          },
        ]}
      />
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        onClick={addEdge}
        disabled={nodes.length < 2}
        style={{ marginTop: 8 }}
        data-testid="stream-add-edge"
      >
        {t('st.addEdge')}
      </Button>

      {nodes.length ? (
        <>
          <Divider titlePlacement="start" plain>
            {t('st.diagram')}
          </Divider>
          <FlowDiagram
            nodes={nodes
              .filter((n, i) => n.key && nodes.findIndex((m) => m.key === n.key) === i)
              .map((n) => ({ key: n.key, label: jobName(n.jobId) || t('st.jobEmpty') }))}
            edges={edges}
          />
        </>
      ) : null}
    </EditorModal>
  );
}
