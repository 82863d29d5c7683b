import crypto from 'node:crypto';
import { ticketLineDetail, type TicketLineDetail, type TicketListQuery, type TicketOrder } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { pageOf } from '../../../platform/list.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { createOrder, findOrder, itemKind, type KindContext, type PricedItem } from '../commerce/index.ts';
import { pgCode } from './ticket.common.ts';
import { liveTicketsOfBuyer, lockBuyer, refundNamedTickets, reservationStateOfOrder, takenViewerIds } from './reserve/reserve.repository.ts';
import { checkViewers, idNumberKey, maskIdNo, type ViewerValues } from './reserve/rules.ts';
import { ticketLineQuote } from './reserve/refund.quote.ts';
import { resolveMemberViewers } from './reserve/viewers.ts';
import {
  levelForSale,
  seatForSale,
  freeSeats,
  holdQuota,
  holdSeat,
  insertTickets,
  moveLineTickets,
  moveQuota,
  pageTickets,
  saleContext,
  setLineSeats,
  setOrderBuyer,
  type SessionRecord,
} from './ticket.repository.ts';
import './ticket.messages.ts';

/** Selling tickets through the commerce core: the item kind `ticket`, the box-office order, and the tickets sold. */

// ---------------------------------------------------------------- selling: the item kind `ticket`

/**
 * An order line of kind `ticket` as `price` found it, handed to `hold` by the core: a seat (`refId`
 * the session seat, quantity 1, `detail.seat` true) or a number of general-admission tickets of a
 * level (`refId` the level). `detail` (`ticketLineDetail`) names the session.
 */
interface PricedLine {
  sessionId: number;
  levelId: number;
  seatId: number | null;
  label: string;
  /** Project rules: the per-buyer limit (across orders) and, when real-name, each ticket's viewer. */
  perBuyerLimit: number | null;
  viewers: ViewerValues[] | null;
  /** The buyer's id number as the per-buyer limit compares it (`detail.buyerIdNo`), when given. */
  buyerKey: string | null;
}

/** A real-name line's viewers (`detail.viewer` of a seat, `detail.viewers` of a level's quantity), checked; null when the project is not real-name. */
function lineViewers(realName: string, detail: TicketLineDetail, quantity: number, line: number): ViewerValues[] | null {
  if (realName !== 'per_id') return null;
  return checkViewers(detail.viewers ?? (detail.viewer ? [detail.viewer] : undefined), quantity, `items.${line}.detail.viewers`);
}

/** The id number of a unique violation of the one-ticket-per-id index (PostgreSQL names the key). */
function viewerOfViolation(e: unknown): string | undefined {
  const x = pgCode(e) as { code?: string; constraint?: string; detail?: string; message?: string } | undefined;
  if (x?.code !== '23505') return undefined;
  const text = `${x.constraint ?? ''} ${x.message ?? ''} ${x.detail ?? ''}`;
  if (!text.includes('sport_ticket_viewer_key_live_uq') && !text.includes('viewer_key')) return undefined;
  return /\(session_id, viewer_key\)=\(\d+, ([^)]+)\)/.exec(text)?.[1] ?? '';
}
type PricedTicket = PricedItem & { line: PricedLine };

/** The session of a line must be of the order's organisation, on sale, of a project on sale. */
function checkSale(ctx: KindContext, sale: { session: SessionRecord; projectStatus: number }) {
  if (sale.session.orgId !== ctx.orgId) throw notFound();
  if (!sale.session.onSale || sale.session.status !== 0 || sale.projectStatus !== 0) throw conflict('state', 'ticket.notOnSale');
}

/** The buyer's id number of a line (`detail.buyerIdNo`), as the per-buyer limit compares it. */
const buyerKeyOf = (detail: TicketLineDetail): string | null => {
  const key = detail.buyerIdNo ? idNumberKey(detail.buyerIdNo).slice(0, 32) : '';
  return key.length >= 4 ? key : null;
};

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A ticket's code: 16 characters of Crockford base32 (80 random bits). */
export function ticketCode(): string {
  const bytes = crypto.randomBytes(16);
  let out = '';
  for (const b of bytes) out += CODE_ALPHABET[b & 31];
  return out;
}

