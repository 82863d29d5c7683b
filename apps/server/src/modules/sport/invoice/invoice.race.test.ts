import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { invoiceApi, invoiceStaff, paidOrder, startEinvoiceSimulator, type EinvoiceSimHandle } from './invoice.testkit.ts';

/** One live invoice per order under a real race (PostgreSQL: concurrent transactions; PGlite runs one at a time). */
describe.runIf(!!process.env.TEST_DATABASE_URL)('invoice races on postgres', () => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  let sim: EinvoiceSimHandle;
  beforeAll(async () => {
    s = await startServer('postgres', { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    sim = await startEinvoiceSimulator();
  });
  afterAll(async () => {
    await sim?.close();
    await s?.close();
  });

  it('50 racing requests for one order (half of them retries of one Idempotency-Key): exactly one invoice, one serial at the platform', async () => {
    const st = await invoiceStaff(s, admin, platformId, sim);
    const order = await paidOrder(st.c);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        st.c.json<{ id: number }>('POST', invoiceApi(), {
          body: { orderId: order.id, title: '并发测试' },
          headers: i % 2 ? { 'Idempotency-Key': `race-${order.id}` } : undefined,
        }),
      ),
    );
    const made = new Set(answers.filter((a) => a.code === 0).map((a) => a.body.id));
    expect(made.size).toBe(1);
    for (const a of answers.filter((x) => x.code !== 0)) {
      expect(a.code).toBe(Code.CONFLICT);
      expect(a.detail).toMatchObject({ reason: 'invoiced' });
    }
    const rows = await s.database.query<{ n: string }>('select count(*) as n from sport_invoice where order_id = $1', [order.id]);
    expect(Number(rows[0]!.n)).toBe(1);
    expect(sim.serialsOf(order.orderNo)).toBe(1);
  });
});
