import { regLineDetail, type RegLineDetail } from '@venue/contract';
import type { Tx } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Scope } from '../../../platform/scope.ts';
import { holdCount, itemKind, releaseCount, type PricedItem } from '../commerce/index.ts';
import { localOf } from '../venue/index.ts';
import {
  entryOfItem,
  entryRepo,
  giveYearUse,
  moveEntryOfItem,
  sessionWithEvent,
  takeYearUse,
  yearLimitOf,
  type RegEntryRecord,
  type RegEventRecord,
  type RegSessionRecord,
} from './registration.repository.ts';
import './registration.messages.ts';

/**
 * An entry sold through the commerce core: item kind `registration` (one unit, `detail` the
 * session), in `registration` orders, for the order's member. In the order's transaction:
 * - `hold`: one place of the session (the commerce counter `registrationSession`, one conditional
 *   write: 100409 `taken` when full), one use of the member's year limit of the event type (one
 *   conditional upsert: 100409 `yearLimit` when used up), and the entry `held`;
 * - `confirm` (paid): the entry is `active`;
 * - `release` (cancel, time-out, refund): the entry is `cancelled` and gives back its place and use.
 */
export const SESSION_COUNTER = 'registrationSession';
export const sessionCounter = (sessionId: number) => ({ kind: SESSION_COUNTER, id: sessionId });

interface PricedEntry extends PricedItem {
  session: RegSessionRecord;
  event: RegEventRecord;
  year: number;
}

/** The venue's calendar year of an instant. */
export const yearOf = (at: Date, timeZone: string) => Number(localOf(at, timeZone).day.slice(0, 4));

const yearKey = (e: Pick<RegEntryRecord, 'orgId' | 'memberId' | 'year'>, event: Pick<RegEventRecord, 'venueId' | 'eventType'>) => ({
  orgId: e.orgId,
  venueId: event.venueId,
  eventType: event.eventType,
  memberId: e.memberId,
  year: e.year,
});

/** One place of a session and one use of the member's year: 100409 `taken` or `yearLimit`, in the caller's transaction. */
export async function takePlace(tx: Tx, scope: Scope, e: Pick<RegEntryRecord, 'orgId' | 'memberId' | 'year'>, event: RegEventRecord, sessionId: number) {
  await holdCount(tx, scope, { ...sessionCounter(sessionId), qty: 1 }, { msgKey: 'registration.sessionFull', params: {} });
  await takeYear(tx, scope, e, event);
}

export async function takeYear(tx: Tx, scope: Scope, e: Pick<RegEntryRecord, 'orgId' | 'memberId' | 'year'>, event: RegEventRecord) {
  const limit = await yearLimitOf(tx, scope, event.venueId, event.eventType);
  if ((await takeYearUse(tx, scope, yearKey(e, event), limit)) === undefined) throw conflict('yearLimit', 'registration.yearLimit', { limit, year: e.year });
}

/** Gives back what an entry took (its place, its use of the year). */
export async function givePlace(tx: Tx, scope: Scope, e: RegEntryRecord, event: Pick<RegEventRecord, 'venueId' | 'eventType'>) {
  await releaseCount(tx, scope, { ...sessionCounter(e.sessionId), qty: 1 });
  await giveYearUse(tx, scope, yearKey(e, event));
}

export const registrationKind = itemKind<RegLineDetail, PricedEntry>({
  kind: 'registration',
  orderTypes: ['registration'],
  detail: regLineDetail,
  async price(ctx, input, line) {
    if (input.quantity !== 1) throw invalid(`items.${line}.quantity`, 'registration.one');
    if (!ctx.memberId) throw invalid('memberId', 'registration.memberRequired');
    const found = await sessionWithEvent(ctx.tx, ctx.scope, input.detail.sessionId);
    if (!found || found.session.orgId !== ctx.orgId) throw notFound();
    return {
      name: found.event.name,
      spec: found.session.place,
      unitPriceFen: found.event.priceFen,
      session: found.session,
      event: found.event,
      year: yearOf(found.session.startsAt, found.timeZone),
    };
  },
  async hold(ctx, item, order, { session, event, year }) {
    const memberId = order.memberId!;
    await takePlace(ctx.tx, ctx.scope, { orgId: order.orgId, memberId, year }, event, session.id);
    const e = await entryRepo.insert(ctx.tx, ctx.scope, {
      orgId: order.orgId,
      eventId: event.id,
      sessionId: session.id,
      memberId,
      orderId: order.id,
      itemId: item.id,
      year,
      state: 'held',
    });
    return { entryId: e.id };
  },
  async confirm(ctx, item) {
    if (await moveEntryOfItem(ctx.tx, ctx.scope, item.id, ['held'], 'active')) return true;
    // Not held: active already (a replay) keeps it; cancelled (timed out meanwhile) answers false, and the core refunds.
    return (await entryOfItem(ctx.tx, ctx.scope, item.id))?.state === 'active';
  },
  async release(ctx, item) {
    const e = await moveEntryOfItem(ctx.tx, ctx.scope, item.id, ['held', 'active'], 'cancelled');
    if (!e) return; // cancelled already (the entry's own cancel gave its place back)
    const found = await sessionWithEvent(ctx.tx, ctx.scope, e.sessionId);
    await givePlace(ctx.tx, ctx.scope, e, found!.event);
  },
});
