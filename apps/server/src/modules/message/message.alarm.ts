import type { Db } from '../../platform/db.ts';
import { LogJobAlarm, type AlarmLogger, type JobAlarm, type JobAlarmEvent } from '../job/index.ts';
import { publish } from './message.queue.ts';

/**
 * The job alarm through messaging: a failed run publishes a `job.failed` event of the job's
 * organisation (its business type decides the channels and recipients). The server log keeps
 * its line as well, and is all there is when publishing fails.
 */
export function messageJobAlarm(db: Db, log: AlarmLogger): JobAlarm {
  const fallback = new LogJobAlarm(log);
  return {
    async notify(e: JobAlarmEvent): Promise<void> {
      fallback.notify(e);
      try {
        await publish(db, {
          orgId: e.orgId,
          type: 'job.failed',
          data: {
            jobName: e.jobName,
            jobGroup: e.jobGroup,
            result: e.result,
            detail: (e.detail ?? '').slice(0, 300),
            plannedAt: e.plannedAt.toISOString(),
            attempt: e.attempt,
            recordId: e.recordId,
          },
          link: '/job/log',
        });
      } catch (err) {
        log.warn({ err: err instanceof Error ? err.message : String(err), recordId: e.recordId }, 'job alarm message not queued');
      }
    },
  };
}
