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
  committedRefundFen,
  nextDocNo,
  type ItemRecord,
  type OrderRecord,
} from './commerce.repository.ts';

// ---------------------------------------------------------------- item kinds
export {
  registerItemKind,
  itemKindOf,
  venueOrgOf,
  setVenueLookup,
  setMemberLookup,
  setBuyerCheck,
  setStoredValueHooks,
  type ItemKind,
  type ItemUse,
  type KindContext,
  type PricedItem,
  type StoredValueHooks,
  type StoredValuePay,
} from './item-kinds.ts';

// ---------------------------------------------------------------- payments and refunds
export { startPayment, afterCommit, type PayDeps } from './payment.service.ts';
export { applyRefund, applyNonOrderRefund, reviewRefund, setDrawerCash, type DrawerCash } from './refund.service.ts';
export { succeedPayment, refundByRule, refundAllPaid, noWork, type AfterCommit } from './money.ts';
export { insertPayment, insertRefund, findPayment, findRefund } from './commerce.repository.ts';

// ---------------------------------------------------------------- stored value and ledger
export { findAccount, insertAccount, creditAccount, debitAccount, pageAccounts } from './commerce.repository.ts';
export { listAccounts, openAccount } from './ledger.service.ts';
export { post, accountOfMethod, businessDayOf, type Posting, type LedgerAccount } from './ledger.ts';

// ---------------------------------------------------------------- time, money, drawer
export { timeZoneOf, dayOf } from './money.ts';
export { fenToYuan } from './providers/money.ts';
export { drawerTakings, firstMovementSince } from './takings.repository.ts';

// ---------------------------------------------------------------- routes' helpers
export { idemKey, payDeps, originOf } from './commerce.routes.ts';

// ---------------------------------------------------------------- table references (foreign keys and read-only joins)
export { orders, orderItems, payments, refunds, balanceAccounts } from './commerce.table.ts';
