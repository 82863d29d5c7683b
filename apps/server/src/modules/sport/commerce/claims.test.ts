import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type TestServer } from '../../../../test/harness.ts';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { oneOrgScope, SYSTEM_SCOPE } from '../../../platform/scope.ts';
import { claimTimes, liveClaims, releaseClaims, type ClaimAsk } from './index.ts';

/**
 * The time-range claim primitive (issue 24, point 1): a module claims `[from, to)` of a resource
 * and the database refuses a second live claim over an overlapping range, on both databases; on
 * PostgreSQL two claims racing for one range leave exactly one holder.
 */
const ROUNDS = 50;
const at = (h: number, m = 0) => new Date(Date.UTC(2030, 0, 7, h, m));

/** Runs a claim in its own transaction: the claims made, or the error's code and reason. */
async function tryClaim(db: Db, asks: ClaimAsk[]) {
  try {
    return { claimed: (await db.transaction((tx) => claimTimes(tx, SYSTEM_SCOPE, asks, { msgKey: 'commerce.claimTaken', params: { what: 'coach' } }))).length };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { refused: e.codeName, reason: (e.detail as { reason?: string } | undefined)?.reason };
  }
}

describe.each(databases)('time-range claims on %s', (kind) => {
  let s: TestServer;
  let db: Db;
  let orgId: number;
  let next = 1000;
  /** A resource nobody has claimed yet. */
  const fresh = () => ++next;
  const ask = (resourceId: number, from: Date, to: Date, more: Partial<ClaimAsk> = {}): ClaimAsk => ({
    orgId,
    resourceKind: 'coach',
    resourceId,
    from,
    to,
    holderKind: 'test',
    ...more,
  });

  beforeAll(async () => {
    s = await startServer(kind);
    db = s.database.db;
    const [org] = await s.database.query<{ id: string }>('select id from sys_org order by id limit 1', []);
    orgId = Number(org!.id);
  });
  afterAll(async () => s?.close());

  it('an overlapping live claim of the same resource is refused (100409 taken); touching ranges, other resources and other kinds are not', async () => {
    const coach = fresh();
    expect(await tryClaim(db, [ask(coach, at(10), at(11))])).toEqual({ claimed: 1 });
    expect(await tryClaim(db, [ask(coach, at(10, 30), at(11, 30))])).toEqual({ refused: 'CONFLICT', reason: 'taken' });
    expect(await tryClaim(db, [ask(coach, at(9), at(12))])).toEqual({ refused: 'CONFLICT', reason: 'taken' });
    // [10,11) and [11,12) touch without overlapping.
    expect(await tryClaim(db, [ask(coach, at(11), at(12)), ask(coach, at(9), at(10))])).toEqual({ claimed: 2 });
    expect(await tryClaim(db, [ask(fresh(), at(10), at(11))])).toEqual({ claimed: 1 });
    expect(await tryClaim(db, [ask(coach, at(10), at(11), { resourceKind: 'bay' })])).toEqual({ claimed: 1 });
    const live = await liveClaims(db, SYSTEM_SCOPE, 'coach', [coach], at(0), at(23));
    expect(live.map((c) => c.during)).toHaveLength(3);
  });

  it('claims are all or none: one overlap in a batch claims nothing', async () => {
    const coach = fresh();
    await tryClaim(db, [ask(coach, at(14), at(15))]);
    expect(await tryClaim(db, [ask(coach, at(12), at(13)), ask(coach, at(14, 30), at(15, 30))])).toEqual({ refused: 'CONFLICT', reason: 'taken' });
    expect(await liveClaims(db, SYSTEM_SCOPE, 'coach', [coach], at(0), at(23))).toHaveLength(1);
  });

  it('a released claim frees its range at once; release by holder releases only that holder’s', async () => {
    const coach = fresh();
    const [first] = await db.transaction((tx) => claimTimes(tx, SYSTEM_SCOPE, [ask(coach, at(8), at(9), { holderKind: 'order_item', holderId: 7 })]));
    await db.transaction((tx) => claimTimes(tx, SYSTEM_SCOPE, [ask(coach, at(9), at(10), { holderKind: 'order_item', holderId: 8 })]));
    expect(await tryClaim(db, [ask(coach, at(8), at(9))])).toEqual({ refused: 'CONFLICT', reason: 'taken' });
    expect((await releaseClaims(db, SYSTEM_SCOPE, { holderKind: 'order_item', holderId: 7 })).map((c) => c.id)).toEqual([first!.id]);
    // Released once: a second release finds nothing live.
    expect(await releaseClaims(db, SYSTEM_SCOPE, { ids: [first!.id] })).toEqual([]);
    expect(await tryClaim(db, [ask(coach, at(8), at(9))])).toEqual({ claimed: 1 });
    expect(await tryClaim(db, [ask(coach, at(9, 30), at(10))])).toEqual({ refused: 'CONFLICT', reason: 'taken' });
  });

  it('a claim for an organisation outside the scope is refused (100404) and a release outside it releases nothing', async () => {
    const coach = fresh();
    const scope = oneOrgScope(orgId + 1_000_000);
    await expect(db.transaction((tx) => claimTimes(tx, scope, [ask(coach, at(16), at(17))]))).rejects.toMatchObject({ codeName: 'NOT_FOUND' });
    const [mine] = await db.transaction((tx) => claimTimes(tx, SYSTEM_SCOPE, [ask(coach, at(16), at(17))]));
    expect(await releaseClaims(db, scope, { ids: [mine!.id] })).toEqual([]);
    expect(await liveClaims(db, SYSTEM_SCOPE, 'coach', [coach], at(0), at(23))).toHaveLength(1);
  });

  it.runIf(kind === 'postgres')(
    `two claims of overlapping ranges racing, ${ROUNDS} rounds: exactly one holds, the other answers taken`,
    async () => {
      const outcomes: string[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const coach = fresh();
        const both = await Promise.all([tryClaim(db, [ask(coach, at(18), at(19, 30))]), tryClaim(db, [ask(coach, at(19), at(20))])]);
        outcomes.push(
          both
            .map((r) => ('claimed' in r ? 'held' : r.reason))
            .sort()
            .join('+'),
        );
        expect(await liveClaims(db, SYSTEM_SCOPE, 'coach', [coach], at(0), at(23))).toHaveLength(1);
      }
      expect(outcomes).toEqual(Array(ROUNDS).fill('held+taken'));
    },
    300_000,
  );
});
