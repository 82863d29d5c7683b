import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { imbalances, sport } from './commerce.testkit.ts';
import { seedCommerceDemo } from './commerce.seed.ts';

describe.each(databases)('commerce demo data on %s', (kind) => {
  let s: TestServer;
  let mgr: Client;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedCommerceDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedCommerceDemo(s.database.db, s.config, s.app.ctx.keys.secretKey); // once per database
    mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
  });
  afterAll(async () => s?.close());

  it('the demo manager sees a day of sales, refunds in each state and a balanced capital flow', async () => {
    const orders = await mgr.json('POST', sport('order/list'), { body: { pageSize: 50 } });
    expect(orders.code, orders.msg).toBe(0);
    expect(orders.body.total).toBe(6);
    expect(new Set(orders.body.data.map((o: { state: string }) => o.state))).toEqual(new Set(['paid', 'pending', 'part_refunded']));
    const refunds = await mgr.json('POST', sport('refund/list'), { body: {} });
    expect(refunds.body.data.map((r: { state: string }) => r.state).sort()).toEqual(['applied', 'applied', 'succeeded']);
    const accounts = await mgr.json('POST', sport('account/list'), { body: {} });
    expect(accounts.body.data[0]).toMatchObject({ holderName: '张晓明', balanceFen: 100000 - 8500 - 10000 });
    const menu = await mgr.json('POST', '/api/adapter/menu-exec/query', { body: { appSign: 'venue-console' } });
    expect(JSON.stringify(menu.body)).toContain('/sport/views/orderManagement/mainOrder');
    expect(await imbalances(s)).toEqual([]);
  });
});