/** A seat or standing ticket of a session (the ticket manifest contributes it). */
export const ticketKind = itemKind<TicketLineDetail, PricedTicket>({
  kind: 'ticket',
  orderTypes: ['ticket'],
  detail: ticketLineDetail,
  async price(ctx, input, line) {
    if (!input.refId) throw invalid(`items.${line}.refId`, 'error.field.required');
    const { sessionId } = input.detail;
    // A seat line (`detail.seat`) or a level's, with its session and project in one read.
    if (input.detail.seat) {
      const seat = await seatForSale(ctx.tx, ctx.scope, sessionId, input.refId);
      if (!seat) throw notFound();
      checkSale(ctx, seat);
      if (input.quantity !== 1) throw invalid(`items.${line}.quantity`, 'commerce.rechargeOne');
      const label = `${seat.seat.zone} ${seat.seat.row}-${seat.seat.no}`;
      if (!seat.level) throw invalid(`items.${line}.refId`, 'ticket.seatNoLevel', { seat: label });
      return {
        name: `${seat.projectName} ${seat.session.name}`.slice(0, 64),
        spec: `${seat.level.name} ${label}`,
        unitPriceFen: seat.level.priceFen,
        line: {
          sessionId,
          levelId: seat.level.id,
          seatId: seat.seat.id,
          label,
          perBuyerLimit: seat.perBuyerLimit,
          viewers: lineViewers(seat.realName, input.detail, 1, line),
          buyerKey: buyerKeyOf(input.detail),
        },
      };
    }
    const sale = await levelForSale(ctx.tx, ctx.scope, input.refId);
    if (!sale || sale.level.sessionId !== sessionId || sale.session.seated) throw notFound();
    checkSale(ctx, sale);
    return {
      name: `${sale.projectName} ${sale.session.name}`.slice(0, 64),
      spec: sale.level.name,
      unitPriceFen: sale.level.priceFen,
      line: {
        sessionId,
        levelId: sale.level.id,
        seatId: null,
        label: sale.level.name,
        perBuyerLimit: sale.perBuyerLimit,
        viewers: lineViewers(sale.realName, input.detail, input.quantity, line),
        buyerKey: buyerKeyOf(input.detail),
      },
    };
  },
  async hold(ctx, item, order, priced) {
    const p = priced.line;
    const { sessionId } = p;
    const ticket = {
      orgId: order.orgId,
      sessionId,
      levelId: p.levelId,
      orderId: order.id,
      itemId: item.id,
      state: 'held',
      buyerName: order.buyerName,
      buyerPhone: order.buyerPhone,
      buyerKey: p.buyerKey,
      priceFen: item.unitPriceFen,
    };
    if (p.perBuyerLimit !== null && (order.buyerPhone || order.memberId || p.buyerKey)) {
      // The buyer's live tickets of the session across orders (by phone, member or id number), counted under the buyer's locks: racing orders of one buyer take turns.
      const keys = [
        ...(order.buyerPhone ? [`p:${order.buyerPhone}`] : []),
        ...(order.memberId ? [`m:${order.memberId}`] : []),
        ...(p.buyerKey ? [`i:${p.buyerKey}`] : []),
      ];
      await lockBuyer(ctx.tx, ctx.scope, sessionId, keys);
      const have = await liveTicketsOfBuyer(ctx.tx, ctx.scope, sessionId, { phone: order.buyerPhone, memberId: order.memberId, idKey: p.buyerKey });
      if (have + item.quantity > p.perBuyerLimit)
        throw invalid(p.seatId !== null ? 'seatIds' : 'quantity', 'ticket.overBuyerLimit', { max: p.perBuyerLimit, have });
    }
    if (p.viewers) {
      const taken = await takenViewerIds(
        ctx.tx,
        ctx.scope,
        sessionId,
        p.viewers.map((v) => v.viewerKey),
      );
      const at = taken.length ? p.viewers.findIndex((v) => v.viewerKey === taken[0]) : -1;
      if (at >= 0)
        throw conflict('taken', 'ticket.viewerTaken', { idNo: p.viewers[at]!.viewerIdNo }, [{ field: `viewers.${at}.idNo`, message: 'ticket.viewerTaken' }]);
    }
    const viewerAt = (i: number) => (p.viewers ? p.viewers[i]! : {});
    try {
      return await holdLine(ctx, item, p, sessionId, ticket, viewerAt);
    } catch (e) {
      const idNo = viewerOfViolation(e);
      if (idNo !== undefined) throw conflict('taken', 'ticket.viewerTaken', { idNo });
      throw e;
    }
  },
  async confirm(ctx, item, order) {
    // A reservation's order is paid only by its approval (a comp); paid otherwise, its holds are gone and the money goes back.
    if (order.channel === 'reserved' && (await reservationStateOfOrder(ctx.tx, ctx.scope, order.id)) !== 'approved') return false;
    // Paid: the held tickets and seats become sold. None held: the order timed out meanwhile.
    const moved = await moveLineTickets(ctx.tx, ctx.scope, item.id, 'held', 'sold');
    if (!moved.length) return false;
    if (moved[0]!.seatId !== null) await setLineSeats(ctx.tx, ctx.scope, item.id, ['held'], 'sold');
    else await moveQuota(ctx.tx, ctx.scope, moved[0]!.levelId, { held: -moved.length, sold: moved.length });
    return true;
  },
  async release(ctx, item, quantity, why, ref) {
    if (quantity <= 0) return;
    const held = await moveLineTickets(ctx.tx, ctx.scope, item.id, 'held', 'cancelled', quantity);
    // A ticket's own refund (ticket/{id}/refund) names the ticket: it is refunded first.
    const named = why === 'refund' && held.length < quantity ? await refundNamedTickets(ctx.tx, ctx.scope, item.id, ref, quantity - held.length) : [];
    const rest =
      held.length + named.length < quantity
        ? await moveLineTickets(ctx.tx, ctx.scope, item.id, 'sold', why === 'refund' ? 'refunded' : 'cancelled', quantity - held.length - named.length)
        : [];
    const sold = [...named, ...rest];
    const all = [...held, ...sold];
    if (!all.length) return;
    if (all[0]!.seatId !== null)
      await freeSeats(
        ctx.tx,
        ctx.scope,
        item.id,
        all.map((t) => t.seatId!),
      );
    else await moveQuota(ctx.tx, ctx.scope, all[0]!.levelId, { held: -held.length, sold: -sold.length });
  },
  // By the session's refund rules (tiers by hours before the start), whoever applies: the ticket's own refund route or the order's.
  refundQuote: (ctx, item, _quantity, paidFen) => ticketLineQuote(ctx, item, paidFen),
});

