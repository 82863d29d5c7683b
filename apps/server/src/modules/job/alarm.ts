/**
 * Alarm on failure. A run that ends `fail` or `error` (after its retries) raises one event
 * when the job asks for alarms. The hook is an interface so the messaging module can plug in
 * its channels later (`setJobAlarm`); until then the event is written to the server log.
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

let installed: JobAlarm | undefined;

/** Replaces the alarm channel of every scheduler started afterwards (messaging plugs in here). */
export function setJobAlarm(alarm: JobAlarm | undefined): void {
  installed = alarm;
}

export function currentJobAlarm(): JobAlarm | undefined {
  return installed;
}
