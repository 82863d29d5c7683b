import { isCreditCode, type InvoiceCreate, type InvoiceCredit, type InvoiceListQuery, type InvoiceReissue, type InvoiceTitleKind } from '@venue/contract';
import type { Db, Executor, Tx } from '../../../platform/db.ts';
import { conflict, invalid, isUniqueViolation, notFound, staleVersion } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { openSecret } from '../../../platform/keys.ts';
import { pageOf } from '../../../platform/list.ts';
import { scopeOf, SYSTEM_SCOPE, type Scope } from '../../../platform/scope.ts';
import { findOrder, idempotent, itemsOf, ProviderError, type OrderRecord } from '../commerce/index.ts';
import { einvoice, type PlatformConfig } from './einvoice.client.ts';
import { yuan } from './einvoice.protocol.ts';
import {
  attemptsOf,
  findInvoice,
  insertInvoice,
  insertInvoiceLines,
  linesOf,
  liveInvoiceOf,
  moveInvoice,
  noteInvoice,
  pageInvoices,
  pendingInvoices,
  platformFor,
  type InvoiceRecord,
} from './invoice.repository.ts';
import { lineTaxFen, taxRatesOf } from './invoice.tax.ts';
import './invoice.messages.ts';

/**
 * E-invoices (docs/decisions.md, "Invoices"): requested for a paid order in one transaction after
 * the order's lock (at most one live invoice per order: the check, and the database's partial
 * unique index whatever races), sent to the organisation's platform after commit with the order
 * number as the request number (the platform's idempotency key), then followed by queries (the
 * refresh call, the sync job) until issued or failed. A credit note is a red-letter confirmation
 * then the red invoice, followed the same way; the order may then be invoiced again.
 */

/** Orders an invoice may be asked for: paid, nothing refunded. */
const INVOICEABLE = ['paid', 'completed'];

// ---------------------------------------------------------------- the platform

async function platformOf(db: Executor, secretKey: Buffer, orgId: number): Promise<PlatformConfig | undefined> {
  // An ancestor's platform serves its venues (as payment merchants do): looked up across organisations.
  const p = await platformFor(db, SYSTEM_SCOPE, orgId);
  if (!p) return undefined;
  return { gateway: p.gateway, appKey: p.appKey, secret: openSecret(secretKey, p.secretEnc), sellerTaxNo: p.sellerTaxNo, sellerName: p.sellerName };
}

/** A transport failure leaves the invoice for the sync job; a platform's refusal is answered. */
const transient = (e: unknown) => e instanceof ProviderError && (e.code === 'HTTP' || e.code === 'TIMEOUT' || e.code === 'SIGN');

/**
 * One step of an invoice the platform is working on, as far as the platform has got: sends what
 * was not sent (the blue request, the red-letter confirmation, the credit note), and with `query`
 * asks for the state of what was sent. Every write is conditional on the state it found.
 */
