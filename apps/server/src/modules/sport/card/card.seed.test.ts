import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { seedMemberDemo } from '../member/index.ts';
import { seedCardDemo } from './card.seed.ts';
import { cardImbalances } from './card.testkit.ts';

describe.each(databases)('card demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedCardDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedCardDemo(s.database.db, s.config, s.app.ctx.keys.secretKey); // once per database
  });
  afterAll(async () => {
    if (s) {
      expect(await imbalances(s)).toEqual([]);
      expect(await cardImbalances(s)).toEqual([]);
    }
    await s?.close();
  });

  it('the demo centre has a card type of each kind and cards sold, paid and used', async () => {
    const types = await s.database.query<{ kind: string }>(`select kind from sport_card_type order by kind`);
    expect(types.map((t) => t.kind)).toEqual(['period', 'times', 'value']);
    const cards = await s.database.query<{ kind: string; status: string; times_left: number | null; balance_fen: string | null }>(
      `select c.kind, c.status, c.times_left, a.balance_fen from sport_member_card c left join sport_balance_account a on a.id = c.account_id order by c.kind`,
    );
    expect(cards.map((c) => [c.kind, c.status])).toEqual([
      ['period', 'active'],
      ['times', 'active'],
      ['value', 'active'],
    ]);
    expect(Number(cards[2]!.balance_fen)).toBe(110_000 + 50_000 + 3_000);
    expect(cards[1]!.times_left).toBe(9);
    const shares = await s.database.query(`select 1 from sport_card_share`);
    expect(shares).toHaveLength(1);
    // The demo manager reaches the member directory: members, cards and check-in.
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const menu = JSON.stringify((await mgr.json('POST', '/api/adapter/menu-exec/query', { body: { appSign: 'venue-console' } })).body);
    for (const path of [
      '/sport/views/member/memberList/index',
      '/sport/views/member/memberCard/index',
      '/sport/views/member/memberCard/sellCard',
      '/sport/views/memberCheckIn/index',
    ])
      expect(menu).toContain(path);
    expect((await mgr.json('POST', '/api/sport/card/list', { body: {} })).body.total).toBe(3);
  });
});
