import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/platform/db.ts';
import { migrationsFolder } from '../src/platform/paths.ts';
import { seedDemo, seedPlatform } from '../src/modules/system/index.ts';
import { seedMemberDemo } from '../src/modules/sport/member/index.ts';
import { seedCardDemo, withoutRechargeBonuses } from '../src/modules/sport/card/card.testkit.ts';
import { withoutOrderHooks } from '../src/modules/sport/commerce/commerce.testkit.ts';
import { ADMIN_PASSWORD, databases, freshPostgres, startServer, type TestServer } from './harness.ts';

/**
 * Tenant scope by construction, in the database (docs/decisions.md, "Tenant scope by construction"):
 * a reference from one organisation-owned row to another is a composite foreign key
 * (org_id, x_id) -> (org_id, id), so a row that names another organisation's row is refused by the
 * database itself, whatever the code above it forgets. Checked with direct inserts, and on the
 * upgrade of a database that holds the demo data.
 */

/** The first migration that adds the composite keys: the upgrade below starts just before it. */
const FIRST_TENANT_FK = '0027_tenant_fk_member_card';

interface Raw {
  query<T = Record<string, unknown>>(text: string): Promise<T[]>;
}

/** The SQLSTATE of a failed statement (both drivers put it on the error or its cause). */
async function refusal(work: Promise<unknown>): Promise<{ code?: string; constraint?: string; message: string }> {
  try {
    await work;
  } catch (e) {
    const err = e as { code?: string; constraint?: string; message: string; cause?: { code?: string; constraint?: string; message: string } };
    const c = err.code ? err : (err.cause ?? err);
    return { code: c.code, constraint: c.constraint, message: c.message };
  }
  return { message: 'accepted' };
}

