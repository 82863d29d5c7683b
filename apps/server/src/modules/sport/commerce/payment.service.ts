import type { FastifyBaseLogger } from 'fastify';
import type { PaymentStart, ProviderMethod } from '@venue/contract';
import type { Db, Tx } from '../../../platform/db.ts';
import { AppError, conflict, invalid, notFound } from '../../../platform/errors.ts';
import { isPayMethod } from './ledger.ts';
import type { Caller } from '../../../platform/http.ts';
import { oneOrgScope, scopeOf, SYSTEM_SCOPE, type Scope } from '../../../platform/scope.ts';
import {
  debitAccount,
  findAccount,
  findLeg,
  findLegByOutRefundNo,
  findNotification,
  findOrder,
  findOrderByScanToken,
  findPayment,
  findPaymentByNo,
  insertNotification,
  insertPayment,
  nextDocNo,
  notePayment,
  openPaymentsOf,
  openProviderPaymentIds,
  paymentTotals,
  paymentView,
  processingLegIds,
  setNotificationOutcome,
  transitionPayment,
  type PaymentRecord,
} from './commerce.repository.ts';
import { configOf, enabledMethods, merchantConfigFor, merchantsNamed } from './merchant.service.ts';
import { storedValueHooks } from './item-kinds.ts';
import { failLeg, noWork, succeedLeg, succeedPayment, timeZoneOf, type AfterCommit } from './money.ts';
import { getOrderRow, idempotent, type AfterCommitRunner } from './order.service.ts';
import { providerOf } from './providers/index.ts';
import { NotifySignatureError, ProviderError, outcomeUnknown, type NotifyReply, type TradeStatus } from './providers/provider.ts';
import { fenToYuan } from './providers/money.ts';

/** What the payment paths need from the running server. */
export interface PayDeps {
  db: Db;
  /** Key that opens merchant secrets. */
  secretKey: Buffer;
  /** Public base of this server (notification URLs): the configured PUBLIC_URL or the request's origin. */
  origin: string;
  sportPrefix: string;
  log: FastifyBaseLogger;
}

/** A barcode payment still waiting for the customer's password is reversed after this long. */
export const BARCODE_WAIT_MS = 60_000;

const notifyUrl = (d: PayDeps, provider: string) => `${d.origin}${d.sportPrefix}pay/notify/${provider}`;
const errText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 300);

/** Runs what a commit left to do with providers: refund legs to send, open payments to close. */
export function afterCommit(d: PayDeps): AfterCommitRunner {
  return async (work) => {
    for (const id of work.legIds) await sendLeg(d, id);
    for (const id of work.closePaymentIds ?? []) await closeProviderPayment(d, id);
  };
}

async function inTx(d: PayDeps, fn: (tx: Tx) => Promise<AfterCommit | undefined>): Promise<void> {
  const work = await d.db.transaction(fn);
  if (work) await afterCommit(d)(work);
}

// ---------------------------------------------------------------- taking a payment

/**
 * One payment towards a pending order (several make a mixed payment). Cash, transfer, comps and
 * stored value succeed at once; a provider payment is created, then its QR code is asked for
 * (`qr`) or the customer's code is charged (`barcode`). With an `Idempotency-Key` a retry answers
 * the same payment and never charges twice.
 */
