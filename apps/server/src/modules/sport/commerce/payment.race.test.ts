import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../../test/harness.ts';
import { imbalances } from './commerce.testkit.ts';
import { raceFacadeSettlements, raceNotificationCancel, raceRefundNotification, raceRig, raceTwoNotifications, type RaceRig } from './money.races.testkit.ts';

/**
 * Money racing itself on one order (issue 23, medium 6; issue 24, point 8): notifications of one
 * order, a notification against the order's cancel or time-out, a refund's approval against the
 * provider's late notification. Every path locks the order first, then its payments, refunds and
 * ledger rows: the loser waits for the winner and answers from its result, never a deadlock (HTTP
 * 500 to the provider, which then retries). Each race 50 times; no server error, no deadlock in the
 * log, no order left between states. PostgreSQL only: PGlite runs one transaction at a time.
 */
const ROUNDS = 50;

describe.each(databases)('money racing on %s', (kind) => {
  let rig: RaceRig;
  beforeAll(async () => {
    if (kind === 'postgres') rig = await raceRig();
  });
  afterAll(async () => rig?.close());

  it.runIf(kind === 'postgres')(
    `two payment notifications of one order, ${ROUNDS} rounds: both answered as received, the order paid once`,
    async () => {
      const r = await raceTwoNotifications(rig, ROUNDS);
      expect(r.errors).toEqual([]);
      expect(r.stuck).toEqual([]);
      expect(r.outcomes).toEqual({ paid: ROUNDS });
      expect(await imbalances(rig.s)).toEqual([]);
    },
    300_000,
  );

  it.runIf(kind === 'postgres')(
    `a notification racing the order's cancel or time-out, ${ROUNDS} rounds: the loser waits; paid, or cancelled with the money going back`,
    async () => {
      const r = await raceNotificationCancel(rig, ROUNDS);
      expect(r.errors).toEqual([]);
      expect(r.stuck).toEqual([]);
      // Cancelled first, the money that arrived is credited and goes back by itself; else paid.
      expect(Object.keys(r.outcomes).every((o) => ['paid', 'cancelled:refunded'].includes(o))).toBe(true);
      expect(Object.values(r.outcomes).reduce((a, b) => a + b, 0)).toBe(ROUNDS);
      expect(await imbalances(rig.s)).toEqual([]);
    },
    300_000,
  );

  it.runIf(kind === 'postgres')(
    `a refund's approval racing the provider's late notification of the payment, ${ROUNDS} rounds: paid once, then refunded in full`,
    async () => {
      const r = await raceRefundNotification(rig, ROUNDS);
      expect(r.errors).toEqual([]);
      expect(r.stuck).toEqual([]);
      expect(r.outcomes).toEqual({ refunded: ROUNDS });
      expect(await imbalances(rig.s)).toEqual([]);
    },
    300_000,
  );

  it.runIf(kind === 'postgres')(
    `two settlements of one order's payments through the facade at once, ${ROUNDS} rounds: the second waits, the order paid once`,
    async () => {
      const r = await raceFacadeSettlements(rig, ROUNDS);
      expect(r.errors).toEqual([]);
      expect(r.stuck).toEqual([]);
      expect(r.outcomes).toEqual({ paid: ROUNDS });
      expect(await imbalances(rig.s)).toEqual([]);
    },
    300_000,
  );
});
