import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { seedMemberDemo } from '../member/index.ts';
import { seedCardDemo } from '../card/card.testkit.ts';
import { seedSparringDemo } from './sparring.seed.ts';

describe.each(databases)('sparring demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedCardDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    // The coach module's demo coaches (two levels), as its demo makes them.
    await s.database.query(
      `insert into sport_coach (org_id, name, phone, level) select id, '王教练', '13900000301', 'senior' from sys_org where code = 'demo-sports-center'
       union all select id, '李教练', '13900000302', 'junior' from sys_org where code = 'demo-sports-center'`,
    );
    await seedSparringDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedSparringDemo(s.database.db, s.config, s.app.ctx.keys.secretKey); // once per database
  });
  afterAll(async () => {
    if (s) expect(await imbalances(s)).toEqual([]);
    await s?.close();
  });

  it('the demo centre has a price group in force per coach level, a change awaiting approval and sparring orders, one paid', async () => {
    const groups = await s.database.query<{ coach_levels: string[] }>(`select coach_levels from sport_sparring_price_group order by id`);
    expect(groups.map((g) => g.coach_levels)).toEqual([['senior'], ['junior']]);
    const changes = await s.database.query<{ state: string; action: string }>(`select state, action from sport_sparring_price_change`);
    expect(changes).toEqual([{ state: 'pending', action: 'edit' }]);
    const sessions = await s.database.query<{ state: string; member_id: string | null }>(`select state, member_id from sport_sparring_session order by id`);
    expect(sessions.map((x) => x.state)).toEqual(['booked', 'held', 'held']);
    expect(sessions[2]!.member_id).not.toBeNull();
  });
});
