import dayjs from 'dayjs';
import type { z } from 'zod';
import type { jobInput } from '@venue/contract';
import type { Job, JobBody } from './job.api.ts';
import { paramsToRows, rowsToParams, type ParamRow } from './params.ts';

/**
 * The job form's values <-> a job and the request body (pure, unit-tested). Times on the job
 * screens are the browser's: the pickers hold local 'YYYY-MM-DD HH:mm:ss' texts, sent as ISO
 * instants (a bare text would be read in the job's time zone).
 */
export const FMT = 'YYYY-MM-DD HH:mm:ss';
/** Years a Quartz expression may name end in 2099: the default end of a job's window. */
export const DEFAULT_END = '2099-12-31 23:59:59';

/** The job's choices, as the contract gives them. */
type JobChoices = Pick<
  z.output<typeof jobInput>,
  'jobType' | 'architecture' | 'triggerType' | 'httpMethod' | 'misfirePolicy' | 'blockingStrategy' | 'recordAnswer' | 'skipNonWorkDays' | 'alarmOnFailure'
>;

/**
 * Console-only: the job form's values: the contract's choices, plus `periodic`, parameter rows,
 * local times and number inputs that may be empty; valuesToBody turns them into the contract's job input.
 */
export interface JobFormValues extends JobChoices {
  jobName: string;
  jobGroup: string;
  beanName?: string | null;
  periodic: boolean;
  intervalInSeconds?: number | null;
  repeatCount?: number | null;
  startTime?: string | null;
  endTime?: string | null;
  cronExpr?: string | null;
  executorPath?: string | null;
  executorIp?: string | null;
  executorHost?: number | null;
  executeData: ParamRow[];
  timeZone?: string | null;
  timeoutSeconds?: number | null;
  retryCount?: number | null;
  retryDelaySeconds?: number | null;
  description?: string | null;
}

/** A new job's form: cron every minute, from today, without an end before 2099, forever. */
export function newJobValues(): JobFormValues {
  return {
    jobName: '',
    jobGroup: 'default',
    jobType: 'bean',
    beanName: null,
    architecture: 'distributed',
    periodic: true,
    triggerType: 'cron',
    intervalInSeconds: 60,
    repeatCount: -1,
    startTime: dayjs().startOf('day').format(FMT),
    endTime: DEFAULT_END,
    cronExpr: '0 * * * * ?',
    httpMethod: 'POST',
    executeData: [],
    recordAnswer: false,
    timeZone: null,
    skipNonWorkDays: false,
    misfirePolicy: 'fireOnce',
    blockingStrategy: 'serial',
    timeoutSeconds: 0,
    retryCount: 0,
    retryDelaySeconds: 0,
    alarmOnFailure: true,
    description: '',
  };
}

/** A saved job -> the form (start and end in the browser's time zone, as every time on these screens). */
export function jobToValues(j: Job): JobFormValues {
  return {
    jobName: j.jobName,
    jobGroup: j.jobGroup,
    jobType: j.jobType,
    beanName: j.beanName,
    architecture: j.architecture,
    periodic: j.repeatCount !== 0,
    triggerType: j.triggerType,
    intervalInSeconds: j.intervalInSeconds,
    repeatCount: j.repeatCount,
    startTime: j.startTime ? dayjs(j.startTime).format(FMT) : null,
    // The form asks for an end (spec 5): a job saved without one ends with the years cron knows.
    endTime: j.endTime ? dayjs(j.endTime).format(FMT) : DEFAULT_END,
    cronExpr: j.cronExpr,
    executorPath: j.executorPath,
    executorIp: j.executorIp,
    executorHost: j.executorHost,
    httpMethod: j.httpMethod,
    executeData: paramsToRows(j.executeData),
    recordAnswer: !!j.recordAnswer,
    timeZone: j.timeZone,
    skipNonWorkDays: j.skipNonWorkDays,
    misfirePolicy: j.misfirePolicy,
    blockingStrategy: j.blockingStrategy,
    timeoutSeconds: j.timeoutSeconds,
    retryCount: j.retryCount,
    retryDelaySeconds: j.retryDelaySeconds,
    alarmOnFailure: j.alarmOnFailure,
    description: j.description ?? '',
  };
}

/** A picked local time -> an ISO instant (the server would read a bare text in the job's time zone). */
export const toInstant = (v: string | null | undefined): string | null => (v ? dayjs(v).toISOString() : null);

const orNull = <V>(v: V | undefined | null | ''): V | null => (v === undefined || v === '' ? null : v);

/** The form -> the body of POST job / PUT job/{id} (the whole job: the server's PUT takes every field). */
export function valuesToBody(v: JobFormValues, status: 0 | 1): JobBody {
  const bean = v.jobType === 'bean';
  const cron = v.triggerType === 'cron';
  return {
    jobName: v.jobName.trim(),
    jobGroup: v.jobGroup.trim(),
    jobType: v.jobType,
    beanName: bean ? orNull(v.beanName) : null,
    architecture: v.architecture,
    triggerType: v.triggerType,
    cronExpr: cron ? (v.cronExpr ?? '').trim().replace(/\s+/g, ' ') : null,
    intervalInSeconds: cron ? 0 : Number(v.intervalInSeconds ?? 0),
    repeatCount: v.periodic ? Number(v.repeatCount ?? -1) : 0,
    startTime: toInstant(v.startTime),
    endTime: toInstant(v.endTime),
    timeZone: orNull(v.timeZone),
    skipNonWorkDays: !!v.skipNonWorkDays,
    executorPath: bean ? null : orNull(v.executorPath?.trim()),
    executorIp: bean ? null : orNull(v.executorIp?.trim()),
    executorHost: bean ? null : orNull(v.executorHost),
    httpMethod: v.httpMethod,
    executeData: rowsToParams(v.executeData ?? []),
    recordAnswer: !bean && !!v.recordAnswer,
    description: orNull(v.description?.trim()),
    status,
    misfirePolicy: v.misfirePolicy,
    blockingStrategy: v.blockingStrategy,
    timeoutSeconds: Number(v.timeoutSeconds ?? 0),
    retryCount: Number(v.retryCount ?? 0),
    retryDelaySeconds: Number(v.retryDelaySeconds ?? 0),
    alarmOnFailure: !!v.alarmOnFailure,
  };
}
