import type { Db } from '../../../platform/db.ts';
import { seedShippedJobs, type JobHandler } from '../../job/index.ts';
import { foldRecentLiabilities, rebuildStatistics } from './statistics.service.ts';

/** The statistics job handlers (its manifest contributes them): the rebuild, for an operator to run, and the deposit and prepaid fold, shipped every minute. */
export const statisticsJobHandlers: JobHandler[] = [
  {
    name: 'statistics.rebuild',
    descriptionKey: 'job.handler.statistics.rebuild',
    platformOnly: true,
    async run({ db }) {
      const r = await rebuildStatistics(db);
      return `${r.rows} daily rows of ${r.orgs} organisations rebuilt`;
    },
  },
  {
    name: 'statistics.fold',
    descriptionKey: 'job.handler.statistics.fold',
    platformOnly: true,
    async run({ db }) {
      return `deposit and prepaid postings added for ${await foldRecentLiabilities(db)} organisations`;
    },
  },
];

/**
 * The fold's job, created once per database (operators may edit it): deposits and prepaid
 * postings have no commerce event of their own, so a card used with no sale after it shows within
 * a minute rather than at the organisation's next payment.
 */
export async function seedStatisticsJobs(db: Db): Promise<void> {
  await seedShippedJobs(db, 'statistics_jobs_seeded', 'statistics', [
    {
      jobName: '押金与储值流水汇总',
      beanName: 'statistics.fold',
      cronExpr: '0 * * * * ?',
      description: "Add the last two days' deposit and prepaid postings not yet in the daily statistics, every minute",
    },
  ]);
}
