import { useMemo, useRef, useState } from 'react';
import { Button, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Perm, type jobListQuery } from '@venue/contract';
import { registerMessages, t } from '../../app/i18n.ts';
import { ListPage, type ListHandle, type Option, type ResourceDef, type Row } from '../../kit/index.ts';
import { confirmed } from './actions.ts';
import { JobFormDialog } from './JobFormDialog.tsx';
import { jobApi, type Job } from './job.api.ts';
import { FireTime } from './FireTime.tsx';
import { jobStatusOptions, jobTypeOptions } from './options.ts';
import './job.css';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('job', zh, en);

const triggerOptions: Option[] = [
  { value: 'cron', label: 'triggerType.cron' },
  { value: 'interval', label: 'triggerType.interval' },
];
const architectureOptions: Option[] = [
  { value: 'monolithic', label: 'architecture.monolithic' },
  { value: 'distributed', label: 'architecture.distributed' },
];
const misfireOptions: Option[] = [
  { value: 'fireOnce', label: 'misfire.fireOnce' },
  { value: 'skip', label: 'misfire.skip' },
];
const blockingOptions: Option[] = [
  { value: 'serial', label: 'blocking.serial' },
  { value: 'discard', label: 'blocking.discard' },
  { value: 'cover', label: 'blocking.cover' },
];

function scheduleText(j: Job): string {
  return j.triggerType === 'cron' ? (j.cronExpr ?? '') : `${j.intervalInSeconds}s`;
}

