import { seedShippedJobs, shipQueueJob, type JobHandler } from '../../job/index.ts';
import type { Db } from '../../../platform/db.ts';
import { loadKeys } from '../../../platform/keys.ts';
import { SYSTEM_SCOPE } from '../../../platform/scope.ts';
import { purgeIdempotencyKeys } from './commerce.repository.ts';
import { deliverCommerceEvent, EVENT_BEAN } from './events.ts';
import { expireOrders } from './order.service.ts';
import { afterCommit, sweepProviders, type PayDeps } from './payment.service.ts';
import type { Config } from '../../../config.ts';

/**
 * The commerce core's scheduled work, run by the job scheduler (several processes may run it:
 * every step is a conditional write, so two sweeps never double anything).
 */
const log = {
  warn: (o: unknown, m?: string) => console.warn(m ?? '', o),
  error: (o: unknown, m?: string) => console.error(m ?? '', o),
} as unknown as PayDeps['log'];
let secret: Buffer | undefined;
const depsOf = (db: Db, config: Config): PayDeps => ({
  db,
  secretKey: (secret ??= loadKeys(config.dataDir, config.signKey, config.secretKey).secretKey),
  origin: config.publicUrl ?? `http://127.0.0.1:${config.port}`,
  sportPrefix: config.prefixes.sport,
  log,
});

/** The commerce core's job handlers (its manifest contributes them to the scheduler's allow-list). */
export const commerceJobHandlers: JobHandler[] = [
  {
    name: 'commerce.expireOrders',
    descriptionKey: 'job.handler.commerce.expireOrders',
    platformOnly: true,
    async run({ db, config }) {
      const n = await expireOrders(db, afterCommit(depsOf(db, config)));
      return `${n} orders cancelled`;
    },
  },
  {
    name: 'commerce.syncPayments',
    descriptionKey: 'job.handler.commerce.syncPayments',
    platformOnly: true,
    async run({ db, config }) {
      const r = await sweepProviders(depsOf(db, config));
      return `${r.payments} payments and ${r.legs} refunds queried`;
    },
  },
  {
    name: 'commerce.purgeIdempotency',
    descriptionKey: 'job.handler.commerce.purgeIdempotency',
    platformOnly: true,
    async run({ db }) {
      return `${await purgeIdempotencyKeys(db, SYSTEM_SCOPE, new Date(Date.now() - 24 * 3600_000))} keys purged`;
    },
  },
  {
    name: EVENT_BEAN,
    descriptionKey: 'job.handler.commerce.deliverEvent',
    platformOnly: true,
    async run({ db, params, recordId }) {
      return deliverCommerceEvent(db, recordId, params);
    },
  },
];

/** The commerce jobs, created once per database (operators may edit them). */
export async function seedCommerceJobs(db: Db): Promise<void> {
  await seedShippedJobs(db, 'commerce_jobs_seeded', 'commerce', [
    {
      jobName: '订单超时取消',
      beanName: 'commerce.expireOrders',
      cronExpr: '0 * * * * ?',
      description: 'Cancel unpaid orders past their time-out and release their holds, every minute',
    },
    {
      jobName: '支付结果查询',
      beanName: 'commerce.syncPayments',
      cronExpr: '15/30 * * * * ?',
      description: 'Query provider payments and refunds that heard no notification, every 30 seconds',
    },
    {
      jobName: '清理幂等记录',
      beanName: 'commerce.purgeIdempotency',
      cronExpr: '0 50 3 * * ?',
      description: 'Purge idempotency keys older than a day, daily at 03:50',
    },
  ]);
  // Events have no other way out: a deleted delivery job is shipped again at the next start.
  await shipQueueJob(db, {
    seededKey: 'commerce_event_job_seeded',
    jobGroup: 'commerce',
    jobName: '商务事件投递',
    beanName: EVENT_BEAN,
    description: 'Delivers commerce events (order paid or cancelled, payment and refund succeeded) to their subscribers; runs by its records only',
    // Short: a retry waits in line before the next event.
    retries: 3,
    retryDelaySeconds: 5,
  });
}