/** Holds one priced line: its seat (free → held) or its level's quota, and inserts its tickets. */
type TicketValues = Parameters<typeof insertTickets>[2][number];
async function holdLine(
  ctx: KindContext,
  item: { id: number; quantity: number },
  p: PricedLine,
  sessionId: number,
  ticket: Omit<TicketValues, 'code' | 'seatId'> & { orderId: number },
  viewerAt: (i: number) => Partial<ViewerValues>,
): Promise<undefined> {
  if (p.seatId !== null) {
    // The conditional update decides: of racing buyers one moves the seat free → held.
    if (!(await holdSeat(ctx.tx, ctx.scope, sessionId, p.seatId, { orderId: ticket.orderId, itemId: item.id })))
      throw conflict('taken', 'ticket.seatTaken', { seat: p.label });
    await insertTickets(ctx.tx, ctx.scope, [{ ...ticket, ...viewerAt(0), code: ticketCode(), seatId: p.seatId }]);
    return undefined;
  }
  // Tickets first, the quota last: the level's row stays locked for the shortest time.
  await insertTickets(
    ctx.tx,
    ctx.scope,
    Array.from({ length: item.quantity }, (_, i) => ({ ...ticket, ...viewerAt(i), code: ticketCode(), seatId: null })),
  );
  if (!(await holdQuota(ctx.tx, ctx.scope, p.levelId, item.quantity))) throw conflict('taken', 'ticket.soldOut', { level: p.label });
  return undefined;
}

