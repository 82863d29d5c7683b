import type { Executor, Tx } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';
import { insertLedger, nextDocNo } from './commerce.repository.ts';
import { namedRegistry } from './item-kinds.ts';
import { timeZoneOf } from './money.ts';
import { dayIn } from '../../../platform/zone.ts';

/**
 * The capital flow, double entry: each transaction's debits equal its credits. A money account
 * (cash, alipay …) is debited when money comes in and credited when it goes out; `balance` is the
 * members' stored value (a liability), `sales` what the business earned, `comp` what it gave away,
 * `prepaid` the uses of times and period cards sold and not yet used (a liability: the `card`
 * method pays with them). Accounts and payment methods are contributed by the module that owns
 * them (`contributes.ledgerAccounts`, `contributes.payMethods`); the loader refuses a name two
 * modules declare. Ledger rules stay module constants (`defineLedgerRule`): a second rule of one
 * name throws when its module is imported, which is at start-up.
 */
export type LedgerAccount = string;

/** A payment method a module contributes, and the ledger account that holds its money. */
export interface PayMethodDef {
  name: string;
  account: LedgerAccount;
}

declare module '../../../platform/module.ts' {
  interface ModuleContributions {
    /** Ledger accounts the module's money moves through (two modules never declare one). */
    ledgerAccounts: LedgerAccount;
    /** Payment methods the module takes, each with the ledger account holding its money. */
    payMethods: PayMethodDef;
  }
}

/** The core's own accounts and methods (its manifest contributes them; `prepaid` and `card` are the cards module's). */
export const CORE_LEDGER_ACCOUNTS: LedgerAccount[] = ['cash', 'alipay', 'wechat', 'aggregate', 'transfer', 'balance', 'sales', 'comp'];
export const CORE_PAY_METHODS: PayMethodDef[] = [
  ...['cash', 'alipay', 'wechat', 'aggregate', 'transfer', 'balance'].map((m) => ({ name: m, account: m })),
  { name: 'free', account: 'comp' },
];

/** Each name with the module that declared it; the same module again is the same app built twice (tests). */
const ledgerAccounts = namedRegistry<string>('ledger account');
const payMethods = namedRegistry<PayMethodDef & { owner: string }>('payment method');
/** Set once the contributed accounts are registered: a rule defined later is checked at once. */
let accountsKnown = false;

/**
 * Registers the accounts and payment methods the manifests contribute (the commerce manifest's
 * plug, before any route), then checks every ledger rule defined so far names known accounts.
 */
export function registerLedgerContributions(
  accounts: readonly { account: LedgerAccount; owner: string }[],
  methods: readonly (PayMethodDef & { owner: string })[],
): void {
  for (const { account, owner } of accounts) if (ledgerAccounts.get(account) !== owner) ledgerAccounts.add(account, owner);
  for (const m of methods) {
    if (!ledgerAccounts.has(m.account)) throw new Error(`payment method ${m.name} of ${m.owner}: no ledger account ${m.account}`);
    const known = payMethods.get(m.name);
    if (known?.owner === m.owner && known.account === m.account) continue;
    payMethods.add(m.name, m);
  }
  accountsKnown = true;
  for (const name of ledgerRules.names()) checkRuleAccounts(ledgerRules.get(name)!);
}

export const isPayMethod = (name: string): boolean => payMethods.has(name);

/** The account that holds a payment method's money. */
export function accountOfMethod(method: string): LedgerAccount {
  const known = payMethods.get(method);
  if (!known) throw new Error(`no ledger account for method ${method}`);
  return known.account;
}

export interface Posting {
  orgId: number;
  txnNo: string;
  /** What moved the money (`payment`, `refund`, a rule's kind): the capital flow filters by it. */
  txnKind: string;
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
  for (const a of [p.debit, p.credit]) if (!ledgerAccounts.has(a)) throw new Error(`no ledger account ${a}`);
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

/**
 * A named ledger rule: what one kind of business event moves, from which account to which, and
 * the prefix of its transaction numbers. The module that owns the event defines it once at
 * start-up (a second rule of the same name throws); `postByRule` posts by it.
 */
export interface LedgerRule {
  name: string;
  txnKind: string;
  debit: LedgerAccount;
  credit: LedgerAccount;
  /** One to three capital letters before the document number (`CU20261129…`). */
  prefix: string;
}

const ledgerRules = namedRegistry<LedgerRule>('ledger rule');

export function defineLedgerRule(rule: LedgerRule): LedgerRule {
  if (!/^[A-Z]{1,3}$/.test(rule.prefix)) throw new Error(`ledger rule ${rule.name}: prefix ${rule.prefix} is not one to three capital letters`);
  if (rule.txnKind.length > 24) throw new Error(`ledger rule ${rule.name}: txnKind longer than 24`);
  // Accounts are contributed at start-up: a rule defined at import is checked once they are known.
  if (accountsKnown) checkRuleAccounts(rule);
  ledgerRules.add(rule.name, rule);
  return rule;
}

function checkRuleAccounts(rule: LedgerRule): void {
  for (const a of [rule.debit, rule.credit]) if (!ledgerAccounts.has(a)) throw new Error(`ledger rule ${rule.name}: no ledger account ${a}`);
}

export const ledgerRuleOf = (name: string): LedgerRule | undefined => ledgerRules.get(name);

export interface RulePosting {
  orgId: number;
  amountFen: number;
  orderId?: number | null;
  paymentId?: number | null;
  refundId?: number | null;
  accountId?: number | null;
  /** When it happened (its business day in the organisation's time zone); now when not given. */
  at?: Date;
}

/**
 * Posts one transaction by a named rule: numbered with the rule's prefix and the core's next
 * document number, on the business day of `at` in the organisation's time zone. Answers the
 * transaction number.
 */
export async function postByRule(tx: Tx, scope: Scope, rule: string | LedgerRule, p: RulePosting): Promise<string> {
  const r = typeof rule === 'string' ? ledgerRules.get(rule) : rule;
  if (!r || ledgerRules.get(r.name) !== r) throw new Error(`no ledger rule ${typeof rule === 'string' ? rule : rule.name}`);
  const timeZone = await timeZoneOf(tx, p.orgId);
  const txnNo = `${r.prefix}${await nextDocNo(tx, timeZone)}`;
  await post(tx, scope, {
    orgId: p.orgId,
    txnNo,
    txnKind: r.txnKind,
    debit: r.debit,
    credit: r.credit,
    amountFen: p.amountFen,
    businessDay: businessDayOf(p.at ?? new Date(), timeZone),
    orderId: p.orderId,
    paymentId: p.paymentId,
    refundId: p.refundId,
    accountId: p.accountId,
  });
  return txnNo;
}

/** The business day of an instant in a time zone (`YYYY-MM-DD`). */
export function businessDayOf(at: Date, timeZone: string): string {
  return dayIn(at, timeZone);
}
