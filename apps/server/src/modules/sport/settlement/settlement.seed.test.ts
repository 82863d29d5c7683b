import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { seedVenueDemo } from '../booking/index.ts';
import { seedMemberDemo } from '../member/index.ts';
import { seedSettlementDemo } from './settlement.seed.ts';
import { settlementApi } from './settlement.testkit.ts';

describe.each(databases)('settlement demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedVenueDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedSettlementDemo(s.database.db);
    await seedSettlementDemo(s.database.db); // once per database
  });
  afterAll(async () => s?.close());

  it('a month of closes of the demo venue up to today (its sales), the last three open, the rest signed off by the manager, who reaches the screen', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const list = await mgr.json('POST', settlementApi('close/list'), { body: { pageNum: 1, pageSize: 50 } });
    expect(list.code, list.msg).toBe(0);
    expect(list.body.total).toBe(30);
    const states = list.body.data.map((r: { state: string }) => r.state);
    expect(states.slice(0, 3)).toEqual(['open', 'open', 'open']);
    expect(states.slice(3).every((st: string) => st === 'signed')).toBe(true);
    expect(list.body.data[3].signedByName).toEqual(expect.any(String));
    // Today's close holds the other demos' sales (the venue demo's paid bookings).
    expect(list.body.data[0].netFen).toBeGreaterThan(0);
    const detail = await mgr.json('GET', settlementApi(`close/${list.body.data[0].id}`));
    expect(detail.code, detail.msg).toBe(0);
    const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
    expect(sum(detail.body.totals.byMethod)).toBe(list.body.data[0].netFen);
    expect(sum(detail.body.totals.byKind)).toBe(list.body.data[0].netFen);
  });

  it("one reconciliation of yesterday's WeChat Pay bill with two mismatches, one resolved with a note", async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const runs = await mgr.json('POST', settlementApi('reconcile/list'), { body: {} });
    expect(runs.code, runs.msg).toBe(0);
    expect(runs.body.data).toEqual([expect.objectContaining({ provider: 'wechat', mismatches: 2, openMismatches: 1 })]);
    const run = await mgr.json('GET', settlementApi(`reconcile/${runs.body.data[0].id}`));
    expect(run.body.mismatchList.map((m: { kind: string; state: string }) => `${m.kind}:${m.state}`).sort()).toEqual(
      expect.arrayContaining(['only_theirs:resolved']),
    );
    const clearing = await mgr.json('POST', settlementApi('clearing/list'), { body: {} });
    expect(clearing.body.data[0]).toMatchObject({ provider: 'wechat', billed: true });
  });
});
