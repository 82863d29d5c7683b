import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedModuleDemos } from '../../../platform/module.ts';

/** The demo centre's manager sees lesson cells on the booking grid (view course) and free coaches with prices (the coach step). */
describe.each(databases)('booking demo: lesson cells and free coaches on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    // Every module's demo, in the manifests' order (the course module's places a few lessons on sites).
    await seedModuleDemos(s.app.modules);
  }, 600_000);
  afterAll(async () => s?.close());

  it('the grid of a lesson day shows the lesson cells with their course; coaches are offered with a price', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const claims = await s.database.query<{ venue_id: string; day: string; start_min: number }>(
      `select venue_id, day::text as day, start_min from sport_slot_claim where kind = 'lesson' and state = 'booked' order by day, start_min`,
    );
    expect(claims.length).toBeGreaterThan(0);
    const first = claims[0]!;
    const grid = await mgr.json('POST', '/api/sport/booking/grid', { body: { stadiumId: Number(first.venue_id), date: first.day, detail: true } });
    expect(grid.code, grid.msg).toBe(0);
    const cells = grid.body.slots.filter((x: { lesson?: unknown }) => x.lesson);
    expect(cells.length).toBeGreaterThan(0);
    expect(cells[0].lesson).toMatchObject({ courseName: expect.any(String), className: expect.any(String), capacity: expect.any(Number) });
    const free = await mgr.json('POST', '/api/sport/sparring/freeCoaches', {
      body: { venueId: Number(first.venue_id), date: first.day, start: '08:00', end: '09:00' },
    });
    expect(free.code, free.msg).toBe(0);
    expect(free.body.some((c: { amount: number | null }) => c.amount !== null)).toBe(true);
  });
});
