import { accountCardsOf, memberOrgOf } from './item-kinds.ts';
import type { AccountListQuery, LedgerListQuery, LedgerSummaryQuery } from '@venue/contract';
import type { Db, Tx } from '../../../platform/db.ts';
import { invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { assertInScope, scopeOf, type Scope } from '../../../platform/scope.ts';
import {
  creditAccount,
  debitAccount,
  findAccount,
  insertAccount,
  ledgerByDay,
  ledgerDefaultOrder,
  ledgerSorts,
  nextDocNo,
  pageAccounts,
  pageLedger,
} from './commerce.repository.ts';
import { timeZoneOf } from './money.ts';
import { ledgerRuleOf, postByRule, type LedgerRule, type RulePosting } from './ledger.ts';

/** The finance capital flow (ledger entries, sums per method and day) and stored-value accounts. */

export async function listLedger(db: Db, caller: Caller, q: LedgerListQuery) {
  const { account, txnKind, orderNo, dayFrom, dayTo } = q;
  const { total, rows } = await pageLedger(
    db,
    scopeOf(caller),
    { account, txnKind, orderNo, dayFrom, dayTo },
    orderOf(q, ledgerSorts, ledgerDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows };
}

/** Money in (debits) and out (credits) per account and day, and in all, over at most a year. */
export async function ledgerSummary(db: Db, caller: Caller, q: LedgerSummaryQuery) {
  if (q.dayTo < q.dayFrom) throw invalid('dayTo', 'error.field.invalid');
  if (Date.parse(q.dayTo) - Date.parse(q.dayFrom) > 366 * 86_400_000) throw invalid('dayTo', 'error.field.tooBig', { max: 366 });
  const days = (await ledgerByDay(db, scopeOf(caller), q.dayFrom, q.dayTo)).map((r) => ({ ...r, netFen: r.inFen - r.outFen }));
  const totals = new Map<string, { account: string; inFen: number; outFen: number; netFen: number }>();
  for (const d of days) {
    const t = totals.get(d.account) ?? { account: d.account, inFen: 0, outFen: 0, netFen: 0 };
    t.inFen += d.inFen;
    t.outFen += d.outFen;
    t.netFen += d.netFen;
    totals.set(d.account, t);
  }
  return { days, totals: [...totals.values()] };
}

export async function listAccounts(db: Db, caller: Caller, q: AccountListQuery) {
  const scope = scopeOf(caller);
  const { total, rows } = await pageAccounts(db, scope, { keyword: q.keyword, memberId: q.memberId }, pageOf(q));
  // Each account's card (name, type, state) and why it cannot pay, for the whole page at once (issue 25, point 13).
  const cards = await accountCardsOf(
    db,
    scope,
    rows.map((r) => r.id),
  );
  return { total, data: rows.map((r) => ({ ...accountView(r), card: cards.get(r.id) ?? null })) };
}

export async function getAccount(db: Db, caller: Caller, id: number) {
  const a = await findAccount(db, scopeOf(caller), id);
  if (!a) throw notFound();
  return accountView(a);
}

const accountView = ({ updatedAt: _, createdAt, ...a }: Awaited<ReturnType<typeof findAccount>> & object) => ({ ...a, createTime: createdAt });

/**
 * Opens an empty stored-value account (a member card of value opens one; money comes in by a
 * recharge order or `creditByRule`). Given a transaction, it runs inside it.
 */
export async function openAccount(
  db: Db | Tx,
  scope: Scope,
  values: { orgId: number; holderName: string; holderPhone?: string | null; memberId?: number | null },
) {
  await assertInScope(db, scope, [values.orgId]);
  return db.transaction(async (tx) => {
    if (values.memberId && (await memberOrgOf(tx, scope, values.memberId)) !== values.orgId) throw notFound();
    const tz = await timeZoneOf(tx, values.orgId);
    return accountView(
      await insertAccount(tx, scope, {
        orgId: values.orgId,
        accountNo: `A${await nextDocNo(tx, tz)}`,
        holderName: values.holderName,
        holderPhone: values.holderPhone ?? null,
        memberId: values.memberId ?? null,
      }),
    );
  });
}

/**
 * Stored value moves only with its ledger entry: money into an account by a rule whose credit side is
 * `balance` (a card's face value, a bonus), out of it by one whose debit side is (a payout, a refund
 * of a sale), each one conditional update of the balance and one posting, in the caller's
 * transaction. `debitByRule` answers undefined, and posts nothing, when the balance is short or
 * the account is not active.
 */
const ruleOf = (rule: string | LedgerRule): LedgerRule => {
  const r = typeof rule === 'string' ? ledgerRuleOf(rule) : rule;
  if (!r) throw new Error(`no ledger rule ${String(rule)}`);
  return r;
};
export async function creditByRule(tx: Tx, scope: Scope, rule: string | LedgerRule, p: RulePosting & { accountId: number }) {
  if (ruleOf(rule).credit !== 'balance') throw new Error(`ledger rule ${ruleOf(rule).name} does not credit stored value`);
  const after = await creditAccount(tx, scope, p.accountId, p.amountFen);
  if (after) await postByRule(tx, scope, rule, p);
  return after;
}
export async function debitByRule(tx: Tx, scope: Scope, rule: string | LedgerRule, p: RulePosting & { accountId: number }) {
  if (ruleOf(rule).debit !== 'balance') throw new Error(`ledger rule ${ruleOf(rule).name} does not debit stored value`);
  const after = await debitAccount(tx, scope, p.accountId, p.amountFen);
  if (after) await postByRule(tx, scope, rule, p);
  return after;
}
