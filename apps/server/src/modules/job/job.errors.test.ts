import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databases, sys, type Client, type TestServer } from '../../../test/harness.ts';
import type { JobScheduler } from './job.engine.ts';
import { registerJobHandler } from './handlers.ts';
import { beanJob, createJob, newScheduler, startJobServer, waitFor } from './job.testkit.ts';

const SECRET = 'param-that-must-not-be-recorded';

// A handler whose query fails: the driver's error quotes the statement and its parameters.
registerJobHandler({
  name: 'testFailsInDatabase',
  descriptionKey: 'job.bean.noop',
  async run(ctx) {
    await ctx.db.execute(sql`select ${SECRET}::int as n`);
  },
});

/** A failed job's dispatch record says what failed, never the values the statement carried. */
describe.each(databases)('job failure records on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let scheduler: JobScheduler;
  beforeAll(async () => {
    ({ s, admin } = await startJobServer(kind));
    scheduler = newScheduler(s);
    await scheduler.start();
  });
  afterAll(async () => {
    await scheduler?.stop();
    await s?.close();
  });

  it('records a database failure without its parameters', async () => {
    const job = await createJob(admin, beanJob({ beanName: 'testFailsInDatabase', status: 1, alarmOnFailure: false }));
    const run = await admin.json('POST', sys(`job/${job.id}/run`), { body: {} });
    expect(run.code).toBe(0);
    const rec = await waitFor(
      () => admin.json('GET', sys(`job/log/${run.body.id}`)),
      (r) => r.body.result !== 'normal',
    );
    expect(rec.body.result).toBe('fail');
    expect(rec.body.detail).toMatch(/^error: /);
    expect(rec.body.detail).not.toContain(SECRET);
  });
});
