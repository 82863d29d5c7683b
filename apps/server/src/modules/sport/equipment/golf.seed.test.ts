import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { seedVenueDemo } from '../booking/index.ts';
import { seedMemberDemo } from '../member/index.ts';
import { localOf } from '../venue/index.ts';
import { seedGolfDemo } from './golf.seed.ts';
import { baseUrlOf } from './equipment.testkit.ts';

describe.each(databases)('golf demo data on %s', (kind) => {
  let s: TestServer;
  const stops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedVenueDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await baseUrlOf(s); // listening, as when demos run: the controllers report through the simulator
    const key = s.app.ctx.keys.secretKey;
    for (let i = 0; i < 2; i++) {
      // Once per database; the simulated controllers start at every start.
      const stop = await seedGolfDemo(s.database.db, s.app, s.config, key);
      if (stop) stops.push(stop);
    }
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await s?.close();
  });

  it('twelve golf bays with controllers, one faulty, bookings today (one checked in) when the day has hours left; the manager reaches the view', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const venue = await mgr.json('POST', '/api/stadium/stadiumInfo/pagelist', { body: { pageNum: 1, pageSize: 5 } });
    const v = venue.body.data[0] as { id: number; timeZone: string };
    const r = await mgr.json('POST', '/api/sport/equipment/golf/bays', { body: { stadiumId: v.id } });
    expect(r.code, r.msg).toBe(0);
    const bays = r.body.bays as { name: string; state: string; fault: string | null; faultCode: string | null; deviceName: string | null; booking: unknown }[];
    expect(bays).toHaveLength(12);
    expect(bays.every((b) => b.deviceName)).toBe(true);
    expect(bays.filter((b) => b.state === 'faulty')).toEqual([expect.objectContaining({ name: '7号打位', fault: 'fault', faultCode: 'BALL_JAM' })]);
    const next = Math.floor(localOf(new Date(), v.timeZone).minutes / 60) + 1;
    if (next <= 21 && next >= 8) {
      expect(bays.filter((b) => b.state === 'inUse').map((b) => b.name)).toEqual(['3号打位']);
      expect(bays.filter((b) => b.state === 'booked').map((b) => b.name)).toEqual(['2号打位', '5号打位']);
    }
  });
});
