import { expect } from 'vitest';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { sealSecret } from '../../../platform/keys.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS, pay, sellGeneral } from '../commerce/commerce.testkit.ts';
import { startEinvoiceSimulator, type EinvoiceSimHandle } from './einvoice.sim.ts';
import { putPlatform } from './invoice.repository.ts';
import { SYSTEM_SCOPE } from '../../../platform/scope.ts';

/** The invoice screen (its key grants its buttons too). */
export const INVOICE_KEYS = ['sport.invoice'];
export const invoiceApi = (p = '') => `/api/sport/invoice${p ? `/${p}` : ''}`;

export { startEinvoiceSimulator, type EinvoiceSimHandle };

/** Points an organisation's e-invoice platform at a simulator (as the demo does). */
export async function usePlatform(s: TestServer, orgId: number, sim: EinvoiceSimHandle): Promise<void> {
  const p = sim.platformConfig();
  await putPlatform(s.database.db, SYSTEM_SCOPE, {
    orgId,
    gateway: p.gateway,
    appKey: p.appKey,
    secretEnc: sealSecret(s.app.ctx.keys.secretKey, p.secret),
    sellerTaxNo: p.sellerTaxNo,
    sellerName: p.sellerName,
  });
}

/** A new organisation with a user who sells, refunds and invoices (and a second one who reviews refunds), its platform the simulator. */
export async function invoiceStaff(s: TestServer, admin: Client, parentId: number, sim: EinvoiceSimHandle) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...COMMERCE_KEYS, ...INVOICE_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const second = await makeUser(admin, org.id, { roleIds: [role.id] });
  await usePlatform(s, org.id, sim);
  return { orgId: org.id, c: await signIn(s, user.code, 'Pass1234'), reviewer: await signIn(s, second.code, 'Pass1234') };
}

/** A general sale paid in cash: its id and number. */
export async function paidOrder(
  c: Client,
  items: { name: string; unitPriceFen: number; quantity?: number }[] = [{ name: '羽毛球场地费', unitPriceFen: 8_000 }],
) {
  const o = (await sellGeneral(c, items)) as { id: number; orderNo: string; payableFen: number };
  const r = await pay(c, o.id, { method: 'cash', amountFen: o.payableFen });
  expect(r.code, r.msg).toBe(0);
  return o;
}

export async function ok<T = any>(c: Client, method: 'GET' | 'POST', url: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const r = await c.json<T>(method, url, { ...(method === 'GET' ? {} : { body: body ?? {} }), headers });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}
