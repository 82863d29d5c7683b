import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances, sport } from '../commerce/commerce.testkit.ts';
import { amountTemplate, couponStaff, member } from './coupon.testkit.ts';
import { codeRace } from './coupon.race.testkit.ts';

/**
 * The coupon races (PostgreSQL: real concurrency). A shared code with a total limit of 100 and 400
 * orders at once: exactly 100 are made, each discounted, the other 300 refused with 100409
 * `coupon`, and the template's counter says 100. A per-member limit of 1 and 20 orders of one
 * member at once: exactly one.
 */
describe.each(databases)('coupon races on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  it.runIf(kind === 'postgres')('a shared code of total limit 100, 400 orders at once: exactly 100 discounted, 300 refused', async () => {
    const st = await couponStaff(s, admin, platformId);
    const t = await amountTemplate(st.c, { code: 'RACE100', totalLimit: 100, perMemberLimit: null });
    const r = await codeRace(s, (body) => st.c.json('POST', sport('order'), { body }), { id: t.id, code: 'RACE100' }, 400);
    expect(r.other, r.other.join('; ')).toEqual([]);
    expect([r.made, r.discounted, r.refused, r.uses, r.taken]).toEqual([100, 100, 300, 100, 100]);
  });

  it.runIf(kind === 'postgres')('a per-member limit of 1, 20 orders of one member at once: exactly one', async () => {
    const st = await couponStaff(s, admin, platformId);
    const m = await member(st.c);
    const t = await amountTemplate(st.c, { code: 'RACEONE', totalLimit: 1000, perMemberLimit: 1 });
    const r = await codeRace(s, (body) => st.c.json('POST', sport('order'), { body }), { id: t.id, code: 'RACEONE' }, 20, m.id);
    expect(r.other, r.other.join('; ')).toEqual([]);
    expect([r.made, r.discounted, r.refused, r.uses, r.taken]).toEqual([1, 1, 19, 1, 1]);
    const [counted] = await s.database.query<{ taken: number }>(`select taken from sport_coupon_member where template_id = $1 and member_id = $2`, [
      t.id,
      m.id,
    ]);
    expect(Number(counted!.taken)).toBe(1);
  });
});
