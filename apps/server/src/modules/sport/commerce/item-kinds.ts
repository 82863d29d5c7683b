import type { OrderItem } from '@venue/contract';
import type { z } from 'zod';
import type { Executor, Tx } from '../../../platform/db.ts';
import { AppError, invalid, type FieldIssue } from '../../../platform/errors.ts';
import { parseOrThrow } from '../../../platform/http.ts';
import { addMessages } from '../../../platform/i18n.ts';
import { definePort } from '../../../platform/ports.ts';
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
  /** Who acts: the signed-in user (undefined: the system, e.g. the time-out job or a provider's notification). */
  caller?: KindCaller;
  /** The order's channel and type (the core always sets them; a module's own context may not). */
  channel?: string;
  orderType?: string;
  /** The instant of this call, one for every hook of it (a test may set it). */
  now?: Date;
}
export interface KindCaller {
  userId: number;
  roles: readonly string[];
}

/** The context the core gives a kind's hooks for an order (the caller when a user acts). */
export function kindContext(tx: Tx, scope: Scope, order: Pick<OrderRecord, 'orgId' | 'memberId' | 'channel' | 'type'>, caller?: KindCaller): KindContext {
  return {
    tx,
    scope,
    orgId: order.orgId,
    memberId: order.memberId,
    caller: caller && { userId: caller.userId, roles: caller.roles },
    channel: order.channel,
    orderType: order.type,
    now: new Date(),
  };
}

export interface PricedItem {
  /** Name and price as sold (copied onto the item). */
  name: string;
  spec?: string | null;
  unitPriceFen: number;
}

/** One order line as a kind's `price` reads it: its `detail` parsed by the kind's schema. */
export type KindInput<D> = Omit<OrderItem, 'detail'> & { detail: D };

/** What a refund of `quantity` units of a line gives back under the kind's rules (at most what the line was paid). */
export interface RefundQuote {
  amountFen: number;
  /** Why less than paid (a fee, a deadline passed), as a message key for the console. */
  reason?: string;
}

/** A use of a prepaid line (a times card's time, a lesson of a package, a deposit): what of its money becomes revenue. */
export interface ItemConsumption {
  /** Units used (uses, lessons); the kind turns them into money. */
  quantity: number;
  /** What the use is (a check-in, a lesson), as a reference for the ledger and the kind's own rows. */
  ref: string;
}

/**
 * A kind. `D` is its `detail` as its schema outputs it, `P` what its `price` answers (the priced
 * line with what `hold` needs of the pricing: the slots found, the level of a seat …), handed to
 * `hold` so a kind never carries it from one hook to the next itself.
 */
export interface ItemKind<D = OrderItem['detail'], P extends PricedItem = PricedItem> {
  kind: string;
  /** Order types this kind may be sold in. */
  orderTypes: readonly string[];
  /**
   * The schema of the line's `detail` (declared in the owning module's contract file). The core
   * parses `detail` with it before `price`; a bad detail answers 100400 naming `items.N.detail.<field>`.
   */
  detail?: z.ZodType<D>;
  /** Names and prices one line; throws a field error (969600) or 100404 for a record out of scope. */
  price(ctx: KindContext, input: KindInput<D>, line: number): Promise<P>;
  /**
   * Reserves what is sold until payment (the database refuses a second holder), given the line as
   * `price` answered it. Answers the hold to store on the item (undefined: the line's detail is the hold).
   */
  hold?(ctx: KindContext, item: ItemRecord, order: OrderRecord, priced: P): Promise<unknown>;
  /**
   * On payment: makes the hold final (a recharge credits its account). Answers false when the
   * hold is gone (it expired and someone else took it): the core then refunds the order.
   */
  confirm?(ctx: KindContext, item: ItemRecord, order: OrderRecord): Promise<boolean>;
  /**
   * On cancel or time-out (all units) or refund (`quantity` units): gives back what hold or confirm took.
   * `ref` is the refund's number (the order's on cancel); `refundedFen` what the refund paid back for the line.
   */
  release?(ctx: KindContext, item: ItemRecord, quantity: number, why: 'cancel' | 'refund', ref: string, refundedFen?: number): Promise<void>;
  /** Where and when a line is used (a booked slot's sport and time), so a card limited to sports or time bands can tell whether it may pay for it. */
  use?(ctx: KindContext, item: ItemRecord): Promise<ItemUse | undefined>;
  /**
   * What a refund of `quantity` units of this paid line gives back under the kind's rules (a
   * session that has begun, a fee); without it a refund may give back what the line was paid.
   * The refund's application refuses more than the quote.
   */
  refundQuote?(ctx: KindContext, item: ItemRecord, quantity: number, paidFen: number): Promise<RefundQuote>;
  /**
   * A prepaid line is used (a times card's use, a lesson of a package, a deposit kept): posts
   * what of its money became revenue through one of the kind's ledger rules (`postByRule`).
   * Called by the owning module through `consumeItem`, inside its transaction.
   */
  consume?(ctx: KindContext, item: ItemRecord, use: ItemConsumption): Promise<void>;
}

