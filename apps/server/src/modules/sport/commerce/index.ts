/**
 * The commerce core's public API: the only file of `modules/sport/commerce/` another module may
 * import (lint rule `layers/one-way`). Everything a business module needs to sell through the core
 * is here: orders in the caller's transaction, item kinds and their hooks, holds, payments,
 * refunds, stored-value accounts, ledger postings by named rule, document numbers, time zones and
 * business days, and the table references other tables point at.
 *
 * Section by section; anything not exported here is the core's own and may change freely.
 */

// ---------------------------------------------------------------- orders
export {
  createOrder,
  registerOrderType,
  cancelPending,
  cancelOrder,
  completePaid,
  expireOrders,
  getOrderRow,
  getOrderDetail,
  idempotent,
  type AfterCommitRunner,
  type Made,
  type NewOrder,
} from './order.service.ts';
export {
  findOrder,
  findOrderByNo,
  itemsOf,
  reviseItem,
  paymentTotals,
  pageOrders,
  nextDocNo,
  type ItemRecord,
  type OrderRecord,
} from './commerce.repository.ts';

// ---------------------------------------------------------------- pricing: the adjusters that make a line cheaper (a coupon module registers one)
export {
  registerPriceAdjuster,
  type PriceAdjuster,
  type PriceAdjustment,
  type PriceLine,
  type PricingContext,
  type PlacedOrder,
  type MemberPriced,
} from './pricing.ts';

// ---------------------------------------------------------------- an order's life, in its own transactions (a coupon held by an order follows it)
export { registerOrderHooks, type OrderHooks } from './order-hooks.ts';

// ---------------------------------------------------------------- item kinds (v2) and the ports the core asks through
export {
  registerItemKind,
  itemKind,
  itemKindOf,
  kindContext,
  consumeItem,
  venueOrgOf,
  venueLookup,
  memberLookup,
  memberBriefs,
  buyerCheck,
  storedValuePort,
  type ItemConsumption,
  type ItemKind,
  type ItemUse,
  type KindCaller,
  type KindContext,
  type KindInput,
  type PricedItem,
  type RefundQuote,
  type AccountCard,
  type StoredValueHooks,
  type StoredValuePay,
} from './item-kinds.ts';
export { accountRecharge, rechargeExtension, type RechargeHooks } from './core-kinds.ts';

// ---------------------------------------------------------------- holds: a time-range claim on any resource (site, coach, bay)
export { claimTimes, liveClaims, refuseOverlap, releaseClaims, timeRange, type ClaimAsk, type ResourceClaim, type TakenMessage } from './claims.ts';
export { holdCount, releaseCount, setCapacity, counterOf, type CountAsk, type CounterKey, type ResourceCounter } from './counters.ts';

// ---------------------------------------------------------------- payments and refunds
export { startPayment, afterCommit, type PayDeps } from './payment.service.ts';
export { applyRefund, applyNonOrderRefund, reviewRefund, drawerCashPort, type DrawerCash } from './refund.service.ts';
export { succeedPayment, refundByRule, noWork, refundPreconditionPort, type AfterCommit, type RefundPrecondition } from './money.ts';
export { payWithin } from './money.ts';
export { findPayment, findRefund, someRefundOpen, type RefundRecord } from './commerce.repository.ts';
export { paidFenOf, type PaidLines } from './commerce.repository.ts';
// Reads of what was sold, for another module's lists (no module reads the core's tables itself).
export { itemRefsOf, lineSummariesOf } from './commerce.repository.ts';

// ---------------------------------------------------------------- provider HTTP: the one guarded outbound client for providers' URLs (an e-invoice platform too)
export { httpCall, trustSimulatorGateway } from './providers/http.ts';
export { ProviderError } from './providers/provider.ts';

// ---------------------------------------------------------------- events
export { onCommerceEvent, undeliveredEventIds, type CommerceEvent, type CommerceEventHandler, type CommerceEventName } from './events.ts';

// ---------------------------------------------------------------- stored value and ledger
// Stored value moves only with its ledger entry (creditByRule, debitByRule): no raw account write is offered.
export { findAccount, pageAccounts } from './commerce.repository.ts';
export { listAccounts, openAccount, creditByRule, debitByRule } from './ledger.service.ts';
export { defineLedgerRule, postByRule, type LedgerRule, type RulePosting, type LedgerAccount } from './ledger.ts';

// ---------------------------------------------------------------- time, money, drawer
export { timeZoneOf, dayOf } from './money.ts';
// ---------------------------------------------------------------- past sales in bulk (history before today: an import, the demo's months)
export { importPastSales, type PastLine, type PastSale } from './history.ts';
export { fenToYuan } from './providers/money.ts';
export { drawerTakings, firstMovementSince } from './takings.repository.ts';
// One venue's capital flow of a business day, by method and by item kind (the daily close).
export { venueDayFlow, type VenueDayFlow } from './dayflow.repository.ts';
// A provider's payments and refunds with their ledger amounts and days, and its bill (reconciliation).
export { providerMoneyOf, type ProviderMoneyLine } from './providermoney.repository.ts';
export { downloadProviderBill } from './merchant.service.ts';
// One venue's money over a run of business days, gross and refunds by item kind (the agency's statements).
export { venuePeriodFlow, type VenuePeriodFlow } from './periodflow.repository.ts';

// ---------------------------------------------------------------- routes' helpers
export { idemKey, payDeps, originOf } from './commerce.routes.ts';

// ---------------------------------------------------------------- table references
// Only for a foreign key (`references(() => orders.id)`) or a read-only join: every write goes
// through the operations above, so the core keeps its own invariants (state follows money, the ledger balances).
export { orders, orderItems, payments, refunds, balanceAccounts } from './commerce.table.ts';
// Read-only, for statistics: the ledger is the one source of revenue and refunds.
export { ledgerEntries } from './commerce.table.ts';

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { commerceManifest } from './commerce.manifest.ts';
