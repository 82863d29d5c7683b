/**
 * Reconciliation with the providers' daily bills, and third-party clearing (issue 29).
 *
 * A run downloads the caller's organisation's bill of a day from the configured provider, reads it
 * into typed lines (bill-formats.ts) and matches it, in memory by our numbers, against our payments
 * and refunds through that provider with what the ledger booked for them (commerce's
 * `providerMoneyOf`): payment or refund, ledger and bill line. What differs is classified and kept;
 * a run again replaces the open mismatches of that run, never a resolved one. A mismatch is resolved
 * with a note, or with an adjusting ledger entry between the provider's account and `reconcile`.
 */
import { z } from 'zod';
import type {
  ClearingListQuery,
  ClearingReceipt,
  MismatchKind,
  MismatchResolve,
  ReconcileAnswer,
  ReconcileListQuery,
  ReconcileProvider,
  ReconcileRequest,
} from '@venue/contract';
import { RECONCILE_PROVIDERS, fields } from '@venue/contract';
import iconv from 'iconv-lite';
import type { Db } from '../../../platform/db.ts';
import type { Lang } from '../../../platform/i18n.ts';
import { AppError, conflict, invalid, notFound, staleVersion } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { pageOf } from '../../../platform/list.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { dayIn } from '../../../platform/zone.ts';
import { readRows, reject, validateRows, type SheetColumn, type UploadedFile } from '../../../platform/xlsx.ts';
import { defineLedgerRule, downloadProviderBill, postByRule, providerMoneyOf, timeZoneOf, ProviderError, type ProviderMoneyLine } from '../commerce/index.ts';
import { amountFen, BillFormatError, parseBill, type ParsedBill } from './bill-formats.ts';
import {
  findRunListed,
  insertReceipts,
  lockMismatch,
  markResolved,
  mismatchesOfRun,
  pageClearing,
  pageRuns,
  receiptsOf,
  replaceOpenMismatches,
  upsertRun,
  type NewMismatch,
} from './reconcile.repository.ts';
import './settlement.messages.ts';

/**
 * The fee each provider charges by contract (millionths of the amount, half up to the fen): the
 * standard rates of 0.6 % (Alipay, WeChat Pay) and 0.38 % (the aggregated QR platform). A bill
 * line whose fee is not this is a `fee` mismatch.
 */
export const CONTRACT_FEE_PPM: Record<ReconcileProvider, number> = { alipay: 6000, wechat: 6000, aggregate: 3800 };
export const expectedFeeFen = (provider: ReconcileProvider, amount: number) => Math.floor((amount * CONTRACT_FEE_PPM[provider] + 500_000) / 1_000_000);

/** The ledger account adjusting entries move against; the settlement manifest contributes it. */
export const RECONCILE_ACCOUNT = 'reconcile';
const prefixes: Record<ReconcileProvider, string> = { alipay: 'A', wechat: 'W', aggregate: 'G' };
/** Per provider: money the provider holds that we had not booked (in), and money we booked it does not hold (out). */
const ADJUST_RULES = Object.fromEntries(
  RECONCILE_PROVIDERS.map((p) => [
    p,
    {
      in: defineLedgerRule({ name: `settlement.adjust.${p}.in`, txnKind: 'reconcile_adjust', debit: p, credit: RECONCILE_ACCOUNT, prefix: `RI${prefixes[p]}` }),
      out: defineLedgerRule({
        name: `settlement.adjust.${p}.out`,
        txnKind: 'reconcile_adjust',
        debit: RECONCILE_ACCOUNT,
        credit: p,
        prefix: `RO${prefixes[p]}`,
      }),
    },
  ]),
) as Record<ReconcileProvider, { in: ReturnType<typeof defineLedgerRule>; out: ReturnType<typeof defineLedgerRule> }>;

export interface Match {
  matched: number;
  found: NewMismatch[];
}

/**
 * The three-way match of one bill of `day`: each bill line against our payment or refund of that
 * number and what the ledger booked for it, then what we booked on `day` that the bill lacks.
 * `adjustFen` is what would bring the provider's account in our ledger to the bill.
 */
