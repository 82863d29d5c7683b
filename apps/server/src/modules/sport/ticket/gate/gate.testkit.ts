import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startServer, type Client, type TestServer } from '../../../../../test/harness.ts';
import { grantMenus } from '../../../../../test/grants.ts';
import { adminClient } from '../../../system/admin.testkit.ts';
import { imbalances, pay } from '../../commerce/commerce.testkit.ts';
import { gaSession, ok, ticketApi, ticketStaff } from '../ticket.testkit.ts';

/** The gate screens (checking with its gate settings, the offline device, collection) and the list's reprint and collect buttons. */
export const GATE_KEYS = ['sport.ticket.check', 'sport.ticket.offlineGate', 'sport.ticket.collection'];

/** A new organisation whose user sells tickets and runs the gates. */
export async function gateStaff(s: TestServer, admin: Client, parentId: number) {
  const staff = await ticketStaff(s, admin, parentId);
  await grantMenus(admin, staff.roleId, GATE_KEYS);
  return staff;
}

export interface GateSuite {
  /** The suite's server (set before its first test). */
  s: TestServer;
  /** The platform administrator, signed in. */
  admin: Client;
  platformId: number;
  /** The organisation whose user sells tickets and runs the gates, and that user's client. */
  staff: Awaited<ReturnType<typeof gateStaff>>;
  c: Client;
}

/**
 * The set-up of a gate test file, called inside its `describe`: a server on `kind` (no job
 * scheduler) with gate staff, started before the tests and closed after them, the ledger balanced
 * after each test.
 */
export function gateSuite(kind: 'pglite' | 'postgres'): GateSuite {
  const suite = {} as GateSuite;
  beforeAll(async () => {
    suite.s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: suite.admin, platformOrgId: suite.platformId } = await adminClient(suite.s));
    suite.staff = await gateStaff(suite.s, suite.admin, suite.platformId);
    suite.c = suite.staff.c;
  }, 120_000);
  afterAll(async () => suite.s?.close());
  afterEach(async () => expect(await imbalances(suite.s)).toEqual([]));
  return suite;
}

/** A gate of the caller's organisation. */
export async function makeGate(c: Client, name = `闸口${Math.random().toString(36).slice(2, 7)}`) {
  return ok<{ id: number; name: string; version: number }>(c, 'POST', ticketApi('gate'), { name });
}

/**
 * A general-admission session with `n` tickets sold (paid in cash): the session and the tickets
 * (code, id). The session starts in an hour, so its gate window (from 2 hours before the start) is
 * open whatever the day; `session` changes it (another start, another window).
 */
export async function soldTickets(c: Client, n: number, quota = Math.max(n, 10), project: Record<string, unknown> = {}, session: Record<string, unknown> = {}) {
  const ga = await gaSession(c, quota, 5000, project, { startAt: new Date(Date.now() + 3600_000).toISOString(), ...session });
  const order = await ok(c, 'POST', ticketApi('order'), { sessionId: ga.session.id, levelId: ga.levelId, quantity: n });
  const paid = await pay(c, order.orderId, { method: 'cash', amountFen: 5000 * n });
  if (paid.code !== 0) throw new Error(`pay: ${paid.msg}`);
  const list = await ok<{ data: { id: number; code: string; state: string }[] }>(c, 'POST', ticketApi('list'), { orderId: order.orderId, pageSize: 100 });
  return { ...ga, orderId: order.orderId as number, tickets: list.data.sort((a, b) => a.id - b.id) };
}

/** The signed QR text of a ticket. */
export async function qrOf(c: Client, ticketId: number): Promise<string> {
  return (await ok<{ payload: string }>(c, 'GET', ticketApi(`qr/${ticketId}`))).payload;
}
