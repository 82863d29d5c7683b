import { isLineDimension, metricsOf, type ReportDef, type StatisticsDrillLine, type StatisticsReportRow } from '@venue/contract';
import { t, type Lang } from '../../../platform/i18n.ts';
import { streamXlsx, type XlsxSink } from '../../../platform/xlsx.ts';
import type { FileResult } from '../../../platform/http.ts';
import './statistics.messages.ts';

/** A column of an exported sheet: its title's message key and how a row gives its cell. */
export interface Column<T> {
  key: string;
  width: number;
  cell: (row: T, lang: Lang) => string | number | null;
}
const yuan = (fen: number) => fen / 100;
/** An item kind's label in the language (a kind without one as it is). */
function kindText(lang: Lang, kind: string | null): string | null {
  if (kind === null) return null;
  const key = `statistics.kind.${kind}`;
  const text = t(lang, key);
  return text === key ? kind : text;
}

/** A report row's key as the sheet shows it: a kind or a sport by its label, a venue, site, coach or course by its name (`0`: none). */
function keyText(def: ReportDef, r: StatisticsReportRow, lang: Lang): string | null {
  if (r.key === 'total') return t(lang, 'statistics.total');
  if (def.dimension === 'kind') return kindText(lang, r.key);
  if (!isLineDimension(def.dimension)) return r.label ?? r.key;
  if (r.key === '0') return t(lang, 'statistics.none');
  return def.dimension === 'sport' ? t(lang, `statistics.sport.${r.key}`) : (r.label ?? r.key);
}

/** A report's columns: its rows' key (titled by its line dimension where it has one) and its figures, money in yuan. */
export const reportColumns = (def: ReportDef): Column<StatisticsReportRow>[] => [
  { key: isLineDimension(def.dimension) ? def.dimension : 'key', width: 20, cell: (r, lang) => keyText(def, r, lang) },
  ...metricsOf(def).map((m): Column<StatisticsReportRow> => ({
    key: m,
    width: m.endsWith('Fen') ? 16 : 10,
    cell: (r) => (m.endsWith('Fen') ? yuan(r[m]) : r[m]),
  })),
];
export const LINE_COLUMNS: Column<StatisticsDrillLine>[] = [
  { key: 'day', width: 12, cell: (l) => l.day },
  { key: 'stadiumId', width: 10, cell: (l) => l.stadiumId },
  { key: 'ref', width: 24, cell: (l) => l.ref },
  { key: 'orderNo', width: 24, cell: (l) => l.orderNo },
  { key: 'kind', width: 14, cell: (l, lang) => kindText(lang, l.kind) },
  { key: 'name', width: 28, cell: (l) => l.name },
  { key: 'amountFen', width: 14, cell: (l) => yuan(l.amountFen) },
  { key: 'quantity', width: 10, cell: (l) => l.quantity },
];

/** A sheet of a statistics export, streamed by the platform (`streamXlsx`): titles and cells in the caller's language. */
export function statisticsXlsx<T>(name: string, lang: Lang, columns: Column<T>[], run: (sink: XlsxSink<T>) => Promise<void>): Promise<FileResult> {
  const title = t(lang, `statistics.sheet.${name}`);
  return streamXlsx({
    fileName: title,
    sheetName: title,
    columns: columns.map((c) => ({ header: t(lang, `statistics.col.${c.key}`), width: c.width, cell: (r: T) => c.cell(r, lang) })),
    run,
  });
}
