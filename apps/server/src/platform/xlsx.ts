import { createRequire } from 'node:module';
import { PassThrough, Readable } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import type ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import { EXPORT_HEADERS, type ImportRowError } from '@venue/contract';
import type { Db, Tx } from './db.ts';
import { AppError } from './errors.ts';
import { assertUploadRoute, FileResult, parseOrThrow } from './http.ts';
import { addMessages, t, type Lang } from './i18n.ts';
import { hasDangerousInput } from './pipeline.ts';

// exceljs takes about 300 ms to load: only the first import or export pays for it.
const excel = async () => (await import('exceljs')).default;

/**
 * Spreadsheet export and import, shared by every list screen (ARCHITECTURE 4: `POST x/export`,
 * `POST x/import`, and a template to fill in).
 *
 * - Export: rows -> one xlsx sheet written as it is sent (`streamXlsx`; a list's rows: `rowsXlsx`);
 *   the header row is in the request's language, the row count in `X-Total-Rows`.
 * - Upload: multipart/form-data with the file in field `file`; xlsx or txt only, checked by
 *   extension AND by content (xlsx is a zip: `PK\x03\x04`; txt is UTF-8 text without NUL
 *   bytes), and no larger than `config.uploadLimit`.
 * - Parse: the first sheet of an xlsx, or a txt whose first line is the header, tab- or
 *   comma-separated (quotes as in CSV), UTF-8 with or without a BOM. Headers are matched by
 *   the column's key or its Chinese or English title, so an exported file imports again.
 * - Bounded (audit finding 6: a 300 KB file of a million rows took 1.35 GB): the zip's entries are
 *   first streamed through once, counting what they decompress to, and the file is refused past
 *   `XLSX_MAX_UNZIPPED` (zip bombs; declared sizes are not trusted); the sheet is then read with
 *   exceljs's streaming reader row by row and reading stops at the row cap. Only the columns the
 *   import knows are kept. At most `IMPORTS_PER_PROCESS` imports run at once in a process, one
 *   per user (`withImportSlot`); past that the import answers 100429.
 * - Validate: every row against a zod schema, collecting a report `[{row, field, message}]`
 *   (row numbers as the spreadsheet shows them, header = row 1). When any row is rejected the
 *   import answers 100400 with `detail = {errors, total}` and saves nothing; otherwise the
 *   caller's save runs inside one transaction, so a failure half-way also saves nothing.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface LocalText {
  'zh-CN': string;
  'en-US': string;
}

export interface SheetColumn {
  key: string;
  title: LocalText;
  width?: number;
  /** A column every data row must fill; a file without it is rejected as a whole. */
  required?: boolean;
  /** Coded values: written as their label, read back from the value or any label. */
  options?: { value: string | number; label: LocalText }[];
  /** Dates: written and read as YYYY-MM-DD. */
  date?: boolean;
  /** Left out of the import template (export-only columns such as creation time). */
  exportOnly?: boolean;
}

addMessages({
  'zh-CN': {
    'import.noFile': '请选择要导入的文件',
    'import.badType': '只能导入 xlsx 或 txt 格式的文件',
    'import.typeMismatch': '文件类型不匹配：文件内容不是有效的 {ext} 文件',
    'import.tooLarge': '文件大小不能超过 {max}',
    'import.unreadable': '文件无法读取，请使用导入模板',
    'import.empty': '文件中没有数据',
    'import.tooManyRows': '一次最多导入 {max} 行',
    'import.missingColumn': '缺少列“{column}”',
    'import.unzippedTooLarge': '文件解压后超过 {max}，请分成多个文件导入',
    'import.busy': '正在进行的导入较多，请稍后再试',
    'import.userBusy': '您的上一次导入还在进行，请等它完成后再试',
    'import.dupInFile': '与第 {other} 行重复',
    'import.rejected': '导入失败：{n} 行数据有误，未保存任何数据',
    'import.done': '导入成功：新增 {created} 条，更新 {updated} 条',
    'export.busy': '正在进行的导出较多，请稍后再试',
  },
  'en-US': {
    'import.noFile': 'Choose a file to import',
    'import.badType': 'Only xlsx or txt files can be imported',
    'import.typeMismatch': 'File type mismatch: the content is not a valid {ext} file',
    'import.tooLarge': 'The file must not be larger than {max}',
    'import.unreadable': 'The file cannot be read; please use the import template',
    'import.empty': 'The file has no data rows',
    'import.tooManyRows': 'At most {max} rows can be imported at once',
    'import.missingColumn': 'Column "{column}" is missing',
    'import.unzippedTooLarge': 'The file unpacks to more than {max}; split it into several files',
    'import.busy': 'Too many imports are running; try again in a moment',
    'import.userBusy': 'Your previous import is still running; try again when it has finished',
    'import.dupInFile': 'duplicates row {other}',
    'import.rejected': 'Import failed: {n} rows have errors; nothing was saved',
    'import.done': 'Imported: {created} added, {updated} updated',
    'export.busy': 'Too many exports are running; try again in a moment',
  },
});

