import type { StatisticsDayRow, StatisticsDrillPage, StatisticsDrillQuery, StatisticsRange, StatisticsSummary } from '@venue/contract';
import type { Db, Tx } from '../../../platform/db.ts';
import { invalid } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope, scopeOf, type Scope } from '../../../platform/scope.ts';
import { findOrder, type CommerceEvent } from '../commerce/index.ts';
import { notifyVenueLive } from '../../message/index.ts';
import { venueInScope } from '../venue/index.ts';
import { addOrder, addPayment, addRefund, daysOf, drillOf, orgsIn, rebuildAggregates, summaryOf, type Range } from './statistics.repository.ts';
import './statistics.messages.ts';

const MAX_DAYS = 366;

/** A range checked: days in order, at most a year, and the venue (when given) in the caller's scope. */
async function rangeOf(db: Db, scope: Scope, q: StatisticsRange): Promise<Range> {
  if (q.to < q.from) throw invalid('to', 'statistics.rangeReversed');
  if (Date.parse(q.to) - Date.parse(q.from) >= MAX_DAYS * 86_400_000) throw invalid('to', 'statistics.rangeTooLong', { max: MAX_DAYS });
  if (q.stadiumId !== undefined) await venueInScope(db, scope, q.stadiumId);
  return { from: q.from, to: q.to, venueId: q.stadiumId };
}

export async function statisticsSummary(db: Db, caller: Caller, q: StatisticsRange): Promise<StatisticsSummary> {
  const scope = scopeOf(caller);
  return summaryOf(db, scope, await rangeOf(db, scope, q));
}

export async function statisticsDays(db: Db, caller: Caller, q: StatisticsRange): Promise<{ data: StatisticsDayRow[] }> {
  const scope = scopeOf(caller);
  return { data: await daysOf(db, scope, await rangeOf(db, scope, q)) };
}

export async function statisticsDrill(db: Db, caller: Caller, q: StatisticsDrillQuery): Promise<StatisticsDrillPage> {
  const scope = scopeOf(caller);
  return drillOf(db, scope, q.metric, await rangeOf(db, scope, q), q.pageNum, q.pageSize);
}

/** Rebuilds the aggregates of the caller's organisations (all of them for the platform), in one transaction. */
export async function rebuildStatistics(db: Db, scope: Scope = SYSTEM_SCOPE): Promise<{ orgs: number; rows: number }> {
  return db.transaction(async (tx) => ({ rows: await rebuildAggregates(tx, scope), orgs: await orgsIn(tx, scope) }));
}

export const rebuildForCaller = (db: Db, caller: Caller) => rebuildStatistics(db, scopeOf(caller));

// ---------------------------------------------------------------- commerce's events, each added in its delivery's transaction

/**
 * Adds what an event brings, then tells the open consoles of the order's venue (on commit) so a
 * dashboard refetches at once over the socket; without it the dashboard polls.
 */
function live(add: (tx: Tx, scope: Scope, e: CommerceEvent) => Promise<unknown>) {
  return async (tx: Tx, e: CommerceEvent) => {
    const scope = oneOrgScope(e.orgId);
    await add(tx, scope, e);
    const venueId = e.orderId ? (await findOrder(tx, scope, e.orderId))?.venueId : null;
    if (venueId) await notifyVenueLive(tx, e.orgId, venueId);
  };
}
export const onPayment = live((tx, scope, e) => addPayment(tx, scope, e.paymentId!));
export const onRefund = live((tx, scope, e) => addRefund(tx, scope, e.refundId!));
export const onOrderPaid = live((tx, scope, e) => addOrder(tx, scope, 'paid', e.orderId!));
export const onOrderCancelled = live((tx, scope, e) => addOrder(tx, scope, 'cancelled', e.orderId!));

/**
 * The summary's figures of one venue (or all of the scope's) over business days, for another
 * module (the operations reports): the same read as `summary`, without the caller's range checks.
 */
export const periodSummary = (db: Db, scope: Scope, range: Range): Promise<StatisticsSummary> => summaryOf(db, scope, range);
