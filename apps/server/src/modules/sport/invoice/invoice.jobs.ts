import { seedShippedJobs, type JobHandler } from '../../job/index.ts';
import type { Db } from '../../../platform/db.ts';
import { loadKeys } from '../../../platform/keys.ts';
import { syncInvoices } from './invoice.service.ts';

let secret: Buffer | undefined;

/** The invoices' job: every invoice still with the platform is asked how far it got (each step a conditional write: two runs never double anything). */
export const invoiceJobHandlers: JobHandler[] = [
  {
    name: 'invoice.sync',
    descriptionKey: 'job.handler.invoice.sync',
    platformOnly: true,
    async run({ db, config }) {
      const r = await syncInvoices(db, (secret ??= loadKeys(config.dataDir, config.signKey, config.secretKey).secretKey));
      return `${r.looked} invoices queried, ${r.failed} unreachable`;
    },
  },
];

/** The invoices' job, created once per database (operators may edit it). */
export async function seedInvoiceJobs(db: Db): Promise<void> {
  await seedShippedJobs(db, 'invoice_jobs_seeded', 'invoice', [
    {
      jobName: '电子发票状态同步',
      beanName: 'invoice.sync',
      cronExpr: '20/30 * * * * ?',
      description: 'Query the e-invoice platform for invoices and credit notes still in progress, every 30 seconds',
    },
  ]);
}
