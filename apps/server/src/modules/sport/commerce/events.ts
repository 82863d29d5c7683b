import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db.ts';
import { SYSTEM_SCOPE } from '../../../platform/scope.ts';
import { enqueueRuns, markRecordHandled, unhandledRecordParams } from '../../job/index.ts';

/**
 * Commerce's domain events (issue 24, point 4): `order.paid`, `order.cancelled`,
 * `payment.succeeded`, `refund.succeeded`. Other modules (invoices, statistics) subscribe at
 * start-up with `onCommerceEvent`. An event is written in the transaction that makes it true, as
 * one waiting dispatch record of the job queue per subscriber (`sys_job_log`, the shipped job
 * `commerce.deliverEvent`): a rolled-back payment writes none, a committed one is never lost. Any
 * process's scheduler claims it and runs the subscriber; a handler that throws is retried by the
 * job's retry count and delay, and a run lost with its process is dispatched again. Delivery is
 * therefore at least once: each delivery marks its record handled in the handler's own
 * transaction, so a record delivered again is skipped (once in effect for what the handler writes
 * through `tx`; anything it does outside the database must be idempotent by `event.id`).
 */
export const COMMERCE_EVENTS = ['order.paid', 'order.cancelled', 'payment.succeeded', 'refund.succeeded'] as const;
export type CommerceEventName = (typeof COMMERCE_EVENTS)[number];

export interface CommerceEvent {
  /** Unique per event and stable across deliveries: `<name>:<order, payment or refund id>` (each happens once). */
  id: string;
  name: CommerceEventName;
  orgId: number;
  orderId: number | null;
  paymentId?: number;
  refundId?: number;
  amountFen?: number;
  /** When it happened (ISO 8601). */
  at: string;
}

/** A subscriber's handler; `tx` is the delivery's transaction, committed with the record marked handled. */
export type CommerceEventHandler = (tx: Tx, event: CommerceEvent) => Promise<void>;

/** The bean of the shipped job whose dispatch records carry the events. */
export const EVENT_BEAN = 'commerce.deliverEvent';

const subscribers = new Map<string, { name: CommerceEventName; handler: CommerceEventHandler }>();

/**
 * Subscribes `handler` (named `handlerName`, unique in the process) to an event. The same handler
 * again is no change (a module plugs its subscriptions at each app build); another under a taken name throws.
 */
export function onCommerceEvent(name: CommerceEventName, handlerName: string, handler: CommerceEventHandler): void {
  if (!COMMERCE_EVENTS.includes(name)) throw new Error(`no commerce event ${name}`);
  if (!/^[A-Za-z][\w.:-]{0,99}$/.test(handlerName)) throw new Error(`bad commerce event handler name: ${handlerName}`);
  const taken = subscribers.get(handlerName);
  if (taken?.handler === handler && taken.name === name) return;
  if (taken) throw new Error(`commerce event handler ${handlerName} is registered twice`);
  subscribers.set(handlerName, { name, handler });
}

/** What a dispatch record of `EVENT_BEAN` carries. */
interface Delivery {
  handler: string;
  event: CommerceEvent;
  handled?: true;
}

/**
 * Writes the event in the caller's transaction: one dispatch record per subscriber (none when
 * nobody subscribes). The entity id makes the event's id; `kind` says which id it is.
 */
export async function emitCommerceEvent(
  tx: Tx,
  e: { name: CommerceEventName; orgId: number; orderId: number | null; paymentId?: number; refundId?: number; amountFen?: number },
): Promise<void> {
  const handlers = [...subscribers].filter(([, s]) => s.name === e.name).map(([handlerName]) => handlerName);
  if (!handlers.length) return;
  const subject = e.name.startsWith('payment.') ? e.paymentId : e.name.startsWith('refund.') ? e.refundId : e.orderId;
  const event: CommerceEvent = { ...e, id: `${e.name}:${subject}`, at: new Date().toISOString() };
  const deliveries: Delivery[] = handlers.map((handler) => ({ handler, event }));
  // Due at once; the delivery job (a queue job of the job module, see commerce.jobs.ts) runs them with its retries.
  // Events are the platform's own bookkeeping of every organisation's sales, hence the system scope.
  await enqueueRuns(tx, SYSTEM_SCOPE, EVENT_BEAN, deliveries);
}

/**
 * Runs one dispatch record's handler (the job handler `commerce.deliverEvent`). The record is
 * marked handled in the handler's transaction; a record already marked is skipped. Answers what
 * happened, for the record's detail; a handler's error is thrown (the job retries).
 */
export async function deliverCommerceEvent(db: Db, recordId: number, params: unknown): Promise<string> {
  const d = params as Delivery | null;
  if (!d?.handler || !d.event?.id) return 'no event in the record';
  const sub = subscribers.get(d.handler);
  // Every process registers the same handlers at start-up: a missing one is a fault, retried and shown.
  if (!sub) throw new Error(`no commerce event handler ${d.handler} is registered`);
  return db.transaction(async (tx) => {
    if (!(await markRecordHandled(tx, SYSTEM_SCOPE, recordId))) return `${d.event.id} was handled by ${d.handler} already`;
    await sub.handler(tx, d.event);
    return `${d.event.id} handled by ${d.handler}`;
  });
}

/**
 * The ids of the events written for `handlerName` and not yet handled, as a subquery (`x.id in
 * (…)`): a subscriber that recomputes what its handler keeps (statistics' rebuild) leaves these
 * out, since their delivery will still add them.
 */
export function undeliveredEventIds(handlerName: string): SQL {
  return sql`select r.params -> 'event' ->> 'id' from (${unhandledRecordParams(SYSTEM_SCOPE, EVENT_BEAN)}) r where r.params ->> 'handler' = ${handlerName}`;
}
