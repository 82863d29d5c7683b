import type { Executor } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';
import { insertLedger } from './commerce.repository.ts';

/**
 * The capital flow, double entry: each transaction's debits equal its credits. A money account
 * (cash, alipay …) is debited when money comes in and credited when it goes out; `balance` is the
 * members' stored value (a liability), `sales` what the business earned, `comp` what it gave away,
 * `prepaid` the uses of times and period cards sold and not yet used (a liability: the `card`
 * method pays with them).
 */
export type LedgerAccount = 'cash' | 'alipay' | 'wechat' | 'aggregate' | 'transfer' | 'balance' | 'sales' | 'comp' | 'prepaid';

/** The account that holds a payment method's money. */
export function accountOfMethod(method: string): LedgerAccount {
  switch (method) {
    case 'cash':
    case 'alipay':
    case 'wechat':
    case 'aggregate':
    case 'transfer':
    case 'balance':
      return method;
    case 'free':
      return 'comp';
    case 'card':
      return 'prepaid';
    default:
      throw new Error(`no ledger account for method ${method}`);
  }
}

export interface Posting {
  orgId: number;
  txnNo: string;
  txnKind: 'payment' | 'refund' | 'non_order_refund' | 'recharge';
  /** Debited account, credited account, amount: one transfer. */
  debit: LedgerAccount;
  credit: LedgerAccount;
  amountFen: number;
  businessDay: string;
  orderId?: number | null;
  paymentId?: number | null;
  refundId?: number | null;
  accountId?: number | null;
}

/** Writes one balanced transaction (one debit, one credit of the same amount). */
export async function post(db: Executor, scope: Scope, p: Posting): Promise<void> {
  if (!Number.isInteger(p.amountFen) || p.amountFen <= 0) throw new Error(`ledger amount must be a positive integer: ${p.amountFen}`);
  const common = {
    orgId: p.orgId,
    txnNo: p.txnNo,
    txnKind: p.txnKind,
    amountFen: p.amountFen,
    businessDay: p.businessDay,
    orderId: p.orderId ?? null,
    paymentId: p.paymentId ?? null,
    refundId: p.refundId ?? null,
    accountId: p.accountId ?? null,
  };
  await insertLedger(db, scope, p.orgId, [
    { ...common, account: p.debit, side: 'debit' },
    { ...common, account: p.credit, side: 'credit' },
  ]);
}

/** The business day of an instant in a time zone (`YYYY-MM-DD`). */
export function businessDayOf(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
