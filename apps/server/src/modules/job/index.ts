/** The job module's public face: the only file of modules/job other modules import. */
export { jobManifest } from './job.manifest.ts';
export { jobAlarm, LogJobAlarm, type AlarmLogger, type JobAlarm, type JobAlarmEvent } from './alarm.ts';
export type { JobHandler } from './handlers.ts';
export { seedShippedJobs, shipQueueJob } from './job.lifecycle.ts';
export { enqueueRuns, markRecordHandled, unhandledRecordParams } from './job.repository.ts';
export { JobScheduler } from './job.engine.ts';
