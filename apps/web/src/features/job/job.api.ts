import { useQuery } from '@tanstack/react-query';
import type { CronPreview, DispatchRecord, Job, JobHandlerInfo, JobStream, JobInput, Page, StreamInput, StreamRun, StreamRunDetail } from '@venue/contract';
import { api, http } from '../../app/request.ts';

/** Jobs, dispatch records, streams and runs as the server answers them: the contract's answers (`z.output`). */
export type { CronPreview, DispatchRecord, Job, JobHandlerInfo, JobStream, StreamRun, StreamRunDetail } from '@venue/contract';

/** The body of POST job / PUT job/{id} (with the version when editing): the contract's job input (`z.input`). */
export type JobBody = JobInput & { version?: number };

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
  preview: (
    body: { cronExpr: string; timeZone?: string | null; startTime?: string | null; endTime?: string | null; skipNonWorkDays?: boolean; count?: number },
    signal?: AbortSignal,
  ) => http.post<CronPreview>(url('job/cron/preview'), { count: 10, ...body }, { silent: true, signal }),
  records: (body: Record<string, unknown>) => http.post<Page<DispatchRecord>>(url('job/log/list'), body),
  record: (id: number) => http.get<DispatchRecord>(url(`job/log/${id}`)),
};

export const streamApi = {
  list: (body: Record<string, unknown>) => http.post<Page<JobStream>>(url('jobStream/list'), body),
  get: (id: number) => http.get<JobStream>(url(`jobStream/${id}`)),
  create: (body: StreamInput) => http.post<JobStream>(url('jobStream'), body),
  update: (id: number, body: StreamInput & { version?: number }) => http.put<JobStream>(url(`jobStream/${id}`), body),
  remove: (ids: number[]) => http.del<{ deleted: number }>(url(`jobStream/${ids.join(',')}`)),
  run: (id: number) => http.post<StreamRunDetail>(url(`jobStream/${id}/run`)),
  runs: (body: Record<string, unknown>) => http.post<Page<StreamRun>>(url('jobStream/run/list'), body),
  runDetail: (id: number) => http.get<StreamRunDetail>(url(`jobStream/run/${id}`)),
};

/** The bean handlers the caller may use (GET job/handlers). */
export const useJobHandlers = (enabled = true) => useQuery({ queryKey: ['job', 'handlers'], queryFn: jobApi.handlers, staleTime: 60_000, enabled });

/** Every job of the organisation, for pickers (stream nodes, record search). */
export const useAllJobs = (enabled = true) =>
  useQuery({
    queryKey: ['job', 'all'],
    queryFn: () => jobApi.list({ pageNum: 1, pageSize: 500, sortField: 'jobName', sortOrder: 'ascend' }),
    staleTime: 10_000,
    enabled,
  });

/** A stream run with its steps; refreshed every 2 s while it runs. */
export const useStreamRun = (id: number | null) =>
  useQuery({
    queryKey: ['job', 'streamRun', id],
    queryFn: () => streamApi.runDetail(id!),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 2000 : false),
  });