describe.each(databases)('cross-organisation references on %s', (kind) => {
  let s: TestServer;
  let q: Raw['query'];
  let orgA = 0;
  let orgB = 0;
  const one = async (text: string) => Number((await q<{ id: number }>(text))[0]!.id);

  beforeAll(async () => {
    s = await startServer(kind);
    q = (text) => s.database.query(text);
    const org = (code: string) =>
      one(
        `insert into sys_org (parent_id, code, name, type, time_zone, order_num) values (1, '${code}-${crypto.randomUUID().slice(0, 8)}', '${code}', 3, 'Asia/Shanghai', 0) returning id`,
      );
    orgA = await org('fk-a');
    orgB = await org('fk-b');
  });
  afterAll(async () => s?.close());

  const member = (orgId: number, phone: string) =>
    one(`insert into sport_member (org_id, member_no, name, phone) values (${orgId}, 'M${phone}', 'm${phone}', '${phone}') returning id`);

  it('a list entry, a referrer and a company name a member of their own organisation only', async () => {
    const a = await member(orgA, '13000000001');
    const b = await member(orgB, '13000000002');
    const listed = await refusal(q(`insert into sport_member_list (org_id, member_id, list, reason) values (${orgB}, ${a}, 'black', 'x')`));
    expect(listed).toMatchObject({ code: '23503', constraint: 'sport_member_list_member_id_org_fk' });
    await q(`insert into sport_member_list (org_id, member_id, list, reason) values (${orgA}, ${a}, 'black', 'x')`);

    expect(await refusal(q(`update sport_member set referrer_id = ${a} where id = ${b}`))).toMatchObject({
      code: '23503',
      constraint: 'sport_member_referrer_id_org_fk',
    });
    expect(await refusal(q(`update sport_member set company_id = ${a} where id = ${b}`))).toMatchObject({
      code: '23503',
      constraint: 'sport_member_company_id_org_fk',
    });
    const b2 = await member(orgB, '13000000003');
    await q(`update sport_member set referrer_id = ${b} where id = ${b2}`);
    // Deleting the referrer still clears the reference, and only it (the row keeps its organisation).
    await q(`delete from sport_member where id = ${b}`);
    expect(await q(`select org_id, referrer_id from sport_member where id = ${b2}`)).toEqual([{ org_id: orgB, referrer_id: null }]);
  });

  it('a card names a card type and a member of its own organisation only', async () => {
    const typeA = await one(`insert into sport_card_type (org_id, name, kind) values (${orgA}, 'gold-${orgA}', 'value') returning id`);
    const memberA = await member(orgA, '13000000011');
    const memberB = await member(orgB, '13000000012');
    const card = (orgId: number, typeId: number, memberId: number, no: string) =>
      q(`insert into sport_member_card (org_id, card_no, type_id, member_id, kind) values (${orgId}, '${no}', ${typeId}, ${memberId}, 'value') returning id`);
    expect(await refusal(card(orgB, typeA, memberB, 'C1'))).toMatchObject({ code: '23503', constraint: 'sport_member_card_type_id_org_fk' });
    const [own] = await card(orgA, typeA, memberA, 'C2');
    expect(await refusal(q(`insert into sport_card_share (org_id, card_id, member_id) values (${orgB}, ${Number(own!.id)}, ${memberB})`))).toMatchObject({
      code: '23503',
      constraint: 'sport_card_share_card_id_org_fk',
    });
  });

  it('an order line and a payment name an order of their own organisation only', async () => {
    const orderA = await one(
      `insert into sport_order (org_id, order_no, type, buyer_kind, channel, state, item_summary) values (${orgA}, 'O${orgA}', 'general', 'guest', 'console', 'pending', 'x') returning id`,
    );
    const line = (orgId: number) =>
      q(`insert into sport_order_item (org_id, order_id, line_no, kind, name, quantity) values (${orgId}, ${orderA}, 1, 'general', 'x', 1)`);
    expect(await refusal(line(orgB))).toMatchObject({ code: '23503', constraint: 'sport_order_item_order_id_org_fk' });
    await line(orgA);
    expect(
      await refusal(
        q(`insert into sport_payment (org_id, order_id, payment_no, method, flow, state) values (${orgB}, ${orderA}, 'P${orgB}', 'cash', 'pay', 'created')`),
      ),
    ).toMatchObject({ code: '23503', constraint: 'sport_payment_order_id_org_fk' });
  });

  it('a site names a venue, and an order a venue, of their own organisation only', async () => {
    const venueA = await one(`insert into sport_venue (org_id, stadium_name, rules) values (${orgA}, 'venue A', '{}') returning id`);
    const site = (orgId: number) =>
      q(`insert into sport_site (org_id, venue_id, name, sport, hours) values (${orgId}, ${venueA}, 'court', 'tennis', '{}') returning id`);
    expect(await refusal(site(orgB))).toMatchObject({ code: '23503', constraint: 'sport_site_venue_id_org_fk' });
    await site(orgA);
    expect(
      await refusal(
        q(
          `insert into sport_order (org_id, order_no, type, buyer_kind, channel, state, item_summary, venue_id) values (${orgB}, 'OV${orgB}', 'general', 'guest', 'console', 'pending', 'x', ${venueA})`,
        ),
      ),
    ).toMatchObject({ code: '23503', constraint: 'sport_order_venue_id_org_fk' });
  });

  it('a session names a project, and a price level a session, of their own organisation only', async () => {
    const projectA = await one(`insert into sport_ticket_project (org_id, name) values (${orgA}, 'show') returning id`);
    const session = (orgId: number) =>
      one(
        `insert into sport_ticket_session (org_id, project_id, name, start_at) values (${orgId}, ${projectA}, 'night', now() + interval '1 day') returning id`,
      );
    expect(await refusal(session(orgB))).toMatchObject({ code: '23503', constraint: 'sport_ticket_session_project_id_org_fk' });
    const sessionA = await session(orgA);
    expect(await refusal(q(`insert into sport_ticket_level (org_id, session_id, name) values (${orgB}, ${sessionA}, 'stalls')`))).toMatchObject({
      code: '23503',
      constraint: 'sport_ticket_level_session_id_org_fk',
    });
  });
});

