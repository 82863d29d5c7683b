import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { deskStaff, ok, queueApi } from './deskops.testkit.ts';
import { callRace, takeRace } from './deskops.race.testkit.ts';

/**
 * The queue races (PostgreSQL: real concurrency). 100 takes at once at one venue give the numbers
 * 1..100, each once, and each taker's number matches the order the database gave them; then 5
 * desks calling next at once, 20 times each, call every number once and never one twice.
 */
describe.each(databases)('queue races on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it.runIf(kind === 'postgres')('100 concurrent takes give 1..100 in order; 5 desks calling at once never call one number twice', async () => {
    const a = await deskStaff(s, admin, platformId);
    const r = await takeRace([a.c], a.venue.id, 100);
    expect(r.other).toEqual([]);
    expect([...r.numbers].sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // In order: the tickets' insertion order (their ids) follows their numbers.
    const rows = await s.database.query<{ number: number }>(`select number from sport_queue_ticket where venue_id = $1 order by id`, [a.venue.id]);
    expect(rows.map((x) => Number(x.number))).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));

    const calls = await callRace(a.c, a.venue.id, 5, 20);
    expect(calls.other).toEqual([]);
    expect(calls.duplicates).toBe(0);
    expect([...calls.called].sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const board = await ok(a.c, 'GET', `${queueApi('board')}?stadiumId=${a.venue.id}`);
    expect(board).toMatchObject({ waiting: 0, lastNumber: 100 });
  });
});
