import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { adminClient, makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS, imbalances } from '../commerce/commerce.testkit.ts';
import { SPARRING_KEYS, allDay, approvedGroup, makeCoach } from '../sparring/sparring.testkit.ts';
import { addDays } from '../venue/index.ts';
import { VENUE_KEYS, booking, makeVenue, today } from '../venue/venue.testkit.ts';

/**
 * The coach-step race (PostgreSQL: real concurrent transactions): 20 bookings at once, each of a
 * different site for the same hour with the same coach. Exactly one is made; the other 19 answer
 * 100409 `taken` and hold nothing: no site of theirs is claimed, and the coach holds one claim.
 */
describe.each(databases)('booking a coach under races on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it.runIf(kind === 'postgres')('20 concurrent bookings of one coach hour on 20 sites: exactly one succeeds, the others hold nothing', async () => {
    const org = await makeOrg(admin, platformId);
    const role = await makeRole(admin, org.id);
    await grantMenus(admin, role.id, [...SPARRING_KEYS, ...VENUE_KEYS, ...COMMERCE_KEYS]);
    const u1 = await makeUser(admin, org.id, { roleIds: [role.id] });
    const u2 = await makeUser(admin, org.id, { roleIds: [role.id] });
    const c = await signIn(s, u1.code, 'Pass1234');
    await approvedGroup(c, await signIn(s, u2.code, 'Pass1234'), allDay(20_000));
    const { venue, sites } = await makeVenue(c, { n: 20 });
    const coachId = await makeCoach(s, org.id);
    // A coach of this venue (the booking takes only the venue's coaches).
    await s.database.query(`update sport_coach set venue_ids = $1::jsonb where id = $2`, [JSON.stringify([venue.id]), coachId]);
    const date = addDays(today('Asia/Shanghai'), 3);
    const operators = await Promise.all(Array.from({ length: 5 }, () => signIn(s, u1.code, 'Pass1234')));
    const answers = await Promise.all(
      sites.map((site, i) =>
        operators[i % 5]!.json('POST', booking('order'), {
          body: { stadiumId: venue.id, date, items: [{ siteId: site.id, start: '10:00', end: '11:00' }], coachId, buyerName: `客${i}` },
        }),
      ),
    );
    const made = answers.filter((a) => a.code === 0);
    const taken = answers.filter((a) => a.code === Code.CONFLICT && a.detail?.reason === 'taken');
    expect(made.length, JSON.stringify(answers.filter((a) => a.code !== 0 && a.detail?.reason !== 'taken').slice(0, 2))).toBe(1);
    expect(taken.length).toBe(19);
    const [coach] = await s.database.query<{ n: string }>(
      `select count(*) as n from sport_resource_claim where resource_kind = 'coach' and resource_id = $1 and released_at is null`,
      [coachId],
    );
    expect(Number(coach!.n)).toBe(1);
    // Only the winner's site is held; the losers' sites are free.
    const held = await s.database.query<{ order_id: string }>(`select order_id from sport_slot_claim where venue_id = $1 and state <> 'released'`, [venue.id]);
    expect(held.map((r) => Number(r.order_id))).toEqual([made[0]!.body.orderId]);
    const orders = await s.database.query<{ n: string }>(`select count(*) as n from sport_order where venue_id = $1`, [venue.id]);
    expect(Number(orders[0]!.n)).toBe(1);
    expect(await imbalances(s)).toEqual([]);
  });
});
