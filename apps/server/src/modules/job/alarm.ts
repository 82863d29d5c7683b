import type { Db } from '../../platform/db.ts';
import { definePort } from '../../platform/ports.ts';

/**
 * Alarm on failure. A run that ends `fail` or `error` (after its retries) raises one event
 * when the job asks for alarms. The messaging module plugs its channels into the `jobAlarm`
 * port; without it the event is written to the server log.
 */
export interface JobAlarmEvent {
  orgId: number;
  jobId: number | null;
  jobName: string;
  jobGroup: string;
  recordId: number;
  result: string;
  detail: string | null;
  plannedAt: Date;
  instanceId: string | null;
  attempt: number;
}

export interface JobAlarm {
  notify(event: JobAlarmEvent): Promise<void> | void;
}

export interface AlarmLogger {
  warn(obj: object, msg: string): void;
}

export class LogJobAlarm implements JobAlarm {
  constructor(private readonly log: AlarmLogger) {}
  notify(e: JobAlarmEvent): void {
    this.log.warn(
      { job: { id: e.jobId, name: e.jobName, group: e.jobGroup }, recordId: e.recordId, result: e.result, attempt: e.attempt, detail: e.detail?.slice(0, 500) },
      'job run failed',
    );
  }
}

/**
 * The alarm channel of a scheduler, made for its database and log (messaging plugs it in). Optional
 * by design: without messaging a failed run is written to the server log (LogJobAlarm).
 */
export const jobAlarm = definePort<(db: Db, log: AlarmLogger) => JobAlarm>('job.alarm');
