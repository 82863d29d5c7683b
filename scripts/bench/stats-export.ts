// A statistics drill exported as xlsx (issue 31, "every table exports to xlsx, streamed"), on
// PostgreSQL only: the server process `npm start` runs (the bundle) on a fresh database, and
// EXPORT_BENCH_ROWS paid orders (default 1,000,000, written with generate_series over 30 days)
// whose drill of `orders` is exported through the real route, `POST statistics/drill/export`:
//  - stats.export1MRowsMs: from the request to the file's last byte (the count, the cursor's
//    batches, exceljs's streaming writer and the transfer);
//  - stats.export1MRowsPeakMB: the server process's peak resident memory during the export, above
//    what it held before it (sampled from /proc every 50 ms).
// The answer must carry the row count (`X-Total-Rows`) and end as a zip does; at up to 100,000 rows
// the file is also read back and its rows counted.
// Without PostgreSQL it prints no figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXPORT_HEADERS } from '@venue/contract';
import { benchPostgresUrl, consoleHeaders, Http, scratchDatabase, startServerProcess, stop } from './_support.ts';
import { unzipper } from '../../apps/server/src/platform/xlsx.ts';

const ADMIN_PASSWORD = 'Admin@12345';
const ROWS = Number(process.env.EXPORT_BENCH_ROWS ?? 1_000_000);
const out: Record<string, number | string> = {};

const pgUrl = await benchPostgresUrl();
if (!pgUrl) {
  console.log('no PostgreSQL answers: no figures');
  console.log(JSON.stringify(out));
  process.exit(0);
}

/** A process's resident memory now (VmRSS, bytes). */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(d);

const scratch = await scratchDatabase(pgUrl);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: scratch.url, ADMIN_PASSWORD, SEED_DEMO: '0' });
const { default: pg } = await import('pg');
const db = new pg.Client({ connectionString: scratch.url });
await db.connect();
try {
  const base = `http://127.0.0.1:${server.port}`;
  const http = await new Http(base).init();
  await http.login(ADMIN_PASSWORD);
  const org = (await db.query(`select id from sys_org order by id limit 1`)).rows[0].id;
  const t0 = performance.now();
  await db.query(
    `insert into sport_order (org_id, order_no, type, buyer_kind, channel, total_fen, payable_fen, paid_fen, state, item_summary, created_at, paid_at)
     select $1, 'XB' || g, 'general', 'walkin', 'desk', 100 + g % 900, 100 + g % 900, 100 + g % 900, 'paid', '压测导出 ' || g % 1000,
            now() - (g % 30) * interval '1 day', now() - (g % 30) * interval '1 day'
       from generate_series(1, $2::int) g`,
    [org, ROWS],
  );
  await db.query('analyze sport_order');
  console.log(`${ROWS} paid orders written in ${Math.round(performance.now() - t0)} ms`);

  const urlPath = '/api/sport/statistics/drill/export';
  const body = JSON.stringify({ metric: 'orders', from: day(new Date(Date.now() - 30 * 86_400_000)), to: day(new Date()) });
  const before = rssOf(server.child.pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.child.pid!))), 50);
  const t1 = performance.now();
  const res = await fetch(`${base}${urlPath}`, {
    method: 'POST',
    headers: consoleHeaders(http.signKey, { token: http.token, cookies: new Map([['XSRF-TOKEN', http.xsrf]]) }, 'POST', urlPath, body),
    body,
  });
  const firstByteMs = performance.now() - t1;
  if (!res.ok || !/spreadsheetml/.test(res.headers.get('content-type') ?? '')) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  const keep = ROWS <= 100_000;
  const parts: Buffer[] = [];
  let bytes = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    tail = Buffer.concat([tail, chunk]).subarray(-64);
    if (keep) parts.push(Buffer.from(chunk));
  }
  const ms = performance.now() - t1;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(server.child.pid!));
  const total = Number(res.headers.get(EXPORT_HEADERS.totalRows));
  const expected = Number(res.headers.get(EXPORT_HEADERS.expectedBytes) ?? res.headers.get('content-length'));
  // A zip ends with its end-of-central-directory record (PK\x05\x06 and 18 bytes).
  if (total !== ROWS || tail.indexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) < 0) throw new Error(`export: ${total} rows announced, the file is not whole`);
  if (keep) {
    const { default: ExcelJS } = await import('exceljs');
    const { Readable } = await import('node:stream');
    unzipper(); // exceljs's zip reader, mended as the server's imports use it (docs/decisions.md)
    let rows = 0;
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.concat(parts)]), {}))
      for await (const row of sheet) rows += row ? 1 : 0;
    if (rows !== ROWS + 1) throw new Error(`export: ${rows - 1} rows in the file, ${ROWS} expected`);
  }
  out['stats.exportRows'] = ROWS;
  out['stats.export1MRowsMs'] = Math.round(ms);
  out['stats.export1MRowsPeakMB'] = Math.round((peak - before) / 1024 / 1024);
  console.log(
    `exported ${total} rows: ${(bytes / 1024 / 1024).toFixed(1)} MB (expected ${(expected / 1024 / 1024).toFixed(1)} MB) in ${Math.round(ms)} ms, ` +
      `first byte after ${Math.round(firstByteMs)} ms; server RSS ${Math.round(before / 1024 / 1024)} MB before, peak ${Math.round(peak / 1024 / 1024)} MB`,
  );
} finally {
  await db.end();
  await stop(server.child);
  await scratch.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(JSON.stringify(out));
process.exit(0);
