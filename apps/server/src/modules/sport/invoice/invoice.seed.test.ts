import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { seedCommerceDemo } from '../commerce/commerce.testkit.ts';
import type { EinvoiceSimHandle } from './einvoice.sim.ts';
import { seedInvoiceDemo, startDemoInvoicing } from './invoice.seed.ts';

describe.each(databases)('invoice demo data on %s', (kind) => {
  let s: TestServer;
  let sim: EinvoiceSimHandle | undefined;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedCommerceDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    sim = await startDemoInvoicing(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedInvoiceDemo(s.database.db, sim, s.app.ctx.keys.secretKey);
    await seedInvoiceDemo(s.database.db, sim, s.app.ctx.keys.secretKey); // once per database
  });
  afterAll(async () => {
    await sim?.close();
    await s?.close();
  });

  it("the demo manager sees invoices issued, credited and in progress, on the centre's paid orders", async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const list = await mgr.json('POST', '/api/sport/invoice/list', { body: { pageNum: 1, pageSize: 10 } });
    expect(list.code, list.msg).toBe(0);
    const rows = list.body.data as { state: string; invoiceNo: string | null; redInvoiceNo: string | null; titleKind: string }[];
    expect(rows.map((r) => r.state).sort()).toEqual(['credited', 'issued', 'issuing']);
    expect(rows.find((r) => r.state === 'credited')).toMatchObject({ titleKind: 'company', invoiceNo: expect.any(String), redInvoiceNo: expect.any(String) });
  });
});
