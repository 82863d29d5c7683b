import { SYSTEM_SCOPE } from '../../platform/scope.ts';
import type { ReadGauge } from '../../platform/metrics.ts';
import { jobLagSeconds } from './job.repository.ts';

/** `/metrics`: how far behind the scheduler is (a stuck or stopped scheduler shows here first). */
export const jobGauges: ReadGauge[] = [
  {
    name: 'venue_job_lag_seconds',
    help: 'How late the most overdue enabled job is, in seconds (0 when none is past its fire time).',
    read: (db) => jobLagSeconds(db, SYSTEM_SCOPE),
  },
];
