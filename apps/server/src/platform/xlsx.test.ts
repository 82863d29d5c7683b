import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors.ts';
import fs from 'node:fs';
import os from 'node:os';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { EXPORT_HEADERS } from '@venue/contract';
import {
  EXPORTS_PER_PROCESS,
  IMPORTS_PER_PROCESS,
  XLSX_MAX_UNZIPPED,
  duplicatesInFile,
  unzipper,
  parseDelimited,
  readRows,
  reject,
  rowsXlsx,
  streamXlsx,
  validateRows,
  withImportSlot,
  type SheetColumn,
  type UploadedFile,
} from './xlsx.ts';
import { bombXlsx, manyRowsXlsx } from './xlsx.testkit.ts';

const columns: SheetColumn[] = [
  { key: 'code', title: { 'zh-CN': '编码', 'en-US': 'Code' }, required: true },
  { key: 'qty', title: { 'zh-CN': '数量', 'en-US': 'Quantity' } },
  { key: 'day', title: { 'zh-CN': '日期', 'en-US': 'Day' }, date: true },
  {
    key: 'kind',
    title: { 'zh-CN': '类型', 'en-US': 'Kind' },
    options: [
      { value: 1, label: { 'zh-CN': '场地', 'en-US': 'Court' } },
      { value: 2, label: { 'zh-CN': '课程', 'en-US': 'Course' } },
    ],
  },
];

const file = (kind: 'xlsx' | 'txt', data: Buffer): UploadedFile => ({ fileName: `f.${kind}`, kind, data, fields: {} });

