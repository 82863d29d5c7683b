import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databases, sys, type Client, type TestServer } from '../../../test/harness.ts';
import { beanJob, createJob, startJobServer } from './job.testkit.ts';

/** A manual run's dispatch record holds the parameters the run is given (issue 9: not null). */
describe.each(databases)('manual run parameters on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  beforeAll(async () => {
    ({ s, admin } = await startJobServer(kind, { JOB_SCHEDULER: '0' }));
  });
  afterAll(async () => s?.close());

  const paramsOf = async (recordId: number) => {
    const res = (await s.database.db.execute(sql`select params from sys_job_log where id = ${recordId}`)) as unknown as { rows: { params: unknown }[] };
    const v = res.rows[0]!.params;
    return typeof v === 'string' ? JSON.parse(v) : v;
  };

  it("records the job's parameters when none are sent, and the ones sent otherwise", async () => {
    const job = await createJob(admin, beanJob({ status: 1, executeData: { venue: 'A', limit: 3 } }));
    const plain = await admin.json('POST', sys(`job/${job.id}/run`), { body: {} });
    expect(plain.code).toBe(0);
    expect(await paramsOf(plain.body.id)).toEqual({ venue: 'A', limit: 3 });
    expect(plain.body.params).toEqual({ venue: 'A', limit: 3 });
    const sent = await admin.json('POST', sys(`job/${job.id}/run`), { body: { executeData: { venue: 'B' } } });
    expect(await paramsOf(sent.body.id)).toEqual({ venue: 'B' });
  });
});
