import { and, eq, lt, sql } from 'drizzle-orm';
import type { ReadGauge } from '../../platform/metrics.ts';
import { jobs } from './job.table.ts';

/** `/metrics`: how far behind the scheduler is (a stuck or stopped scheduler shows here first). */
export const jobGauges: ReadGauge[] = [
  {
    name: 'venue_job_lag_seconds',
    help: 'How late the most overdue enabled job is, in seconds (0 when none is past its fire time).',
    read: async (db) => {
      const [r] = await db
        .select({ lag: sql<number>`coalesce(extract(epoch from max(now() - ${jobs.nextFireAt})), 0)::float8` })
        .from(jobs)
        .where(and(eq(jobs.status, 0), lt(jobs.nextFireAt, sql`now()`)));
      return Number(r?.lag ?? 0);
    },
  },
];
