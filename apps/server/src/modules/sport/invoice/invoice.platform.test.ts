import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { adminClient, makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../commerce/commerce.testkit.ts';
import { INVOICE_KEYS, invoiceApi, ok, paidOrder, startEinvoiceSimulator, type EinvoiceSimHandle } from './invoice.testkit.ts';

/**
 * The invoicing platform's settings (the invoice screen's drawer): saved by the organisation, used
 * for its invoices at once; the app secret is write-only (never answered, kept when left out);
 * refusals are localised; a venue without its own sees that it uses its group's.
 */
describe.each(databases)('invoicing platform settings on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  let sim: EinvoiceSimHandle;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    sim = await startEinvoiceSimulator();
  });
  afterAll(async () => {
    await sim?.close();
    await s?.close();
  });

  it('saves the platform with its secret, never answers the secret, keeps it when left out, and invoices through it', async () => {
    const org = await makeOrg(admin, platformId);
    const role = await makeRole(admin, org.id);
    await grantMenus(admin, role.id, [...COMMERCE_KEYS, ...INVOICE_KEYS]);
    const c = await signIn(s, (await makeUser(admin, org.id, { roleIds: [role.id] })).code, 'Pass1234');
    const none = await ok(c, 'GET', invoiceApi('platform'));
    expect(none).toMatchObject({ orgId: org.id, secretSet: false, inherited: false, version: 0 });

    const p = sim.platformConfig();
    const body = { enabled: true, gateway: p.gateway, appKey: p.appKey, sellerTaxNo: p.sellerTaxNo, sellerName: p.sellerName, version: 0 };
    const noSecret = await c.json('PUT', invoiceApi('platform'), { body, lang: 'en-US' });
    expect(noSecret.code).toBe(Code.FORM_INVALID);
    expect(noSecret.detail).toEqual([{ field: 'appSecret', message: 'Give the app secret when the platform is first set' }]);
    const badTax = await c.json('PUT', invoiceApi('platform'), { body: { ...body, appSecret: p.secret, sellerTaxNo: '91110000XXXXXXXX' } });
    expect(badTax.code).toBe(Code.INVALID);
    expect(badTax.detail).toEqual([{ field: 'sellerTaxNo', message: '纳税人识别号不是有效的统一社会信用代码' }]);

    const saved = await c.json('PUT', invoiceApi('platform'), { body: { ...body, appSecret: p.secret } });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.body).toMatchObject({ gateway: p.gateway, secretSet: true, version: 1 });
    expect(JSON.stringify(saved.body)).not.toContain(p.secret);
    // A rename without the secret keeps it: the platform still accepts our signed requests.
    const renamed = await c.json('PUT', invoiceApi('platform'), { body: { ...body, sellerName: `${p.sellerName}（改）`, version: 1 } });
    expect(renamed.body).toMatchObject({ sellerName: `${p.sellerName}（改）`, secretSet: true, version: 2 });
    const stale = await c.json('PUT', invoiceApi('platform'), { body: { ...body, version: 1 } });
    expect(stale.detail.reason).toBe('stale');

    const order = await paidOrder(c);
    const inv = await ok(c, 'POST', invoiceApi(), { orderId: order.id, title: '个人' });
    const refreshed = await ok(c, 'POST', invoiceApi(`${inv.id}/refresh`));
    expect(refreshed.state).toBe('issued');

    // A venue below it without settings of its own invoices through its group's: it is told so.
    const venueOrg = await makeOrg(admin, org.id);
    const vRole = await makeRole(admin, venueOrg.id);
    await grantMenus(admin, vRole.id, INVOICE_KEYS);
    const v = await signIn(s, (await makeUser(admin, venueOrg.id, { roleIds: [vRole.id] })).code, 'Pass1234');
    expect(await ok(v, 'GET', invoiceApi('platform'))).toMatchObject({ orgId: venueOrg.id, inherited: true, secretSet: false, version: 0 });
  });
});
