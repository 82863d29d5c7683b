import type { JobHandler } from '../../job/index.ts';
import { rebuildStatistics } from './statistics.service.ts';

/** The statistics job handlers (its manifest contributes them): the rebuild, for an operator to schedule. */
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
];
