import {
  UTILISATION_REPORTS,
  type StatisticsUtilisation,
  type StatisticsUtilisationQuery,
  type StatisticsUtilisationRow,
  type UtilisationDrillExportQuery,
  type UtilisationDrillPage,
  type UtilisationDrillQuery,
  type UtilisationLine,
  type UtilisationReportKey,
} from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import type { Caller, FileResult } from '../../../platform/http.ts';
import { t, type Lang } from '../../../platform/i18n.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { statisticsXlsx, type Column } from './statistics.export.ts';
import { rangeOf } from './statistics.service.ts';
import { countUtilisationLines, eachUtilisationBatch, utilisationLinesOf, utilisationOf, type UtilisationRange } from './utilisation.repository.ts';
import './statistics.messages.ts';

/** A utilisation range checked as every statistics range is: days in order, at most a year, the venue in scope. */
async function utilisationRange(db: Db, scope: Scope, q: { from: string; to: string; stadiumId?: number; sport?: string }): Promise<UtilisationRange> {
  const r = await rangeOf(db, scope, q);
  return { from: r.from, to: r.to, venueId: r.venueId, sport: q.sport };
}

/** `statistics/utilisation`: open and booked site time by venue or by sport, and utilisation. */
export async function statisticsUtilisation(db: Db, caller: Caller, q: StatisticsUtilisationQuery): Promise<StatisticsUtilisation> {
  const scope = scopeOf(caller);
  return utilisationOf(db, scope, q.report, await utilisationRange(db, scope, q));
}

/** `statistics/utilisation/drill`: the booked lines of a range (a venue's, a sport's), which add up to its booked time. */
export async function utilisationDrill(db: Db, caller: Caller, q: UtilisationDrillQuery): Promise<UtilisationDrillPage> {
  const scope = scopeOf(caller);
  return utilisationLinesOf(db, scope, await utilisationRange(db, scope, q), q.pageNum, q.pageSize);
}

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
const sportText = (lang: Lang, sport: string) => t(lang, `statistics.sport.${sport}`);

function utilisationColumns(report: UtilisationReportKey): Column<StatisticsUtilisationRow>[] {
  const byVenue = UTILISATION_REPORTS[report] === 'venue';
  return [
    {
      key: byVenue ? 'venue' : 'sport',
      width: 20,
      cell: (r, lang) => (r.key === 'total' ? t(lang, 'statistics.total') : byVenue ? (r.label ?? r.key) : sportText(lang, r.key)),
    },
    { key: 'openHours', width: 16, cell: (r) => hours(r.openMinutes) },
    { key: 'bookedHours', width: 16, cell: (r) => hours(r.bookedMinutes) },
    { key: 'utilisation', width: 14, cell: (r) => r.utilisation },
  ];
}
const LINE_COLUMNS: Column<UtilisationLine>[] = [
  { key: 'day', width: 12, cell: (l) => l.day },
  { key: 'venue', width: 20, cell: (l) => l.stadiumName },
  { key: 'site', width: 16, cell: (l) => l.siteName },
  { key: 'sport', width: 12, cell: (l, lang) => sportText(lang, l.sport) },
  { key: 'start', width: 8, cell: (l) => l.start },
  { key: 'end', width: 8, cell: (l) => l.end },
  { key: 'kind', width: 12, cell: (l, lang) => t(lang, `statistics.claim.${l.kind}`) },
  { key: 'state', width: 12, cell: (l, lang) => t(lang, `statistics.claimState.${l.state}`) },
  { key: 'orderNo', width: 24, cell: (l) => l.orderNo },
  { key: 'hours', width: 8, cell: (l) => hours(l.minutes) },
];

/** A utilisation report's table as xlsx in the caller's language, its total last. */
export async function exportUtilisation(db: Db, caller: Caller, q: StatisticsUtilisationQuery, lang: Lang): Promise<FileResult> {
  const r = await statisticsUtilisation(db, caller, q);
  return statisticsXlsx('utilisation', lang, utilisationColumns(q.report), async (sink) => {
    sink.begin(r.data.length + 1);
    await sink.write([...r.data, r.total]);
  });
}

/** Every booked line of a range as xlsx, streamed: counted, then read through a cursor, in one repeatable-read transaction. */
export async function exportUtilisationDrill(db: Db, caller: Caller, q: UtilisationDrillExportQuery, lang: Lang): Promise<FileResult> {
  const scope = scopeOf(caller);
  const range = await utilisationRange(db, scope, q);
  return statisticsXlsx('utilisationLines', lang, LINE_COLUMNS, (sink) =>
    db.transaction(
      async (tx) => {
        sink.begin(await countUtilisationLines(tx, scope, range));
        await eachUtilisationBatch(tx, scope, range, 5_000, (lines) => sink.write(lines));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ),
  );
}
