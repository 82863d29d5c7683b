import type { Client, TestServer } from '../../../../../test/harness.ts';
import { grantMenus } from '../../../../../test/grants.ts';
import { pay } from '../../commerce/commerce.testkit.ts';
import { gaSession, ok, ticketApi, ticketStaff } from '../ticket.testkit.ts';

/** The gate screens (checking with its gate settings, the offline device, collection) and the list's reprint and collect buttons. */
export const GATE_KEYS = ['sport.ticket.check', 'sport.ticket.offlineGate', 'sport.ticket.collection'];

/** A new organisation whose user sells tickets and runs the gates. */
export async function gateStaff(s: TestServer, admin: Client, parentId: number) {
  const staff = await ticketStaff(s, admin, parentId);
  await grantMenus(admin, staff.roleId, GATE_KEYS);
  return staff;
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