/**
 * The order lines of a ticket sale or reservation: one per seat, or one of a level's quantity.
 * A real-name project needs a viewer per ticket (a lone ticket may take the buyer's id number),
 * checked here with the body's field names; the item kind checks them again, whoever sells.
 */
export function ticketLines(
  s: NonNullable<Awaited<ReturnType<typeof saleContext>>>,
  input: { seatIds?: number[]; levelId?: number; quantity?: number; buyer?: { name?: string; idNo?: string }; viewers?: TicketOrder['viewers'] },
) {
  // The buyer's id number goes with each line: the per-buyer limit is kept by it when no phone or member names the buyer.
  const detail = {
    sessionId: s.session.id,
    ...(s.session.seated ? { seat: true } : {}),
    ...(input.buyer?.idNo?.trim() ? { buyerIdNo: input.buyer.idNo.trim() } : {}),
  };
  let seatIds: number[] = [];
  let count: number;
  if (s.session.seated) {
    if (!input.seatIds?.length) throw invalid('seatIds', 'ticket.seatedNeedsSeats');
    seatIds = [...new Set(input.seatIds)];
    count = seatIds.length;
  } else {
    if (!input.levelId) throw invalid('levelId', 'ticket.gaNeedsLevel');
    count = input.quantity ?? 1;
  }
  if (s.perBuyerLimit !== null && count > s.perBuyerLimit)
    throw invalid(s.session.seated ? 'seatIds' : 'quantity', 'ticket.overLimit', { max: s.perBuyerLimit });
  let viewers = input.viewers;
  if (s.realName === 'per_id' && !viewers && count === 1 && input.buyer?.idNo) viewers = [{ name: input.buyer.name ?? '', idNo: input.buyer.idNo }];
  const checked = s.realName === 'per_id' ? checkViewers(viewers, count) : null;
  const asInput = (v: ViewerValues) => ({ name: v.viewerName, idType: v.viewerIdType, idNo: v.viewerIdNo });
  if (s.session.seated) {
    // Seats in id order: racing orders lock them in one order, so they never deadlock. Each keeps the viewer given with it.
    const order = seatIds.map((id, i) => ({ id, viewer: checked?.[i] })).sort((a, b) => a.id - b.id);
    return {
      count,
      items: order.map((o) => ({
        kind: 'ticket' as const,
        refId: o.id,
        quantity: 1,
        discountFen: 0,
        detail: o.viewer ? { ...detail, viewer: asInput(o.viewer) } : detail,
      })),
    };
  }
  return {
    count,
    items: [
      {
        kind: 'ticket' as const,
        refId: input.levelId!,
        quantity: count,
        discountFen: 0,
        detail: checked ? { ...detail, viewers: checked.map(asInput) } : detail,
      },
    ],
  };
}

/**
 * Goods sold and rented with the tickets, from the default warehouse of the session's venue (a
 * session at no venue sells none): one `goods` line per good (units merged), each rental its own
 * `rent` line, in order of good (a sale before a rental of the same good), so orders take stock
 * rows' locks in one order.
 */