export function matchBill(provider: ReconcileProvider, day: string, bill: ParsedBill, ours: ProviderMoneyLine[]): Match {
  const pays = new Map<string, ProviderMoneyLine>();
  const backs = new Map<string, ProviderMoneyLine>();
  for (const o of ours) (o.kind === 'pay' ? pays : backs).set(o.no, o);
  const seen = new Set<ProviderMoneyLine>();
  const found = new Map<string, NewMismatch>();
  const add = (kind: MismatchKind, m: Omit<NewMismatch, 'kind'>) => found.set(`${kind}:${m.refKey}`, { kind, ...m });
  let matched = 0;
  for (const l of bill.lines) {
    const o = l.kind === 'pay' ? pays.get(l.paymentNo) : l.refundNo ? backs.get(l.refundNo) : undefined;
    if (o) seen.add(o);
    const booked = o && o.ledgerFen !== null ? o : undefined;
    const common = {
      tradeNo: l.tradeNo || o?.no || l.paymentNo,
      ourNo: o?.no ?? null,
      refKey: `${l.kind}:${l.kind === 'pay' ? l.paymentNo : (l.refundNo ?? l.tradeNo)}`,
      theirDay: l.day,
      ourDay: booked?.ledgerDay ?? null,
    };
    if (l.kind === 'refund') {
      if (!booked || booked.ledgerFen !== l.amountFen) {
        const ours = booked?.ledgerFen ?? null;
        add('refund', { ...common, oursFen: ours, theirsFen: l.amountFen, adjustFen: (ours ?? 0) - l.amountFen });
      } else if (booked.ledgerDay !== l.day) add('other_day', { ...common, oursFen: booked.ledgerFen, theirsFen: l.amountFen, adjustFen: 0 });
      else matched++;
      continue;
    }
    if (!booked) add('only_theirs', { ...common, oursFen: null, theirsFen: l.amountFen, adjustFen: l.amountFen });
    else if (booked.ledgerFen !== l.amountFen || booked.amountFen !== booked.ledgerFen)
      add('amount', { ...common, oursFen: booked.ledgerFen, theirsFen: l.amountFen, adjustFen: l.amountFen - booked.ledgerFen! });
    else if (booked.ledgerDay !== l.day) add('other_day', { ...common, oursFen: booked.ledgerFen, theirsFen: l.amountFen, adjustFen: 0 });
    else if (expectedFeeFen(provider, l.amountFen) !== l.feeFen) {
      const ours = expectedFeeFen(provider, l.amountFen);
      add('fee', { ...common, oursFen: ours, theirsFen: l.feeFen, adjustFen: ours - l.feeFen });
    } else matched++;
  }
  for (const o of ours) {
    if (seen.has(o) || o.ledgerFen === null || o.ledgerDay !== day) continue;
    const common = {
      tradeNo: o.tradeNo || o.no,
      ourNo: o.no,
      refKey: `${o.kind}:${o.no}`,
      ourDay: o.ledgerDay,
      theirDay: null,
      theirsFen: null,
      oursFen: o.ledgerFen,
    };
    if (o.kind === 'pay') add('only_ours', { ...common, adjustFen: -o.ledgerFen });
    else add('refund', { ...common, adjustFen: o.ledgerFen });
  }
  return { matched, found: [...found.values()] };
}

/** The bill of a day, read: 100409 `state` naming the provider's refusal or an unreadable file. */
async function billOf(db: Db, secretKey: Buffer, orgId: number, provider: ReconcileProvider, day: string): Promise<ParsedBill> {
  let text: string;
  try {
    text = await downloadProviderBill(db, secretKey, orgId, provider, day);
  } catch (e) {
    if (e instanceof AppError && e.codeName === 'FORM_INVALID') throw invalid('provider', 'commerce.merchantMissing', { provider });
    if (e instanceof ProviderError) throw conflict('state', 'settlement.billFailed', { reason: e.message });
    throw e;
  }
  try {
    return parseBill(provider, text);
  } catch (e) {
    if (e instanceof BillFormatError) throw conflict('state', 'settlement.billUnreadable', { reason: e.message });
    throw e;
  }
}

