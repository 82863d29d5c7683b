import { useState } from 'react';
import { Button, Card, Descriptions, Form, Input, InputNumber, Space, Table, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { OPS_REPORT_FIGURES, OPS_REPORT_SECTIONS, Perm, type OpsReportFigure, type OpsReportRow } from '@venue/contract';
import { confirm, success } from '../../../app/feedback.tsx';
import { api, http } from '../../../app/request.ts';
import { useCan } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { toFen, yuan } from '../../../kit/pay/index.ts';
import { MONEY_FIGURES, listPath, useReportT } from './shared.ts';

type LogRow = { version: number; userName: string | null; fields: string[]; time: string };
type EditValues = { sections: Record<string, string>; adj: Record<string, { value?: number | null; note?: string }> };

const reportUrl = (p: string) => api.sport(`opsReport/${p}`);
const shown = (f: string, v: number) => (MONEY_FIGURES.has(f) ? yuan(v) : String(v));

/** Edits the sections and the adjusted figures at the version read; a stale answer offers a reload. */
function ReportEditor({ r, onDone, reload }: { r: OpsReportRow; onDone: () => void; reload: () => unknown }) {
  const t = useReportT();
  const [form] = Form.useForm<EditValues>();
  const initial: EditValues = {
    sections: Object.fromEntries(OPS_REPORT_SECTIONS.map((s) => [s, r.sections[s] ?? ''])),
    adj: Object.fromEntries(
      OPS_REPORT_FIGURES.map((f) => {
        const a = r.adjustments[f];
        return [f, { value: a ? (MONEY_FIGURES.has(f) ? a.value / 100 : a.value) : null, note: a?.note ?? '' }];
      }),
    ),
  };
  const { busy, submit } = useFormSubmit(
    form,
    async (v) => {
      const adjustments: Record<string, { value: number; note: string } | null> = {};
      for (const f of OPS_REPORT_FIGURES) {
        const a = v.adj[f];
        const empty = a?.value === null || a?.value === undefined;
        if (empty) {
          if (r.adjustments[f]) adjustments[f] = null;
          continue;
        }
        adjustments[f] = { value: MONEY_FIGURES.has(f) ? toFen(a!.value)! : a!.value!, note: a!.note ?? '' };
      }
      await http.put(reportUrl(String(r.id)), { version: r.version, sections: v.sections, adjustments });
      onDone();
    },
    { reload },
  );
  return (
    <Form form={form} layout="vertical" initialValues={initial} data-testid="ops-report-editor">
      {OPS_REPORT_SECTIONS.map((s) => (
        <Form.Item key={s} name={['sections', s]} label={t(`section.${s}`)}>
          <Input.TextArea rows={3} maxLength={5000} data-testid={`ops-report-section-${s}`} />
        </Form.Item>
      ))}
      <Table
        size="small"
        pagination={false}
        rowKey="f"
        dataSource={OPS_REPORT_FIGURES.map((f) => ({ f }))}
        columns={[
          { key: 'f', title: t('field.figure'), render: (_, { f }) => t(`field.${f}`) },
          { key: 'g', title: t('field.generated'), render: (_, { f }) => shown(f, r.generated[f]) },
          {
            key: 'v',
            title: t('field.adjusted'),
            render: (_, { f }) => (
              <Form.Item name={['adj', f, 'value']} noStyle>
                <InputNumber
                  aria-label={`${t(`field.${f}`)} ${t('field.adjusted')}`}
                  precision={MONEY_FIGURES.has(f) ? 2 : 0}
                  data-testid={`ops-report-adjust-${f}`}
                />
              </Form.Item>
            ),
          },
          {
            key: 'n',
            title: t('field.note'),
            render: (_, { f }) => (
              <Form.Item name={['adj', f, 'note']} noStyle>
                <Input aria-label={`${t(`field.${f}`)} ${t('field.note')}`} maxLength={200} data-testid={`ops-report-note-${f}`} />
              </Form.Item>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="ops-report-save">
          {t('action.save')}
        </Button>
        <Button onClick={onDone}>{t('action.cancel')}</Button>
      </Space>
    </Form>
  );
}

/** sport.opsReport.weeklyDetail / finalDetail: one report's figures and sections (edit), its settlement report and its operation log. */
export default function ReportDetailPage() {
  const t = useReportT();
  const can = useCan();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const [editing, setEditing] = useState(false);
  const report = useQuery({ queryKey: ['opsReport', id], queryFn: () => http.get<OpsReportRow>(reportUrl(String(id))), enabled: id > 0 });
  const log = useQuery({ queryKey: ['opsReport', id, 'log'], queryFn: () => http.get<{ data: LogRow[] }>(reportUrl(`${id}/log`)), enabled: id > 0 });
  const r = report.data;
  if (!r) return null;
  const reload = () => Promise.all([report.refetch(), log.refetch()]);
  // The same venue and period read again, at the version on screen; sections and adjustments stay.
  const regenerate = async () => {
    if (!(await confirm({ title: t('action.regenerate'), content: t('regenerateConfirm') }))) return;
    await http.post(reportUrl(`${r.id}/regenerate`), { version: r.version });
    success(t('regenerated'));
    await reload();
  };
  const fieldLabel = (f: string) => {
    if (f === 'generated') return t('generatedLog');
    if (f === 'regenerated') return t('regeneratedLog');
    if (f === 'settlement') return t('tab.settlement');
    const [group, key] = f.split('.');
    return group === 'sections' ? t(`section.${key as (typeof OPS_REPORT_SECTIONS)[number]}`) : t(`field.${key as OpsReportFigure}`);
  };
  const figures = (
    <>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 4 }} data-testid="ops-report-figures">
        {OPS_REPORT_FIGURES.map((f) => {
          const a = r.adjustments[f];
          return (
            <Descriptions.Item key={f} label={t(`field.${f}`)}>
              <span data-testid={`ops-report-figure-${f}`}>{shown(f, r.figures[f])}</span>
              {a ? (
                <div>
                  <Tag color="orange">{t('adjustedMark')}</Tag>
                  <Typography.Text type="secondary">
                    {t('field.generated')} {shown(f, r.generated[f])} · {a.note}
                  </Typography.Text>
                </div>
              ) : null}
            </Descriptions.Item>
          );
        })}
      </Descriptions>
      {OPS_REPORT_SECTIONS.map((s) => (
        <Card key={s} size="small" title={t(`section.${s}`)} style={{ marginTop: 12 }}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid={`ops-report-text-${s}`}>
            {r.sections[s] || <Typography.Text type="secondary">{t('noText')}</Typography.Text>}
          </Typography.Paragraph>
        </Card>
      ))}
    </>
  );
  const s = r.settlement;
  const settlement = (
    <div data-testid="ops-report-settlement">
      <Table
        size="small"
        pagination={false}
        rowKey="kind"
        dataSource={s.byKind}
        columns={[
          { key: 'kind', dataIndex: 'kind', title: t('field.kind') },
          { key: 'gross', title: t('field.grossFen'), render: (_, l) => yuan(l.grossFen) },
          { key: 'refund', title: t('field.refundFen'), render: (_, l) => yuan(l.refundFen) },
          { key: 'net', title: t('field.netFen'), render: (_, l) => yuan(l.netFen) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('total')}</Table.Summary.Cell>
            <Table.Summary.Cell index={1}>{yuan(s.totals.grossFen)}</Table.Summary.Cell>
            <Table.Summary.Cell index={2}>{yuan(s.totals.refundFen)}</Table.Summary.Cell>
            <Table.Summary.Cell index={3}>
              <span data-testid="ops-report-settlement-net">{yuan(s.totals.netFen)}</span>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <Table
        style={{ marginTop: 12 }}
        size="small"
        pagination={false}
        rowKey="method"
        dataSource={s.byMethod}
        columns={[
          { key: 'method', dataIndex: 'method', title: t('field.method') },
          { key: 'net', title: t('field.netFen'), render: (_, l) => yuan(l.netFen) },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('ledgerRange', { entries: s.ledger.entries, first: s.ledger.firstId ?? '—', last: s.ledger.lastId ?? '—' })}
      </Typography.Paragraph>
    </div>
  );
  const logTable = (
    <Table
      data-testid="ops-report-log"
      size="small"
      pagination={false}
      rowKey="version"
      dataSource={log.data?.data ?? []}
      columns={[
        { key: 'version', dataIndex: 'version', title: t('field.version'), width: 80 },
        { key: 'time', title: t('field.time'), width: 180, render: (_, v) => new Date(v.time).toLocaleString() },
        { key: 'user', dataIndex: 'userName', title: t('field.user'), width: 140 },
        { key: 'fields', title: t('field.fields'), render: (_, v) => v.fields.map(fieldLabel).join('、') },
      ]}
    />
  );
  return (
    <div data-testid="ops-report-detail">
      <Space style={{ marginBottom: 12 }} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(listPath(r.kind))}>
          {t('action.back')}
        </Button>
        {can(Perm.opsReport.edit) && !editing ? (
          <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="ops-report-edit">
            {t('action.edit')}
          </Button>
        ) : null}
        {can(Perm.opsReport.generate) && !editing ? (
          <Button icon={<ReloadOutlined />} onClick={() => void regenerate().catch(() => undefined)} data-testid="ops-report-regenerate">
            {t('action.regenerate')}
          </Button>
        ) : null}
      </Space>
      <Card
        size="small"
        title={`${t(r.kind)} · ${r.stadiumName} · ${r.from} ~ ${r.to}`}
        extra={<Tag data-testid="ops-report-version">{`${t('field.version')} ${r.version}`}</Tag>}
      >
        {editing ? (
          <ReportEditor
            r={r}
            reload={reload}
            onDone={() => {
              setEditing(false);
              void reload();
            }}
          />
        ) : (
          <Tabs
            items={[
              { key: 'figures', label: t('tab.figures'), children: figures },
              { key: 'settlement', label: t('tab.settlement'), children: settlement },
              { key: 'log', label: t('tab.log'), children: logTable },
            ]}
          />
        )}
      </Card>
    </div>
  );
}
