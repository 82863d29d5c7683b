import type { BraceletIssue, BraceletLogListQuery, BraceletLost, BraceletReturn } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import { conflict, invalid, notFound, staleVersion } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { t } from '../../../platform/i18n.ts';
import { pageOf } from '../../../platform/list.ts';
import { scopeOf } from '../../../platform/scope.ts';
import {
  createOrder,
  findOrder,
  findOrderByNo,
  noWork,
  postByRule,
  refundByRule,
  type AfterCommit,
  type AfterCommitRunner,
  type OrderRecord,
} from '../commerce/index.ts';
import { findMember } from '../member/index.ts';
import { addDays, findVenue, instantOf } from '../venue/index.ts';
import { endBracelet, findBracelet, insertBraceletLog, pageBraceletLog, type BraceletLogPage, type BraceletRecord } from './bracelet.repository.ts';
import { BRACELET_RULE } from './bracelet.kinds.ts';
import './equipment.messages.ts';

/**
 * Bracelets: issued through a pending `goods` order of the deposit (item kind `bracelet`), active
 * once paid, then returned (refund less a damage charge) or lost (deposit kept). Every change is a
 * row of the bracelet log. docs/decisions.md, "Bracelets".
 */

// ---------------------------------------------------------------- issue

/**
 * `POST equipment/bracelet/issue`: the deposit's pending order (the console pays it in its pay
 * dialog); the bracelet opens gates once paid. A code already out (or held by an unpaid order)
 * answers 100409 `duplicate`.
 */
export async function issueBracelet(db: Db, caller: Caller, input: BraceletIssue, key: string | undefined) {
  const scope = scopeOf(caller);
  const venue = await findVenue(db, scope, input.stadiumId);
  if (!venue) throw notFound();
  let memberId: number | null;
  let bookingOrderId: number | null = null;
  if (input.holderKind === 'member') {
    if (!input.memberId) throw invalid('memberId', 'equipment.braceletHolder');
    const m = await findMember(db, scope, input.memberId);
    if (!m || m.orgId !== venue.orgId) throw notFound();
    memberId = m.id;
  } else {
    if (!input.orderNo) throw invalid('orderNo', 'equipment.braceletHolder');
    const booking = await findOrderByNo(db, scope, input.orderNo);
    if (!booking || booking.orgId !== venue.orgId) throw invalid('orderNo', 'equipment.braceletNoBooking', { orderNo: input.orderNo });
    if (booking.type !== 'venue' || booking.state !== 'paid') throw invalid('orderNo', 'equipment.braceletBookingNotPaid', { orderNo: booking.orderNo });
    bookingOrderId = booking.id;
    memberId = booking.memberId;
  }
  let made: OrderRecord | undefined;
  const id = await createOrder(
    db,
    caller,
    {
      orgId: venue.orgId,
      type: 'goods',
      venueId: venue.id,
      memberId: memberId ?? undefined,
      buyerName: null,
      buyerPhone: null,
      channel: 'console',
      remark: null,
      items: [
        {
          kind: 'bracelet',
          quantity: 1,
          discountFen: 0,
          detail: {
            stadiumId: venue.id,
            code: input.code,
            holderKind: input.holderKind,
            memberId: input.holderKind === 'member' ? memberId : null,
            bookingOrderId,
            depositFen: input.depositFen,
          },
        },
      ],
    },
    key,
    (m) => (made = m.order),
  );
  const order = made ?? (await findOrder(db, scope, id))!;
  return { orderNo: order.orderNo, orderId: order.id, amount: order.payableFen, state: order.state };
}

// ---------------------------------------------------------------- return and loss

function checkOut(b: BraceletRecord, version: number) {
  if (b.version !== version) throw staleVersion();
  if (b.state !== 'active') throw conflict('state', 'equipment.braceletNotOut', { code: b.code });
}

/**
 * `POST equipment/bracelet/{id}/return`: in one transaction (the order's lock first, as a refund
 * and a payment take it), one conditional write of the bracelet at the operator's version; the
 * damage charge (never more than the deposit) is kept (`bracelet.deposit.kept`), the rest refunded
 * to the original payment by rule (it leaves the liability when paid back: the kind's release);
 * logged `damaged` (when charged) and `returned`.
 */
