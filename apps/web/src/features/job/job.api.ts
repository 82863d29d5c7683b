import { useQuery } from '@tanstack/react-query';
import type { Page } from '@venue/contract';
import { api, http } from '../../app/request.ts';

/** A job as the server answers it (apps/server job.service jobView). */
export interface Job {
  id: number;
  orgId: number;
  jobName: string;
  jobGroup: string;
  jobType: 'bean' | 'http';
  beanName: string | null;
  architecture: 'monolithic' | 'distributed';
  triggerType: 'cron' | 'interval';
  cronExpr: string | null;
  intervalInSeconds: number;
  repeatCount: number;
  startTime: string;
  endTime: string | null;
  timeZone: string;
  skipNonWorkDays: boolean;
  executorPath: string | null;
  executorIp: string | null;
  executorHost: number | null;
  httpMethod: 'GET' | 'POST';
  executeData: unknown;
  /** HTTP jobs: the dispatch record keeps the start of the answer (off: status and duration only). */
  recordAnswer: boolean;
  description: string | null;
  status: 0 | 1;
  misfirePolicy: 'fireOnce' | 'skip';
  blockingStrategy: 'serial' | 'discard' | 'cover';
  timeoutSeconds: number;
  retryCount: number;
  retryDelaySeconds: number;
  alarmOnFailure: boolean;
  prevFireTime: string | null;
  nextFireTime: string | null;
  fireCount: number;
  creator: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** The body of POST job / PUT job/{id} (the server's jobInput). */
export type JobBody = Omit<Job, 'id' | 'orgId' | 'prevFireTime' | 'nextFireTime' | 'fireCount' | 'creator' | 'createdAt' | 'updatedAt' | 'version' | 'startTime' | 'endTime' | 'timeZone'> & {
  startTime: string | null;
  endTime: string | null;
  timeZone: string | null;
  version?: number;
};

export type JobResult = 'normal' | 'success' | 'complete' | 'fail' | 'error' | 'block';

/** A dispatch record (job.service recordView). */
export interface DispatchRecord {
  id: number;
  orgId: number;
  jobId: number | null;
  jobName: string;
  jobGroup: string;
  trigger: 'schedule' | 'manual' | 'stream';
  manual: boolean;
  serviceName: string | null;
  callMode: 'bean' | 'http' | null;
  plannedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  delayMs: number | null;
  result: JobResult;
  httpStatus: number | null;
  detail: string | null;
  attempt: number;
  timedOut: boolean;
  instanceId: string | null;
  params: unknown;
  streamRunId: number | null;
  nodeKey: string | null;
}

export interface JobHandlerInfo {
  name: string;
  description: string;
  platformOnly: boolean;
  paramsExample: unknown;
}

export interface CronPreview {
  timeZone: string;
  times: { time: string; local: string }[];
}

export interface StreamNode {
  key: string;
  jobId: number;
  x?: number;
  y?: number;
}
export interface StreamEdge {
  from: string;
  to: string;
  on: 'success' | 'complete';
}

export interface JobStream {
  id: number;
  orgId: number;
  name: string;
  description: string | null;
  status: 0 | 1;
  cronExpr: string | null;
  timeZone: string;
  nodes: StreamNode[];
  edges: StreamEdge[];
  prevFireTime: string | null;
  nextFireTime: string | null;
  creator: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface StreamRun {
  id: number;
  streamId: number | null;
  streamName: string;
  trigger: 'schedule' | 'manual';
  manual: boolean;
  plannedAt: string;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  status: 'running' | 'success' | 'fail';
  detail: string | null;
}

export type StepState = 'waiting' | 'running' | 'skipped' | JobResult;

export interface StreamRunDetail extends StreamRun {
  edges: StreamEdge[];
  steps: { nodeKey: string; jobId: number; jobName: string | null; state: StepState; parents: { from: string; on: 'success' | 'complete' }[]; record: DispatchRecord | null }[];
}

const url = (p: string) => api.system(p);

export const jobApi = {
  list: (body: Record<string, unknown>) => http.post<Page<Job>>(url('job/list'), body),
  get: (id: number) => http.get<Job>(url(`job/${id}`)),
  create: (body: JobBody) => http.post<Job>(url('job'), body),
  update: (id: number, body: JobBody) => http.put<Job>(url(`job/${id}`), body),
  remove: (ids: number[]) => http.del<{ deleted: number }>(url(`job/${ids.join(',')}`)),
  pause: (id: number) => http.put<Job>(url(`job/${id}/pause`)),
  resume: (id: number) => http.put<Job>(url(`job/${id}/resume`)),
  run: (id: number) => http.post<DispatchRecord>(url(`job/${id}/run`), {}),
  handlers: () => http.get<JobHandlerInfo[]>(url('job/handlers')),
  /** Silent: the editor shows the server's message under the expression. */
  preview: (body: { cronExpr: string; timeZone?: string | null; startTime?: string | null; endTime?: string | null; skipNonWorkDays?: boolean; count?: number }, signal?: AbortSignal) =>
    http.post<CronPreview>(url('job/cron/preview'), { count: 10, ...body }, { silent: true, signal }),
  records: (body: Record<string, unknown>) => http.post<Page<DispatchRecord>>(url('job/log/list'), body),
  record: (id: number) => http.get<DispatchRecord>(url(`job/log/${id}`)),
};

export const streamApi = {
  list: (body: Record<string, unknown>) => http.post<Page<JobStream>>(url('jobStream/list'), body),
  get: (id: number) => http.get<JobStream>(url(`jobStream/${id}`)),
  create: (body: Record<string, unknown>) => http.post<JobStream>(url('jobStream'), body),
  update: (id: number, body: Record<string, unknown>) => http.put<JobStream>(url(`jobStream/${id}`), body),
  remove: (ids: number[]) => http.del<{ deleted: number }>(url(`jobStream/${ids.join(',')}`)),
  run: (id: number) => http.post<StreamRunDetail>(url(`jobStream/${id}/run`)),
  runs: (body: Record<string, unknown>) => http.post<Page<StreamRun>>(url('jobStream/run/list'), body),
  runDetail: (id: number) => http.get<StreamRunDetail>(url(`jobStream/run/${id}`)),
};

/** The bean handlers the caller may use (GET job/handlers). */
export const useJobHandlers = (enabled = true) => useQuery({ queryKey: ['job', 'handlers'], queryFn: jobApi.handlers, staleTime: 60_000, enabled });

/** Every job of the organisation, for pickers (stream nodes, record search). */
export const useAllJobs = (enabled = true) =>
  useQuery({ queryKey: ['job', 'all'], queryFn: () => jobApi.list({ pageNum: 1, pageSize: 500, sortField: 'jobName', sortOrder: 'ascend' }), staleTime: 10_000, enabled });

/** A stream run with its steps; refreshed every 2 s while it runs. */
export const useStreamRun = (id: number | null) =>
  useQuery({
    queryKey: ['job', 'streamRun', id],
    queryFn: () => streamApi.runDetail(id!),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 2000 : false),
  });