/** A line's sport and its time of day in minutes (each when it has one). */
export interface ItemUse {
  sport?: string;
  startMin?: number;
  endMin?: number;
}

/**
 * A registry of names owned by the modules that declare them: a second registration of a name is
 * a wiring mistake (one module silently replacing another's) and throws at start-up.
 */
export function namedRegistry<T>(what: string) {
  const entries = new Map<string, T>();
  return {
    add(name: string, value: T): void {
      if (entries.has(name)) throw new Error(`${what} ${name} is registered twice`);
      entries.set(name, value);
    },
    get: (name: string): T | undefined => entries.get(name),
    has: (name: string): boolean => entries.has(name),
    names: (): string[] => [...entries.keys()],
    /** Tests only: takes out a name a test registered. */
    remove: (name: string): boolean => entries.delete(name),
  };
}

const kinds = namedRegistry<ItemKind<unknown>>('item kind');

export function registerItemKind<D = OrderItem['detail'], P extends PricedItem = PricedItem>(kind: ItemKind<D, P>): void {
  // The same kind again is the same app built twice (tests); another one under a taken name throws.
  if (kinds.get(kind.kind) === (kind as unknown)) return;
  kinds.add(kind.kind, kind as unknown as ItemKind<unknown>);
}

/** A kind as its module's manifest lists it (`contributes.kinds`): checked against its own detail and pricing, registered by the commerce module at start-up. */
export function itemKind<D = OrderItem['detail'], P extends PricedItem = PricedItem>(kind: ItemKind<D, P>): ItemKind<unknown> {
  return kind as unknown as ItemKind<unknown>;
}

declare module '../../../platform/module.ts' {
  interface ModuleContributions {
    /** Item kinds the module sells through commerce (two modules never declare one kind). */
    kinds: ItemKind<unknown>;
    /** Order types the module sells in (each has its time-out parameter). */
    orderTypes: string;
  }
}

export function itemKindOf(kind: string): ItemKind<unknown> | undefined {
  return kinds.get(kind);
}

/**
 * A prepaid line is used (a times card's use, a lesson of a package): its kind's `consume` posts
 * what became revenue, in the caller's transaction. The owning module calls it when the use happens.
 */
export async function consumeItem(ctx: KindContext, item: ItemRecord, use: ItemConsumption): Promise<void> {
  const kind = itemKindOf(item.kind);
  if (!kind?.consume) throw new Error(`item kind ${item.kind} does not consume`);
  await kind.consume(ctx, item, use);
}

/** The line's `detail` as its kind's schema outputs it; a bad one answers 100400 naming `items.N.detail.<field>`. */
export function parseDetail(kind: ItemKind<unknown>, detail: OrderItem['detail'], line: number): unknown {
  if (!kind.detail) return detail;
  try {
    return parseOrThrow(kind.detail, detail ?? {});
  } catch (e) {
    if (!(e instanceof AppError) || !Array.isArray(e.detail)) throw e;
    const at = `items.${line}.detail`;
    const issues = e.detail as FieldIssue[];
    throw new AppError(
      'INVALID',
      'error.invalid',
      undefined,
      issues.map((f) => ({ ...f, field: f.field ? `${at}.${f.field}` : at })),
    );
  }
}

// ---------------------------------------------------------------- ports the answering modules plug

type OrgOf = (tx: Tx, scope: Scope, id: number) => Promise<number | undefined>;
/** The organisation of a venue (the venue module plugs it): an order may name only a venue of its own organisation. */
export const venueLookup = definePort<OrgOf>('commerce.venueOrg');
/** The organisation of a member (the members module plugs it): an order or account may name only a member of its own organisation. */
export const memberLookup = definePort<OrgOf>('commerce.memberOrg');
/** A member's name and phone, as the members module holds them (for order lists and details). */
export interface MemberBrief {
  name: string;
  phone: string;
}
/**
 * The names and phones of many members at once (the members module plugs it): one query for a page
 * of orders, never one per row. Unplugged, no names are known and the orders show their member's number.
 */
