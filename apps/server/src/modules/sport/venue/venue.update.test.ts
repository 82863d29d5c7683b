import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient, makeOrg } from '../../system/admin.testkit.ts';
import { stadium } from './venue.testkit.ts';

/**
 * `PUT stadiumInfo/update` sends the changed fields only (service management's contract, rules and
 * cooperative dialogs, the sections of "my venue"): what it leaves out stays as it was.
 */
describe.each(databases)('venue updates on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it('a contract edit keeps the phones and the e-mail; an empty value still clears one', async () => {
    const org = await makeOrg(admin, platformId);
    const contact = { mobile: '13800001234', phone: '0571-8888888', contactPhone: '13900001234', email: 'desk@example.cn', partnerPhone: '13700001234' };
    const made = await admin.json('POST', stadium('insert'), { body: { orgId: org.id, stadiumName: '城西体育馆', ...contact } });
    expect(made.code, made.msg).toBe(0);
    const contract = await admin.json('PUT', stadium('update'), {
      body: { id: made.body.id, version: made.body.version, contractNo: 'FW-1', contractFrom: '2026-01-01', contractTo: '2026-12-31', commissionPercent: 4 },
    });
    expect(contract.code, contract.msg).toBe(0);
    expect(contract.body).toMatchObject({ ...contact, contractNo: 'FW-1', contractFrom: '2026-01-01', contractTo: '2026-12-31', commissionPercent: 4 });
    const cleared = await admin.json('PUT', stadium('update'), { body: { id: made.body.id, version: contract.body.version, phone: '', email: null } });
    expect(cleared.code, cleared.msg).toBe(0);
    expect(cleared.body).toMatchObject({
      phone: null,
      email: null,
      mobile: contact.mobile,
      contactPhone: contact.contactPhone,
      partnerPhone: contact.partnerPhone,
    });
  });
});