export async function startPayment(d: PayDeps, caller: Caller, orderId: number, input: PaymentStart, key: string | undefined) {
  if (!isPayMethod(input.method)) throw invalid('method', 'error.field.invalid'); // the contract's method is open; the registry decides
  const scope = scopeOf(caller);
  let work: AfterCommit = noWork();
  let fresh = false;
  const paymentId = await idempotent(d.db, caller, `order.pay:${orderId}`, key, input, async (tx) => {
    const order = await findOrder(tx, scope, orderId, { lock: true });
    if (!order) throw notFound();
    if (order.state !== 'pending') throw conflict('state', 'commerce.orderNotPending');
    if (order.expiresAt && order.expiresAt.getTime() < Date.now()) throw conflict('state', 'commerce.orderExpired');
    const { succeededFen, openFen } = await paymentTotals(tx, scope, orderId);
    const available = order.payableFen - succeededFen - openFen;
    if (input.amountFen <= 0) throw invalid('amountFen', 'commerce.amountZero');
    if (input.amountFen > available) throw invalid('amountFen', 'commerce.amountTooBig', { dueYuan: fenToYuan(Math.max(0, available)) });
    const tz = await timeZoneOf(tx, order.orgId);
    const base = {
      orgId: order.orgId,
      orderId,
      paymentNo: `P${await nextDocNo(tx, tz)}`,
      method: input.method,
      amountFen: input.amountFen,
      operatorId: caller.userId,
      state: 'created' as const,
    };
    fresh = true;
    if (input.method === 'alipay' || input.method === 'wechat' || input.method === 'aggregate') {
      if (!input.flow) throw invalid('flow', 'commerce.flowRequired');
      await merchantConfigFor(tx, d.secretKey, order.orgId, input.method); // refuses a method with no merchant
      const expiresAt = input.flow === 'barcode' ? new Date(Date.now() + BARCODE_WAIT_MS) : order.expiresAt;
      return (await insertPayment(tx, scope, { ...base, flow: input.flow, provider: input.method, expiresAt })).id;
    }
    let accountId: number | null = null;
    // Stored value and cards: the cards module checks the card (frozen, expired, a sharer's limit) and takes a times card's uses.
    const hooks = storedValueHooks();
    if (input.method === 'card' && !hooks) throw invalid('method', 'error.field.invalid');
    const afterPay =
      input.method === 'balance' || input.method === 'card'
        ? await hooks?.guard(tx, scope, {
            order,
            method: input.method,
            accountId: input.accountId ?? null,
            cardId: input.cardId ?? null,
            amountFen: input.amountFen,
            userId: caller.userId,
          })
        : undefined;
    if (input.method === 'balance') {
      accountId = input.accountId!;
      if (!(await debitAccount(tx, scope, accountId, input.amountFen))) {
        const account = await findAccount(tx, scope, accountId);
        if (!account) throw notFound(); // another organisation's account: as if it did not exist
        if (account.status !== 'active') throw invalid('accountId', 'commerce.accountMissing');
        throw invalid('amountFen', 'commerce.insufficientBalance');
      }
    }
    const received = input.method === 'cash' ? (input.receivedFen ?? input.amountFen) : null;
    const payment = await insertPayment(tx, scope, {
      ...base,
      flow: 'direct',
      accountId,
      receivedFen: received,
      changeFen: received === null ? null : received - input.amountFen,
    });
    await afterPay?.(payment);
    work = (await succeedPayment(tx, scope, payment))!.work;
    return payment.id;
  });
  await afterCommit(d)(work);
  if (fresh) {
    const p = (await findPayment(d.db, scope, paymentId))!;
    if (p.provider && p.state === 'created') await askProvider(d, p, input.authCode);
  }
  return paymentAnswer(d.db, scope, paymentId);
}

async function paymentAnswer(db: Db, scope: Scope, id: number) {
  const payment = await paymentView(db, scope, id);
  if (!payment) throw notFound();
  return { payment, order: await getOrderRow(db, scope, payment.orderId) };
}

