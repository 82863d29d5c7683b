import { memberOrgOf } from './item-kinds.ts';
import type { AccountListQuery, LedgerListQuery, LedgerSummaryQuery } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import { invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { assertInScope, scopeOf, type Scope } from '../../../platform/scope.ts';
import { findAccount, insertAccount, ledgerByDay, ledgerDefaultOrder, ledgerSorts, nextDocNo, pageAccounts, pageLedger } from './commerce.repository.ts';
import { timeZoneOf } from './money.ts';

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
  const { total, rows } = await pageAccounts(db, scopeOf(caller), { keyword: q.keyword, memberId: q.memberId }, pageOf(q));
  return { total, data: rows.map(accountView) };
}

export async function getAccount(db: Db, caller: Caller, id: number) {
  const a = await findAccount(db, scopeOf(caller), id);
  if (!a) throw notFound();
  return accountView(a);
}

const accountView = ({ updatedAt: _, createdAt, ...a }: Awaited<ReturnType<typeof findAccount>> & object) => ({ ...a, createTime: createdAt });

/** Opens an empty stored-value account (a member card of value opens one; money comes in by a recharge order). */
export async function openAccount(db: Db, scope: Scope, values: { orgId: number; holderName: string; holderPhone?: string | null; memberId?: number | null }) {
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
