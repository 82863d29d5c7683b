import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/platform/db.ts';
import { migrationsFolder } from '../src/platform/paths.ts';
import { seedPlatform, seedDemo } from '../src/modules/system/index.ts';
import { CapturingSms, Client, databases, freshPostgres, type TestServer } from './harness.ts';

/**
 * Upgrading a 2.0.0 installation. A database is built at the baseline (only `0000_init`
 * applied, by drizzle's own migrator, so its bookkeeping is what 2.0.0 left behind) and filled
 * with the rows the 2.0.0 server wrote (fixtures/baseline-2.0.0.sql). The current server then
 * opens it the way it starts (openDatabase runs every later migration): every table of the
 * baseline keeps all its rows under the same keys, and the administrator and the demo manager
 * still sign in with the passwords they had.
 */
const BASELINE_TAG = '0000_init';
/**
 * Migrations that have landed, by sha256 of their file: never edited again (drizzle does not
 * compare hashes, so an edit would silently differ between old and new installations).
 * `0000_init` is the 2.0.0 release's; add a migration here once it has landed.
 */
const LANDED: Record<string, string> = {
  '0000_init': 'e54de70cc25e7bc30e628d28518e33d4e9fd3f7a51df20f6410ac956ed9eb89b',
  '0001_platform_org': '7d6e7941442fe5d3d7220bcf88e8b0ea3844c12c9efdad2b4342e50cbce24a72',
  '0002_job_http_record': 'c6f1cf7a279465d390f53a4006e510507baa98bdb9716e72480c2478a21649ad',
  '0003_oper_log_before_action': 'ee8e3b1262431303ae50d4e963dceacd69712ccf80edfdf500ca8944dd498a4d',
  '0004_session_id_token': 'a35c0173f756bdc1dfdf3413f99ff9de5dd52900d50a34d4e2c43579d1b4848d',
  '0005_role_link_org': '502f9c4606bf581b02c9cfd3781d457f50cc7e9afd7f3d2d0371b6129cd72a3d',
  '0006_sport_commerce': '49cc0caee7d17f44e9630ae19d32ee2c2e43e31f23399d44617cd1b08c932993',
  '0007_sport_venue': 'dc7f754a54dde3f1709eaeb0862fc7506c81e8e71e0a378a1c9d06bae0900644',
  '0008_sport_member': '0e7d359bb2789e6e587c378cf6aead1932bde516a20b1525d74288cb13999b10',
  '0009_sport_member_card': 'cd864a01fb75235ec924e54b6da709083f7be00660fcc7c66c77f3149f919a42',
  '0010_sport_ticket': 'a4f0a7d61d13b59bc353744524bc331895f644b94eaac605e1c2458cb111315d',
  '0011_sport_ticket_gate': 'f3dc952880775421ae9962ff271959ab8842216f3b0e5205da212b9595811138',
  '0012_sport_ticket_distribution': 'dff817755a2490ceb8e6964d214763140501986b62b9171df0041e527b6a7420',
  '0013_sport_ticket_catalogue': '4a374969a4da2927863d56efbbc0fb832ea2fb40b24386f0c8a3ee9ce8a82830',
  '0014_sport_ticket_reserve': 'd340b2b65b301f65df93394b08e0de212c456a0583588637e16428fdea9c5a23',
  '0015_system_open_access': '12159d1efa7778788b41972aec65bf67c5b9b7014d2baa7c65f882502f23a787',
  '0016_system_station_backlog': '9b4d591bab3cc9ff6de1e8fa97a4329dcfb002375e839733c32e3353bb419562',
  '0017_system_registry': '7ddbad2cf19ce486621b1f15a60309f60543f19a888c20a2555da20d684d6c02',
  '0018_system_message': '61b05384ac5f659566be391ee4e33a0c792b5101b4a3098447530a67b2cb9e98',
  '0019_api_permission_any_of': '771f8c57aac2a4416eeaf6db9cef3b1617e7f28a60410407d2f229135013637e',
  '0020_open_api_english': 'ef3af2993a57baf6e2935ee96abc56152cdb7306110130a11b6bbee7a9994f42',
  '0021_ticket_limits_gate_window': 'cae356fbb13b910e160bce66e8feff4e220b91e7bc51560025f627db4bc17606',
  '0022_order_discount_reason': 'a887118ef9d2f4ec63d238388b89defad1616ff6544d2da26559fe8019f601d5',
  '0023_member_register_day': 'b0b46cc1b393cd5d12c1639720d9445ae9ee91154fc59686d337fc59382b08d2',
  '0024_refund_zero_amount': 'e7fdd7586054892db6a576bc675e827743ab949537d78a0771efd3c84f645a02',
  '0025_order_item_adjustment': 'ee2e87809222ede12dd38739046aab96f7ab19f4c2cbc35525364a30035f0e81',
  '0026_resource_claim': 'd7b04804982b4cbcbc9f331c70a6af10b0725173d40d82f511a1a5b1d44ecd16',
  '0027_tenant_fk_member_card': '99d4733a10efefa606aa5086456f870a829a94a8a571263f6d5445af039b4815',
  '0028_tenant_fk_commerce': 'c7ded530fd91c4b1f3fe936c1c915da4634ed52e17d47c614978d7e237b763b3',
  '0029_tenant_fk_venue': '3fa89e2ea25b7755dc5c612ba99df6a5e6182605dfd9837eecb32a26ba786289',
  '0030_tenant_fk_ticket': '724fda34cf97468ecef36c038e23e9635f3cef2d401cedd89bdc809cd3f4ed73',
  '0031_ticket_gate_venue_reach': '99e8daef21cb9f028bb07f310e2470e1a7834522dcbfd88af6b965290d71eb6e',
  '0032_tenant_fk_system': '92c36d02e017b3a2f973eff8a4d360e7e90726d3816aa3f00fa0949693d934db',
  '0033_resource_counter': '17fa069d0157c3097625ef6907aeb9b55d5e276057e5303266880a9ff2520ae8',
  '0034_ticket_first_print': '0a87c5e4d30bd54ba98788cb53fcd5fa142c18fc6e6314f57b44cde4d30fcac4',
  '0035_user_pref': '666a5cea4c56a78a28e90a9299513599a86de2c46070f2af5e771400a01f8391',
  '0036_user_wechat': 'e22b742f6a2333565da5219ccc626029e9b68d0593ca94fa6d14189c2f5514aa',
  '0037_sport_coach': '34c2ad9ad3f7088cb6657c46ec661df07eb7486ec793fceb7c2b30398b3d30c1',
  '0038_sport_sparring': '9a43ef56840aceac6ad02be622f5531442dc89896b531f4cff703dd083459905',
  '0039_sport_course': '1f5377156b967e8649003f150759034999c838a626dcfe25c4f10287c7744f64',
  '0040_course_plan': '682bc715d97fe9d60c55c977bcb4caac9e30a7811e0ac9487cd2fff010eb0f7f',
  '0041_sport_course_attendance': 'f101980c0d8e0a57c3dc4a0a958daf300f9f3f5af96c6fedd46a2abffa917bac',
  '0042_coach_settlement': '7ad4bc3cb606c9d031956b97b30008a4c78232d8753a6cc1007debd53de0c34d',
  '0043_course_lesson_evaluation': '4f3b3548b0311b8414f6f081902790514f29e8a84f8f091bf1f0c546bf46caba',
  '0044_course_face_consent_statement': '0f2fd2343ab835762d937a62e72afc7dae00af1d77fcfa4cd5f66fd1f30e4677',
  '0045_course_consignment': 'acae631a2f38f4ad3ba833689056526319e717449ead91b473507f8f2e08b768',
  '0046_course_package_type_version': '34e2573518ae172cac3a38299df7db61685b50a8f6866104f5619460396ea97b',
  '0047_course_consign_adjust': '581b04d39af34b382be91e34147011ea3b9d4c027a60f6763dfc86ec3591455a',
  '0048_goods': '6c97678cd7727219f657b53893c56f0a5439c51740dd26708662389006a33567',
  '0049_goods_rental': '7da03a2ceb7d41fd38c37b367b617232ee2485c3346f1a1df8b75d2a9a8f5f6a',
  '0050_sport_equipment': '547cb933e3096cd53b168539cb6f8404181abe64f5bf7b55e3a1da5e9c2d8868',
  '0051_sport_golf': '4646ce137fc6d5726c18f14462edbbc7fbcb8cafa61fc8e91b2a31b56677c4d8',
  '0052_sport_bracelet': 'cc0daec7880e5b0ff1897509f857289390862954f34444bfbbc1eef9b540e822',
  '0053_sport_registration': 'b8790600dc96fb8fa56fc346697e0826c352c28e361ffc14075b4440fe9936a7',
  '0054_sport_invoice': 'e6abbe5013c4ab10916cfb91da1006e8a415e525fa546a420663db7c38e23744',
  '0055_sport_settlement': '7c978ad66f3cc5331b93d6cf2ed0c9528d06b9878bec8e0d9fd798b16ebc8608',
  '0056_sport_coupon': '6a48044da64efa75f05cb63ca5ec544036b13cb786c9540b067ba67c4343c037',
  '0057_sport_settlement_reconcile': 'bc944b66f56e16e18b021ed5bc10810b07faa8c81bb72ea67dbc994ffa672349',
  '0058_sport_agency': 'bfdfd9fffd0657c1334435484c0853e6d2aa9fe3df5ab793a77bed4707429ed9',
  '0059_sport_marketing': '76a0ae33b58bc3cedba374313a1ce60cb6238cec5a57b2f18032e445dce1a6e0',
  '0060_sport_content': 'b28798dbc0c56097a600dd7dcbc731fd4202fd6fecd89f1d56276893b34000ae',
  '0061_sport_statistics': 'c7f1f8260d603b067b350a0fbb0af987ef3391ecd532877ce58d1cf694009893',
  '0062_sport_desk_ops': '9b9557900f719aa6ec3dcf6d860ca5664d3134b528ec57079f68e6a63d2f15f9',
  '0063_sport_large_screen': '86b3c976f37563061c6e01858fe85d1e687244fa5b09920780d7a8c21818fabf',
  '0064_sport_ops_report': '43ac208f2dfae757d7810f63f6fb5b9c5fe33c40adb91e0091cb4715a9797a1b',
  '0065_sport_statistics_deposit': '64647840ce3aba51fb2b480b393f65614d16b56222ff97316998fd6ae4ac1beb',
  '0066_sport_statistics_dims': '2330de33d1521b468ae8e9dff2b0e578ea6fca0e7bf0b11123a2f8df56fc9f49',
};
const fixture = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/baseline-2.0.0.sql'), 'utf8');

