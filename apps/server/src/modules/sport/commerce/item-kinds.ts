import type { OrderItem, OrderType } from '@venue/contract';
import type { Tx } from '../../../platform/db.ts';
import { invalid } from '../../../platform/errors.ts';
import type { Scope } from '../../../platform/scope.ts';
import { findAccount, type ItemRecord, type OrderRecord, type PaymentRecord, type RefundLegRecord, type RefundRecord } from './commerce.repository.ts';

/**
 * Item kinds: how a business module sells through the commerce core. A module registers its kind
 * at start-up (venue slots, cards, tickets, courses, goods …); the core calls its hooks inside the
 * order's transactions, so a hold and the order that carries it commit or fail together.
 */
export interface KindContext {
  tx: Tx;
  scope: Scope;
  orgId: number;
  /** The order's buyer (undefined: walk-in). */
  memberId?: number | null;
}

export interface PricedItem {
  /** Name and price as sold (copied onto the item). */
  name: string;
  spec?: string | null;
  unitPriceFen: number;
}

export interface ItemKind {
  kind: string;
  /** Order types this kind may be sold in. */
  orderTypes: readonly OrderType[];
  /** Names and prices one line; throws a field error (969600) or 100404 for a record out of scope. */
  price(ctx: KindContext, input: OrderItem, line: number): Promise<PricedItem>;
  /** Reserves what is sold until payment (the database refuses a second holder). Answers the hold to store on the item (undefined: the line's detail is the hold). */
  hold?(ctx: KindContext, item: ItemRecord, order: OrderRecord): Promise<unknown>;
  /**
   * On payment: makes the hold final (a recharge credits its account). Answers false when the
   * hold is gone (it expired and someone else took it): the core then refunds the order.
   */
  confirm?(ctx: KindContext, item: ItemRecord, order: OrderRecord): Promise<boolean>;
  /** On cancel or time-out (all units) or refund (`quantity` units): gives back what hold or confirm took. */
  release?(ctx: KindContext, item: ItemRecord, quantity: number, why: 'cancel' | 'refund', ref: string): Promise<void>;
  /** Where and when a line is used (a booked slot's sport and time), so a card limited to sports or time bands can tell whether it may pay for it. */
  use?(ctx: KindContext, item: ItemRecord): Promise<ItemUse | undefined>;
}

/** A line's sport and its time of day in minutes (each when it has one). */
export interface ItemUse {
  sport?: string;
  startMin?: number;
  endMin?: number;
}

const kinds = new Map<string, ItemKind>();

export function registerItemKind(kind: ItemKind): void {
  kinds.set(kind.kind, kind);
}

export function itemKindOf(kind: string): ItemKind | undefined {
  return kinds.get(kind);
}

/** The organisation of a venue (set by the venue module): an order may name only a venue of its own organisation. */
type VenueOrgOf = (tx: Tx, scope: Scope, venueId: number) => Promise<number | undefined>;
let venueOrg: VenueOrgOf = async () => undefined;
export function setVenueLookup(fn: VenueOrgOf): void {
  venueOrg = fn;
}
export function venueOrgOf(tx: Tx, scope: Scope, venueId: number): Promise<number | undefined> {
  return venueOrg(tx, scope, venueId);
}

/** The organisation of a member (set by the members module): an order or account may name only a member of its own organisation. */
let memberOrg: VenueOrgOf = async () => undefined;
export function setMemberLookup(fn: VenueOrgOf): void {
  memberOrg = fn;
}
export function memberOrgOf(tx: Tx, scope: Scope, memberId: number): Promise<number | undefined> {
  return memberOrg(tx, scope, memberId);
}

/** May this member book or buy? Set by the members module (a black-listed member may not): throws the refusal. */
type BuyerCheck = (tx: Tx, scope: Scope, memberId: number) => Promise<void>;
let buyerCheck: BuyerCheck = async () => undefined;
export function setBuyerCheck(fn: BuyerCheck): void {
  buyerCheck = fn;
}
export function checkBuyer(tx: Tx, scope: Scope, memberId: number): Promise<void> {
  return buyerCheck(tx, scope, memberId);
}

/**
 * Paying with stored value or a card (set by the cards module). `guard` runs inside the payment's
 * transaction before a `balance` debit or a `card` payment: it refuses an account or card that
 * may not pay (frozen, expired, a sharer past their limit), takes a times card's uses, and
 * answers what to do once the payment row exists (the card's usage row). `refundLeg` runs when a
 * refund leg that is not a provider's is paid back: a card's money or uses come back. Without a
 * guard, a `balance` payment is a plain account debit and the `card` method is refused.
 */
export interface StoredValuePay {
  order: OrderRecord;
  method: 'balance' | 'card';
  accountId: number | null;
  cardId: number | null;
  amountFen: number;
  userId: number | null;
}
export interface StoredValueHooks {
  guard(tx: Tx, scope: Scope, p: StoredValuePay): Promise<((payment: PaymentRecord) => Promise<void>) | undefined>;
  refundLeg(tx: Tx, scope: Scope, leg: RefundLegRecord): Promise<void>;
  /** A refund was rejected by its reviewer (a card frozen while it waited is usable again). */
  refundRejected?(tx: Tx, scope: Scope, refund: RefundRecord): Promise<void>;
}
let storedValue: StoredValueHooks | undefined;
export function setStoredValueHooks(hooks: StoredValueHooks): void {
  storedValue = hooks;
}

/**
 * Whose stored value may pay (issue 23, point 2), checked inside the payment's transaction before
 * the module's own guard: a member's account (or times card) pays only an order that names a
 * member, and only that member's, or a sharer's the card allows (the cards module's guard checks
 * the share; an account that is no card's has no sharers). An account that belongs to no member
 * (a holder's account opened by name) is not a member's stored value and is left as it was.
 */
async function buyerGuard(tx: Tx, scope: Scope, p: StoredValuePay): Promise<((payment: PaymentRecord) => Promise<void>) | undefined> {
  const field = p.method === 'balance' ? 'accountId' : 'cardId';
  if (p.method === 'card') {
    if (p.order.memberId === null) throw invalid(field, 'commerce.storedValueNotBuyer');
    return storedValue?.guard(tx, scope, p);
  }
  const account = p.accountId === null ? undefined : await findAccount(tx, scope, p.accountId);
  if (!account || account.memberId === null || account.memberId === p.order.memberId) return storedValue?.guard(tx, scope, p);
  if (p.order.memberId === null) throw invalid(field, 'commerce.storedValueNotBuyer');
  // Another member: only a sharer of the card the account belongs to, which that module's guard checks.
  const after = await storedValue?.guard(tx, scope, p);
  if (!after) throw invalid(field, 'commerce.storedValueNotBuyer');
  return after;
}

export function storedValueHooks(): StoredValueHooks | undefined {
  return storedValue ? { ...storedValue, guard: buyerGuard } : undefined;
}
