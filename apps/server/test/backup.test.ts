import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backup, restore, type Figures } from '../scripts/backup.ts';
import { freshPostgres, startServer, type TestServer } from './harness.ts';
import { adminClient } from '../src/modules/system/admin.testkit.ts';
import { commerceStaff, pay, sellGeneral } from '../src/modules/sport/commerce/commerce.testkit.ts';

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'venue-backup-'));

/** Paid cash sales of one new organisation, `n` of them (each moves the ledger). */
async function sales(s: TestServer, n: number, c?: Awaited<ReturnType<typeof commerceStaff>>['c']) {
  let client = c;
  if (!client) {
    const { c: admin, platformOrgId } = await adminClient(s);
    client = (await commerceStaff(s, admin, platformOrgId)).c;
  }
  for (let i = 0; i < n; i++) {
    const order = await sellGeneral(client, [{ name: '运动饮料', unitPriceFen: 500 + i, quantity: 2 }]);
    expect((await pay(client, order.id, { method: 'cash', amountFen: (500 + i) * 2 })).code).toBe(0);
  }
  return client;
}

const nonTrivial = (f: Figures) => {
  expect(f.orders).toBeGreaterThan(0);
  expect(f.newestOrder).toMatch(/\d{10,}/);
  expect(Object.values(f.ledger).some((v) => v !== 0)).toBe(true);
};

/** Issue 32, point 6: a backup of a busy database restores to the same orders, ledger balances and newest order. */
describe('backup and restore', { timeout: 180_000 }, () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: pg_dump of one snapshot taken while sales go on; the restore matches the figures of that snapshot',
    async () => {
      const s = await startServer('postgres');
      cleanup.push(() => s.close());
      const c = await sales(s, 3);
      // Sales keep coming while the backup runs: the manifest states the snapshot the dump copied.
      const out = path.join(scratch(), 'b');
      const busy = sales(s, 8, c);
      const manifest = await backup({ databaseUrl: s.config.databaseUrl, dataDir: s.dataDir, out });
      await busy;
      nonTrivial(manifest.figures);
      const [after] = await s.database.query<{ n: number }>('select count(*)::int as n from sport_order');
      expect(manifest.figures.orders).toBeGreaterThanOrEqual(3);
      expect(manifest.figures.orders).toBeLessThanOrEqual(Number(after!.n));
      expect(fs.existsSync(path.join(out, 'keys'))).toBe(true);

      const target = await freshPostgres('r');
      cleanup.push(() => target.drop());
      expect(await restore({ from: out, databaseUrl: target.url, dataDir: scratch() })).toEqual([]);
      // A second restore into a database that now holds data is refused, not merged.
      await expect(restore({ from: out, databaseUrl: target.url, dataDir: scratch() })).rejects.toThrow(/not empty/);
    },
  );

  it('the embedded database: the data directory dump of a stopped server restores into a new DATA_DIR with the same figures', async () => {
    const s = await startServer('pglite');
    await sales(s, 4);
    const dataDir = s.dataDir;
    await s.app.close();
    await s.database.close();
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const out = path.join(scratch(), 'b');
    const manifest = await backup({ dataDir, out });
    nonTrivial(manifest.figures);
    expect(manifest.kind).toBe('pglite');
    const into = scratch();
    expect(await restore({ from: out, dataDir: into })).toEqual([]);
    expect(fs.readdirSync(path.join(into, 'keys')).length).toBeGreaterThan(0);
    // Restoring over a database that exists is refused.
    await expect(restore({ from: out, dataDir: into })).rejects.toThrow(/not empty/);
  });
});