/** Asks the provider for a QR code, or charges the customer's code (barcode). */
async function askProvider(d: PayDeps, p: PaymentRecord, authCode: string | undefined): Promise<void> {
  const scope = oneOrgScope(p.orgId);
  const provider = providerOf(p.provider as ProviderMethod);
  const order = (await findOrder(d.db, scope, p.orderId))!;
  const trade = {
    outTradeNo: p.paymentNo,
    amountFen: p.amountFen,
    subject: order.itemSummary.slice(0, 120),
    notifyUrl: notifyUrl(d, provider.name),
    expiresAt: p.expiresAt ?? new Date(Date.now() + 15 * 60_000),
  };
  try {
    const cfg = await merchantConfigFor(d.db, d.secretKey, p.orgId, provider.name);
    if (p.flow === 'barcode') {
      await applyStatus(d, p, await provider.micropay(cfg, { ...trade, authCode: authCode! }));
    } else {
      const { qrCode } = await provider.precreate(cfg, trade);
      await notePayment(d.db, scope, p.id, { qrCode });
    }
  } catch (e) {
    if (p.flow === 'barcode' && outcomeUnknown(e)) {
      // The customer may have been charged: keep it open; the query (console poll or job) settles or reverses it.
      d.log.warn({ err: e, paymentNo: p.paymentNo }, 'barcode payment outcome unknown; left open for the query');
      await notePayment(d.db, scope, p.id, { error: errText(e) });
      return;
    }
    if (!(e instanceof ProviderError)) d.log.warn({ err: e, paymentNo: p.paymentNo }, 'payment provider call failed');
    await transitionPayment(d.db, scope, p.id, ['created'], { state: 'failed', error: errText(e) });
  }
}

/** What the provider says of a trade, applied to our payment (each step a conditional write). */
async function applyStatus(d: PayDeps, p: PaymentRecord, s: TradeStatus): Promise<void> {
  const scope = oneOrgScope(p.orgId);
  if (s.state === 'succeeded' || s.state === 'refunded') {
    if (s.paidFen !== undefined && s.paidFen !== p.amountFen) {
      d.log.error({ paymentNo: p.paymentNo, paidFen: s.paidFen, amountFen: p.amountFen }, 'provider reports a different amount');
      await notePayment(d.db, scope, p.id, { error: `amount mismatch: ${s.paidFen}` });
      return;
    }
    // succeedPayment locks the order first (money.ts: one lock order).
    await inTx(d, async (tx) => (await succeedPayment(tx, scope, p, { tradeNo: s.tradeNo, raw: s.raw, at: s.paidAt }))?.work);
  } else if (s.state === 'closed' || s.state === 'failed') {
    await transitionPayment(d.db, scope, p.id, ['created'], {
      state: s.state,
      closedAt: new Date(),
      raw: s.raw as object,
      error: s.state === 'failed' ? 'failed' : null,
    });
  } else if (s.tradeNo) {
    await notePayment(d.db, scope, p.id, { providerTradeNo: s.tradeNo });
  }
}

/**
 * Brings an open provider payment up to date (the console polls it; the job sweeps the rest): a
 * barcode payment past its wait is reversed, a QR payment past its order's time-out closed.
 */
export async function syncPayment(d: PayDeps, p: PaymentRecord): Promise<void> {
  if (!p.provider || p.state !== 'created') return;
  const provider = providerOf(p.provider as ProviderMethod);
  try {
    const cfg = await merchantConfigFor(d.db, d.secretKey, p.orgId, provider.name);
    const s = await provider.query(cfg, p.paymentNo);
    if (s.state === 'paying' || s.state === 'not_found') {
      if (p.expiresAt && p.expiresAt.getTime() < Date.now()) {
        if (p.flow === 'barcode') await provider.reverse(cfg, p.paymentNo);
        else if (s.state === 'paying') await provider.close(cfg, p.paymentNo);
        await transitionPayment(d.db, oneOrgScope(p.orgId), p.id, ['created'], { state: 'closed', closedAt: new Date(), error: 'timeout' });
      }
      return;
    }
    await applyStatus(d, p, s);
  } catch (e) {
    d.log.warn({ err: e, paymentNo: p.paymentNo }, 'payment query failed');
  }
}

export async function getPayment(d: PayDeps, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const p = await findPayment(d.db, scope, id);
  if (!p) throw notFound();
  await syncPayment(d, p);
  return paymentAnswer(d.db, scope, id);
}

