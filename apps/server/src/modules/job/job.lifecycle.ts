import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { SYSTEM_SCOPE } from '../../platform/scope.ts';
import { findOrgByCode, PLATFORM_ORG_CODE } from '../system/index.ts';
import { forgetDeletedShipment, insertJob, setQueueJobSettings } from './job.repository.ts';
import { JobScheduler, nextFireOf, schedulerFor } from './job.engine.ts';
import { JOB_LOG_RETENTION_KEY } from './handlers.ts';

const SEEDED_KEY = 'job_defaults_seeded';

/** Maintenance jobs shipped with the product (created once; operators may edit or delete them). */
const defaults = [
  { jobName: '清理过期会话', beanName: 'purgeExpiredSessions', cronExpr: '0 0/10 * * * ?', description: 'Purge expired sessions every 10 minutes' },
  {
    jobName: '清理过期日志',
    beanName: 'purgeLogs',
    cronExpr: '0 30 3 * * ?',
    description: 'Purge login and operation logs past log.retentionDays, daily at 03:30',
  },
  {
    jobName: '清理调度记录',
    beanName: 'purgeDispatchRecords',
    cronExpr: '0 40 3 * * ?',
    description: 'Purge dispatch records past job.logRetentionDays, daily at 03:40',
  },
];

/** Shipped later than the others, so it has its own key: a database made before gets it once too. */
const tidy = {
  jobName: '整理数据库',
  beanName: 'tidyDatabase',
  cronExpr: '0 50 3 * * ?',
  description: "Vacuum and analyse the embedded database (PGlite has no autovacuum), daily at 03:50; PostgreSQL's autovacuum does it there",
};

/** Creates the retention parameter and the maintenance jobs once per database. Safe at every start. */
export async function seedJobDefaults(db: Db): Promise<void> {
  await db.execute(sql`insert into sys_config (code, name, type, value, default_value, sealed, remark)
    values (${JOB_LOG_RETENTION_KEY}, '调度记录保留天数', 'job', '30', '30', true, 'Days of job dispatch records kept by purgeDispatchRecords')
    on conflict (code) do nothing`);
  await seedShippedJobs(db, SEEDED_KEY, 'system', defaults);
  await seedShippedJobs(db, 'job_tidy_seeded', 'system', [tidy]);
}

/**
 * Creates shipped jobs of the platform organisation once per database (`seededKey` in sys_meta
 * remembers it, so jobs an operator deleted stay deleted). Business modules ship theirs this way.
 */
export async function seedShippedJobs(
  db: Db,
  seededKey: string,
  jobGroup: string,
  jobs: { jobName: string; beanName: string; cronExpr: string; description: string }[],
): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${seededKey}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  // Start-up work, platform-wide by nature: the shipped jobs belong to the platform organisation.
  const platform = await findOrgByCode(db, SYSTEM_SCOPE, PLATFORM_ORG_CODE);
  if (!platform) return;
  await db.transaction(async (tx) => {
    const start = new Date(Math.ceil(Date.now() / 1000) * 1000);
    for (const d of jobs) {
      const values = {
        orgId: platform.id,
        jobName: d.jobName,
        jobGroup,
        jobType: 'bean',
        beanName: d.beanName,
        architecture: 'distributed',
        triggerType: 'cron',
        cronExpr: d.cronExpr,
        intervalSeconds: 0,
        repeatCount: -1,
        startTime: start,
        timeZone: platform.timeZone,
        description: d.description,
        blockingStrategy: 'discard',
        timeoutSeconds: 600,
        creatorName: 'system',
      };
      const next = await nextFireOf(tx, { ...values, id: 0, skipNonWorkDays: false, endTime: null } as never, new Date());
      await insertJob(tx, SYSTEM_SCOPE, { ...values, nextFireAt: next }, { ignoreDuplicate: true });
    }
    await tx.execute(sql`insert into sys_meta (key, value) values (${seededKey}, 1) on conflict (key) do nothing`);
  });
}

/**
 * Starts the job scheduler of this process (after listen, from main.ts): seeds the shipped
 * jobs, then schedules unless JOB_SCHEDULER=0. Stop it with stopJobs before the database closes.
 */
/**
 * Ships a queue job: a job that runs only by the records a module writes (`enqueueRuns`), never by
 * its schedule, one record after another with `retries` retries `retryDelaySeconds` apart. A
 * module whose work has no other way out ships it again at the next start when it was deleted.
 */
export async function shipQueueJob(
  db: Db,
  q: { seededKey: string; jobGroup: string; jobName: string; beanName: string; description: string; retries: number; retryDelaySeconds: number },
): Promise<void> {
  await forgetDeletedShipment(db, SYSTEM_SCOPE, q.seededKey, q.beanName);
  await seedShippedJobs(db, q.seededKey, q.jobGroup, [{ jobName: q.jobName, beanName: q.beanName, cronExpr: '0 0 4 * * ?', description: q.description }]);
  await setQueueJobSettings(db, SYSTEM_SCOPE, q.beanName, q.retries, q.retryDelaySeconds);
}

export async function startJobs(app: FastifyInstance): Promise<JobScheduler | undefined> {
  const { db, config } = app.ctx;
  await seedJobDefaults(db);
  if (!config.jobs.scheduler) {
    app.log.info('job scheduler disabled in this process (JOB_SCHEDULER=0)');
    return undefined;
  }
  const scheduler = new JobScheduler({ db, config, log: app.log });
  await scheduler.start();
  return scheduler;
}

/** Stops this process's scheduler on the database, if one runs (shutdown path). */
export async function stopJobs(db: Db): Promise<void> {
  await schedulerFor(db)?.stop();
}
