import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { seedVenueDemo } from '../booking/index.ts';
import { seedMemberDemo } from '../member/index.ts';
import { seedDeskOpsDemo } from './deskops.seed.ts';

describe.each(databases)('desk demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedVenueDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedDeskOpsDemo(s.database.db);
    await seedDeskOpsDemo(s.database.db); // once per database
  });
  afterAll(async () => s?.close());

  it('the manager sees feedback in every status, an overdue work order first, incidents, a queue in progress and a home page bound to venues', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const body = async (url: string, b: unknown) => {
      const r = await mgr.json('POST', url, { body: b });
      expect(r.code, r.msg).toBe(0);
      return r.body;
    };
    const fb = await body('/api/sport/deskops/feedback/list', {});
    expect(new Set(fb.data.map((f: { status: string }) => f.status))).toEqual(new Set(['pending', 'processing', 'done']));
    const orders = await body('/api/sport/deskops/workOrder/list', {});
    expect(orders.data[0].overdue).toBe(true);
    expect(orders.data.some((o: { overdue: boolean; state: string }) => !o.overdue && o.state === 'open')).toBe(true);
    const incidents = await body('/api/sport/deskops/incident/list', {});
    expect(incidents.total).toBe(2);
    const venueId = incidents.data[0].stadiumId;
    const queue = await body('/api/sport/queue/list', { stadiumId: venueId });
    expect(queue.data.filter((t: { state: string }) => t.state === 'waiting')).toHaveLength(5);
    const pages = await body('/api/sport/deskops/page/list', {});
    const venues = pages.data[0].children.find((c: { code: string }) => c.code === 'venues');
    expect(venues.bindings[0]).toMatchObject({ kind: 'venue', refId: venueId });
    expect(venues.bindings[0].name).toBeTruthy();
  });
});
