import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { Client, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances, pay } from '../commerce/commerce.testkit.ts';
import { booking, makeVenue, venueStaff } from '../venue/venue.testkit.ts';

export interface BookingSuite {
  /** The suite's server (set before its first test). */
  s: TestServer;
  /** The platform administrator, signed in. */
  admin: Client;
  platformId: number;
  /** A venue in an organisation of its own, with a user who may run it (its client `c`). */
  venueOf: (opts?: Parameters<typeof makeVenue>[1]) => Promise<Awaited<ReturnType<typeof venueStaff>> & Awaited<ReturnType<typeof makeVenue>>>;
}

/**
 * The set-up of a booking test file, called inside its `describe`: a server on `kind` started
 * before the tests and closed after them, the ledger balanced after each test.
 */
export function bookingSuite(kind: 'pglite' | 'postgres'): BookingSuite {
  const suite = {
    venueOf: async (opts: Parameters<typeof makeVenue>[1] = {}) => {
      const staff = await venueStaff(suite.s, suite.admin, suite.platformId);
      return { ...staff, ...(await makeVenue(staff.c, opts)) };
    },
  } as BookingSuite;
  beforeAll(async () => {
    suite.s = await startServer(kind);
    ({ c: suite.admin, platformOrgId: suite.platformId } = await adminClient(suite.s));
  });
  afterAll(async () => suite.s?.close());
  afterEach(async () => expect(await imbalances(suite.s)).toEqual([]));
  return suite;
}

/** A booking of one site's hours for a walk-in buyer (顾客), awaiting payment. */
export async function book(c: Client, stadiumId: number, date: string, siteId: number, start: string, end: string) {
  const r = await c.json('POST', booking('order'), { body: { stadiumId, date, items: [{ siteId, start, end }], buyerName: '顾客' } });
  expect(r.code, r.msg).toBe(0);
  return r.body as { orderId: number; orderNo: string; amount: number };
}

/** A fixed series of one site, every day from `from` to `to` at the same hours, billed as one order, paid in cash. */
export async function paidSeries(c: Client, stadiumId: number, siteId: number, p: { from: string; to: string; start: string; end: string; name: string }) {
  const made = await c.json('POST', booking('fixed'), {
    body: {
      pattern: { stadiumId, siteIds: [siteId], weekdays: [1, 2, 3, 4, 5, 6, 7], start: p.start, end: p.end, dateFrom: p.from, dateTo: p.to },
      name: p.name,
      onConflict: 'refuse',
      billing: 'series',
    },
  });
  expect(made.code, made.msg).toBe(0);
  const order = made.body.orders[0] as { orderId: number; orderNo: string; payableFen: number };
  const paid = await pay(c, order.orderId, { method: 'cash', amountFen: order.payableFen });
  expect(paid.code, paid.msg).toBe(0);
  return { id: made.body.id as number, order };
}