async function advance(db: Db, secretKey: Buffer, inv: InvoiceRecord, query: boolean): Promise<void> {
  const scope = SYSTEM_SCOPE;
  const cfg = await platformOf(db, secretKey, inv.orgId);
  if (!cfg) return;
  if (inv.state === 'issuing') {
    if (!inv.serialNo) {
      const lines = await linesOf(db, scope, inv.id);
      try {
        const r = await einvoice.issue(cfg, {
          requestNo: inv.requestNo,
          sellerTaxNo: cfg.sellerTaxNo,
          sellerName: cfg.sellerName,
          buyerType: inv.titleKind === 'company' ? '1' : '0',
          buyerName: inv.title,
          buyerTaxNo: inv.taxNo ?? undefined,
          buyerEmail: inv.email ?? undefined,
          totalAmount: yuan(inv.amountFen),
          totalTax: yuan(inv.taxFen),
          items: lines.map((l) => ({
            name: l.name,
            quantity: l.quantity,
            amount: yuan(l.amountFen),
            taxRate: (l.taxRateBp / 10_000).toFixed(4),
            tax: yuan(l.taxFen),
          })),
        });
        await noteInvoice(db, scope, inv.id, 'issuing', { serialNo: r.serialNo });
        inv = { ...inv, serialNo: r.serialNo };
      } catch (e) {
        if (transient(e)) throw e;
        await moveInvoice(db, scope, inv.id, 'issuing', 'failed', { failReason: (e as Error).message.slice(0, 200) });
        return;
      }
    }
    if (!query) return;
    const s = await einvoice.query(cfg, inv.serialNo!);
    if (s.status === 'ISSUED')
      await moveInvoice(db, scope, inv.id, 'issuing', 'issued', {
        invoiceNo: s.invoiceNo ?? null,
        pdfUrl: s.pdfUrl ?? null,
        issuedAt: s.issueTime ? new Date(s.issueTime) : new Date(),
      });
    else if (s.status === 'FAILED') await moveInvoice(db, scope, inv.id, 'issuing', 'failed', { failReason: (s.failReason ?? '').slice(0, 200) || null });
    return;
  }
  if (inv.state !== 'crediting') return;
  try {
    if (!inv.redConfirmNo) {
      const c = await einvoice.redConfirm(cfg, inv.serialNo!, inv.creditReason ?? '');
      await noteInvoice(db, scope, inv.id, 'crediting', { redConfirmNo: c.confirmNo });
      inv = { ...inv, redConfirmNo: c.confirmNo };
    }
    if (!inv.redSerialNo) {
      // The credit note's own request number: the blue one's, `-R` and the attempt (a failed credit note may be asked again).
      const r = await einvoice.redIssue(cfg, inv.redConfirmNo!, `${inv.requestNo}-R${inv.version}`);
      await noteInvoice(db, scope, inv.id, 'crediting', { redSerialNo: r.serialNo });
      inv = { ...inv, redSerialNo: r.serialNo };
    }
  } catch (e) {
    if (transient(e)) throw e;
    await moveInvoice(db, scope, inv.id, 'crediting', 'issued', { failReason: (e as Error).message.slice(0, 200), redConfirmNo: null, redSerialNo: null });
    return;
  }
  if (!query) return;
  const s = await einvoice.query(cfg, inv.redSerialNo!);
  if (s.status === 'ISSUED')
    await moveInvoice(db, scope, inv.id, 'crediting', 'credited', { redInvoiceNo: s.invoiceNo ?? null, redPdfUrl: s.pdfUrl ?? null, creditedAt: new Date() });
  else if (s.status === 'FAILED')
    await moveInvoice(db, scope, inv.id, 'crediting', 'issued', {
      failReason: (s.failReason ?? '').slice(0, 200) || null,
      redConfirmNo: null,
      redSerialNo: null,
    });
}

/** `advance`, a transport failure left for the sync job (the call answers the invoice as it is). */
async function tryAdvance(db: Db, secretKey: Buffer, id: number, query: boolean): Promise<void> {
  const inv = await findInvoice(db, SYSTEM_SCOPE, id);
  if (!inv) return;
  try {
    await advance(db, secretKey, inv, query);
  } catch (e) {
    if (!transient(e)) throw e;
  }
}

/** The sync job: every invoice still with the platform, one step each; answers how many were looked at. */
export async function syncInvoices(db: Db, secretKey: Buffer, limit = 500): Promise<{ looked: number; failed: number }> {
  let failed = 0;
  const pending = await pendingInvoices(db, SYSTEM_SCOPE, limit);
  for (const inv of pending) {
    try {
      await advance(db, secretKey, inv, true);
    } catch {
      failed += 1; // the platform could not be reached: the next run asks again
    }
  }
  return { looked: pending.length, failed };
}

// ---------------------------------------------------------------- request, credit, reissue

function titleOf(input: Pick<InvoiceCreate, 'title' | 'taxNo' | 'titleKind'>): { titleKind: InvoiceTitleKind; taxNo: string | null } {
  const titleKind = input.titleKind ?? (input.taxNo ? 'company' : 'personal');
  if (titleKind === 'company') {
    if (!input.taxNo) throw invalid('taxNo', 'invoice.taxNoRequired');
    if (!isCreditCode(input.taxNo)) throw invalid('taxNo', 'invoice.taxNoInvalid');
    return { titleKind, taxNo: input.taxNo };
  }
  if (input.taxNo) throw invalid('taxNo', 'invoice.personalTaxNo');
  return { titleKind, taxNo: null };
}

