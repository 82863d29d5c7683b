import type {
  CardUsageStatsDrillExportQuery,
  CardUsageStatsDrillPage,
  CardUsageStatsDrillQuery,
  CardUsageStatsQuery,
  CardUsageStatsReport,
  CardUsageStatsRow,
} from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import type { Caller, FileResult } from '../../../platform/http.ts';
import { t, type Lang } from '../../../platform/i18n.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { cardPhoneFor } from '../card/index.ts';
import { rangeOf } from './statistics.service.ts';
import { statisticsXlsx, yuan, type Column } from './statistics.export.ts';
import { cardUsageLines, cardUsageOf, countCardUsageLines, eachCardUsageBatch, type CardUsageLineRow } from './cardUsage.repository.ts';
import './cardUsage.messages.ts';

/**
 * How members used their cards (the member card screen's `cardUsage` tab): uses by month and card
 * type, each figure drilling onto its lines, read through the cards module's set of uses and the
 * ledger's prepaid postings.
 */
export async function cardUsageReport(db: Db, caller: Caller, q: CardUsageStatsQuery): Promise<CardUsageStatsReport> {
  const scope = scopeOf(caller);
  return cardUsageOf(db, scope, await rangeOf(db, scope, q));
}

/** A line for the caller: the member's phone masked unless they may see members' private data (as the card screens show it). */
const forCaller = (caller: Caller) => (l: CardUsageLineRow) => ({ ...l, memberPhone: l.memberPhone === null ? null : cardPhoneFor(caller, l.memberPhone) });

export async function cardUsageDrill(db: Db, caller: Caller, q: CardUsageStatsDrillQuery): Promise<CardUsageStatsDrillPage> {
  const scope = scopeOf(caller);
  const range = { ...(await rangeOf(db, scope, q)), typeId: q.typeId };
  const { rows, ...sums } = await cardUsageLines(db, scope, q.metric, range, q.pageNum, q.pageSize);
  return { ...sums, data: rows.map(forCaller(caller)) };
}

const text = (lang: Lang, key: string) => t(lang, `statistics.${key}`);
type Total = CardUsageStatsRow | (CardUsageStatsReport['total'] & { month: null });
const REPORT_COLUMNS: Column<Total>[] = [
  { key: 'month', width: 10, cell: (r, lang) => r.month ?? text(lang, 'total') },
  { key: 'typeName', width: 20, cell: (r) => ('typeName' in r ? r.typeName : null) },
  { key: 'cardKind', width: 10, cell: (r, lang) => ('cardKind' in r ? text(lang, `cardKind.${r.cardKind}`) : null) },
  { key: 'uses', width: 10, cell: (r) => r.uses },
  { key: 'times', width: 10, cell: (r) => r.times },
  { key: 'valueFen', width: 16, cell: (r) => yuan(r.valueFen) },
  { key: 'members', width: 10, cell: (r) => r.members },
];
const LINE_COLUMNS: Column<CardUsageLineRow>[] = [
  { key: 'day', width: 12, cell: (l) => l.day },
  { key: 'time', width: 10, cell: (l) => l.time },
  { key: 'cardNo', width: 24, cell: (l) => l.cardNo },
  { key: 'typeName', width: 20, cell: (l) => l.typeName },
  { key: 'memberName', width: 14, cell: (l) => l.memberName },
  { key: 'memberPhone', width: 14, cell: (l) => l.memberPhone },
  { key: 'stadiumName', width: 18, cell: (l) => l.stadiumName },
  {
    key: 'usedFor',
    width: 28,
    cell: (l, lang) => (l.usedFor === 'checkin' ? `${text(lang, 'usedFor.checkin')} (${text(lang, `checkinBy.${l.detail}`)})` : l.detail),
  },
  { key: 'orderNo', width: 24, cell: (l) => l.orderNo },
  { key: 'uses', width: 8, cell: (l) => l.uses },
  { key: 'times', width: 8, cell: (l) => l.times },
  { key: 'valueFen', width: 14, cell: (l) => yuan(l.amountFen) },
];

/** The tab's table as xlsx, its total last. */
export async function exportCardUsage(db: Db, caller: Caller, q: CardUsageStatsQuery, lang: Lang): Promise<FileResult> {
  const r = await cardUsageReport(db, caller, q);
  return statisticsXlsx<Total>('cardUsage', lang, REPORT_COLUMNS, async (sink) => {
    sink.begin(r.data.length + 1);
    await sink.write([...r.data, { ...r.total, month: null }]);
  });
}

/** Every line of a figure as xlsx, streamed: counted, then read through a cursor, in one repeatable-read transaction. */
export async function exportCardUsageDrill(db: Db, caller: Caller, q: CardUsageStatsDrillExportQuery, lang: Lang): Promise<FileResult> {
  const scope = scopeOf(caller);
  const range = { ...(await rangeOf(db, scope, q)), typeId: q.typeId };
  const mask = forCaller(caller);
  return statisticsXlsx('cardUsageLines', lang, LINE_COLUMNS, (sink) =>
    db.transaction(
      async (tx) => {
        sink.begin(await countCardUsageLines(tx, scope, q.metric, range));
        await eachCardUsageBatch(tx, scope, q.metric, range, 5_000, (lines) => sink.write(lines.map(mask)));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ),
  );
}
