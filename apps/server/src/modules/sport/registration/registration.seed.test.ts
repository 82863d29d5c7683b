import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { seedVenueDemo } from '../booking/index.ts';
import { seedMemberDemo } from '../member/index.ts';
import { DEMO_EVENT, seedRegistrationDemo } from './registration.seed.ts';

describe.each(databases)('registration demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedVenueDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedRegistrationDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedRegistrationDemo(s.database.db, s.config, s.app.ctx.keys.secretKey); // once per database
  });
  afterAll(async () => s?.close());

  it('an event with sessions, paid entries, two admitted, a kit handed, a year limit, and pickup records; the manager reaches them', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const events = await mgr.json('POST', '/api/sport/registration/event/list', { body: { pageNum: 1, pageSize: 10 } });
    expect(events.code, events.msg).toBe(0);
    expect(events.body.total).toBe(2);
    const cup = events.body.data.find((e: { name: string }) => e.name === DEMO_EVENT);
    expect(cup.sessions.map((x: { held: number }) => x.held)).toEqual([3, 0]);
    const entries = await mgr.json('POST', '/api/sport/registration/entry/list', { body: { eventId: cup.id } });
    expect(entries.body.total).toBe(3);
    expect(entries.body.data.filter((e: { admittedTime: string | null }) => e.admittedTime).length).toBe(2);
    expect(entries.body.data.some((e: { kitState: string; bibNo: string }) => e.kitState === 'handed' && e.bibNo === 'A001')).toBe(true);
    const limits = await mgr.json('POST', '/api/sport/registration/yearLimit/list', { body: { stadiumId: cup.stadiumId } });
    expect(limits.body).toContainEqual({ eventType: 'tournament', yearLimit: 2 });
    const pickups = await mgr.json('POST', '/api/sport/registration/pickup/list', { body: {} });
    expect(pickups.body.total).toBe(2);
  });
});
