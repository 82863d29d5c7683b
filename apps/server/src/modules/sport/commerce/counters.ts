import type { Tx } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { addMessages } from '../../../platform/i18n.ts';
import type { Scope } from '../../../platform/scope.ts';
import type { TakenMessage } from './claims.ts';
import { addHeld, counterOf, subtractHeld, upsertCapacity, type CounterKey, type ResourceCounter } from './counters.repository.ts';

export { counterOf, type CounterKey, type ResourceCounter } from './counters.repository.ts';

/**
 * The counter hold: the hold primitive for anything sold by the unit out of a limited number (a
 * good's stock, a class's seats, a coupon's quota). A module holds `qty` of a resource inside the
 * order's transaction (from its kind's `hold`) by one conditional update, `held + qty <= capacity`:
 * no read-then-write, so concurrent holds never pass the capacity, whatever the number of servers.
 * The loser answers 100409 `taken` saying how many are left.
 *
 * One table holds every module's counters (`sport_resource_counter`, one per resource kind and id,
 * owned by one organisation): a scope that does not reach it sees no counter (100404).
 */
export interface CountAsk extends CounterKey {
  /** How many units, a positive whole number. */
  qty: number;
}

addMessages({
  'zh-CN': {
    'commerce.countTaken': '{what}余量不足：剩余 {left}，需要 {qty}',
    'commerce.countOverRelease': '释放数量 {qty} 超过已占用的 {held}',
    'commerce.capacityBelowHeld': '容量不能小于已占用的 {held}',
    'commerce.qtyPositive': '数量必须是正整数',
  },
  'en-US': {
    'commerce.countTaken': 'Not enough {what} left: {left} left, {qty} asked',
    'commerce.countOverRelease': 'Cannot release {qty}: only {held} held',
    'commerce.capacityBelowHeld': 'The capacity cannot be below the {held} held',
    'commerce.qtyPositive': 'The quantity must be a positive whole number',
  },
});

const wholeAtLeast = (n: number, min: number, field: string) => {
  if (!Number.isInteger(n) || n < min) throw invalid(field, 'commerce.qtyPositive');
};

/** Holds `qty` of a resource (one conditional update): 100409 `taken` when fewer are left, 100404 when the scope sees no counter. */
export async function holdCount(
  tx: Tx,
  scope: Scope,
  ask: CountAsk,
  taken: TakenMessage = { msgKey: 'commerce.countTaken', params: { what: '' } },
): Promise<ResourceCounter> {
  wholeAtLeast(ask.qty, 1, 'qty');
  const held = await addHeld(tx, scope, ask, ask.qty);
  if (held) return held;
  const counter = await counterOf(tx, scope, ask);
  if (!counter) throw notFound();
  throw conflict('taken', taken.msgKey, { ...taken.params, left: counter.capacity - counter.held, qty: ask.qty });
}

/** Gives back `qty` held of a resource: 100409 `state` when fewer are held (a release never goes below zero), 100404 when the scope sees no counter. */
export async function releaseCount(tx: Tx, scope: Scope, ask: CountAsk): Promise<ResourceCounter> {
  wholeAtLeast(ask.qty, 1, 'qty');
  const released = await subtractHeld(tx, scope, ask, ask.qty);
  if (released) return released;
  const counter = await counterOf(tx, scope, ask);
  if (!counter) throw notFound();
  throw conflict('state', 'commerce.countOverRelease', { qty: ask.qty, held: counter.held });
}

/**
 * Opens an organisation's counter for a resource at `capacity`, or changes its capacity: 100409
 * `state` below what is held, 100404 when the resource's counter is another organisation's.
 */
export async function setCapacity(tx: Tx, scope: Scope, orgId: number, key: CounterKey, capacity: number): Promise<ResourceCounter> {
  wholeAtLeast(capacity, 0, 'capacity');
  const set = await upsertCapacity(tx, scope, orgId, key, capacity);
  if (set) return set;
  const counter = await counterOf(tx, scope, key);
  if (!counter || counter.orgId !== orgId) throw notFound();
  throw conflict('state', 'commerce.capacityBelowHeld', { held: counter.held, capacity });
}
