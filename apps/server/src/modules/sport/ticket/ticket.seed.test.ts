import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { seedTicketDemo } from './ticket.seed.ts';

describe.each(databases)('ticketing demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    await seedDemo(s.database.db, s.config);
    await seedTicketDemo(s.database.db);
    await seedTicketDemo(s.database.db); // once per database
  }, 120_000);
  afterAll(async () => s?.close());

  it('the demo manager sees a project with a 5,000-ticket general-admission session and a seated session of 2,400 seats, both on sale, and can order', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const list = await mgr.json('POST', '/api/sport/ticket/session/list', { body: { pageNum: 1, pageSize: 20 } });
    expect(list.code, list.msg).toBe(0);
    expect(list.body.total).toBe(2);
    const ga = list.body.data.find((r: { seated: boolean }) => !r.seated);
    const seated = list.body.data.find((r: { seated: boolean }) => r.seated);
    expect(ga).toMatchObject({ capacity: 5000, available: 5000, levels: [{ price: 8000, available: 5000 }] });
    expect(ga.projectId).toBe(seated.projectId);
    expect(seated.capacity).toBeGreaterThanOrEqual(2000);
    expect(seated.capacity).toBe(2398);
    expect(seated.levels.map((l: { price: number }) => l.price)).toEqual([68000, 38000, 18000]);
    const project = await mgr.json('GET', `/api/sport/ticket/project/${ga.projectId}`);
    expect(project.body).toMatchObject({ realName: 'none', perBuyerLimit: null, status: 0 });
    const detail = await mgr.json('POST', '/api/sport/ticket/session/list', { body: { pageNum: 1, pageSize: 20, detail: true } });
    expect(detail.body.data.every((r: { onSale: boolean; startAt: string }) => r.onSale && Date.parse(r.startAt) > Date.now())).toBe(true);
    const seats = await mgr.json('POST', `/api/sport/ticket/session/${seated.id}/seats`, { body: {} });
    expect(seats.body.seats).toHaveLength(2400);
    const free = seats.body.seats.filter((x: { state: string }) => x.state === 'free');
    expect(free).toHaveLength(2398);
    const order = await mgr.json('POST', '/api/sport/ticket/order', { body: { sessionId: seated.id, seatIds: [free[0].id, free[1].id] } });
    expect(order.code, order.msg).toBe(0);
    expect(order.body).toMatchObject({ state: 'pending', amount: 136000 });
    const gaOrder = await mgr.json('POST', '/api/sport/ticket/order', { body: { sessionId: ga.id, levelId: ga.levels[0].id, quantity: 4 } });
    expect(gaOrder.body).toMatchObject({ state: 'pending', amount: 32000 });
    const maps = await mgr.json('POST', '/api/sport/ticket/seatmap/list', { body: { pageNum: 1, pageSize: 10 } });
    expect(maps.body.data[0]).toMatchObject({ seatCount: 2400, version: 1 });
  });
});