/** /job/manager: jobs on the page kit with add, edit, delete, pause, resume and run now (spec 4). */
export default function JobManagerPage() {
  const navigate = useNavigate();
  const list = useRef<ListHandle<Job>>(null);
  const [dialog, setDialog] = useState<{ open: boolean; job: Job | null }>({ open: false, job: null });

  const def = useMemo<ResourceDef<Job, Row, z.input<typeof jobListQuery>>>(() => {
    const reload = () => list.current?.reload();
    const toggle = (row: Job, pause: boolean) =>
      confirmed({
        prompt: t(pause ? 'job:confirm.pause' : 'job:confirm.resume', { name: row.jobName }),
        done: t(pause ? 'job:done.pause' : 'job:done.resume'),
        run: () => (pause ? jobApi.pause(row.id) : jobApi.resume(row.id)),
      }).then(reload);
    const remove = (rows: Job[]) =>
      confirmed({
        prompt: rows.length === 1 ? t('job:confirm.delete', { name: rows[0]!.jobName }) : t('job:confirm.batchDelete', { count: rows.length }),
        done: t('job:done.delete'),
        danger: true,
        run: () => jobApi.remove(rows.map((r) => r.id)),
      });
    return {
      key: 'job',
      ns: 'job',
      name: 'job',
      endpoint: { prefix: 'system', path: 'job' },
      perms: { detail: Perm.job.list },
      features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false },
      inlineActions: 4,
      actionWidth: 300,
      search: [
        { name: 'jobName', label: 'field.jobName' },
        { name: 'jobGroup', label: 'field.jobGroup' },
        { name: 'status', label: 'field.status', type: 'select', options: jobStatusOptions },
        { name: 'jobType', label: 'field.jobType', type: 'select', options: jobTypeOptions },
        { name: 'triggerType', label: 'field.triggerType', type: 'select', options: triggerOptions },
      ],
      columns: [
        { key: 'jobName', label: 'field.jobName', sorter: true, fixed: 'left' },
        { key: 'jobGroup', label: 'field.jobGroup', sorter: true },
        { key: 'jobType', label: 'field.jobType', options: jobTypeOptions },
        { key: 'beanName', label: 'field.beanName', inTable: false },
        {
          key: 'executorPath',
          label: 'field.executorPath',
          inTable: false,
          render: (_v, r) => (r.jobType === 'http' ? `${r.httpMethod} ${r.executorIp}:${r.executorHost}${r.executorPath}` : ''),
        },
        { key: 'architecture', label: 'field.architecture', options: architectureOptions, inTable: false },
        { key: 'triggerType', label: 'field.triggerType', options: triggerOptions, inTable: false },
        { key: '$schedule', label: 'field.schedule', render: (_v, r) => <Typography.Text code>{scheduleText(r)}</Typography.Text> },
        { key: 'repeatCount', label: 'field.repeatCount', inTable: false },
        { key: 'status', label: 'field.status', options: jobStatusOptions, sorter: true },
        { key: 'prevFireTime', label: 'field.prevFireTime', sorter: true, render: (v) => <FireTime value={v} /> },
        { key: 'nextFireTime', label: 'field.nextFireTime', sorter: true, render: (v) => <FireTime value={v} /> },
        { key: 'creator', label: 'field.creator' },
        { key: 'startTime', label: 'field.startTime', inTable: false, render: (v) => <FireTime value={v} /> },
        { key: 'endTime', label: 'field.endTime', inTable: false, render: (v) => <FireTime value={v} /> },
        { key: 'timeZone', label: 'field.timeZone', inTable: false },
        { key: 'skipNonWorkDays', label: 'field.skipNonWorkDays', format: 'yesNo', inTable: false },
        { key: 'misfirePolicy', label: 'field.misfirePolicy', options: misfireOptions, inTable: false },
        { key: 'blockingStrategy', label: 'field.blockingStrategy', options: blockingOptions, inTable: false },
        { key: 'timeoutSeconds', label: 'field.timeoutSeconds', inTable: false },
        { key: 'retryCount', label: 'field.retryCount', inTable: false, render: (_v, r) => `${r.retryCount} × ${r.retryDelaySeconds}s` },
        { key: 'fireCount', label: 'field.fireCount', inTable: false },
        {
          key: 'executeData',
          label: 'field.executeData',
          inTable: false,
          detailSpan: 2,
          render: (v) => (v === null || v === undefined ? '' : <Typography.Text code>{JSON.stringify(v)}</Typography.Text>),
        },
        { key: 'description', label: 'field.description', inTable: false, detailSpan: 2 },
        { key: 'createTime', label: 'field.createdAt', inTable: false, render: (v) => <FireTime value={v} /> },
      ],
      api: { get: (row) => jobApi.get(row.id) },
      toolbar: [
        { key: 'add', label: 'action.add', icon: <PlusOutlined />, primary: true, perm: Perm.job.add, run: () => setDialog({ open: true, job: null }) },
        {
          key: 'batch-delete',
          label: 'action.batchDelete',
          icon: <DeleteOutlined />,
          danger: true,
          need: 'delete',
          perm: Perm.job.remove,
          run: async (ctx) => {
            if (await remove(ctx.selectedRows)) {
              ctx.clearSelection();
              ctx.reload();
            }
          },
        },
      ],
      rowActions: [
        { key: 'edit', label: 'action.edit', perm: Perm.job.edit, run: async (row) => setDialog({ open: true, job: await jobApi.get(row.id) }) },
        { key: 'pause', label: 'action.pause', perm: Perm.job.edit, visible: (r) => r.status === 0, run: (row) => toggle(row, true) },
        { key: 'resume', label: 'action.resume', perm: Perm.job.edit, visible: (r) => r.status === 1, run: (row) => toggle(row, false) },
        {
          key: 'run',
          label: 'action.run',
          perm: Perm.job.run,
          run: (row) =>
            confirmed({
              prompt: t('job:confirm.run', { name: row.jobName }),
              done: t('job:done.run'),
              run: () => jobApi.run(row.id),
            }).then(reload),
        },
        { key: 'log', label: 'action.log', perm: Perm.job.log, run: (row) => navigate(`/job/log?jobId=${row.id}&jobName=${encodeURIComponent(row.jobName)}`) },
        {
          key: 'delete',
          label: 'action.delete',
          perm: Perm.job.remove,
          danger: true,
          run: async (row, ctx) => {
            if (await remove([row])) {
              ctx.clearSelection();
              ctx.reload();
            }
          },
        },
      ],
      detailExtra: (row) => (
        <Button
          icon={<UnorderedListOutlined />}
          onClick={() => navigate(`/job/log?jobId=${row.id}&jobName=${encodeURIComponent(row.jobName)}`)}
          data-testid="job-detail-records"
        >
          {t('job:action.log')}
        </Button>
      ),
    };
  }, [navigate]);

  return (
    <>
      <ListPage<Job> def={def} ref={list} />
      <JobFormDialog open={dialog.open} job={dialog.job} onClose={() => setDialog((d) => ({ ...d, open: false }))} onSaved={() => list.current?.reload()} />
    </>
  );
}