const invoiced = (order: Pick<OrderRecord, 'orderNo'>) => conflict('invoiced', 'invoice.invoiced', { orderNo: order.orderNo });

/**
 * `POST invoice`: the invoice of a paid order of the caller's scope, its lines and tax from the
 * order's lines; sent to the platform after commit. A live invoice of the order answers 100409
 * `invoiced` (an `Idempotency-Key` seen before answers the first call's invoice).
 */
export async function requestInvoice(db: Db, caller: Caller, input: InvoiceCreate, key: string | undefined, secretKey: Buffer) {
  const scope = scopeOf(caller);
  const title = titleOf(input);
  const rateOf = await taxRatesOf(db);
  let id: number;
  try {
    id = await idempotent(db, caller, 'invoice.request', key, input, async (tx) => {
      const order = await findOrder(tx, scope, input.orderId, { lock: true });
      if (!order) throw notFound();
      if (!INVOICEABLE.includes(order.state)) throw conflict('state', 'invoice.orderNotPaid', { orderNo: order.orderNo });
      if (await liveInvoiceOf(tx, scope, order.id)) throw invoiced(order);
      if (!(await platformFor(tx, SYSTEM_SCOPE, order.orgId))) throw conflict('state', 'invoice.noPlatform');
      return (await insertRequest(tx, scope, order, { ...input, ...title }, rateOf, caller.userId)).id;
    });
  } catch (e) {
    // The order's lock serialises requests; the index is the last word if anything slips by.
    if (isUniqueViolation(e)) throw conflict('invoiced', 'invoice.invoicedAlready');
    throw e;
  }
  await tryAdvance(db, secretKey, id, false);
  const inv = (await findInvoice(db, scope, id))!;
  return { id: inv.id, state: inv.state, orderId: inv.orderId };
}

async function insertRequest(
  tx: Tx,
  scope: Scope,
  order: OrderRecord,
  input: { title: string; titleKind: InvoiceTitleKind; taxNo: string | null; email?: string },
  rateOf: (kind: string) => number,
  userId: number,
) {
  const items = (await itemsOf(tx, scope, order.id)).filter((i) => i.amountFen > 0);
  if (!items.length) throw conflict('state', 'invoice.nothingToInvoice', { orderNo: order.orderNo });
  const lines = items.map((i) => {
    const taxRateBp = rateOf(i.kind);
    return { itemId: i.id, name: i.name, kind: i.kind, quantity: i.quantity, amountFen: i.amountFen, taxRateBp, taxFen: lineTaxFen(i.amountFen, taxRateBp) };
  });
  const attempt = (await attemptsOf(tx, scope, order.id)) + 1;
  const inv = await insertInvoice(tx, scope, {
    orgId: order.orgId,
    orderId: order.id,
    attempt,
    requestNo: attempt === 1 ? order.orderNo : `${order.orderNo}-${attempt}`,
    titleKind: input.titleKind,
    title: input.title,
    taxNo: input.taxNo,
    email: input.email ?? null,
    amountFen: lines.reduce((s, l) => s + l.amountFen, 0),
    taxFen: lines.reduce((s, l) => s + l.taxFen, 0),
    state: 'issuing',
    createdBy: userId,
  });
  await insertInvoiceLines(
    tx,
    scope,
    lines.map((l) => ({ ...l, orgId: order.orgId, invoiceId: inv.id })),
  );
  return inv;
}

/** `POST invoice/{id}/credit`: an issued invoice, at the version the operator saw, is credited (red-letter confirmation, then the credit note). */
export async function creditInvoice(db: Db, caller: Caller, id: number, input: InvoiceCredit, secretKey: Buffer) {
  const scope = scopeOf(caller);
  const inv = await findInvoice(db, scope, id);
  if (!inv) throw notFound();
  if (inv.version !== input.version) throw staleVersion();
  if (inv.state !== 'issued') throw conflict('state', 'invoice.notIssued');
  const moved = await moveInvoice(db, scope, id, 'issued', 'crediting', { creditReason: input.reason, failReason: null });
  if (!moved || moved.version !== input.version + 1) throw staleVersion();
  await tryAdvance(db, secretKey, id, false);
  return getInvoice(db, caller, id);
}