/** What `apps/server/scripts/migration-status.mjs` tells an operator about this database. */
function migrationStatus(dataDir: string, url: string | undefined): { code: number | null; lines: string[] } {
  const script = path.join(migrationsFolder, '../scripts/migration-status.mjs');
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url ?? '' };
  const r = spawnSync(process.execPath, [script], { env, encoding: 'utf8' });
  return {
    code: r.status,
    lines: (r.stdout + r.stderr)
      .trim()
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ')),
  };
}

interface Raw {
  query<T = Record<string, unknown>>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

/** A migrations folder holding only the baseline: its SQL file and a journal with its one entry. */
function baselineFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-baseline-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  const entry = journal.entries.find((e: { tag: string }) => e.tag === BASELINE_TAG);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: [entry] }));
  fs.copyFileSync(path.join(migrationsFolder, `${BASELINE_TAG}.sql`), path.join(dir, `${BASELINE_TAG}.sql`));
  return dir;
}

/** Opens the database the way 2.0.0 did and applies its one migration, nothing newer. */
async function openAtBaseline(kind: 'pglite' | 'postgres', dataDir: string, url: string | undefined, folder: string): Promise<Raw> {
  if (kind === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await migrate(drizzle(client), { migrationsFolder: folder });
    return { query: async (text) => (await client.query(text)).rows, close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = path.join(dataDir, 'pgdata');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { btree_gist } });
  await migrate(drizzle(client), { migrationsFolder: folder });
  return {
    // exec runs a script of several statements (the fixture); single queries answer their rows.
    query: async <T>(text: string) => ((await client.exec(text)).at(-1)?.rows ?? []) as T[],
    close: () => client.close(),
  };
}