/**
 * `POST {sport}settlement/reconcile` (fixed call): reconciles the caller's organisation's bill of
 * `date` from `provider` and answers what matched and every difference found. The run and its
 * mismatches are kept (the figures and the open mismatches of an earlier run of the day replaced).
 */
export async function reconcile(db: Db, caller: Caller, input: ReconcileRequest, secretKey: Buffer): Promise<ReconcileAnswer> {
  const scope = scopeOf(caller);
  const orgId = caller.orgId;
  const timeZone = await timeZoneOf(db, orgId);
  if (input.date > dayIn(new Date(), timeZone)) throw invalid('date', 'settlement.billDayAhead', { day: input.date });
  const bill = await billOf(db, secretKey, orgId, input.provider, input.date);
  const ours = await providerMoneyOf(db, scope, orgId, input.provider, input.date, {
    payNos: bill.lines.filter((l) => l.kind === 'pay').map((l) => l.paymentNo),
    refundNos: bill.lines.flatMap((l) => (l.kind === 'refund' && l.refundNo ? [l.refundNo] : [])),
  });
  const { matched, found } = matchBill(input.provider, input.date, bill, ours);
  await db.transaction(async (tx) => {
    const run = await upsertRun(tx, scope, orgId, input.provider, input.date, {
      lines: bill.lines.length,
      matched,
      mismatches: found.length,
      ...bill.totals,
      ranBy: caller.userId,
      ranAt: new Date(),
    });
    await replaceOpenMismatches(tx, scope, run, found);
  });
  return {
    matched,
    mismatches: found.map((m) => ({ kind: m.kind as MismatchKind, tradeNo: m.tradeNo, oursFen: m.oursFen ?? null, theirsFen: m.theirsFen ?? null })),
  };
}

export async function listRuns(db: Db, caller: Caller, q: ReconcileListQuery) {
  const { total, rows } = await pageRuns(
    db,
    scopeOf(caller),
    { provider: q.provider, fromDay: q.fromDay ?? undefined, toDay: q.toDay ?? undefined },
    pageOf(q),
  );
  return { total, data: rows };
}

export async function getRun(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const run = await findRunListed(db, scope, id);
  if (!run) throw notFound();
  return { ...run, mismatchList: await mismatchesOfRun(db, scope, id) };
}

/**
 * `POST {sport}settlement/reconcile/mismatch/{id}/resolve`: resolves an open mismatch with a note,
 * or with an adjusting ledger entry of its `adjustFen` (and the note), in one transaction after the
 * mismatch's lock. A resolved mismatch never changes.
 */
export async function resolveMismatch(db: Db, caller: Caller, id: number, input: MismatchResolve) {
  const scope = scopeOf(caller);
  const runId = await db.transaction(async (tx) => {
    const row = await lockMismatch(tx, scope, id);
    if (!row) throw notFound();
    if (row.m.state !== 'open') throw conflict('state', 'settlement.mismatchResolved');
    if (row.m.version !== input.version) throw staleVersion();
    let txnNo: string | null = null;
    if (input.way === 'adjust') {
      if (row.m.adjustFen === 0) throw invalid('way', 'settlement.nothingToAdjust');
      const rules = ADJUST_RULES[row.provider as ReconcileProvider];
      txnNo = await postByRule(tx, scope, row.m.adjustFen > 0 ? rules.in : rules.out, { orgId: row.m.orgId, amountFen: Math.abs(row.m.adjustFen) });
    }
    if (!(await markResolved(tx, scope, id, { way: input.way, note: input.note, txnNo, resolvedBy: caller.userId }))) throw staleVersion();
    return row.runId;
  });
  return getRun(db, caller, runId);
}

// ---------------------------------------------------------------- third-party clearing

