import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../../test/harness.ts';
import { seedDemo } from '../../../system/index.ts';
import { seedTicketDemo } from '../ticket.seed.ts';
import { seedDistributionDemo } from './distribution.seed.ts';

describe.each(databases)('ticket distribution demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    await seedDemo(s.database.db, s.config);
    await seedTicketDemo(s.database.db);
    await seedDistributionDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedDistributionDemo(s.database.db, s.config, s.app.ctx.keys.secretKey); // once per database
  }, 120_000);
  afterAll(async () => s?.close());

  it('the demo manager reaches the distribution screens and finds two distributors with quotas and sales, an external item, a package and statistics', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const api = async (url: string, body: unknown = {}) => {
      const r = await mgr.json('POST', `/api/sport/ticket/${url}`, { body });
      expect(r.code, `${url}: ${r.msg}`).toBe(0);
      return r.body;
    };
    const distributors = await api('distributor/list');
    expect(distributors.data.map((d: { name: string; soldCount: number }) => [d.name, d.soldCount])).toEqual([
      ['携程门票', 5],
      ['大麦网分销', 12],
    ]);
    const quotas = await api('dist-quota/list');
    expect(quotas.data.map((q: { quota: number; sold: number }) => [q.quota, q.sold]).sort()).toEqual([
      [20, 2],
      [200, 5],
      [300, 10],
    ]);
    expect((await api('external-item/list')).data.map((i: { name: string; stock: number }) => [i.name, i.stock])).toEqual([['2026 城市半程马拉松', 455]]);
    expect((await api('package/list')).data.map((p: { name: string; sold: number }) => [p.name, p.sold])).toEqual([['总决赛两场联票', 1]]);
    const stats = await api('stats');
    expect(stats.total.count).toBe(12 + 5 + 2); // 大麦 10 standing and 2 seats, 携程 5, the package's 2
    expect(stats.byDistributor.map((b: { name: string; count: number }) => [b.name, b.count])).toEqual([
      ['大麦网分销', 12],
      ['携程门票', 5],
    ]);
  });
});
