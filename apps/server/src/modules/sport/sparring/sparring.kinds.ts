import { sparringLineDetail, type SparringLineDetail } from '@venue/contract';
import { invalid } from '../../../platform/errors.ts';
import { itemKind, type PricedItem } from '../commerce/index.ts';
import { claimSiteTime, releaseSiteTime } from '../booking/index.ts';
import { claimCoach, releaseCoach } from './sparring.coach.ts';
import { insertSession, sessionOfItem, setSessionState } from './sparring.repository.ts';
import { itemNameOf, resolveAsk, type ResolvedAsk } from './sparring.service.ts';

/**
 * Selling a coach's hours through the commerce core: item kind `sparring` in `sparring` orders.
 * - price: the coach (and site) in the order's organisation, the time not past, priced from the
 *   approved price groups (sparring.pricing.ts);
 * - hold: the coach's time claimed through the coach module (a taken hour: 100409 `taken`), the
 *   site's through booking's site claims, and a `held` session row;
 * - confirm (paid): the session is `booked`; a session already released (the order timed out and
 *   the time may be someone else's) answers false, and the core refunds;
 * - release (cancel, time-out, refund): both claims are given back, the session `released`;
 * - refundQuote: the whole line before the session starts, nothing once it has begun.
 */
export type SparringHold = { sessionId: number };

interface PricedSparring extends PricedItem {
  ask: ResolvedAsk;
  detail: SparringLineDetail;
}

export const sparringKind = itemKind<SparringLineDetail, PricedSparring>({
  kind: 'sparring',
  // A sparring order of its own, or a coach added to a site booking (`venue` order: the booking dialog's coach step).
  orderTypes: ['sparring', 'venue'],
  detail: sparringLineDetail,
  async price(ctx, input, line) {
    if (!input.refId) throw invalid(`items.${line}.refId`, 'error.field.required');
    if (input.quantity !== 1) throw invalid(`items.${line}.quantity`, 'commerce.rechargeOne');
    const d = input.detail;
    const ask = await resolveAsk(ctx.tx, ctx.scope, ctx.orgId, { ...d, coachId: input.refId, memberId: ctx.memberId }, `items.${line}.`, ctx.now ?? new Date());
    // Booked with a venue's sites: only a coach of that venue (the coaches the booking dialog offers).
    if (d.venueId !== undefined && !ask.coach.venueIds.includes(d.venueId))
      throw invalid(`items.${line}.refId`, 'sparring.coachNotAtVenue', { coach: ask.coach.name });
    const site = ask.siteName ? ` ${ask.siteName}` : '';
    return { name: itemNameOf(ask.coach), spec: `${d.date} ${d.start}-${d.end}${site}`, unitPriceFen: ask.amountFen, ask, detail: d };
  },
  async hold(ctx, item, order, { ask }) {
    const coachClaimIds = await claimCoach(ctx.tx, ctx.scope, { coach: ask.coach, from: ask.from, to: ask.to, holderId: item.id, createdBy: order.createdBy });
    const siteClaimIds = ask.siteId
      ? await claimSiteTime(ctx.tx, ctx.scope, {
          siteId: ask.siteId,
          from: ask.from,
          to: ask.to,
          holderKind: 'sparring',
          holderId: item.id,
          orderId: order.id,
          itemId: item.id,
          createdBy: order.createdBy,
        })
      : [];
    const session = await insertSession(ctx.tx, ctx.scope, {
      orgId: order.orgId,
      orderId: order.id,
      itemId: item.id,
      coachId: ask.coach.id,
      siteId: ask.siteId,
      memberId: order.memberId,
      day: ask.day,
      startMin: ask.startMin,
      endMin: ask.endMin,
      startsAt: ask.from,
      endsAt: ask.to,
      amountFen: item.amountFen,
      state: 'held',
      coachClaimIds,
      siteClaimIds,
      remark: order.remark,
      createdBy: order.createdBy,
    });
    return { sessionId: session.id } satisfies SparringHold;
  },
  async use(ctx, item) {
    const s = await sessionOfItem(ctx.tx, ctx.scope, item.id);
    return s ? { startMin: s.startMin, endMin: s.endMin } : undefined;
  },
  async confirm(ctx, item) {
    const s = await sessionOfItem(ctx.tx, ctx.scope, item.id);
    return !!s && (await setSessionState(ctx.tx, ctx.scope, s.id, ['held'], 'booked'));
  },
  async release(ctx, item, quantity) {
    if (quantity <= 0) return;
    const s = await sessionOfItem(ctx.tx, ctx.scope, item.id);
    if (!s || !(await setSessionState(ctx.tx, ctx.scope, s.id, ['held', 'booked'], 'released'))) return;
    await releaseCoach(ctx.tx, ctx.scope, { coachId: s.coachId, holderId: item.id, ids: s.coachClaimIds });
    if (s.siteClaimIds.length) await releaseSiteTime(ctx.tx, ctx.scope, { holderKind: 'sparring', holderId: item.id, ids: s.siteClaimIds });
  },
  async refundQuote(ctx, item, _quantity, paidFen) {
    const s = await sessionOfItem(ctx.tx, ctx.scope, item.id);
    if (!s || s.state !== 'booked') return { amountFen: paidFen };
    return (ctx.now ?? new Date()).getTime() < s.startsAt.getTime() ? { amountFen: paidFen } : { amountFen: 0, reason: 'sparring.started' };
  },
});
