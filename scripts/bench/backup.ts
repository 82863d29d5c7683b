// Backup and restore (issue 32, point 6), on PostgreSQL: 200 paid sales, then a backup taken while
// 100 more are sold, restored into a new database; the restore's figures (orders, ledger balance
// per account, newest order) against the manifest's, read in the dump's own snapshot.
//  - backup.restore.mismatches: figures that differ (must be 0).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchPostgresUrl } from './_support.ts';
import { freshPostgres, startServer } from '../../apps/server/test/harness.ts';
import { adminClient } from '../../apps/server/src/modules/system/admin.testkit.ts';
import { commerceStaff, pay, sellGeneral } from '../../apps/server/src/modules/sport/commerce/commerce.testkit.ts';
import { backup, restore } from '../../apps/server/scripts/backup.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (!pgUrl) {
  console.log('no PostgreSQL answers: the busy-database backup needs one');
  out['backup.restore.mismatches'] = 'n/a';
} else {
  process.env.TEST_DATABASE_URL = pgUrl;
  const s = await startServer('postgres');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
  try {
    const { c: admin, platformOrgId } = await adminClient(s);
    const { c } = await commerceStaff(s, admin, platformOrgId);
    const sell = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const order = await sellGeneral(c, [{ name: '运动饮料', unitPriceFen: 300 + i, quantity: 1 }]);
        await pay(c, order.id, { method: 'cash', amountFen: 300 + i });
      }
    };
    await sell(200);
    const t0 = performance.now();
    const busy = sell(100);
    const manifest = await backup({ databaseUrl: s.config.databaseUrl, dataDir: s.dataDir, out: path.join(scratch, 'b') });
    const backupMs = performance.now() - t0;
    await busy;
    const target = await freshPostgres('bench_restore');
    try {
      const t1 = performance.now();
      const problems = await restore({ from: path.join(scratch, 'b'), databaseUrl: target.url, dataDir: path.join(scratch, 'd') });
      for (const p of problems) console.log(`mismatch: ${p}`);
      out['backup.restore.mismatches'] = problems.length;
      console.log(
        `backup of ${manifest.figures.orders} orders in ${Math.round(backupMs)} ms while selling, restore in ${Math.round(performance.now() - t1)} ms`,
      );
    } finally {
      await target.drop();
    }
  } finally {
    await s.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
console.log(JSON.stringify(out));