/** `POST invoice/{id}/reissue`: a new invoice for a credited (or failed) invoice's order, its title kept unless given. */
export async function reissueInvoice(db: Db, caller: Caller, id: number, input: InvoiceReissue, key: string | undefined, secretKey: Buffer) {
  const inv = await findInvoice(db, scopeOf(caller), id);
  if (!inv) throw notFound();
  if (inv.state !== 'credited' && inv.state !== 'failed') throw conflict('state', 'invoice.notCredited');
  const title = input.title ?? inv.title;
  const titleKind = input.titleKind ?? (input.taxNo !== undefined || input.title !== undefined ? undefined : (inv.titleKind as InvoiceTitleKind));
  const taxNo = input.taxNo ?? (input.title === undefined && titleKind === 'company' ? (inv.taxNo ?? undefined) : undefined);
  return requestInvoice(db, caller, { orderId: inv.orderId, title, taxNo, email: input.email ?? inv.email ?? undefined, titleKind }, key, secretKey);
}

/** `POST invoice/{id}/refresh`: asks the platform how far it got (the sync job does the same for every one). */
export async function refreshInvoice(db: Db, caller: Caller, id: number, secretKey: Buffer) {
  const inv = await findInvoice(db, scopeOf(caller), id);
  if (!inv) throw notFound();
  await tryAdvance(db, secretKey, id, true);
  return getInvoice(db, caller, id);
}

/** The refund precondition (commerce's port): an order with a live invoice is refunded only once it is credited. */
export async function refuseRefundWhileInvoiced(tx: Tx, scope: Scope, order: Pick<OrderRecord, 'id' | 'orderNo'>): Promise<void> {
  const live = await liveInvoiceOf(tx, scope, order.id);
  if (!live) return;
  throw conflict('state', live.state === 'crediting' ? 'invoice.refundCrediting' : 'invoice.refundCreditFirst', { orderNo: order.orderNo });
}

// ---------------------------------------------------------------- reads

const rowOut = (inv: InvoiceRecord, orderNo: string, memberId: number | null) => ({
  id: inv.id,
  orgId: inv.orgId,
  orderId: inv.orderId,
  orderNo,
  memberId,
  titleKind: inv.titleKind,
  title: inv.title,
  taxNo: inv.taxNo,
  email: inv.email,
  amountFen: inv.amountFen,
  taxFen: inv.taxFen,
  state: inv.state,
  serialNo: inv.serialNo,
  invoiceNo: inv.invoiceNo,
  pdfUrl: inv.pdfUrl,
  failReason: inv.failReason,
  issuedTime: inv.issuedAt,
  creditReason: inv.creditReason,
  redConfirmNo: inv.redConfirmNo,
  redInvoiceNo: inv.redInvoiceNo,
  redPdfUrl: inv.redPdfUrl,
  creditedTime: inv.creditedAt,
  createTime: inv.createdAt,
  version: inv.version,
});

export async function getInvoice(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const inv = await findInvoice(db, scope, id);
  if (!inv) throw notFound();
  const order = (await findOrder(db, scope, inv.orderId))!;
  const lines = await linesOf(db, scope, id);
  return {
    ...rowOut(inv, order.orderNo, order.memberId),
    lines: lines.map((l) => ({ name: l.name, kind: l.kind, quantity: l.quantity, amountFen: l.amountFen, taxRateBp: l.taxRateBp, taxFen: l.taxFen })),
  };
}

export async function listInvoices(db: Db, caller: Caller, q: InvoiceListQuery) {
  const { total, rows } = await pageInvoices(db, scopeOf(caller), q, pageOf(q));
  return { total, data: rows.map((r) => rowOut(r.invoice, r.orderNo, r.memberId)) };
}