export async function returnBracelet(db: Db, caller: Caller, id: number, input: BraceletReturn, after: AfterCommitRunner) {
  const scope = scopeOf(caller);
  const found = await findBracelet(db, scope, id);
  if (!found) throw notFound();
  let work: AfterCommit & { refundNo?: string } = noWork();
  await db.transaction(async (tx) => {
    const order = (await findOrder(tx, scope, found.orderId, { lock: true }))!;
    const b = (await findBracelet(tx, scope, id))!;
    checkOut(b, input.version);
    const chargeFen = Math.min(b.depositFen, input.damageFen);
    const refundFen = b.depositFen - chargeFen;
    const ended = await endBracelet(tx, scope, id, input.version, 'returned', chargeFen);
    if (!ended) throw staleVersion();
    const now = new Date();
    const remark = input.remark ?? null;
    if (chargeFen > 0) {
      await postByRule(tx, scope, BRACELET_RULE.kept, { orgId: b.orgId, amountFen: chargeFen, orderId: order.id, at: now });
      await insertBraceletLog(tx, scope, { orgId: b.orgId, braceletId: b.id, action: 'damaged', amountFen: chargeFen, operatorId: caller.userId, remark });
    }
    work = await refundByRule(tx, scope, order, {
      amountFen: refundFen,
      items: [{ itemId: b.itemId, quantity: 1, amountFen: refundFen }],
      reason: t('zh-CN', 'equipment.braceletReturnReason', { code: b.code }),
      userId: caller.userId,
    });
    await insertBraceletLog(tx, scope, {
      orgId: b.orgId,
      braceletId: b.id,
      action: 'returned',
      amountFen: refundFen,
      refundNo: work.refundNo ?? null,
      operatorId: caller.userId,
      remark,
    });
  });
  await after(work);
  return braceletOut((await findBracelet(db, scope, id))!);
}

/** `POST equipment/bracelet/{id}/lost`: the bracelet stops opening gates and its deposit is kept (`bracelet.deposit.kept`), in one transaction. */
export async function loseBracelet(db: Db, caller: Caller, id: number, input: BraceletLost) {
  const scope = scopeOf(caller);
  const found = await findBracelet(db, scope, id);
  if (!found) throw notFound();
  await db.transaction(async (tx) => {
    const order = (await findOrder(tx, scope, found.orderId, { lock: true }))!;
    const b = (await findBracelet(tx, scope, id))!;
    checkOut(b, input.version);
    if (!(await endBracelet(tx, scope, id, input.version, 'lost', 0))) throw staleVersion();
    await postByRule(tx, scope, BRACELET_RULE.kept, { orgId: b.orgId, amountFen: b.depositFen, orderId: order.id, at: new Date() });
    await insertBraceletLog(tx, scope, {
      orgId: b.orgId,
      braceletId: b.id,
      action: 'lost',
      amountFen: b.depositFen,
      operatorId: caller.userId,
      remark: input.remark ?? null,
    });
  });
  return braceletOut((await findBracelet(db, scope, id))!);
}

// ---------------------------------------------------------------- reads

export const braceletOut = (b: BraceletRecord) => ({
  id: b.id,
  orgId: b.orgId,
  stadiumId: b.venueId,
  code: b.code,
  holderKind: b.holderKind,
  memberId: b.memberId,
  bookingOrderId: b.bookingOrderId,
  depositFen: b.depositFen,
  damageFen: b.damageFen,
  state: b.state,
  issuedTime: b.issuedAt,
  endedTime: b.endedAt,
  version: b.version,
});

export async function getBracelet(db: Db, caller: Caller, id: number) {
  const b = await findBracelet(db, scopeOf(caller), id);
  if (!b) throw notFound();
  return braceletOut(b);
}

const logOut = (r: BraceletLogPage['rows'][number]) => ({
  id: r.log.id,
  orgId: r.log.orgId,
  braceletId: r.bracelet.id,
  stadiumId: r.bracelet.venueId,
  stadiumName: r.stadiumName,
  timeZone: r.timeZone,
  code: r.bracelet.code,
  action: r.log.action,
  holderKind: r.bracelet.holderKind,
  holderName: r.holderName,
  bookingOrderNo: r.bookingOrderNo,
  amountFen: r.log.amountFen,
  orderNo: r.orderNo,
  refundNo: r.log.refundNo,
  operatorName: r.operatorName,
  remark: r.log.remark,
  time: r.log.createdAt,
  braceletState: r.bracelet.state,
  braceletVersion: r.bracelet.version,
});

/** `POST equipment/bracelet/log/list`: the log, newest first; days are the venue's (China's when no venue is asked, as the gate log). */
export async function listBraceletLog(db: Db, caller: Caller, q: BraceletLogListQuery) {
  const scope = scopeOf(caller);
  const tz = q.stadiumId !== undefined ? ((await findVenue(db, scope, q.stadiumId))?.timeZone ?? 'Asia/Shanghai') : 'Asia/Shanghai';
  const { total, rows } = await pageBraceletLog(
    db,
    scope,
    {
      venueId: q.stadiumId,
      code: q.code,
      holder: q.holder,
      action: q.action,
      from: q.fromDay ? instantOf(q.fromDay, 0, tz) : undefined,
      to: q.toDay ? instantOf(addDays(q.toDay, 1), 0, tz) : undefined,
    },
    pageOf(q),
  );
  return { total, data: rows.map(logOut) };
}
