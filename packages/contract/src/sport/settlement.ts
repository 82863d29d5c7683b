import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields } from '../fields.ts';

/**
 * Settlement (issue 29, spec 2.5 clearingSettlement): the daily close of a venue for a business
 * day of its time zone, with its totals by payment method and by item kind read from the ledger,
 * the cash the desks' shifts counted, and an operator's sign-off. Under `{sport}settlement`.
 */
const id = fields.id;

export const CLOSE_STATES = ['open', 'signed'] as const;
export type CloseState = (typeof CLOSE_STATES)[number];

/** `POST {sport}settlement/close` (fixed call): closes a venue's business day; again answers the same close. */
export const closeRequest = z.object({ stadiumId: id, date: fields.day });
export type CloseRequest = z.output<typeof closeRequest>;

const fenMap = z.record(z.string(), z.number().int());
export const closeTotals = z.object({ byMethod: fenMap, byKind: fenMap });
export const closeAnswer = z.object({ closeId: z.number(), state: z.enum(CLOSE_STATES), totals: closeTotals });
export type CloseAnswer = z.output<typeof closeAnswer>;

export const closeListQuery = pageQuery.extend({
  stadiumId: id.optional(),
  state: z.enum(CLOSE_STATES).optional(),
  fromDay: fields.optDay,
  toDay: fields.optDay,
});
export type CloseListQuery = z.output<typeof closeListQuery>;

export const closeRow = z.object({
  id: z.number(),
  orgId: z.number(),
  stadiumId: z.number(),
  stadiumName: z.string(),
  day: z.string(),
  state: fields.textOf(CLOSE_STATES),
  /** Money in less money out of the day, all methods (fen). */
  netFen: z.number(),
  shifts: z.number(),
  cashExpectedFen: z.number(),
  cashCountedFen: z.number(),
  signedByName: z.string().nullable(),
  signedAt: fields.instantOut.nullable(),
  computedAt: fields.instantOut,
  version: z.number(),
});
export type CloseRow = z.output<typeof closeRow>;

export const closeDetail = closeRow.extend({
  totals: closeTotals,
  /** The ledger entries the totals were read from (their id range and number) and the digest signed. */
  ledgerFirstId: z.number().nullable(),
  ledgerLastId: z.number().nullable(),
  ledgerEntries: z.number(),
  digest: z.string(),
  timeZone: z.string(),
});
export type CloseDetail = z.output<typeof closeDetail>;

/** `POST {sport}settlement/close/{id}/sign`: an operator signs the close off (it never changes after). */
export const closeSign = z.object({ version: fields.version });

// ---------------------------------------------------------------- reconciliation with the providers' bills

export const RECONCILE_PROVIDERS = ['alipay', 'wechat', 'aggregate'] as const;
export type ReconcileProvider = (typeof RECONCILE_PROVIDERS)[number];
/**
 * How a bill line and our books differ: only in ours, only in theirs, the amount, the provider's fee,
 * a refund (missing on one side, or another amount), or the money on another day (the bill line's
 * day against the ledger's business day in the venue's time zone).
 */
export const MISMATCH_KINDS = ['only_ours', 'only_theirs', 'amount', 'fee', 'refund', 'other_day'] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];
export const MISMATCH_STATES = ['open', 'resolved'] as const;
export const RESOLVE_WAYS = ['note', 'adjust'] as const;

/** `POST {sport}settlement/reconcile` (fixed call): the caller's organisation's bill of `date` from the provider. */
export const reconcileRequest = z.object({ provider: z.enum(RECONCILE_PROVIDERS), date: fields.day });
export type ReconcileRequest = z.output<typeof reconcileRequest>;
export const mismatchBrief = z.object({
  kind: z.enum(MISMATCH_KINDS),
  tradeNo: z.string(),
  /** Our side (ledger, or the fee our rate gives); null when we have no line. */
  oursFen: z.number().nullable(),
  theirsFen: z.number().nullable(),
});
export const reconcileAnswer = z.object({ matched: z.number(), mismatches: z.array(mismatchBrief) });
export type ReconcileAnswer = z.output<typeof reconcileAnswer>;