/** Closes an open provider payment (the operator gave up on it). Money that arrived meanwhile is kept. */
export async function closePayment(d: PayDeps, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const p = await findPayment(d.db, scope, id);
  if (!p) throw notFound();
  if (p.state !== 'created') throw conflict('state', 'commerce.paymentNotOpen');
  await closeProviderPayment(d, id);
  return paymentAnswer(d.db, scope, id);
}

async function closeProviderPayment(d: PayDeps, id: number): Promise<void> {
  const scope = SYSTEM_SCOPE;
  const p = await findPayment(d.db, scope, id);
  if (!p || p.state !== 'created') return;
  if (p.provider) {
    const provider = providerOf(p.provider as ProviderMethod);
    try {
      const cfg = await merchantConfigFor(d.db, d.secretKey, p.orgId, provider.name);
      const s = await provider.query(cfg, p.paymentNo);
      if (s.state === 'succeeded') return applyStatus(d, p, s); // paid just now: credit it (a cancelled order refunds it)
      if (s.state === 'paying') await (p.flow === 'barcode' ? provider.reverse(cfg, p.paymentNo) : provider.close(cfg, p.paymentNo));
    } catch (e) {
      d.log.warn({ err: e, paymentNo: p.paymentNo }, 'closing a provider payment failed; closed here, a late notification is refunded');
    }
  }
  await transitionPayment(d.db, oneOrgScope(p.orgId), p.id, ['created'], { state: 'closed', closedAt: new Date() });
}

// ---------------------------------------------------------------- refunds through providers

/** Sends a provider refund leg; a provider that answers `processing` finishes by notification or query. */
export async function sendLeg(d: PayDeps, legId: number): Promise<void> {
  const leg = await findLeg(d.db, SYSTEM_SCOPE, legId);
  if (!leg || leg.state !== 'processing' || !leg.provider || !leg.paymentId) return;
  const scope = oneOrgScope(leg.orgId);
  const payment = (await findPayment(d.db, scope, leg.paymentId))!;
  const provider = providerOf(leg.provider as ProviderMethod);
  try {
    const cfg = await merchantConfigFor(d.db, d.secretKey, leg.orgId, provider.name);
    let s = await provider.refundQuery(cfg, payment.paymentNo, leg.outRefundNo);
    if (s.state === 'not_found')
      s = await provider.refund(cfg, {
        outTradeNo: payment.paymentNo,
        outRefundNo: leg.outRefundNo,
        refundFen: leg.amountFen,
        totalFen: payment.amountFen,
        reason: 'refund',
        notifyUrl: notifyUrl(d, provider.name),
      });
    if (s.state === 'succeeded') await inTx(d, async (tx) => (await succeedLeg(tx, scope, leg, { refundNo: s.refundNo, raw: s.raw }), undefined));
    else if (s.state === 'failed') await inTx(d, async (tx) => (await failLeg(tx, scope, leg, 'provider refused the refund', s.raw), undefined));
  } catch (e) {
    // Only the provider's own refusal fails a refund; anything else is asked again by the job.
    if (!outcomeUnknown(e)) await inTx(d, async (tx) => (await failLeg(tx, scope, leg, errText(e), (e as ProviderError).raw), undefined));
    else d.log.warn({ err: e, outRefundNo: leg.outRefundNo }, 'refund outcome unknown; the job asks again');
  }
}

// ---------------------------------------------------------------- notifications

/**
 * `POST {sport}pay/notify/{provider}`: verified against the merchant it names, recorded once in
 * the inbox by (provider, notifyId), then applied: a payment credited once, a refund leg finished.
 * A replay is answered as accepted and changes nothing; a forged or altered one is refused and
 * logged; a wrong amount is refused and left for a person.
 */
