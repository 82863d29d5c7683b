import { contractModule } from '@venue/contract';
import { contributionsOf, type ModuleManifest } from '../../platform/module.ts';
import * as jobTables from './job.table.ts';
import { jobRoutes } from './job.routes.ts';
import { registerJobHandler, type JobHandler } from './handlers.ts';
import { startJobs, stopJobs } from './job.lifecycle.ts';
import { jobGauges } from './job.gauges.ts';

declare module '../../platform/module.ts' {
  interface ModuleContributions {
    /** Bean handlers a job may name (the scheduler's allow-list of code). */
    jobs: JobHandler;
  }
}

/** Job scheduling: jobs, streams, dispatch records and this process's scheduler. */
export const jobManifest: ModuleManifest = {
  name: 'job',
  dependsOn: ['system', 'log', 'auth'],
  tables: {
    schema: jobTables,
    platformWide: { sys_job_instance: "the scheduler processes sharing the database, each with its lease (the cluster's, not an organisation's)" },
  },
  ui: contractModule('job'),
  contributes: { gauges: jobGauges },
  // Every module's handlers: a name two modules contribute is refused by the loader before this runs.
  plug: ({ modules }) => {
    for (const handler of contributionsOf(modules, 'jobs')) registerJobHandler(handler);
  },
  routes: ({ app, ctx }) => jobRoutes(app, ctx),
  // Seeds the shipped maintenance jobs, then starts this process's scheduler (unless JOB_SCHEDULER=0).
  start: async ({ app, db }) => {
    await startJobs(app);
    return () => stopJobs(db);
  },
};