/** A migrations folder holding the migrations before `tag` only (its SQL files and a journal of them). */
function foldersBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-tenant-fk-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, at);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** A database opened with drizzle, for migrating to a folder's last migration and seeding through the services. */
async function openRaw(kind: 'pglite' | 'postgres', dataDir: string, url: string | undefined) {
  if (kind === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: 3 });
    // pool.end() resolves before its connections have closed; the database dropped with force right after
    // ends them, and an 'error' with no listener would be an uncaught exception (as db.ts does too).
    pool.on('error', () => undefined);
    const db = drizzle(pool);
    return {
      db: db as unknown as Db,
      query: async <T>(text: string) => (await pool.query(text)).rows as T[],
      migrate: (folder: string) => migrate(db, { migrationsFolder: folder }),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { btree_gist } });
  const db = drizzle(client);
  return {
    db: db as unknown as Db,
    query: async <T>(text: string) => (await client.query(text)).rows as T[],
    migrate: (folder: string) => migrate(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

describe.each(databases)('the tenant foreign keys upgrade a live database (%s)', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-tenant-fk-data-'));
  const before = foldersBefore(FIRST_TENANT_FK);
  let pgdb: { url: string; drop: () => Promise<void> } | undefined;
  let raw: Awaited<ReturnType<typeof openRaw>>;
  const counts = async () =>
    Object.fromEntries(
      await Promise.all(
        [
          'sport_member',
          'sport_member_list',
          'sport_member_card',
          'sport_card_usage',
          'sport_card_share',
          'sport_order',
          'sport_payment',
          'sport_ledger_entry',
        ].map(async (t) => [t, Number((await raw.query<{ n: number }>(`select count(*)::int as n from ${t}`))[0]!.n)] as const),
      ),
    );

  beforeAll(async () => {
    if (kind === 'postgres') pgdb = await freshPostgres('t_tenant_fk');
    raw = await openRaw(kind, dataDir, pgdb?.url);
    await raw.migrate(before);
    // The demo data, written by the services as a running installation has it.
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...(pgdb ? { DATABASE_URL: pgdb.url } : {}) });
    await seedPlatform(raw.db, config, () => undefined);
    await seedDemo(raw.db, config);
    await seedMemberDemo(raw.db);
    // The order hooks and bonus sources (coupons, campaigns) came after this schema, with tables it lacks.
    await withoutOrderHooks(() => withoutRechargeBonuses(() => seedCardDemo(raw.db, config, crypto.randomBytes(32))));
  });
  afterAll(async () => {
    await raw?.close();
    await pgdb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('a row naming another organisation’s row stops the upgrade with the row named; once corrected, the upgrade keeps every row and the keys hold', async () => {
    const seeded = await counts();
    expect(seeded.sport_member).toBeGreaterThan(5);
    expect(seeded.sport_member_card).toBeGreaterThan(0);
    // 2.x let this happen: a list entry of another organisation naming a demo member.
    const [other] = await raw.query<{ id: number }>(
      `insert into sys_org (parent_id, code, name, type, time_zone, order_num) values (1, 'fk-other', 'other', 3, 'Asia/Shanghai', 0) returning id`,
    );
    const [victim] = await raw.query<{ id: number }>(`select id from sport_member order by id limit 1`);
    const [bad] = await raw.query<{ id: number }>(
      `insert into sport_member_list (org_id, member_id, list, reason) values (${other!.id}, ${victim!.id}, 'black', 'cross') returning id`,
    );

    const failed = await refusal(raw.migrate(migrationsFolder));
    expect(failed.message).toContain(`sport_member_list.member_id: row ${bad!.id} (organisation ${other!.id}) names sport_member ${victim!.id}`);
    expect(await raw.query(`select 1 from pg_constraint where conname = 'sport_member_list_member_id_org_fk'`)).toEqual([]);

    await raw.query(`delete from sport_member_list where id = ${bad!.id}`);
    await raw.migrate(migrationsFolder);
    expect(await counts()).toEqual(seeded);
    const keys = await raw.query<{ conname: string; convalidated: boolean }>(
      `select conname, convalidated from pg_constraint where contype = 'f' and conname like '%\\_org\\_fk' order by conname`,
    );
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((k) => !k.convalidated)).toEqual([]);
  });
});
