// Member figures (issue 12), on PostgreSQL when one answers (else PGlite):
//  - members.import.rowsPerSec: `POST member/import` of an xlsx of 10,000 new members (multipart
//    over HTTP, parsed, checked row by row, saved all or nothing), rows per second of the call.
import ExcelJS from 'exceljs';
import { benchPostgresUrl, consoleHeaders, freePort, median } from './_support.ts';
import { Client, startServer } from '../../apps/server/test/harness.ts';

const ROWS = 10_000;
const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
const port = await freePort();
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0' });
try {
  await s.app.listen({ host: '127.0.0.1', port });
  const admin = new Client(s);
  await admin.login();
  const ok = async (c: Client, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const r = await c.json(method, url, body === undefined ? {} : { body });
    if (r.code !== 0) throw new Error(`${url}: ${r.msg} ${JSON.stringify(r.detail)}`);
    return r.body;
  };
  const platform = (await ok(admin, 'GET', '/api/system/org/tree'))[0].id;
  const menuIds: number[] = [];
  const walk = (ns: { id: number; key: string; children?: unknown[] }[]) =>
    ns.forEach((n) => (/^(member|sport\.member)/.test(n.key) && menuIds.push(n.id), walk((n.children ?? []) as never)));
  walk(await ok(admin, 'GET', '/api/system/menu/tree'));

  /** An xlsx of `n` members with phones from `base`: name, phone, sex, id card (half of them), tags, register date. */
  const workbook = async (n: number, base: number) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['姓名', '手机号', '性别', '证件类型', '证件号码', '标签', '注册日期', '备注']);
    for (let i = 0; i < n; i++)
      ws.addRow([
        `会员${i + 1}`,
        `1${String(base + i).padStart(10, '0')}`,
        i % 2 ? '男' : '女',
        i % 2 ? '身份证' : null,
        i % 2 ? '11010519491231002X' : null,
        '羽毛球,周末',
        '2026-05-01',
        `批量导入 ${i}`,
      ]);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  const key = s.app.ctx.keys.signKey;

  // Three runs, each into a new organisation (every phone new), median of the calls' times.
  const rates: number[] = [];
  for (let run = 0; run < 3; run++) {
    const org = await ok(admin, 'POST', '/api/system/org', { code: `bench-members-${run}`, name: `会员压测${run}`, parentId: platform, type: 3 });
    const role = await ok(admin, 'POST', '/api/system/role', { orgId: org.id, code: `bench_members_${run}`, name: '会员管理', menuIds });
    await ok(admin, 'POST', '/api/system/user', {
      code: `bench_members_${run}`,
      name: '会员管理员',
      password: 'Bench@2020x',
      orgId: org.id,
      roleIds: [role.id],
    });
    const c = new Client(s);
    if ((await c.login(`bench_members_${run}`, 'Bench@2020x')).code !== 0) throw new Error('member manager cannot sign in');
    await c.call('GET', '/config.json');
    const file = await workbook(ROWS, 3_900_000_000);
    const boundary = `----bench${run}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="members.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const url = '/api/sport/member/import';
    const headers = { ...consoleHeaders(key, c, 'GET', url, ''), 'content-type': `multipart/form-data; boundary=${boundary}` };
    const t0 = performance.now();
    const res = (await (await fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers, body: payload })).json()) as {
      code: number;
      msg: string;
      body: { created: number };
    };
    const seconds = (performance.now() - t0) / 1000;
    if (res.body?.created !== ROWS) throw new Error(`import: ${res.code} ${res.msg}`);
    rates.push(ROWS / seconds);
    console.log(`run ${run + 1}: ${ROWS} members from xlsx in ${Math.round(seconds * 1000)} ms (${Math.round(ROWS / seconds)} rows/s)`);
  }
  out['members.import.rowsPerSec'] = Math.round(median(rates));
} finally {
  await s.close();
}
console.log(JSON.stringify(out));
