import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { loadConfig } from '../../config.ts';
import { Client, databases, startServer, sys, type TestServer } from '../../../test/harness.ts';
import { adminClient, makeOrg, makeUser } from './admin.testkit.ts';

/** No published or readable password opens an account (security audit, finding 4). */
describe('demo data', () => {
  it('is not loaded in production unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });
});

describe.each(databases)('default and one-time passwords on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  const strategy = async () => (await admin.json('GET', sys('strategy/passwordStrategy'))).body;
  /** The policy fields of a strategy answer (the PUT takes no `sealed`). */
  const policyOf = ({ sealed: _sealed, ...policy }: Record<string, unknown>) => policy;

  it('uses the default password only when the administrator chooses it for a reset', async () => {
    const org = await makeOrg(admin, platformId);
    const u = await makeUser(admin, org.id);
    // The administrator sets a new default password (write-only) on the policy screen.
    const st = await strategy();
    const saved = await admin.json('PUT', sys('strategy/passwordStrategy'), { body: { ...policyOf(st), defaultPassword: 'Gate7house', version: st.version } });
    expect(saved.code).toBe(0);
    expect(JSON.stringify(saved.body)).not.toContain('Gate7house');
    // Saving again with the field left empty keeps it.
    const again = await admin.json('PUT', sys('strategy/passwordStrategy'), {
      body: { ...policyOf(saved.body), minLength: 7, defaultPassword: '', version: saved.body.version },
    });
    expect(again.code).toBe(0);
    const reset = await admin.json('PUT', sys('user/resetPwd'), { body: { userId: u.id, useDefault: true } });
    expect(reset.code).toBe(0);
    expect((await new Client(s).login(u.code, 'Pass1234')).code).toBe(Code.BAD_CREDENTIALS);
    expect((await new Client(s).login(u.code, 'Gate7house')).code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
    // Without the choice, a reset needs the password typed twice.
    const missing = await admin.json('PUT', sys('user/resetPwd'), { body: { userId: u.id } });
    expect(missing.code).toBe(Code.FORM_INVALID);
    expect(missing.detail[0].field).toBe('password');
  });

  it('keeps the default password when the policy is edited on the parameter screen', async () => {
    const row = (await admin.json('POST', sys('config/listForConsole'), { body: { code: 'password_strategy' } })).body.data[0];
    if (row.sealed) expect((await admin.json('PUT', sys(`config/desealed/${row.id}`))).code).toBe(0);
    const fresh = (await admin.json('GET', sys(`config/${row.id}`))).body;
    const value = { ...JSON.parse(fresh.value), historyLimit: 0, expireDays: 0 };
    expect(value).not.toHaveProperty('defaultPassword');
    const put = await admin.json('PUT', sys(`config/${row.id}`), {
      body: { code: fresh.code, name: fresh.name, type: fresh.type, value: JSON.stringify({ ...value, minLength: 8 }), version: fresh.version },
    });
    expect(put.code, put.msg).toBe(0);
    expect(put.body.value).not.toContain('defaultPassword');
    const u = await makeUser(admin, platformId, { password: 'Pass12345' });
    expect((await admin.json('PUT', sys('user/resetPwd'), { body: { userId: u.id, useDefault: true } })).code).toBe(0);
    expect((await new Client(s).login(u.code, 'Gate7house')).code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
  });
});
