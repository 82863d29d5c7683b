import type { JobHandler } from '../../job/index.ts';
import { foldRecentLiabilities, rebuildStatistics } from './statistics.service.ts';

/** The statistics job handlers (its manifest contributes them): the rebuild and the deposit and prepaid fold, for an operator to schedule. */
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