export async function listClearing(db: Db, caller: Caller, q: ClearingListQuery) {
  const { total, rows } = await pageClearing(
    db,
    scopeOf(caller),
    caller.orgId,
    { provider: q.provider, fromDay: q.fromDay ?? undefined, toDay: q.toDay ?? undefined },
    pageOf(q),
  );
  return { total, data: rows };
}

export async function listReceipts(db: Db, caller: Caller, q: { provider: ReconcileProvider; day: string }) {
  return receiptsOf(db, scopeOf(caller), caller.orgId, q.provider, q.day);
}

/** Money received from a provider for a day, entered by hand; a reference given twice answers 100409 `duplicate`. */
export async function recordReceipt(db: Db, caller: Caller, input: ClearingReceipt) {
  const made = await insertReceipts(db, scopeOf(caller), [
    {
      orgId: caller.orgId,
      provider: input.provider,
      day: input.day,
      amountFen: input.amountFen,
      source: 'manual',
      reference: input.reference,
      note: input.note,
      createdBy: caller.userId,
    },
  ]);
  if (!made) throw conflict('duplicate', 'error.duplicate', { field: 'reference' }, [{ field: 'reference', message: 'error.duplicate' }]);
  return listReceipts(db, caller, input);
}

const PROVIDER_LABELS = {
  alipay: { 'zh-CN': '支付宝', 'en-US': 'Alipay' },
  wechat: { 'zh-CN': '微信支付', 'en-US': 'WeChat Pay' },
  aggregate: { 'zh-CN': '聚合支付', 'en-US': 'Aggregated QR' },
} as const;

/** A bank statement's columns: the day the money is for, the provider, the amount in yuan, the bank's reference. */
export const statementSheet: SheetColumn[] = [
  { key: 'day', title: { 'zh-CN': '业务日期', 'en-US': 'Business day' }, required: true, date: true },
  {
    key: 'provider',
    title: { 'zh-CN': '渠道', 'en-US': 'Provider' },
    required: true,
    options: RECONCILE_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] })),
  },
  { key: 'amount', title: { 'zh-CN': '金额（元）', 'en-US': 'Amount (yuan)' }, required: true },
  { key: 'reference', title: { 'zh-CN': '流水号', 'en-US': 'Reference' }, required: true },
  { key: 'note', title: { 'zh-CN': '摘要', 'en-US': 'Note' } },
];
const statementRow = z.object({
  day: fields.day,
  provider: z.enum(RECONCILE_PROVIDERS),
  amount: fields
    .str()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'settlement.amountYuan'),
  reference: fields.str().trim().min(1).max(64),
  note: fields.optText(200),
});

/** A statement file as the import reads it: xlsx as is, CSV or text in UTF-8 or GBK (as Chinese banks export it). */
export function statementFile(data: Buffer): UploadedFile {
  if (data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return { fileName: 'statement.xlsx', kind: 'xlsx', data, fields: {} };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = iconv.decode(data, 'gbk');
  }
  return { fileName: 'statement.csv', kind: 'txt', data: Buffer.from(text, 'utf8'), fields: {} };
}

/**
 * `POST {sport}settlement/clearing/import`: a bank statement's lines become money received. All or
 * nothing on a bad row (100400 with each row's error); a line whose reference was imported before is
 * skipped, so a statement imported twice adds nothing.
 */
export async function importStatement(db: Db, caller: Caller, data: Buffer, lang: Lang) {
  const raw = await readRows(statementFile(data), statementSheet, lang, 5000);
  const { valid, issues } = validateRows(raw, statementRow);
  if (issues.length) reject(issues, lang, raw.length);
  const added = await db.transaction((tx) =>
    insertReceipts(
      tx,
      scopeOf(caller),
      valid.map(({ data: d }) => ({
        orgId: caller.orgId,
        provider: d.provider,
        day: d.day,
        amountFen: amountFen(d.amount),
        source: 'statement',
        reference: d.reference,
        note: d.note,
        createdBy: caller.userId,
      })),
    ),
  );
  return { added, skipped: valid.length - added };
}