export const reconcileListQuery = pageQuery.extend({
  provider: z.enum(RECONCILE_PROVIDERS).optional(),
  fromDay: fields.optDay,
  toDay: fields.optDay,
});
export type ReconcileListQuery = z.output<typeof reconcileListQuery>;
export const reconcileRunRow = z.object({
  id: z.number(),
  orgId: z.number(),
  provider: fields.textOf(RECONCILE_PROVIDERS),
  day: z.string(),
  lines: z.number(),
  matched: z.number(),
  mismatches: z.number(),
  openMismatches: z.number(),
  grossFen: z.number(),
  refundFen: z.number(),
  feeFen: z.number(),
  netFen: z.number(),
  ranByName: z.string().nullable(),
  ranAt: fields.instantOut,
});
export type ReconcileRunRow = z.output<typeof reconcileRunRow>;
export const mismatchRow = z.object({
  id: z.number(),
  kind: fields.textOf(MISMATCH_KINDS),
  tradeNo: z.string(),
  /** Our payment or refund number, when we have one. */
  ourNo: z.string().nullable(),
  oursFen: z.number().nullable(),
  theirsFen: z.number().nullable(),
  ourDay: z.string().nullable(),
  theirDay: z.string().nullable(),
  state: fields.textOf(MISMATCH_STATES),
  way: fields.textOf(RESOLVE_WAYS).nullable(),
  note: z.string().nullable(),
  /** The adjusting ledger transaction, when resolved by one. */
  txnNo: z.string().nullable(),
  /** What an adjusting entry would move on the provider's account (fen, signed; 0: nothing to adjust). */
  adjustFen: z.number(),
  resolvedByName: z.string().nullable(),
  resolvedAt: fields.instantOut.nullable(),
  version: z.number(),
});
export type MismatchRow = z.output<typeof mismatchRow>;
export const reconcileRunDetail = reconcileRunRow.extend({ mismatchList: z.array(mismatchRow) });
export type ReconcileRunDetail = z.output<typeof reconcileRunDetail>;

/** `POST {sport}settlement/reconcile/mismatch/{id}/resolve`: with a note, or with an adjusting ledger entry (and its note). */
export const mismatchResolve = z.object({
  way: z.enum(RESOLVE_WAYS),
  note: fields.str().trim().min(1).max(200),
  version: fields.version,
});
export type MismatchResolve = z.output<typeof mismatchResolve>;

// ---------------------------------------------------------------- third-party clearing

export const clearingListQuery = pageQuery.extend({
  provider: z.enum(RECONCILE_PROVIDERS).optional(),
  fromDay: fields.optDay,
  toDay: fields.optDay,
});
export type ClearingListQuery = z.output<typeof clearingListQuery>;
/** A provider's day: what its bill says it owes, what the bank received, and the difference (received - net). */
export const clearingRow = z.object({
  /** provider:day, the row's key. */
  key: z.string(),
  provider: fields.textOf(RECONCILE_PROVIDERS),
  day: z.string(),
  billed: z.boolean(),
  grossFen: z.number(),
  refundFen: z.number(),
  feeFen: z.number(),
  netFen: z.number(),
  receivedFen: z.number(),
  receipts: z.number(),
  diffFen: z.number(),
});
export type ClearingRow = z.output<typeof clearingRow>;
export const RECEIPT_SOURCES = ['manual', 'statement'] as const;
/** `POST {sport}settlement/clearing/receipt`: money received from a provider for a day, entered by hand. */
export const clearingReceipt = z.object({
  provider: z.enum(RECONCILE_PROVIDERS),
  day: fields.day,
  amountFen: z.number().int().min(1).max(100_000_000_000),
  reference: fields.optText(64),
  note: fields.optText(200),
});
export type ClearingReceipt = z.output<typeof clearingReceipt>;
export const clearingReceiptRow = z.object({
  id: z.number(),
  provider: fields.textOf(RECONCILE_PROVIDERS),
  day: z.string(),
  amountFen: z.number(),
  source: fields.textOf(RECEIPT_SOURCES),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: fields.instantOut,
});
export const clearingReceiptQuery = z.object({ provider: z.enum(RECONCILE_PROVIDERS), day: fields.day });
/** A bank statement imported: rows added, and rows skipped because their reference was imported before. */
export const statementImported = z.object({ added: z.number(), skipped: z.number() });