export const memberBriefs = definePort<(db: Executor, scope: Scope, ids: number[]) => Promise<Map<number, MemberBrief>>>('commerce.memberBriefs');
/** May this member book or buy? The members module plugs it (a black-listed member may not): throws the refusal. */
export const buyerCheck = definePort<(tx: Tx, scope: Scope, memberId: number) => Promise<void>>('commerce.buyerCheck');

// An unplugged lookup finds nothing (the order naming it is refused as not found); an unplugged buyer check refuses.
export function venueOrgOf(tx: Tx, scope: Scope, venueId: number): Promise<number | undefined> {
  return venueLookup.plugged ? venueLookup.get()(tx, scope, venueId) : Promise.resolve(undefined);
}
export function memberOrgOf(tx: Tx, scope: Scope, memberId: number): Promise<number | undefined> {
  return memberLookup.plugged ? memberLookup.get()(tx, scope, memberId) : Promise.resolve(undefined);
}
export function memberBriefsOf(db: Executor, scope: Scope, ids: number[]): Promise<Map<number, MemberBrief>> {
  const wanted = [...new Set(ids)];
  return memberBriefs.plugged && wanted.length ? memberBriefs.get()(db, scope, wanted) : Promise.resolve(new Map());
}
export async function checkBuyer(tx: Tx, scope: Scope, memberId: number): Promise<void> {
  if (!buyerCheck.plugged) throw invalid('memberId', 'commerce.buyerUnchecked');
  await buyerCheck.get()(tx, scope, memberId);
}

addMessages({
  'zh-CN': { 'commerce.buyerUnchecked': '会员模块未启用，无法核验购买人' },
  'en-US': { 'commerce.buyerUnchecked': 'The members module is not loaded: the buyer cannot be checked' },
});

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
/** The member card a stored-value account belongs to, and why it cannot pay now (null: it can). */
export interface AccountCard {
  cardNo: string;
  typeName: string;
  kind: string;
  status: string;
  validTo: string | null;
  /** `frozen`, `expired`, `refunded`, `notActive`, `notYet`, or null. */
  refusal: string | null;
}
export interface StoredValueHooks {
  /** The cards of these accounts (a plain account has none), read in one query: the payment dialog shows them. */
  describe?(db: Executor, scope: Scope, accountIds: number[]): Promise<Map<number, AccountCard>>;
  guard(tx: Tx, scope: Scope, p: StoredValuePay): Promise<((payment: PaymentRecord) => Promise<void>) | undefined>;
  refundLeg(tx: Tx, scope: Scope, leg: RefundLegRecord): Promise<void>;
  /** A refund was rejected by its reviewer (a card frozen while it waited is usable again). */
  refundRejected?(tx: Tx, scope: Scope, refund: RefundRecord): Promise<void>;
}
/** Paying with stored value or a card: the cards module plugs it. Optional by design: unplugged, a `balance` payment is a plain account debit and `card` is refused. */
export const storedValuePort = definePort<StoredValueHooks>('commerce.storedValue');
const storedValueOf = () => (storedValuePort.plugged ? storedValuePort.get() : undefined);

/** The cards of these accounts, as the cards module describes them (none when it is not loaded). */
export async function accountCardsOf(db: Executor, scope: Scope, accountIds: number[]): Promise<Map<number, AccountCard>> {
  const describe = storedValueOf()?.describe;
  return describe && accountIds.length ? describe(db, scope, accountIds) : new Map();
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
    return storedValueOf()?.guard(tx, scope, p);
  }
  const account = p.accountId === null ? undefined : await findAccount(tx, scope, p.accountId);
  if (!account || account.memberId === null || account.memberId === p.order.memberId) return storedValueOf()?.guard(tx, scope, p);
  if (p.order.memberId === null) throw invalid(field, 'commerce.storedValueNotBuyer');
  // Another member: only a sharer of the card the account belongs to, which that module's guard checks.
  const after = await storedValueOf()?.guard(tx, scope, p);
  if (!after) throw invalid(field, 'commerce.storedValueNotBuyer');
  return after;
}

export function storedValueHooks(): StoredValueHooks | undefined {
  const hooks = storedValueOf();
  return hooks ? { ...hooks, guard: buyerGuard } : undefined;
}
