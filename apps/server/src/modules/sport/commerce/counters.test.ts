import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type TestServer } from '../../../../test/harness.ts';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { oneOrgScope, SYSTEM_SCOPE } from '../../../platform/scope.ts';
import { counterOf, holdCount, releaseCount, setCapacity, type CountAsk } from './index.ts';

/**
 * The counter hold primitive (issue 24, point 1): a module holds units of a resource's capacity
 * (stock, seats, a quota) and a hold that would pass the capacity is refused, on both databases;
 * on PostgreSQL many holds racing for one counter never hold more than its capacity.
 */
const ROUNDS = 50;
const RACERS = 8;
const CAPACITY = 3;

/** Runs a call in its own transaction: what it answered, or the error's code, reason and message. */
async function attempt<T>(db: Db, run: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>) {
  try {
    return { ok: await db.transaction(run) };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { refused: e.codeName, reason: (e.detail as { reason?: string } | undefined)?.reason, msgKey: e.msgKey, params: e.params };
  }
}

describe.each(databases)('counter holds on %s', (kind) => {
  let s: TestServer;
  let db: Db;
  let orgId: number;
  let next = 1000;
  /** A resource with no counter yet. */
  const fresh = () => ({ kind: 'seat', id: ++next });
  const hold = (ask: CountAsk) => attempt(db, (tx) => holdCount(tx, SYSTEM_SCOPE, ask, { msgKey: 'commerce.countTaken', params: { what: 'seats' } }));
  const open = async (capacity: number) => {
    const key = fresh();
    await db.transaction((tx) => setCapacity(tx, SYSTEM_SCOPE, orgId, key, capacity));
    return key;
  };

  beforeAll(async () => {
    s = await startServer(kind);
    db = s.database.db;
    const [org] = await s.database.query<{ id: string }>('select id from sys_org order by id limit 1', []);
    orgId = Number(org!.id);
  });
  afterAll(async () => s?.close());

  it('holds up to the capacity; one more is refused (100409 taken) saying how many are left, and holds nothing', async () => {
    const key = await open(5);
    expect((await hold({ ...key, qty: 3 })).ok).toMatchObject({ capacity: 5, held: 3 });
    expect(await hold({ ...key, qty: 3 })).toMatchObject({
      refused: 'CONFLICT',
      reason: 'taken',
      msgKey: 'commerce.countTaken',
      params: { what: 'seats', left: 2, qty: 3 },
    });
    expect((await hold({ ...key, qty: 2 })).ok).toMatchObject({ held: 5 });
    expect(await hold({ ...key, qty: 1 })).toMatchObject({ refused: 'CONFLICT', reason: 'taken', params: { left: 0 } });
    expect(await counterOf(db, SYSTEM_SCOPE, key)).toMatchObject({ orgId, capacity: 5, held: 5 });
    // Another kind with the same id is another counter (none here).
    expect(await hold({ kind: 'goods', id: key.id, qty: 1 })).toMatchObject({ refused: 'NOT_FOUND' });
  });

  it('a release gives units back at once and never goes below zero; a quantity must be a positive whole number', async () => {
    const key = await open(2);
    await hold({ ...key, qty: 2 });
    expect(await attempt(db, (tx) => releaseCount(tx, SYSTEM_SCOPE, { ...key, qty: 1 }))).toMatchObject({ ok: { held: 1 } });
    expect((await hold({ ...key, qty: 1 })).ok).toMatchObject({ held: 2 });
    expect(await attempt(db, (tx) => releaseCount(tx, SYSTEM_SCOPE, { ...key, qty: 3 }))).toMatchObject({ refused: 'CONFLICT', reason: 'state' });
    for (const qty of [0, -1, 1.5]) expect(await hold({ ...key, qty })).toMatchObject({ refused: 'FORM_INVALID' });
    expect(await counterOf(db, SYSTEM_SCOPE, key)).toMatchObject({ held: 2 });
  });

  it('the capacity can change, but not below what is held', async () => {
    const key = await open(4);
    await hold({ ...key, qty: 3 });
    expect(await attempt(db, (tx) => setCapacity(tx, SYSTEM_SCOPE, orgId, key, 2))).toMatchObject({
      refused: 'CONFLICT',
      reason: 'state',
      params: { held: 3 },
    });
    expect(await attempt(db, (tx) => setCapacity(tx, SYSTEM_SCOPE, orgId, key, 3))).toMatchObject({ ok: { capacity: 3, held: 3 } });
    expect(await hold({ ...key, qty: 1 })).toMatchObject({ refused: 'CONFLICT', reason: 'taken' });
    expect(await attempt(db, (tx) => setCapacity(tx, SYSTEM_SCOPE, orgId, key, 10))).toMatchObject({ ok: { capacity: 10, held: 3 } });
    expect((await hold({ ...key, qty: 7 })).ok).toMatchObject({ held: 10 });
  });

  it("another organisation's counter is not found (100404): no hold, release, capacity or read through its scope", async () => {
    const key = await open(5);
    const other = oneOrgScope(orgId + 1_000_000);
    expect(await attempt(db, (tx) => holdCount(tx, other, { ...key, qty: 1 }))).toMatchObject({ refused: 'NOT_FOUND' });
    expect(await attempt(db, (tx) => releaseCount(tx, other, { ...key, qty: 1 }))).toMatchObject({ refused: 'NOT_FOUND' });
    expect(await attempt(db, (tx) => setCapacity(tx, other, orgId + 1_000_000, key, 9))).toMatchObject({ refused: 'NOT_FOUND' });
    expect(await attempt(db, (tx) => setCapacity(tx, other, orgId, key, 9))).toMatchObject({ refused: 'NOT_FOUND' });
    expect(await counterOf(db, other, key)).toBeUndefined();
    expect(await counterOf(db, SYSTEM_SCOPE, key)).toMatchObject({ capacity: 5, held: 0 });
  });

  it.runIf(kind === 'postgres')(
    `${RACERS} holds of one unit racing for a counter of ${CAPACITY}, ${ROUNDS} rounds: exactly ${CAPACITY} hold, every other answers taken`,
    async () => {
      for (let i = 0; i < ROUNDS; i++) {
        const key = await open(CAPACITY);
        const all = await Promise.all(Array.from({ length: RACERS }, () => hold({ ...key, qty: 1 })));
        const refusals = all.filter((r) => !('ok' in r));
        expect(refusals).toHaveLength(RACERS - CAPACITY);
        for (const r of refusals) expect(r).toMatchObject({ refused: 'CONFLICT', reason: 'taken' });
        expect(await counterOf(db, SYSTEM_SCOPE, key)).toMatchObject({ capacity: CAPACITY, held: CAPACITY });
      }
    },
    300_000,
  );
});
