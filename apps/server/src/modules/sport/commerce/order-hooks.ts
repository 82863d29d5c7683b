import type { OrderRecord, RefundRecord } from './commerce.repository.ts';
import { namedRegistry, type KindContext } from './item-kinds.ts';

/**
 * What a module does as an order goes through its life, inside the transaction that moves it
 * (issue 28): a price adjuster's hold (a coupon) follows the order as its lines' holds follow it
 * through their kinds' hooks. The events of events.ts are delivered later, by a job; these run in
 * the very transaction that pays, cancels or refunds, so a coupon held by a cancelled order is free
 * again the moment the cancel commits. A hook that throws rolls the whole change back.
 */
export interface OrderHooks {
  /** Unique per module (a second set under a taken name throws). */
  name: string;
  /** The order became paid (its holds confirmed). */
  paid?(ctx: KindContext, order: OrderRecord): Promise<void>;
  /** The order was cancelled: by an operator, by its time-out, or because its holds were gone when it was paid. */
  cancelled?(ctx: KindContext, order: OrderRecord): Promise<void>;
  /** A refund of the order succeeded: its items released and the order's state set (`order` is as it is now). */
  refunded?(ctx: KindContext, order: OrderRecord, refund: RefundRecord): Promise<void>;
}

const registered = namedRegistry<OrderHooks>('order hooks');
const all: OrderHooks[] = [];

/** A module adds its hooks at start-up (its manifest's plug); the same set again is the same app built twice (tests). */
export function registerOrderHooks(hooks: OrderHooks): void {
  if (registered.get(hooks.name) === hooks) return;
  registered.add(hooks.name, hooks);
  all.push(hooks);
}

/** Runs every module's hook for what happened, in registration order. */
export async function runOrderHooks(ctx: KindContext, what: 'paid' | 'cancelled', order: OrderRecord): Promise<void> {
  for (const h of all) await h[what]?.(ctx, order);
}

export async function runRefundHooks(ctx: KindContext, order: OrderRecord, refund: RefundRecord): Promise<void> {
  for (const h of all) await h.refunded?.(ctx, order, refund);
}

/**
 * Tests only: runs `work` without any module's order hooks, as an installation from before them
 * (a database at an old schema seeded by today's services: the hooks would reach for tables it lacks).
 */
export async function withoutOrderHooks<T>(work: () => Promise<T>): Promise<T> {
  const saved = all.splice(0);
  try {
    return await work();
  } finally {
    all.splice(0, all.length, ...saved);
  }
}