function cellText(col: SheetColumn, value: unknown, lang: Lang): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  if (col.options) {
    const opt = col.options.find((o) => String(o.value) === String(value));
    if (opt) return opt.label[lang];
  }
  if (value instanceof Date) return col.date ? value.toISOString().slice(0, 10) : localStamp(value);
  if (typeof value === 'number') return value;
  return String(value);
}

function localStamp(d: Date): string {
  // Instants are shown in the server's zone (Asia/Shanghai by default), as the console shows them.
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The import template: the importable columns' titles, an optional example row, and a sheet explaining coded values. */
export async function templateXlsx(columns: SheetColumn[], lang: Lang, example?: Record<string, unknown>): Promise<Buffer> {
  const cols = columns.filter((c) => !c.exportOnly);
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet(lang === 'zh-CN' ? '导入模板' : 'Template', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = cols.map((c) => ({
    header: (c.required ? '*' : '') + c.title[lang],
    key: c.key,
    width: Math.max(12, c.title[lang].length * 2 + 4),
    style: { numFmt: '@' },
  }));
  ws.getRow(1).font = { bold: true };
  if (example) {
    const out: Record<string, string | number | null> = {};
    for (const c of cols) out[c.key] = cellText(c, example[c.key], lang);
    ws.addRow(out);
  }
  const coded = cols.filter((c) => c.options);
  if (coded.length) {
    const help = wb.addWorksheet(lang === 'zh-CN' ? '填写说明' : 'Values');
    help.columns = [{ width: 20 }, { width: 40 }];
    for (const c of coded) help.addRow([c.title[lang], c.options!.map((o) => o.label[lang]).join(' / ')]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');

/** A download answer for an xlsx built above: `<base>_<yyyymmddhhmmss>.xlsx`. */
export function xlsxFile(baseName: string, data: Buffer, withStamp = true): FileResult {
  return new FileResult(withStamp ? `${baseName}_${stamp()}.xlsx` : `${baseName}.xlsx`, XLSX_MIME, data);
}

/** A column of a streamed sheet: its header in the caller's language, its width and how a row gives its cell. */
export interface StreamColumn<T> {
  header: string;
  width: number;
  cell: (row: T) => string | number | null;
}

/** What an export's run writes to: the row count first (it goes into a header), then the rows in batches. */
export interface XlsxSink<T> {
  /** The number of rows the file will hold; called once, before the first `write`. */
  begin(total: number): void;
  /** Writes rows; resolves when the client can take more (throws when it has gone: end the run). */
  write(rows: T[]): Promise<void>;
}

/**
 * Large exports sent at once by this process: each holds its reader (a database connection, its
 * cursor's transaction) until the client has the file; past that 100429 at once. Exports built
 * whole before they are answered do not count.
 */
export const EXPORTS_PER_PROCESS = 4;
let exportsRunning = 0;

/** Exports of at most this many rows are built whole and sent with their length; larger ones are sent as they are written. */
export const STREAM_AFTER_ROWS = 5_000;

/** Written bytes counted, and held until the answer starts (then forwarded with the client's backpressure). */
class Relay {
  bytes = 0;
  held: Buffer[] = [];
  body: PassThrough | null = null;
  /** The answer is being sent (Fastify reads the body). */
  sending = false;
  private ended = false;
  constructor(readonly source: PassThrough) {
    source.on('data', (c: Buffer) => {
      this.bytes += c.length;
      if (!this.body) this.held.push(c);
      else if (!this.body.write(c)) {
        source.pause();
        this.body.once('drain', () => source.resume());
      }
    });
    source.on('end', () => {
      this.ended = true;
      this.body?.end();
    });
  }
  /** Starts forwarding into `body`: what was held first. */
  open(): PassThrough {
    const body = new PassThrough({ highWaterMark: 256 * 1024 });
    for (const c of this.held.splice(0)) body.write(c);
    this.body = body;
    body.once('resume', () => (this.sending = true));
    if (this.ended) body.end();
    // A client that leaves while the zip is being finished: end the writer (its run ends with it).
    body.on('close', () => {
      if (!this.ended) this.source.destroy(new Error('export: the client has gone'));
    });
    return body;
  }
}

/** A client that takes nothing for this long is let go: its export holds a database connection. */
export const EXPORT_STALL_MS = 60_000;

/** Resolves when the client has taken what is buffered; throws when it has gone or stalls. */
function drained(body: PassThrough): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      body.off('drain', onDrain);
      body.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('export: the client has gone'));
    const timer = setTimeout(() => done(new Error('export: the client takes nothing')), EXPORT_STALL_MS);
    body.on('drain', onDrain);
    body.on('close', onClose);
  });
}

/**
 * Waits until the zip has taken in what was written since it had `since` bytes out: its output has
 * grown and stops growing (zlib works off the main thread; it flushes every write, see below).
 */
async function settled(relay: Relay, since: number): Promise<void> {
  let quiet = 0;
  for (let i = 0; i < 200 && quiet < 5; i++) {
    const before = relay.bytes;
    await new Promise((resolve) => setTimeout(resolve, 10));
    quiet = relay.bytes === before && before > since ? quiet + 1 : 0;
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/** Sheet text waiting for the zip, past which a writer waits (a few batches of rows). */
const ZIP_BACKLOG_BYTES = 4 * 1024 * 1024;

/**
 * The sheet text handed to the zip and not yet deflated. exceljs's sheet stream writes into the
 * entry archiver made for it (a PassThrough in front of zlib) ignoring its backpressure, so what
 * waits is that stream's buffer. Read from their internals; 0 (no waiting) if they change.
 */
function zipBacklog(ws: unknown): number {
  type Buffered = { _writableState?: { length?: number }; _readableState?: { length?: number } };
  const entry = (ws as { _stream?: { pipes?: Buffered[] } })._stream?.pipes?.[0];
  return (entry?._writableState?.length ?? 0) + (entry?._readableState?.length ?? 0);
}

/**
 * An xlsx answer written row by row with exceljs's streaming writer (no cells kept), for exports of
 * any size: `run` reads its rows in batches (a cursor, in the transaction it opens, so the count and
 * the rows agree), calls `begin(total)` and then `write(batch)`.
 *
 * - Up to `STREAM_AFTER_ROWS` rows the file is built whole and answered with its length.
 * - Past that the answer starts once those first rows are written: `X-Total-Rows` and
 *   `X-Expected-Bytes` (their bytes per row times the total) let the console show a progress figure,
 *   and the rest is written while it is sent. `write` waits while the client is behind, so memory
 *   stays flat whatever the size; a client that leaves ends the run (its transaction rolls back).
 * - A failure before the answer starts is answered as any error; after it, the connection is cut
 *   (the file is incomplete, the console says the download failed).
 * Every answer carries `X-Total-Rows` (contract `EXPORT_HEADERS`).
 */
export async function streamXlsx<T>(o: {
  fileName: string;
  sheetName: string;
  columns: StreamColumn<T>[];
  run: (sink: XlsxSink<T>) => Promise<void>;
}): Promise<FileResult> {
  const Excel = await excel();
  const out = new PassThrough();
  const relay = new Relay(out);
  // Each write to the zip is flushed (a sync flush keeps the dictionary, so the file hardly grows): its
  // output follows the rows written, which is what the expected size is measured from.
  const wb = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
    zip: { zlib: { flush: zlibConstants.Z_SYNC_FLUSH } },
  });
  wb.creator = 'venue-console';
  const ws = wb.addWorksheet(o.sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = o.columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  let total: number | null = null;
  let written = 0;
  let started: (() => void) | null = null;
  let streaming = false;
  let expected = 0;
  const start = new Promise<void>((resolve) => (started = resolve));
  const sink: XlsxSink<T> = {
    begin(n) {
      total = n;
    },
    async write(rows) {
      if (total === null) throw new Error('streamXlsx: begin(total) before write');
      const body = relay.body;
      if (body?.destroyed) throw new Error('export: the client has gone');
      const since = relay.bytes;
      for (const r of rows) ws.addRow(o.columns.map((c) => c.cell(r))).commit();
      written += rows.length;
      if (!body) {
        // The first rows: once enough are written (and zipped), the answer can say how big it will be.
        if (total > STREAM_AFTER_ROWS && written >= STREAM_AFTER_ROWS && !streaming) {
          // Sent while written from here: it holds its reader (a database connection) until the client has it all.
          if (exportsRunning >= EXPORTS_PER_PROCESS) throw new AppError('TOO_MANY', 'export.busy');
          exportsRunning++;
          streaming = true;
          await settled(relay, since);
          // The zip's output per row so far, times the rows (and the parts written at the end).
          expected = Math.round((relay.bytes / written) * total) + 4096;
          started?.();
        }
        return;
      }
      // Only once the answer is being sent: before that (the pipeline's hooks still run, which on
      // the embedded database wait for this run's connection) the rows are held.
      if (!relay.sending) return nextTurn();
      if (body.writableNeedDrain) await drained(body);
      // exceljs hands the zip its rows without waiting, and zlib deflates them off the main thread:
      // let it catch up, or the rows queue up in memory as text (a million rows: hundreds of MB).
      while (zipBacklog(ws) > ZIP_BACKLOG_BYTES && !body.writableNeedDrain && !body.destroyed) await pause();
    },
  };
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  // Awaited after the run; a failure of the writer while the run fails too is not a second error.
  ended.catch(() => undefined);
  const finished = (async () => {
    await o.run(sink);
    ws.commit();
    await wb.commit();
    await ended;
  })();
  const release = () => {
    if (streaming) exportsRunning--;
  };
  finished.then(release, release);
  const first = await Promise.race([finished.then(() => 'done' as const), start.then(() => 'streaming' as const)]);
  const headers = { [EXPORT_HEADERS.totalRows]: String(total ?? written) };
  const fileName = `${o.fileName}_${stamp()}.xlsx`;
  if (first === 'done') return new FileResult(fileName, XLSX_MIME, Buffer.concat(relay.held), headers);
  const body = relay.open();
  finished.catch((e: Error) => body.destroy(e));
  return new FileResult(fileName, XLSX_MIME, body, { ...headers, [EXPORT_HEADERS.expectedBytes]: String(expected) });
}

/** Rows a list export reads at a time (and writes at a time): one batch in memory, whatever the size. */
export const EXPORT_BATCH_ROWS = 5_000;

/**
 * A list's rows read for its export a batch at a time, all in one repeatable-read, read-only
 * transaction (as the statistics drill export reads its lines): the count in the header and every
 * batch see one snapshot, so rows changed meanwhile neither go missing nor come twice.
 */
export interface ListPages<T = Record<string, unknown>> {
  db: Db;
  /** The rows the list's filters match (read in the snapshot, before the first page). */
  count: (tx: Tx) => Promise<number>;
  /**
   * One page in the list's order, read with `tx` only (the embedded database has one connection:
   * a read on another handle would wait for this transaction). The order must be total (end with a
   * unique key): pages of one snapshot then neither skip nor repeat a row.
   */
  page: (tx: Tx, p: { limit: number; offset: number }) => Promise<T[]>;
  /** Rows past this many are left out (default `EXPORT_MAX_ROWS`). */
  max?: number;
}

/** Exports hold at most this many rows (docs/decisions.md, "Import and export"). */
const EXPORT_MAX_ROWS = 100_000;

/**
 * A list's rows as a `streamXlsx` answer: every cell as text (coded values as their labels, dates as
 * `YYYY-MM-DD`), the row count in its header, so the console shows a large list's progress; the
 * sheet is written without keeping cells. Given `ListPages` the rows are read a batch at a time (a
 * list of any size keeps one batch in memory); given an array (small or computed lists) it is
 * written as it is.
 */
export function rowsXlsx<T extends object>(
  columns: SheetColumn[],
  rows: T[] | ListPages<T>,
  lang: Lang,
  fileName: string,
  sheetName = fileName,
): Promise<FileResult> {
  return streamXlsx<T>({
    fileName,
    sheetName,
    columns: columns.map((c) => ({
      header: c.title[lang],
      width: c.width ?? Math.max(12, c.title[lang].length * 2 + 2),
      cell: (r: T) => {
        const v = cellText(c, (r as Record<string, unknown>)[c.key], lang);
        return typeof v === 'number' ? String(v) : v;
      },
    })),
    run: Array.isArray(rows)
      ? async (sink) => {
          sink.begin(rows.length);
          for (let i = 0; i < rows.length; i += EXPORT_BATCH_ROWS) await sink.write(rows.slice(i, i + EXPORT_BATCH_ROWS));
        }
      : (sink) => readPages(rows, sink),
  });
}

/** Counts a list and hands it to the sink a page at a time, in one snapshot (see `ListPages`). */
function readPages<T>(list: ListPages<T>, sink: XlsxSink<T>): Promise<void> {
  return list.db.transaction(
    async (tx) => {
      const total = Math.min(await list.count(tx), list.max ?? EXPORT_MAX_ROWS);
      sink.begin(total);
      for (let offset = 0; offset < total; offset += EXPORT_BATCH_ROWS) {
        const rows = await list.page(tx, { limit: Math.min(EXPORT_BATCH_ROWS, total - offset), offset });
        if (!rows.length) break;
        await sink.write(rows);
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export interface UploadedFile {
  fileName: string;
  kind: 'xlsx' | 'txt';
  data: Buffer;
  /** Other multipart fields sent before the file. */
  fields: Record<string, string>;
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / 1024 / 1024) * 10) / 10}M`;
  return `${Math.round(n / 1024)}K`;
}

/** Reads the uploaded `file` field and checks its type (extension and content) and size. */
export async function readUpload(req: FastifyRequest, limitBytes: number): Promise<UploadedFile> {
  assertUploadRoute(req);
  if (!req.isMultipart()) throw new AppError('INVALID', 'import.noFile');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: limitBytes, files: 1 } });
  } catch {
    throw new AppError('INVALID', 'import.noFile');
  }
  if (!part || part.fieldname !== 'file') throw new AppError('INVALID', 'import.noFile');
  const fileName = part.filename || 'upload';
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (ext !== 'xlsx' && ext !== 'txt') {
    part.file.resume();
    throw new AppError('INVALID', 'import.badType');
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated)
      throw new AppError('INVALID', 'import.tooLarge', { max: formatBytes(limitBytes) });
    throw e;
  }
  if (part.file.truncated || data.length > limitBytes) throw new AppError('INVALID', 'import.tooLarge', { max: formatBytes(limitBytes) });
  if (data.length === 0) throw new AppError('INVALID', 'import.empty');
  const isZip = data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
  if (ext === 'xlsx' && !isZip) throw new AppError('INVALID', 'import.typeMismatch', { ext: 'xlsx' });
  if (ext === 'txt' && (isZip || !isUtf8Text(data))) throw new AppError('INVALID', 'import.typeMismatch', { ext: 'txt' });
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(part.fields ?? {})) {
    const f = v as { type?: string; value?: unknown };
    if (f && f.type === 'field' && typeof f.value === 'string') fields[k] = f.value;
  }
  return { fileName, kind: ext, data, fields };
}

function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** One data row as read: values by column key (trimmed text; empty cells left out). */
export interface RawRow {
  row: number;
  values: Record<string, string>;
}

/** Splits delimited text (CSV quoting rules) into rows of cells. */
export function parseDelimited(text: string, delimiter: string): string[][] {
  return [...delimitedRows(text, delimiter)];
}

/** The rows of delimited text one by one, so a reader can stop early. */
export function* delimitedRows(text: string, delimiter: string): Generator<string[]> {
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      yield row;
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    yield row;
  }
}

function cellToString(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellToString((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in v) return String((v as { text: unknown }).text);
    if ('error' in v) return '';
  }
  return String(v);
}

const norm = (s: string) => s.replace(/^\*/, '').replace(/\s+/g, '').toLowerCase();

/** What one xlsx may decompress to (all entries together), and how many entries it may hold. */
export const XLSX_MAX_UNZIPPED = 128 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 1000;

interface ZipEntry extends Readable {
  path: string;
  type: 'File' | 'Directory';
  vars?: { uncompressedSize?: number };
}
type ZipParser = NodeJS.ReadWriteStream & AsyncIterable<ZipEntry> & { destroy(err?: Error): void };
interface Unzipper {
  Parse(opts: { forceStream: true }): ZipParser;
}
let unzipperModule: Unzipper | undefined;
/**
 * The zip reader exceljs's streaming reader uses itself, so the size check sees exactly the entries
 * it will read; loaded once and mended (`withoutEarlyEnd`).
 */
export function unzipper(): Unzipper {
  if (!unzipperModule) {
    const fromHere = createRequire(import.meta.url);
    const mod = createRequire(fromHere.resolve('exceljs'))('unzipper') as Unzipper;
    const parse = mod.Parse.bind(mod);
    // exceljs calls `unzipper.Parse(...)` through the module object, so it gets the mended reader too.
    mod.Parse = (opts) => withoutEarlyEnd(parse(opts));
    unzipperModule = mod;
  }
  return unzipperModule;
}

/**
 * unzipper 0.10's `Parse` emits 'end' as soon as its input is consumed (on 'finish'), while the
 * last entries may still wait in its paused readable buffer. exceljs's reader pauses the zip while
 * it parses an entry, takes that 'end' as the end of the zip and silently skips the rest: under load
 * an import then lost `xl/workbook.xml` and answered "not a valid xlsx file" for a good file. The
 * parser ends its readable side properly itself (`push(null)` at the end of the central directory),
 * so the early 'end' is removed; a truncated zip still fails with the parser's own error.
 */
export function withoutEarlyEnd<T extends NodeJS.EventEmitter>(zip: T): T {
  const early = zip.listeners('finish').filter((fn) => /emit\(['"]end['"]\)/.test(String(fn)));
  if (early.length !== 1) throw new Error(`unzipper: expected one early 'end' on 'finish', found ${early.length}`);
  zip.removeListener('finish', early[0] as (...args: unknown[]) => void);
  return zip;
}

/**
 * Streams every entry of the zip once, counting the bytes it decompresses to (declared sizes
 * are only a first, cheap check: a zip can lie about them). Throws past `maxBytes`.
 */
export async function checkUnzippedSize(data: Buffer, maxBytes = XLSX_MAX_UNZIPPED): Promise<void> {
  const tooBig = () => new AppError('INVALID', 'import.unzippedTooLarge', { max: formatBytes(maxBytes) });
  const source = Readable.from([data]);
  const zip = unzipper().Parse({ forceStream: true });
  let current: ZipEntry | undefined;
  // An inflate error is reported on the zip, not on the entry being read: end that read too.
  zip.on('error', (e: Error) => current?.destroy(e));
  source.pipe(zip);
  let total = 0;
  let entries = 0;
  try {
    for await (const entry of zip) {
      current = entry;
      // Leaving an entry early destroys it with an AbortError: handled here, not uncaught.
      entry.on('error', () => undefined);
      entries++;
      if (entries > XLSX_MAX_ENTRIES || total + Number(entry.vars?.uncompressedSize ?? 0) > maxBytes) throw tooBig();
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > maxBytes) throw tooBig();
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('INVALID', 'import.typeMismatch', { ext: 'xlsx' });
  } finally {
    source.unpipe(zip as unknown as NodeJS.WritableStream);
    source.destroy();
    zip.destroy();
  }
}

/** A row as read: its number in the sheet and its cells by position (0-based). */
interface GridRow {
  row: number;
  cell(i: number): string;
  width: number;
}

/**
 * The file stream exceljs reads a sheet from when it kept the sheet in a temporary file (null for
 * a sheet read straight from the zip). Stopping its reading early destroys it with an AbortError
 * that nobody else listens for: it would be an uncaught exception.
 */
function quiet(sheet: ExcelJS.stream.xlsx.WorksheetReader): Readable | null {
  const it = (sheet as unknown as { iterator?: unknown }).iterator;
  if (!(it instanceof Readable)) return null;
  it.on('error', () => undefined);
  return it;
}

/**
 * The first sheet's rows, streamed (exceljs WorkbookReader), skipping rows without values.
 * Stopping early (return) closes what exceljs opened: the workbook is walked to its end without
 * reading the other sheets, so the temporary files it keeps for sheets that come before the
 * shared strings in the zip are removed.
 */
async function* xlsxGrid(data: Buffer): AsyncGenerator<GridRow> {
  await checkUnzippedSize(data);
  const Excel = await excel();
  const source = Readable.from([data]);
  const reader = new Excel.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const sheets = reader[Symbol.asyncIterator]();
  let rows: AsyncGenerator<ExcelJS.Row> | undefined;
  try {
    let first: IteratorResult<ExcelJS.stream.xlsx.WorksheetReader>;
    try {
      first = await sheets.next();
    } catch {
      throw new AppError('INVALID', 'import.typeMismatch', { ext: 'xlsx' });
    }
    if (first.done) return;
    quiet(first.value);
    rows = first.value[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<ExcelJS.Row>;
      try {
        next = await rows.next();
      } catch {
        throw new AppError('INVALID', 'import.typeMismatch', { ext: 'xlsx' });
      }
      if (next.done) break;
      const r = next.value;
      if (!r.hasValues) continue;
      const vals = r.values as ExcelJS.CellValue[];
      yield { row: r.number, width: Math.max(0, vals.length - 1), cell: (i) => cellToString(vals[i + 1] ?? null) };
    }
  } finally {
    await rows?.return(undefined).catch(() => undefined);
    try {
      for (;;) {
        const n = await sheets.next();
        if (n.done) break;
        // A sheet kept in a temporary file is read through a file stream: close it unread.
        quiet(n.value)?.destroy();
      }
    } catch {
      // The rest of a broken workbook is not needed.
    }
    source.destroy();
  }
}

async function* textGrid(data: Buffer): AsyncGenerator<GridRow> {
  let text = data.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes('\t') ? '\t' : ',';
  let n = 0;
  for (const cells of delimitedRows(text, delimiter)) {
    n++;
    yield { row: n, width: cells.length, cell: (i) => cells[i] ?? '' };
  }
}

/**
 * The file's rows as text by column key. Throws a rejection when a required column is
 * missing, the file has no data, or more rows than `maxRows` (reading stops there).
 */
export async function readRows(file: UploadedFile, columns: SheetColumn[], lang: Lang, maxRows = 50_000): Promise<RawRow[]> {
  const grid = file.kind === 'xlsx' ? xlsxGrid(file.data) : textGrid(file.data);
  const byTitle = new Map<string, SheetColumn>();
  for (const c of columns) for (const n of [c.key, c.title['zh-CN'], c.title['en-US']]) byTitle.set(norm(n), c);
  let map: { index: number; col: SheetColumn }[] | undefined;
  const rows: RawRow[] = [];
  for await (const g of grid) {
    if (!map) {
      // The header row: which position holds which column.
      map = [];
      for (let i = 0; i < g.width; i++) {
        const col = byTitle.get(norm(g.cell(i)));
        if (col) map.push({ index: i, col });
      }
      const present = new Set(map.map((m) => m.col.key));
      const missing = columns.filter((c) => c.required && !present.has(c.key));
      if (missing.length) {
        reject(
          missing.map((c) => ({ row: g.row, field: c.key, message: 'import.missingColumn', params: { column: c.title[lang] } })),
          lang,
          0,
        );
      }
      continue;
    }
    const values: Record<string, string> = {};
    let any = false;
    for (const { index, col } of map) {
      const v = g.cell(index).trim();
      if (v === '') continue;
      any = true;
      values[col.key] = v;
    }
    if (!any) continue;
    if (rows.length >= maxRows) throw new AppError('INVALID', 'import.tooManyRows', { max: maxRows });
    rows.push({ row: g.row, values });
  }
  if (rows.length === 0) throw new AppError('INVALID', 'import.empty');
  // Coded values and dates to what the schema expects.
  const coded = columns.filter((c) => c.options || c.date);
  for (const r of rows) {
    for (const c of coded) {
      const v = r.values[c.key];
      if (v === undefined) continue;
      if (c.options) {
        const k = norm(v);
        const opt = c.options.find((o) => norm(String(o.value)) === k || norm(o.label['zh-CN']) === k || norm(o.label['en-US']) === k);
        if (opt) r.values[c.key] = String(opt.value);
      } else if (c.date) {
        const m = v.match(/^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?/);
        if (m) r.values[c.key] = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
      }
    }
  }
  return rows;
}

/** Imports running in this process, and the users running one. */
export const IMPORTS_PER_PROCESS = 2;
let importsRunning = 0;
const importingUsers = new Set<number>();

/**
 * Runs one import: at most `IMPORTS_PER_PROCESS` at once in this process and one per user;
 * past that 100429 at once (nothing waits in a queue holding memory). Per process because it
 * guards this process's memory; several processes each allow their own.
 */
export async function withImportSlot<T>(userId: number, run: () => Promise<T>): Promise<T> {
  if (importingUsers.has(userId)) throw new AppError('TOO_MANY', 'import.userBusy');
  if (importsRunning >= IMPORTS_PER_PROCESS) throw new AppError('TOO_MANY', 'import.busy');
  importsRunning++;
  importingUsers.add(userId);
  try {
    return await run();
  } finally {
    importsRunning--;
    importingUsers.delete(userId);
  }
}

/** A row error before translation. */
export interface RowIssue {
  row: number;
  field: string;
  message: string;
  params?: Record<string, unknown>;
}

/** Throws the rejection of a whole file: 100400 with `detail = {errors, total}`; nothing is saved. */
export function reject(issues: RowIssue[], lang: Lang, total: number): never {
  const errors: ImportRowError[] = [...issues]
    .sort((a, b) => a.row - b.row || a.field.localeCompare(b.field))
    .map((i) => ({ row: i.row, field: i.field, message: t(lang, i.message, i.params) }));
  const rows = new Set(errors.map((e) => e.row)).size;
  throw new AppError('INVALID', 'import.rejected', { n: rows }, { errors, total });
}

export interface ValidRow<T> {
  row: number;
  data: T;
}

/** Validates every row with the schema; answers the valid rows and the issues of the others. */
export function validateRows<S extends ZodType>(rows: RawRow[], schema: S): { valid: ValidRow<z.output<S>>[]; issues: RowIssue[] } {
  const valid: ValidRow<z.output<S>>[] = [];
  const issues: RowIssue[] = [];
  for (const r of rows) {
    // Uploaded files pass the same input filter as JSON bodies (markup and script are refused).
    const unsafe = Object.entries(r.values).filter(([, v]) => hasDangerousInput(v));
    if (unsafe.length) {
      for (const [field] of unsafe) issues.push({ row: r.row, field, message: 'error.invalidChars' });
      continue;
    }
    try {
      valid.push({ row: r.row, data: parseOrThrow(schema, r.values) });
    } catch (e) {
      if (!(e instanceof AppError) || !Array.isArray(e.detail)) throw e;
      for (const d of e.detail as { field: string; message: string; params?: Record<string, unknown> }[]) {
        issues.push({ row: r.row, field: d.field, message: d.message, params: d.params });
      }
    }
  }
  return { valid, issues };
}

/** Issues for rows repeating an earlier row's value of `field` (case-insensitive). */
export function duplicatesInFile<T>(rows: ValidRow<T>[], field: string, value: (d: T) => string | null | undefined): RowIssue[] {
  const seen = new Map<string, number>();
  const out: RowIssue[] = [];
  for (const r of rows) {
    const v = value(r.data);
    if (v === null || v === undefined || v === '') continue;
    const k = v.toLowerCase();
    const first = seen.get(k);
    if (first !== undefined) out.push({ row: r.row, field, message: 'import.dupInFile', params: { other: first } });
    else seen.set(k, r.row);
  }
  return out;
}
