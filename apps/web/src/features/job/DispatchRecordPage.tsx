import { useMemo } from 'react';
import { Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Perm, type jobLogQuery } from '@venue/contract';
import { registerMessages } from '../../app/i18n.ts';
import { ListPage, type Option, type ResourceDef, type Row } from '../../kit/index.ts';
import { FireTime } from './FireTime.tsx';
import { resultOptions } from './options.ts';
import { jobApi, useAllJobs, type DispatchRecord } from './job.api.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';
import { useJobT } from './i18n.ts';

registerMessages('job', zh, en);

const manualOptions: Option[] = [
  { value: true, label: 'yesNo.yes', color: 'gold' },
  { value: false, label: 'yesNo.no' },
];
const triggerOptions: Option[] = [
  { value: 'schedule', label: 'trigger.schedule' },
  { value: 'manual', label: 'trigger.manual' },
  { value: 'stream', label: 'trigger.stream' },
];
const callModeOptions: Option[] = [
  { value: 'bean', label: 'jobType.bean', color: 'blue' },
  { value: 'http', label: 'jobType.http', color: 'purple' },
];

function useJobOptions(): Option[] {
  const jobs = useAllJobs();
  return (jobs.data?.data ?? []).map((j) => ({ value: j.id, label: `${j.jobName} (${j.jobGroup})` }));
}

/** A day range from the search form -> the instants the server filters on. */
function withRange(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  if (out.from)
    out.from = dayjs(out.from as string)
      .startOf('day')
      .toISOString();
  if (out.to)
    out.to = dayjs(out.to as string)
      .endOf('day')
      .toISOString();
  return out;
}

function Detail({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <pre data-testid="jobLog-text" style={{ margin: 0, maxHeight: 280, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {text}
    </pre>
  );
}

export const recordColumns: ResourceDef<DispatchRecord>['columns'] = [
  { key: 'plannedAt', label: 'rec.plannedAt', sorter: true, render: (v) => <FireTime value={v} /> },
  { key: 'jobName', label: 'rec.jobName', sorter: true },
  { key: 'jobGroup', label: 'rec.jobGroup' },
  { key: 'result', label: 'rec.result', options: resultOptions, sorter: true },
  { key: 'manual', label: 'rec.manual', options: manualOptions },
  { key: 'trigger', label: 'rec.trigger', options: triggerOptions },
  { key: 'serviceName', label: 'rec.serviceName', ellipsis: true, width: 200 },
  { key: 'callMode', label: 'rec.callMode', options: callModeOptions },
  { key: 'durationMs', label: 'rec.durationMs', sorter: true, align: 'right' },
  { key: 'instanceId', label: 'rec.instanceId', ellipsis: true, width: 180 },
  { key: 'startedAt', label: 'rec.startedAt', inTable: false, render: (v) => <FireTime value={v} /> },
  { key: 'finishedAt', label: 'rec.finishedAt', inTable: false, render: (v) => <FireTime value={v} /> },
  { key: 'delayMs', label: 'rec.delayMs', inTable: false },
  { key: 'attempt', label: 'rec.attempt', inTable: false },
  { key: 'timedOut', label: 'rec.timedOut', format: 'yesNo', inTable: false },
  { key: 'httpStatus', label: 'rec.httpStatus', inTable: false },
  { key: 'nodeKey', label: 'rec.nodeKey', inTable: false },
  { key: 'detail', label: 'rec.detail', inTable: false, detailSpan: 2, render: (v) => <Detail value={v} /> },
  { key: 'params', label: 'rec.params', inTable: false, detailSpan: 2, render: (v) => <Detail value={v} /> },
];

export const recordResource: ResourceDef<DispatchRecord, Row, z.input<typeof jobLogQuery>> = {
  key: 'jobLog',
  ns: 'job',
  name: 'record',
  endpoint: { prefix: 'system', path: 'job/log' },
  perms: { detail: Perm.job.log },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false },
  defaultSort: { field: 'plannedAt', order: 'descend' },
  searchVisible: 4,
  search: [
    { name: 'jobId', label: 'rec.job', type: 'select', useOptions: useJobOptions },
    { name: 'result', label: 'rec.result', type: 'select', options: resultOptions },
    { name: 'manual', label: 'rec.manual', type: 'select', options: manualOptions },
    { name: 'time', label: 'rec.time', type: 'dateRange', rangeKeys: ['from', 'to'] },
    { name: 'jobName', label: 'rec.jobName' },
    { name: 'jobGroup', label: 'rec.jobGroup' },
    { name: 'trigger', label: 'rec.trigger', type: 'select', options: triggerOptions },
  ],
  columns: recordColumns,
  api: {
    list: (body) => jobApi.records(withRange(body)),
    get: (row) => jobApi.record(row.id),
  },
};

/** /job/log: dispatch records (spec 3) with search and paging; `?jobId=` (from a job's row) narrows to one job. */
export default function DispatchRecordPage() {
  const t = useJobT();
  const [params, setParams] = useSearchParams();
  const jobId = Number(params.get('jobId')) || undefined;
  const jobName = params.get('jobName') ?? (jobId ? `#${jobId}` : '');
  const extra = useMemo(() => (jobId ? { jobId } : undefined), [jobId]);
  return (
    <ListPage<DispatchRecord>
      def={recordResource}
      extraFilters={extra}
      header={
        jobId ? (
          <Space style={{ marginBottom: 12 }}>
            <Tag color="blue" closable onClose={() => setParams({})} data-testid="jobLog-job-filter">
              {t('rec.filteredByJob', { name: jobName })}
            </Tag>
            <Typography.Link onClick={() => setParams({})}>{t('rec.showAll')}</Typography.Link>
          </Space>
        ) : null
      }
    />
  );
}