export async function handleNotification(
  d: PayDeps,
  providerName: ProviderMethod,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<NotifyReply> {
  const provider = providerOf(providerName);
  const merchantKey = provider.notifyMerchantKey(headers, rawBody);
  const merchants = merchantKey ? await merchantsNamed(d.db, providerName, merchantKey) : [];
  let parsed: { n: ReturnType<typeof provider.parseNotify>; orgId: number } | undefined;
  for (const m of merchants) {
    try {
      parsed = { n: provider.parseNotify(configOf(m, d.secretKey), headers, rawBody), orgId: m.orgId };
      break;
    } catch (e) {
      if (!(e instanceof NotifySignatureError)) d.log.warn({ err: e, provider: providerName }, 'notification could not be read');
    }
  }
  if (!parsed) {
    d.log.warn({ provider: providerName, merchantKey, bytes: rawBody.length }, 'payment notification refused: signature or merchant not verified');
    return provider.notifyReply(false);
  }
  const { n, orgId } = parsed;
  const scope = oneOrgScope(orgId);
  let accepted = true;
  let work: AfterCommit = noWork();
  await d.db.transaction(async (tx) => {
    const inbox = await insertNotification(tx, scope, {
      orgId,
      provider: providerName,
      notifyId: n.notifyId.slice(0, 128),
      kind: n.kind,
      outTradeNo: n.outTradeNo,
      outRefundNo: n.outRefundNo ?? null,
      amountFen: n.amountFen,
      outcome: 'received',
      raw: n.raw as object,
    });
    if (!inbox) {
      const seen = await findNotification(tx, scope, providerName, n.notifyId.slice(0, 128));
      accepted = seen?.outcome !== 'amount_mismatch';
      return;
    }
    let outcome: string;
    if (n.kind === 'pay') {
      const found = await findPaymentByNo(tx, scope, n.outTradeNo);
      // The order first, then the payment read again under its lock (one lock order: money.ts).
      if (found) await findOrder(tx, scope, found.orderId, { lock: true });
      const p = found && (await findPayment(tx, scope, found.id));
      if (!p || p.provider !== providerName) outcome = 'unknown_trade';
      else if (n.state !== 'succeeded') {
        outcome = (await transitionPayment(tx, scope, p.id, ['created'], { state: 'closed', closedAt: new Date(), raw: n.raw as object }))
          ? 'closed'
          : 'ignored';
      } else if (n.amountFen !== p.amountFen) {
        outcome = 'amount_mismatch';
        accepted = false;
        d.log.error(
          { provider: providerName, paymentNo: p.paymentNo, notified: n.amountFen, expected: p.amountFen },
          'payment notification with a wrong amount refused',
        );
      } else {
        const done = await succeedPayment(tx, scope, p, { tradeNo: n.tradeNo, raw: n.raw, at: n.at });
        work = done?.work ?? noWork();
        outcome = !done ? 'already_credited' : work.legIds.length ? 'refunded_late' : 'credited';
      }
    } else {
      // succeedLeg and failLeg lock the refund's order before the leg (one lock order: money.ts).
      const leg = n.outRefundNo ? await findLegByOutRefundNo(tx, scope, providerName, n.outRefundNo) : undefined;
      if (!leg) outcome = 'unknown_refund';
      else if (n.state === 'succeeded') outcome = (await succeedLeg(tx, scope, leg, { refundNo: n.tradeNo, raw: n.raw })) ? 'refund_done' : 'ignored';
      else {
        await failLeg(tx, scope, leg, 'provider reported the refund failed', n.raw);
        outcome = 'refund_failed';
      }
    }
    await setNotificationOutcome(tx, scope, inbox.id, outcome);
  });
  await afterCommit(d)(work);
  return provider.notifyReply(accepted);
}

// ---------------------------------------------------------------- the public scan page

async function scanOrderOf(d: PayDeps, token: string) {
  const order = await findOrderByScanToken(d.db, SYSTEM_SCOPE, token);
  if (!order) throw notFound();
  return order;
}

/** What a customer sees on `/thirdScanPage`: the amount due and the methods that can take it. */
export async function getScanOrder(d: PayDeps, token: string) {
  const order = await scanOrderOf(d, token);
  const scope = oneOrgScope(order.orgId);
  const [{ succeededFen }, org, methods] = await Promise.all([
    paymentTotals(d.db, scope, order.id),
    getOrderRow(d.db, scope, order.id),
    enabledMethods(d.db, order.orgId),
  ]);
  return {
    orderNo: order.orderNo,
    orgName: org.orgName,
    subject: order.itemSummary,
    payableFen: order.payableFen,
    dueFen: Math.max(0, order.payableFen - succeededFen),
    state: order.state,
    expiresAt: order.expiresAt,
    methods,
  };
}

/** The customer chose a method on the scan page: a new provider payment for what is due; its cashier URL. */
export async function scanPay(d: PayDeps, token: string, method: ProviderMethod, returnUrl: string | undefined) {
  const order = await scanOrderOf(d, token);
  const scope = oneOrgScope(order.orgId);
  if (order.state !== 'pending' || (order.expiresAt && order.expiresAt.getTime() < Date.now())) throw conflict('state', 'commerce.scanNotPayable');
  // A customer who comes back and picks again: the earlier scan payments are closed first.
  for (const p of await openPaymentsOf(d.db, scope, order.id)) if (p.flow === 'scan') await closeProviderPayment(d, p.id);
  const id = await d.db.transaction(async (tx) => {
    const locked = (await findOrder(tx, scope, order.id, { lock: true }))!;
    if (locked.state !== 'pending') throw conflict('state', 'commerce.scanNotPayable');
    const { succeededFen, openFen } = await paymentTotals(tx, scope, order.id);
    const due = locked.payableFen - succeededFen - openFen;
    if (due <= 0) throw conflict('state', 'commerce.scanNotPayable');
    await merchantConfigFor(tx, d.secretKey, order.orgId, method);
    const tz = await timeZoneOf(tx, order.orgId);
    return (
      await insertPayment(tx, scope, {
        orgId: order.orgId,
        orderId: order.id,
        paymentNo: `P${await nextDocNo(tx, tz)}`,
        method,
        flow: 'scan',
        provider: method,
        amountFen: due,
        state: 'created',
        expiresAt: locked.expiresAt,
      })
    ).id;
  });
  const p = (await findPayment(d.db, scope, id))!;
  await askProvider(d, p, undefined);
  const after = (await findPayment(d.db, scope, id))!;
  if (after.state !== 'created' || !after.qrCode)
    throw new AppError('FORM_INVALID', 'commerce.providerFailed', { message: after.error ?? '' }, [
      { field: 'method', message: 'commerce.providerFailed', params: { message: after.error ?? '' } },
    ]);
  const payUrl = returnUrl ? `${after.qrCode}${after.qrCode.includes('?') ? '&' : '?'}return=${encodeURIComponent(returnUrl)}` : after.qrCode;
  return { payUrl, paymentNo: after.paymentNo };
}

// ---------------------------------------------------------------- the sweeping job

/** Queries open provider payments and processing refunds that heard nothing for a while. */
export async function sweepProviders(d: PayDeps, quietMs = 20_000, batch = 200): Promise<{ payments: number; legs: number }> {
  const before = new Date(Date.now() - quietMs);
  const open = await openProviderPaymentIds(d.db, SYSTEM_SCOPE, before, batch);
  for (const { id, orgId } of open) {
    const p = await findPayment(d.db, oneOrgScope(orgId), id);
    if (p) await syncPayment(d, p);
  }
  const legs = await processingLegIds(d.db, SYSTEM_SCOPE, before, batch);
  for (const { id } of legs) await sendLeg(d, id);
  return { payments: open.length, legs: legs.length };
}
