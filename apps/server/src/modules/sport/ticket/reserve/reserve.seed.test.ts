import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../../test/harness.ts';
import { seedDemo } from '../../../system/index.ts';
import { seedTicketDemo } from '../ticket.seed.ts';
import { seedTicketRulesDemo } from './reserve.seed.ts';

describe.each(databases)('ticketing rules demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    await seedDemo(s.database.db, s.config);
    await seedTicketDemo(s.database.db);
    await seedTicketRulesDemo(s.database.db);
    await seedTicketRulesDemo(s.database.db); // once per database
  }, 120_000);
  afterAll(async () => s?.close());

  it('the demo manager finds a pending and an approved reservation, refund rules on the sessions and a real-name concert; the fixed demo sessions stay whole and come first', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const list = await mgr.json('POST', '/api/sport/ticket/reserve/list', { body: { pageNum: 1, pageSize: 20 } });
    expect(list.code, list.msg).toBe(0);
    expect(list.body.data.map((r: { state: string }) => r.state).sort()).toEqual(['approved', 'pending']);
    const pending = list.body.data.find((r: { state: string }) => r.state === 'pending');
    // The manager did not request it: they may approve it.
    const ok = await mgr.json('POST', `/api/sport/ticket/reserve/${pending.id}/review`, { body: { approve: true } });
    expect(ok.code, ok.msg).toBe(0);
    const sessions = await mgr.json('POST', '/api/sport/ticket/session/list', { body: { pageNum: 1, pageSize: 20, detail: true } });
    const [ga, seated] = sessions.body.data;
    expect(ga).toMatchObject({ seated: false, capacity: 5000, available: 5000, realName: 'none' });
    expect(seated).toMatchObject({ seated: true, available: 2398 });
    const concert = sessions.body.data.find((r: { realName: string }) => r.realName === 'per_id');
    expect(concert).toMatchObject({ perBuyerLimit: 2, onSale: true });
    for (const row of sessions.body.data) {
      const rules = await mgr.json('GET', `/api/sport/ticket/session/${row.id}/refund-rules`);
      expect(rules.body.refundRules?.refundable, row.name).toBe(true);
    }
    const noViewer = await mgr.json('POST', '/api/sport/ticket/order', { body: { sessionId: concert.id, levelId: concert.levels[0].id, quantity: 1 } });
    expect(noViewer.detail[0].field).toBe('viewers');
  });
});