interface TableState {
  rows: number;
  /** md5 of the primary keys in order: a row dropped, added or re-keyed changes it. */
  keys: string;
}

/** Per table of the baseline: its row count and a digest of its primary keys. */
async function tableStates(q: (text: string) => Promise<Record<string, unknown>[]>, tables?: string[]): Promise<Record<string, TableState>> {
  const names = tables ?? (await q(`select tablename from pg_tables where schemaname = 'public' order by tablename`)).map((r) => String(r.tablename));
  const out: Record<string, TableState> = {};
  for (const t of names) {
    const pk = (
      await q(
        `select a.attname from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
         where i.indrelid = 'public.${t}'::regclass and i.indisprimary order by a.attname`,
      )
    ).map((r) => `"${String(r.attname)}"`);
    const row = pk.length ? `row(${pk.join(', ')})::text` : `t::text`;
    const [r] = await q(`select count(*)::int as n, coalesce(md5(string_agg(${row}, ',' order by ${row})), '') as keys from public."${t}" t`);
    out[t] = { rows: Number(r!.n), keys: String(r!.keys) };
  }
  return out;
}

describe('migrations', () => {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; when: number; tag: string }[];
  };

  it('the migrations that have landed are unchanged, the baseline first', () => {
    expect(journal.entries[0]!.tag).toBe(BASELINE_TAG);
    for (const [tag, sha] of Object.entries(LANDED)) {
      const text = fs.readFileSync(path.join(migrationsFolder, `${tag}.sql`));
      expect({ tag, sha256: crypto.createHash('sha256').update(text).digest('hex') }).toEqual({ tag, sha256: sha });
    }
  });

  it('are numbered in order, each later than the one before (drizzle skips one dated before the last applied)', () => {
    journal.entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      expect(e.tag.slice(0, 5)).toBe(`${String(i).padStart(4, '0')}_`);
      expect(fs.existsSync(path.join(migrationsFolder, `${e.tag}.sql`))).toBe(true);
      if (i > 0) expect(e.when).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
    const files = fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
    expect(files.sort()).toEqual(journal.entries.map((e) => `${e.tag}.sql`));
  });
});

