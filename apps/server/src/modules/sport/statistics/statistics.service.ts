import {
  STATISTICS_REPORTS,
  isLineDimension,
  type ReportDef,
  type StatisticsDayRow,
  type StatisticsDrillExportQuery,
  type StatisticsDrillPage,
  type StatisticsDrillQuery,
  type StatisticsRange,
  type StatisticsReport,
  type StatisticsReportQuery,
  type StatisticsSummary,
} from '@venue/contract';
import type { Db, Tx } from '../../../platform/db.ts';
import { invalid } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope, scopeOf, type Scope } from '../../../platform/scope.ts';
import { findOrder, type CommerceEvent } from '../commerce/index.ts';
import { notifyVenueLive } from '../../message/index.ts';
import { venueInScope } from '../venue/index.ts';
import {
  addOrder,
  addPayment,
  addRecentLiabilities,
  addRefund,
  daysOf,
  countDrillLines,
  drillOf,
  eachDrillBatch,
  orgsIn,
  orgsWithRecentLiabilities,
  rebuildAggregates,
  reportOf,
  shareFoldLock,
  summaryOf,
  type Range,
} from './statistics.repository.ts';
import { LINE_COLUMNS, reportColumns, statisticsXlsx } from './statistics.export.ts';
import { dimReportOf, type DimFilter } from './dims.repository.ts';
import type { Lang } from '../../../platform/i18n.ts';
import type { FileResult } from '../../../platform/http.ts';
import './statistics.messages.ts';

const MAX_DAYS = 366;

/** A range checked: days in order, at most a year, and the venue (when given; 0 is no venue) in the caller's scope. */
export async function rangeOf(db: Db, scope: Scope, q: Omit<StatisticsRange, 'stadiumId'> & { stadiumId?: number }): Promise<Range> {
  if (q.to < q.from) throw invalid('to', 'statistics.rangeReversed');
  if (Date.parse(q.to) - Date.parse(q.from) >= MAX_DAYS * 86_400_000) throw invalid('to', 'statistics.rangeTooLong', { max: MAX_DAYS });
  if (q.stadiumId) await venueInScope(db, scope, q.stadiumId);
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

/**
 * A drill's one key of a line dimension (a report row by site, sport, coach or course): both
 * fields or neither, and only of the figures such a report shows (revenue, refunds, quantity).
 */
function dimOf(q: Pick<StatisticsDrillQuery, 'metric' | 'dim' | 'dimKey'>): DimFilter | undefined {
  if (q.dim === undefined && q.dimKey === undefined) return undefined;
  if (q.dim === undefined) throw invalid('dim', 'error.field.required');
  if (q.dimKey === undefined) throw invalid('dimKey', 'error.field.required');
  if (!['revenueFen', 'refundFen', 'items'].includes(q.metric)) throw invalid('metric', 'statistics.dimMetric');
  return { dim: q.dim, key: q.dimKey };
}

export async function statisticsDrill(db: Db, caller: Caller, q: StatisticsDrillQuery): Promise<StatisticsDrillPage> {
  const scope = scopeOf(caller);
  const dim = dimOf(q);
  return drillOf(db, scope, q.metric, { ...(await rangeOf(db, scope, q)), kinds: q.kinds, dim }, q.pageNum, q.pageSize);
}

/** A spec 2.5 report: its rows and their total, each figure drillable with the row's days, venue and kinds. */
export async function statisticsReport(db: Db, caller: Caller, q: StatisticsReportQuery): Promise<StatisticsReport> {
  const scope = scopeOf(caller);
  const def: ReportDef = STATISTICS_REPORTS[q.report];
  const range = await rangeOf(db, scope, q);
  const dimension = def.dimension;
  return isLineDimension(dimension) ? dimReportOf(db, scope, { ...def, dimension }, range) : reportOf(db, scope, { ...def, dimension }, range);
}

/** A report's table as xlsx, its total last. */
export async function exportReport(db: Db, caller: Caller, q: StatisticsReportQuery, lang: Lang): Promise<FileResult> {
  const r = await statisticsReport(db, caller, q);
  return statisticsXlsx('report', lang, reportColumns(STATISTICS_REPORTS[q.report]), async (sink) => {
    sink.begin(r.data.length + 1);
    await sink.write([...r.data, r.total]);
  });
}

/**
 * Every line of a figure as xlsx, streamed into the answer: counted, then read through a cursor in
 * batches, in one repeatable-read transaction so the count in the header and the rows agree.
 */
export async function exportDrill(db: Db, caller: Caller, q: StatisticsDrillExportQuery, lang: Lang): Promise<FileResult> {
  const scope = scopeOf(caller);
  const dim = dimOf(q);
  const range = { ...(await rangeOf(db, scope, q)), kinds: q.kinds, dim };
  return statisticsXlsx('lines', lang, LINE_COLUMNS, (sink) =>
    db.transaction(
      async (tx) => {
        sink.begin(await countDrillLines(tx, scope, q.metric, range));
        await eachDrillBatch(tx, scope, q.metric, range, 5_000, (lines) => sink.write(lines));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ),
  );
}

/** Rebuilds the aggregates of the caller's organisations (all of them for the platform), in one transaction. */
export async function rebuildStatistics(db: Db, scope: Scope = SYSTEM_SCOPE): Promise<{ orgs: number; rows: number }> {
  return db.transaction(async (tx) => ({ rows: await rebuildAggregates(tx, scope), orgs: await orgsIn(tx, scope) }));
}

/**
 * Adds every organisation's deposit and prepaid postings of the last two days not yet added (a
 * card's use or a deposit kept has no commerce event; the next delivery of the organisation would
 * add them too), one organisation a transaction. Answers the organisations it added to.
 */
export async function foldRecentLiabilities(db: Db): Promise<number> {
  const ids = await orgsWithRecentLiabilities(db, SYSTEM_SCOPE);
  for (const id of ids)
    await db.transaction(async (tx) => {
      await shareFoldLock(tx, id);
      await addRecentLiabilities(tx, oneOrgScope(id), id);
    });
  return ids.length;
}

export const rebuildForCaller = (db: Db, caller: Caller) => rebuildStatistics(db, scopeOf(caller));

// ---------------------------------------------------------------- commerce's events, each added in its delivery's transaction

/**
 * Adds what an event brings, and the organisation's deposit and prepaid postings not yet added
 * (a rule's posting has no event of its own), then tells the open consoles of the order's venue
 * (on commit) so a dashboard refetches at once over the socket; without it the dashboard polls.
 */
function live(add: (tx: Tx, scope: Scope, e: CommerceEvent) => Promise<unknown>) {
  return async (tx: Tx, e: CommerceEvent) => {
    const scope = oneOrgScope(e.orgId);
    await shareFoldLock(tx, e.orgId);
    await add(tx, scope, e);
    await addRecentLiabilities(tx, scope, e.orgId);
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