function goodsLines(venueId: number | null | undefined, input: Pick<TicketOrder, 'goods' | 'rentals'>) {
  if (!input.goods?.length && !input.rentals?.length) return [];
  if (!venueId) throw invalid(input.goods?.length ? 'goods' : 'rentals', 'ticket.goodsNeedVenue');
  const units = new Map<number, number>();
  for (const g of input.goods ?? []) units.set(g.goodsId, (units.get(g.goodsId) ?? 0) + g.quantity);
  return [
    ...[...units].map(([goodsId, quantity]) => ({ kind: 'goods', refId: goodsId, quantity, discountFen: 0, detail: { stadiumId: venueId } })),
    ...(input.rentals ?? []).map((r) => ({
      kind: 'rent',
      refId: r.goodsId,
      quantity: r.quantity,
      discountFen: 0,
      detail: { stadiumId: venueId, basis: r.basis, duration: r.duration },
    })),
  ].sort((a, b) => a.refId - b.refId);
}

/** `POST ticket/order` (a fixed call): a pending order of kind-`ticket` lines, its seats or quota held for the session's hold minutes. */
export async function orderTickets(db: Db, caller: Caller, input: TicketOrder, key: string | undefined) {
  const scope = scopeOf(caller);
  const s = await saleContext(db, scope, input.sessionId);
  if (!s) throw notFound();
  if (!s.session.onSale || s.session.status !== 0 || s.projectStatus !== 0) throw conflict('state', 'ticket.notOnSale');
  const viewers = await resolveMemberViewers(db, scope, s.session.orgId, input.viewers);
  const { items } = ticketLines(s, { ...input, viewers });
  const goods = goodsLines(s.venueId, input);
  let made: { orderNo: string; id: number; payableFen: number; state: string; expiresAt: Date | null } | undefined;
  const id = await createOrder(
    db,
    caller,
    {
      orgId: s.session.orgId,
      type: 'ticket',
      venueId: s.venueId ?? undefined,
      memberId: input.memberId,
      buyerName: input.buyer?.name || null,
      buyerPhone: input.buyer?.phone ?? null,
      channel: 'console',
      remark: input.remark,
      couponCode: input.couponCode,
      couponIds: input.couponIds,
      items: [...items, ...goods],
    },
    key,
    (m) => (made = m.order),
    { timeoutMinutes: s.session.holdMinutes },
  );
  if (made && input.buyer?.idNo)
    await setOrderBuyer(db, scope, id, { buyerName: input.buyer.name || null, buyerPhone: input.buyer.phone ?? null, buyerIdNo: input.buyer.idNo });
  // A retry with the same Idempotency-Key made nothing: it answers the first order as it is now.
  const order = made ?? (await findOrder(db, scope, id))!;
  return { orderNo: order.orderNo, orderId: order.id, amount: order.payableFen, state: order.state, expiresAt: order.expiresAt };
}

// ---------------------------------------------------------------- tickets

export async function listTickets(db: Db, caller: Caller, q: TicketListQuery) {
  const { total, rows } = await pageTickets(db, scopeOf(caller), { sessionId: q.sessionId, orderId: q.orderId, code: q.code, state: q.state }, pageOf(q));
  return {
    total,
    data: rows.map(({ ticket: t, levelName, zone, row, no, sessionName, projectName, orderNo, channel }) => ({
      id: t.id,
      orgId: t.orgId,
      code: t.code,
      sessionId: t.sessionId,
      sessionName,
      projectName,
      levelId: t.levelId,
      levelName,
      seatId: t.seatId,
      seatLabel: t.seatId === null ? null : `${zone} ${row}-${no}`,
      orderId: t.orderId,
      orderNo,
      itemId: t.itemId,
      state: t.state,
      buyerName: t.buyerName,
      buyerPhone: t.buyerPhone,
      priceFen: t.priceFen,
      channel,
      viewerName: t.viewerName,
      viewerIdNo: maskIdNo(t.viewerIdNo),
      refundNo: t.refundNo,
      createTime: t.createdAt,
      soldAt: t.soldAt,
      printedAt: t.printedAt,
    })),
  };
}
