import { sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { inScopeSql, type Scope } from '../../../platform/scope.ts';
import { ledgerEntries, payments, refundLegs } from './commerce.table.ts';

/** One payment or refund leg through a provider, with what the ledger booked for it (reconciliation reads these). */
export interface ProviderMoneyLine {
  kind: 'pay' | 'refund';
  /** Our payment number (out_trade_no), or the refund leg's out_refund_no. */
  no: string;
  /** The payment's number (the trade a refund undoes). */
  paymentNo: string;
  /** The provider's trade number, once known. */
  tradeNo: string | null;
  /** The payment's or leg's own amount (fen). */
  amountFen: number;
  state: string;
  /** The provider's money-account entries of the ledger for it (fen), and their business day; null: none. */
  ledgerFen: number | null;
  ledgerDay: string | null;
}

/**
 * An organisation's payments and refund legs through `provider` that the ledger books on `day`,
 * or that the bill names (`payNos`, `refundNos`), each once with its ledger amount and business
 * day: the "ours" of a three-way reconciliation, read in two set queries whatever the bill's size.
 */
export async function providerMoneyOf(
  db: Executor,
  scope: Scope,
  orgId: number,
  provider: string,
  day: string,
  named: { payNos: string[]; refundNos: string[] },
): Promise<ProviderMoneyLine[]> {
  const pays = (await db.execute(sql`
    with keys as (
      select e.payment_id as id from ${ledgerEntries} e
       where e.org_id = ${orgId} and e.business_day = ${day} and e.txn_kind = 'payment' and e.side = 'debit' and e.account = ${provider}
      union
      -- Driven by the bill's numbers, each found by the unique payment number (whatever the statistics say).
      select p.id from json_array_elements_text(${JSON.stringify(named.payNos)}::json) n(no)
        join ${payments} p on p.payment_no = n.no
       where p.org_id = ${orgId} and p.provider = ${provider}
    )
    select ${payments.paymentNo} as no, ${payments.providerTradeNo} as trade_no, ${payments.amountFen} as amount_fen, ${payments.state} as state,
           sum(e.amount_fen)::bigint as ledger_fen, min(e.business_day)::text as ledger_day
      from keys join ${payments} on ${payments.id} = keys.id and ${payments.provider} = ${provider}
      left join ${ledgerEntries} e on e.txn_no = ${payments.paymentNo} and e.payment_id = ${payments.id} and e.txn_kind = 'payment' and e.side = 'debit'
     where ${inScopeSql(scope, payments.orgId)}
     group by ${payments.id}`)) as unknown as { rows: Row[] };
  const backs = (await db.execute(sql`
    with keys as (
      select e.txn_no as no from ${ledgerEntries} e
       where e.org_id = ${orgId} and e.business_day = ${day} and e.txn_kind = 'refund' and e.side = 'credit' and e.account = ${provider}
      union
      select value from json_array_elements_text(${JSON.stringify(named.refundNos)}::json)
    )
    select ${refundLegs.outRefundNo} as no, p.payment_no, ${refundLegs.providerRefundNo} as trade_no, ${refundLegs.amountFen} as amount_fen, ${refundLegs.state} as state,
           sum(e.amount_fen)::bigint as ledger_fen, min(e.business_day)::text as ledger_day
      from keys join ${refundLegs} on ${refundLegs.outRefundNo} = keys.no and ${refundLegs.provider} = ${provider} and ${refundLegs.orgId} = ${orgId}
      join ${payments} p on p.id = ${refundLegs.paymentId}
      left join ${ledgerEntries} e on e.txn_no = ${refundLegs.outRefundNo} and e.refund_id = ${refundLegs.refundId} and e.txn_kind = 'refund' and e.side = 'credit'
     where ${inScopeSql(scope, refundLegs.orgId)}
     group by ${refundLegs.id}, p.payment_no`)) as unknown as { rows: (Row & { payment_no: string })[] };
  const line = (kind: 'pay' | 'refund', r: Row & { payment_no?: string }): ProviderMoneyLine => ({
    kind,
    no: r.no,
    paymentNo: r.payment_no ?? r.no,
    tradeNo: r.trade_no,
    amountFen: Number(r.amount_fen),
    state: r.state,
    ledgerFen: r.ledger_fen === null ? null : Number(r.ledger_fen),
    ledgerDay: r.ledger_day,
  });
  return [...pays.rows.map((r) => line('pay', r)), ...backs.rows.map((r) => line('refund', r))];
}

interface Row {
  no: string;
  trade_no: string | null;
  amount_fen: string | number;
  state: string;
  ledger_fen: string | number | null;
  ledger_day: string | null;
}