describe('xlsx helper', () => {
  it('splits delimited text with CSV quoting', () => {
    expect(parseDelimited('a,b\r\n"x, y","say ""hi"""\n"two\nlines",\n', ',')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', ''],
    ]);
    expect(parseDelimited('a\tb\nc\td', '\t')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('writes rows to xlsx and reads them back by title in either language, coded values and dates included', async () => {
    const rows = [
      { code: 'A01', qty: 3, day: '2024-05-01', kind: 1 },
      { code: '007', qty: null, day: null, kind: 2 },
    ];
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const data = (await rowsXlsx(columns, rows, lang, 'x')).data as Buffer;
      expect(data.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      const back = await readRows(file('xlsx', data), columns, lang);
      expect(back).toEqual([
        { row: 2, values: { code: 'A01', qty: '3', day: '2024-05-01', kind: '1' } },
        { row: 3, values: { code: '007', kind: '2' } },
      ]);
    }
  });

  it("a reader that is slow to take the zip's entries still gets every one before the end (an early end once lost a good file's workbook part)", async () => {
    const data = (await rowsXlsx(columns, [{ code: 'A01', qty: 1, day: null, kind: 1 }], 'zh-CN', 'x')).data as Buffer;
    const zip = unzipper().Parse({ forceStream: true }) as unknown as Readable;
    const seen: string[] = [];
    let atEnd: string[] = [];
    const ended = new Promise<void>((resolve) =>
      zip.on('end', () => {
        atEnd = [...seen];
        resolve();
      }),
    );
    // As exceljs reads: take an entry, pause the zip while parsing it, then ask for the next.
    zip.on('data', (entry: Readable & { path: string }) => {
      seen.push(entry.path);
      entry.resume();
      zip.pause();
      setTimeout(() => zip.resume(), 10);
    });
    Readable.from([data]).pipe(zip as unknown as NodeJS.WritableStream);
    await ended;
    expect(atEnd).toContain('xl/workbook.xml');
    expect(atEnd).toContain('xl/worksheets/sheet1.xml');
  });

  it('reads txt by key or title, normalises dates and labels, skips empty lines', async () => {
    const text = 'code\t数量\tDay\tkind\nB1\t2\t2024/5/3\t课程\n\nB2\t\t2024年6月7日\tcourt\n';
    const back = await readRows(file('txt', Buffer.from(text)), columns, 'zh-CN');
    expect(back).toEqual([
      { row: 2, values: { code: 'B1', qty: '2', day: '2024-05-03', kind: '2' } },
      { row: 4, values: { code: 'B2', day: '2024-06-07', kind: '1' } },
    ]);
  });

  it('validates every row and reports each problem with its row and field', async () => {
    const schema = z.object({ code: z.string().min(2), qty: z.coerce.number().int().max(10).optional(), kind: z.enum(['1', '2']).optional() });
    const rows = await readRows(file('txt', Buffer.from('code,qty,kind\nA,11,1\nBB,2,9\nBB,1,2\nCC,x,1\n')), columns, 'zh-CN');
    const { valid, issues } = validateRows(rows, schema);
    issues.push(...duplicatesInFile(valid, 'code', (d) => d.code));
    expect(valid.map((v) => v.row)).toEqual([4]);
    let err: AppError | undefined;
    try {
      reject(issues, 'en-US', rows.length);
    } catch (e) {
      err = e as AppError;
    }
    expect(err?.code).toBe(100400);
    expect(err?.params).toEqual({ n: 3 });
    expect((err?.detail as { errors: unknown[] }).errors).toEqual([
      { row: 2, field: 'code', message: 'must be at least 2 long' },
      { row: 2, field: 'qty', message: 'must not be greater than 10' },
      { row: 3, field: 'kind', message: 'is not in a valid format' },
      { row: 5, field: 'qty', message: 'is not in a valid format' },
    ]);
    // Duplicates inside the file name the earlier row.
    const dup = duplicatesInFile(
      [
        { row: 2, data: { code: 'ab' } },
        { row: 3, data: { code: 'AB' } },
      ],
      'code',
      (d) => d.code,
    );
    expect(dup).toEqual([{ row: 3, field: 'code', message: 'import.dupInFile', params: { other: 2 } }]);
  });

  it('rejects a file without a required column or without data', async () => {
    await expect(readRows(file('txt', Buffer.from('qty\n1\n')), columns, 'zh-CN')).rejects.toMatchObject({ msgKey: 'import.rejected' });
    await expect(readRows(file('txt', Buffer.from('code\n')), columns, 'zh-CN')).rejects.toMatchObject({ msgKey: 'import.empty' });
    await expect(readRows(file('txt', Buffer.from('code\na\nb\nc\n')), columns, 'zh-CN', 2)).rejects.toMatchObject({ msgKey: 'import.tooManyRows' });
  });
});

/** Runs `fn` and answers how far the process's resident memory rose above where it started meanwhile. */
async function rssGrowthDuring(fn: () => Promise<unknown>): Promise<{ error: unknown; growthMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  let error: unknown;
  try {
    await fn();
  } catch (e) {
    error = e;
  } finally {
    clearInterval(sample);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { error, growthMb: (peak - start) / 1024 / 1024 };
}

/** Temporary files exceljs's streaming reader made in this process and left behind. */
const ourTempFiles = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(`tmp-${process.pid}`));

describe('xlsx import bounds (audit finding 6)', () => {
  const codeOnly: SheetColumn[] = [{ key: 'code', title: { 'zh-CN': '编码', 'en-US': 'Code' }, required: true }];

  it('a small file holding a million rows is refused at the row cap, without reading it whole', async () => {
    const data = await manyRowsXlsx(1_000_000);
    // Small enough to pass the upload limit (10 MB), as in the audit.
    expect(data.length).toBeLessThan(10 * 1024 * 1024);
    const before = ourTempFiles();
    const { error, growthMb } = await rssGrowthDuring(() => readRows(file('xlsx', data), codeOnly, 'en-US'));
    expect(error).toMatchObject({ code: 100400, msgKey: 'import.tooManyRows', params: { max: 50_000 } });
    // Parsed whole, this file took well over a gigabyte.
    expect(growthMb).toBeLessThan(200);
    // The sheet exceljs kept in a temporary file is removed (tmp removes it asynchronously).
    for (let i = 0; i < 200 && ourTempFiles().length > before.length; i++) await new Promise((r) => setTimeout(r, 10));
    expect(ourTempFiles()).toEqual(before);
    // A file within the cap is read in full.
    const ok = await readRows(file('xlsx', await manyRowsXlsx(3000)), codeOnly, 'en-US');
    expect(ok).toHaveLength(3000);
    expect(ok.at(-1)).toEqual({ row: 3001, values: { code: '3001' } });
  });

  it('a zip bomb (a sheet unpacking past the bound) is refused before it is parsed', async () => {
    const data = await bombXlsx(XLSX_MAX_UNZIPPED + 8 * 1024 * 1024);
    expect(data.length).toBeLessThan(2 * 1024 * 1024);
    const { error, growthMb } = await rssGrowthDuring(() => readRows(file('xlsx', data), codeOnly, 'zh-CN'));
    expect(error).toMatchObject({ code: 100400, msgKey: 'import.unzippedTooLarge', params: { max: '128M' } });
    expect(growthMb).toBeLessThan(100);
    // Text files are bounded by the upload limit and stop at the cap too.
    const text = 'code\n' + 'x\n'.repeat(60_000);
    await expect(readRows(file('txt', Buffer.from(text)), codeOnly, 'zh-CN')).rejects.toMatchObject({ msgKey: 'import.tooManyRows' });
  });

  it('runs at most one import per user and IMPORTS_PER_PROCESS at once; others answer 100429 at once', async () => {
    const gates: (() => void)[] = [];
    const hold = (user: number) => withImportSlot(user, () => new Promise<void>((r) => gates.push(r)));
    const first = hold(1);
    await expect(withImportSlot(1, async () => 'second')).rejects.toMatchObject({ code: 100429, msgKey: 'import.userBusy' });
    const others = [first];
    for (let u = 2; u <= IMPORTS_PER_PROCESS; u++) others.push(hold(u));
    await expect(withImportSlot(99, async () => 'one too many')).rejects.toMatchObject({ code: 100429, msgKey: 'import.busy' });
    for (const open of gates) open();
    await Promise.all(others);
    // Slots are given back, also when an import fails.
    await expect(withImportSlot(1, async () => Promise.reject(new Error('broken file')))).rejects.toThrow('broken file');
    expect(await withImportSlot(1, async () => 'again')).toBe('again');
  });
});

describe('streamed export (streamXlsx)', () => {
  const columns = [{ header: 'n', width: 10, cell: (r: { n: number }) => r.n }];
  const batch = (i: number) => Array.from({ length: 5_000 }, (_, j) => ({ n: i * 5_000 + j }));

  it('answers a small export whole with its row count; a large one once its first rows are written, with the count and the expected size', async () => {
    const small = await streamXlsx({
      fileName: 'x',
      sheetName: 'x',
      columns,
      run: async (sink) => {
        sink.begin(3);
        await sink.write(batch(0).slice(0, 3));
      },
    });
    expect(Buffer.isBuffer(small.data)).toBe(true);
    expect(small.headers).toEqual({ [EXPORT_HEADERS.totalRows]: '3' });
    const large = await streamXlsx({
      fileName: 'x',
      sheetName: 'x',
      columns,
      run: async (sink) => {
        sink.begin(4 * 5_000);
        for (let i = 0; i < 4; i++) await sink.write(batch(i));
      },
    });
    expect(large.data).toBeInstanceOf(Readable);
    const file = await buffer(large.data as Readable);
    expect(large.headers[EXPORT_HEADERS.totalRows]).toBe('20000');
    const expected = Number(large.headers[EXPORT_HEADERS.expectedBytes]);
    expect(expected / file.length).toBeGreaterThan(0.8);
    expect(expected / file.length).toBeLessThan(1.25);
    const back = await readRows({ fileName: 'x.xlsx', kind: 'xlsx', data: file, fields: {} }, [{ key: 'n', title: { 'zh-CN': 'n', 'en-US': 'n' } }], 'zh-CN');
    expect(back.map((r) => Number(r.values.n))).toEqual(Array.from({ length: 20_000 }, (_, i) => i));
  });

  it('ends the run when the client leaves half-way (nothing more is read or written) and gives its slot back', async () => {
    let batches = 0;
    let stop!: (e: unknown) => void;
    const stopped = new Promise((resolve) => (stop = resolve));
    const answer = await streamXlsx({
      fileName: 'x',
      sheetName: 'x',
      columns,
      run: async (sink) => {
        sink.begin(200 * 5_000);
        try {
          for (let i = 0; i < 200; i++) {
            await sink.write(batch(i));
            batches++;
          }
        } catch (e) {
          stop(e);
          throw e;
        }
      },
    });
    const body = answer.data as Readable;
    // The client takes one chunk, then leaves.
    await new Promise<void>((resolve) =>
      body.once('data', () => {
        body.pause();
        resolve();
      }),
    );
    body.destroy();
    expect(String(await stopped)).toContain('the client has gone');
    expect(batches).toBeLessThan(40);
    // Its slot is free again: as many large exports as a process sends at once start (each holds its
    // reader until its run ends), one more is refused with 100429 at once, and runs again after.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const large = () =>
      streamXlsx({
        fileName: 'x',
        sheetName: 'x',
        columns,
        run: async (sink) => {
          sink.begin(2 * 5_000);
          await sink.write(batch(0));
          await gate;
          await sink.write(batch(1));
        },
      });
    const running = [];
    for (let i = 0; i < EXPORTS_PER_PROCESS; i++) running.push(await large());
    await expect(large()).rejects.toMatchObject({ codeName: 'TOO_MANY', msgKey: 'export.busy' });
    open();
    for (const r of running) await buffer(r.data as Readable);
    expect((await large()).headers[EXPORT_HEADERS.totalRows]).toBe('10000');
  });
});
