import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../../test/harness.ts';
import { seedDemo } from '../../../system/index.ts';
import { seedTicketDemo } from '../ticket.seed.ts';
import { seedGateDemo } from './gate.seed.ts';

describe.each(databases)('gate demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    await seedDemo(s.database.db, s.config);
    await seedTicketDemo(s.database.db);
    await seedGateDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedGateDemo(s.database.db, s.config, s.app.ctx.keys.secretKey); // once per database
  }, 120_000);
  afterAll(async () => s?.close());

  it('the demo manager reaches the gate screens and finds two gates, admitted tickets, a refused second scan and a collection', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const gates = await mgr.json('POST', '/api/sport/ticket/gate/list', { body: { pageNum: 1, pageSize: 20 } });
    expect(gates.code, gates.msg).toBe(0);
    expect(gates.body.data.map((g: { name: string }) => g.name)).toEqual(['北门检票口', '南门检票口']);
    const sessions = await mgr.json('GET', '/api/sport/ticket/check/sessions');
    const ga = sessions.body.data.find((x: { seated: boolean }) => !x.seated);
    expect((await mgr.json('GET', `/api/sport/ticket/check/summary/${ga.id}`)).body).toEqual({ admitted: 4, sold: 6 });
    const scans = await mgr.json('POST', '/api/sport/ticket/check/scans', { body: { sessionId: ga.id } });
    expect(scans.body.data.map((x: { result: string }) => x.result)).toEqual(['refused', 'admitted', 'admitted', 'admitted', 'admitted']);
    expect((await mgr.json('POST', '/api/sport/ticket/collection/list', { body: {} })).body.data.map((c: { paperNo: string }) => c.paperNo)).toEqual([
      'P20260001',
    ]);
    // Printed at the box office: the first two orders (five tickets), one ticket reprinted with its reason; one order not printed yet.
    const tickets = (await mgr.json('POST', '/api/sport/ticket/list', { body: { sessionId: ga.id, pageSize: 100 } })).body.data as {
      id: number;
      printedAt: string | null;
    }[];
    expect(tickets.filter((x) => x.printedAt).length).toBe(5);
    const reprints = await Promise.all(
      tickets.map(async (x) => (await mgr.json('GET', `/api/sport/ticket/reprint/list/${x.id}`)).body.data as { reason: string }[]),
    );
    expect(reprints.flat().map((r) => r.reason)).toEqual(['票面被咖啡打湿，重新打印']);
    const offline = await mgr.json('GET', `/api/sport/ticket/check/offline/${ga.id}`);
    expect(offline.body.tickets.filter((v: { used: boolean }) => v.used)).toHaveLength(4);
    expect(JSON.stringify(offline.body)).not.toMatch(/"code"/);
  });
});
