import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient, signIn } from '../../system/admin.testkit.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { addDays } from '../venue/index.ts';
import { today } from '../venue/venue.testkit.ts';
import { allDay, approvedGroup, makeCoach, sparringApi, sparringStaff } from './sparring.testkit.ts';

/**
 * The coach race (PostgreSQL: real concurrent transactions): 100 bookings of one coach hour at
 * once, by 10 operators, each with an hour overlapping the others: exactly one is made, every
 * other answers 100409 `taken`, and the coach holds one live claim.
 */
describe.each(databases)('sparring under races on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it.runIf(kind === 'postgres')('100 concurrent bookings of one coach hour: exactly one succeeds, the others answer 100409 taken', async () => {
    const { c, reviewer, orgId, code } = await sparringStaff(s, admin, platformId);
    const coachId = await makeCoach(s, orgId);
    await approvedGroup(c, reviewer, allDay(20_000));
    const date = addDays(today('Asia/Shanghai'), 3);
    const operators = await Promise.all(Array.from({ length: 10 }, () => signIn(s, code, 'Pass1234')));
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        operators[i % 10]!.json('POST', sparringApi('order'), {
          body: { coachId, date, start: i % 2 ? '10:00' : '10:30', end: i % 2 ? '11:00' : '11:30', buyerName: `客${i}` },
        }),
      ),
    );
    const made = answers.filter((a) => a.code === 0);
    const taken = answers.filter((a) => a.code === Code.CONFLICT && a.detail?.reason === 'taken');
    expect(made.length).toBe(1);
    expect(taken.length).toBe(99);
    const [live] = await s.database.query<{ n: string }>(
      `select count(*) as n from sport_resource_claim where resource_kind = 'coach' and resource_id = $1 and released_at is null`,
      [coachId],
    );
    expect(Number(live!.n)).toBe(1);
    const sessions = await s.database.query<{ n: string }>(`select count(*) as n from sport_sparring_session where coach_id = $1`, [coachId]);
    expect(Number(sessions[0]!.n)).toBe(1);
    expect(await imbalances(s)).toEqual([]);
  });
});
