import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../platform/db.ts';
import { actingAs } from '../../../platform/http.ts';
import { sealSecret } from '../../../platform/keys.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { startEinvoiceSimulator, type EinvoiceSimHandle } from './einvoice.sim.ts';
import { latestPaidOrders, putPlatform } from './invoice.repository.ts';
import { creditInvoice, getInvoice, refreshInvoice, requestInvoice } from './invoice.service.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'invoice_demo_seeded';

/**
 * The demo's e-invoice platform: the local simulator, started with the server, its keys kept in
 * DATA_DIR so a restart keeps them, the demo centre's platform pointed at it (as the payment
 * simulators are). Its invoices become issued at the sync job's 20th query (about ten minutes).
 */
export async function startDemoInvoicing(db: Db, cfg: Config, secretKey: Buffer): Promise<EinvoiceSimHandle | undefined> {
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  if (!center) return undefined;
  const file = path.join(cfg.dataDir, 'keys', 'invoice-simulator.json');
  const kept = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { appKey: string; secret: string }) : undefined;
  const sim = await startEinvoiceSimulator({ ...kept, issueAfterQueries: 20 });
  const p = sim.platformConfig();
  if (!kept) fs.writeFileSync(file, JSON.stringify({ appKey: p.appKey, secret: p.secret }), { mode: 0o600 });
  await putPlatform(db, SYSTEM_SCOPE, {
    orgId: center.id,
    gateway: p.gateway,
    appKey: p.appKey,
    secretEnc: sealSecret(secretKey, p.secret),
    sellerTaxNo: p.sellerTaxNo,
    sellerName: p.sellerName,
  });
  return sim;
}

/**
 * The demo's invoices (`SEED_DEMO=1`, once per database), made through the services as the console
 * would on the centre's latest paid orders: one issued (a person), one credited by a red-letter
 * credit note (a company), one still with the platform.
 */
export async function seedInvoiceDemo(db: Db, sim: EinvoiceSimHandle | undefined, secretKey: Buffer): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length || !sim) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  await grantDemoMenus(db, ['sport.invoice']);
  const caller = actingAs(manager, center.id);
  const paid = await latestPaidOrders(db, oneOrgScope(center.id), 3);
  const [first, second, third] = paid;
  // The demo's settled invoices need not wait for the job: the simulator issues them at the first query
  // (the third keeps the simulator's pace, so the console shows one still issuing).
  const settle = async (id: number) => {
    for (let i = 0; i < 25 && ['issuing', 'crediting'].includes((await refreshInvoice(db, caller, id, secretKey)).state); i++);
  };
  if (first) {
    sim.slowNext(1);
    const a = await requestInvoice(db, caller, { orderId: first.id, title: first.buyerName ?? '张晓明', email: 'zhangxm@example.com' }, undefined, secretKey);
    await settle(a.id);
  }
  if (second) {
    sim.slowNext(1);
    const b = await requestInvoice(db, caller, { orderId: second.id, title: '上海动感体育文化有限公司', taxNo: '91310115MA1K3YJH6D' }, undefined, secretKey);
    await settle(b.id);
    const issued = await getInvoice(db, caller, b.id);
    if (issued.state === 'issued') {
      sim.slowNext(1);
      await creditInvoice(db, caller, b.id, { reason: '购方名称开错，红冲后重开', version: issued.version }, secretKey);
      await settle(b.id);
    }
  }
  if (third) await requestInvoice(db, caller, { orderId: third.id, title: third.buyerName ?? '李女士' }, undefined, secretKey);
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}