describe.each(databases)('upgrade from 2.0.0 (%s)', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-upgrade-'));
  const folder = baselineFolder();
  let pgdb: { url: string; drop: () => Promise<void> } | undefined;
  let database: Database | undefined;
  let server: TestServer | undefined;
  let before: Record<string, TableState> = {};
  let after: Record<string, TableState> = {};
  let retypedOrgId = 0;
  let statusAtBaseline: ReturnType<typeof migrationStatus> = { code: null, lines: [] };
  const tags = (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')).entries as { tag: string }[]).map((e) => e.tag);

  beforeAll(async () => {
    if (kind === 'postgres') pgdb = await freshPostgres('t_upgrade');
    const raw = await openAtBaseline(kind, dataDir, pgdb?.url, folder);
    try {
      await raw.query(fixture);
      // 2.0.0 let the API give any organisation the platform type; 0001 makes such rows companies.
      const [org] = await raw.query<{ id: number }>(
        `insert into public.sys_org (parent_id, code, name, type, time_zone, order_num)
         values (1, 'retyped-platform', '误设为平台的公司', 1, 'Asia/Shanghai', 90) returning id`,
      );
      retypedOrgId = Number(org!.id);
      before = await tableStates((text) => raw.query(text));
    } finally {
      await raw.close();
    }
    statusAtBaseline = migrationStatus(dataDir, pgdb?.url);

    // The current server's start-up: config -> open the database (migrations) -> app -> seed.
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      LOGIN_RATE_PER_MINUTE: '10000',
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    });
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: 5 });
    after = await tableStates((text) => database!.query(text), Object.keys(before));
    const sms = new CapturingSms();
    const app = await buildApp({ config, database, sms });
    await seedPlatform(database.db, config, () => undefined);
    if (config.seedDemo) await seedDemo(database.db, config);
    await app.ready();
    server = { app, config, database, sms, dataDir, close: async () => undefined };
  });

  let closed = false;
  const stop = async () => {
    if (closed) return;
    closed = true;
    await server?.app.close();
    await database?.close();
  };

  afterAll(async () => {
    await stop();
    await pgdb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('the baseline holds the demo data of 2.0.0', () => {
    expect(before.sys_user?.rows).toBe(3);
    expect(before.sys_org?.rows).toBe(5);
    expect(before.sys_menu?.rows).toBeGreaterThan(0);
    expect(before.sys_session?.rows).toBeGreaterThan(0);
    expect(before.sys_oper_log?.rows).toBeGreaterThan(0);
  });

  it('the status script shows the baseline applied and every later migration pending', () => {
    expect(statusAtBaseline.lines).toEqual(tags.map((t, i) => `${t} ${i === 0 ? 'applied' : 'pending (runs at the next start)'}`));
    expect(statusAtBaseline.code).toBe(tags.length > 1 ? 3 : 0);
  });

  it('every later migration is applied', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
    const applied = await database!.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(Number(applied[0]!.n)).toBe(journal.entries.length);
  });

  it('every table of the baseline keeps every row under the same keys', () => {
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const t of Object.keys(before)) expect({ table: t, ...after[t] }).toEqual({ table: t, ...before[t] });
  });

  it('an organisation other than the root that carried the platform type becomes a company', async () => {
    const rows = await database!.query<{ id: number; code: string; type: number }>('select id, code, type from sys_org order by id');
    expect(rows.map((r) => [r.code, Number(r.type)])).toEqual([
      ['platform', 1],
      ['demo-sports-center', 3],
      ['demo-sports-center-front', 4],
      ['demo-sports-center-finance', 4],
      ['retyped-platform', 2],
    ]);
    expect(Number(rows.at(-1)!.id)).toBe(retypedOrgId);
  });

  it('the administrator signs in with the password set at 2.0.0 and keeps every permission', async () => {
    const c = new Client(server!);
    const res = await c.login('admin', 'Admin@12345');
    expect(res.code).toBe(0);
    const info = await c.json('GET', '/api/auth/userInfo/0');
    expect(info.code).toBe(0);
    expect(info.body.code).toBe('admin');
    expect(info.body.roles).toContain('ROLE_ADMIN');
  });

  it('the demo manager signs in with the demo password into the demo centre', async () => {
    const c = new Client(server!);
    const res = await c.login('manager', 'Demo@2020');
    expect(res.code).toBe(0);
    const info = await c.json('GET', '/api/auth/userInfo/0');
    expect(info.code).toBe(0);
    expect(info.body).toMatchObject({ code: 'manager', userName: '王经理', currentOrg: { orgName: '示范体育中心' } });
    expect(await c.login('manager', 'wrong-password')).toMatchObject({ code: 100401 });
  });

  it('once the server has stopped, the status script shows every migration applied', async () => {
    await stop();
    const status = migrationStatus(dataDir, pgdb?.url);
    expect(status.lines).toEqual(tags.map((t) => `${t} applied`));
    expect(status.code).toBe(0);
  });
});
