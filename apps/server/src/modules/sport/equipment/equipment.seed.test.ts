import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { seedVenueDemo } from '../booking/index.ts';
import { seedMemberDemo } from '../member/index.ts';
import { DEMO_GATES, seedEquipmentDemo } from './equipment.seed.ts';
import { DEMO_BRACELETS, seedBraceletDemo } from './bracelet.seed.ts';
import { baseUrlOf } from './equipment.testkit.ts';

describe.each(databases)('equipment demo data on %s', (kind) => {
  let s: TestServer;
  let ms = 0;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedVenueDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await baseUrlOf(s); // listening, as when demos run: today's pass comes through the simulator
    const t0 = performance.now();
    await seedEquipmentDemo(s.database.db, s.app);
    ms = performance.now() - t0;
    await seedEquipmentDemo(s.database.db, s.app); // once per database
    await seedBraceletDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedBraceletDemo(s.database.db, s.config, s.app.ctx.keys.secretKey); // once per database
  });
  afterAll(async () => s?.close());

  it('two simulated gates at the demo venue with a week of access log and grants; the manager reaches the screens', async () => {
    console.info(`equipment demo on ${kind}: ${Math.round(ms)} ms`);
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const devices = await mgr.json('POST', '/api/sport/equipment/device/list', { body: { pageNum: 1, pageSize: 10 } });
    expect(devices.code, devices.msg).toBe(0);
    expect(devices.body.data.map((d: { sn: string }) => d.sn).sort()).toEqual(DEMO_GATES.map((g) => g.sn).sort());
    // The east gate called today through the simulator: online; the west one never did.
    expect(devices.body.data.find((d: { sn: string }) => d.sn === DEMO_GATES[0].sn).online).toBe(true);
    const grants = await mgr.json('POST', '/api/sport/equipment/gate/grant/list', { body: { pageNum: 1, pageSize: 10 } });
    expect(grants.body.total).toBeGreaterThanOrEqual(2);
    const log = await mgr.json('POST', '/api/sport/equipment/gate/log/list', { body: { pageNum: 1, pageSize: 500 } });
    expect(log.code, log.msg).toBe(0);
    expect(log.body.total).toBeGreaterThan(50);
    const days = new Set(log.body.data.map((r: { occurredTime: string }) => r.occurredTime.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(7);
    expect(log.body.data.some((r: { result: string }) => r.result === 'allowed')).toBe(true);
    expect(log.body.data.some((r: { result: string }) => r.result === 'denied')).toBe(true);
    // Today's pass through the simulated device: allowed by its grant, the door opened.
    expect(log.body.data[0]).toMatchObject({ result: 'allowed', reason: 'grant', opened: true });
  });

  it('bracelets: one out to a member, one to a paid booking, one returned, one lost, each in the log; the manager reaches the screen', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const log = await mgr.json('POST', '/api/sport/equipment/bracelet/log/list', { body: { pageNum: 1, pageSize: 50 } });
    expect(log.code, log.msg).toBe(0);
    const rows = log.body.data as { code: string; action: string; holderKind: string; braceletState: string; amountFen: number }[];
    const stateOf = (code: string) => rows.find((r) => r.code === code)?.braceletState;
    expect(stateOf(DEMO_BRACELETS.member)).toBe('active');
    expect(stateOf(DEMO_BRACELETS.returned)).toBe('returned');
    expect(stateOf(DEMO_BRACELETS.lost)).toBe('lost');
    expect(rows.find((r) => r.code === DEMO_BRACELETS.booking)).toMatchObject({ holderKind: 'booking', braceletState: 'active' });
    expect(rows.filter((r) => r.action === 'issued')).toHaveLength(4);
    expect(rows.filter((r) => r.code === DEMO_BRACELETS.returned).map((r) => r.action)).toEqual(['returned', 'issued']);
    expect(rows.filter((r) => r.code === DEMO_BRACELETS.lost).map((r) => r.action)).toEqual(['lost', 'issued']);
  });
});
