import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, sys, type TestServer } from './harness.ts';

/**
 * Issue 7, finding 10: server logs recorded SQL parameters (two argon2 hashes were seen). A
 * failed statement's error carries its parameters (PGlite `params`, Drizzle's `params` and a
 * message listing them, PostgreSQL's detail quoting the failing row); none of them may reach
 * the log, while the failure itself is still logged.
 */
describe.each(databases)('log lines without SQL parameters (%s)', (kind) => {
  let s: TestServer;
  let admin: Client;
  const lines: string[] = [];
  beforeAll(async () => {
    s = await startServer(kind, { LOG_LEVEL: 'warn' }, { logStream: { write: (line: string) => lines.push(line) } });
    admin = new Client(s);
    expect((await admin.login()).code).toBe(0);
  });
  afterAll(async () => s?.close());

  it('logs a failed insert of a user with its SQLSTATE but without the password hash or the values sent', async () => {
    // A rule only the database knows, so the insert of the new user (with its argon2 hash) fails.
    await s.database.query(`alter table sys_user add constraint t_no_probe_users check (name <> 'Probe Failing')`);
    const secretMobile = '13912345678';
    const secretEmail = 'leak.check@example.com';
    const res = await admin.json('POST', sys('user'), {
      body: { code: 'probe.failing', name: 'Probe Failing', password: 'Secret#Pass2024', mobile: secretMobile, email: secretEmail, idNumber: 'X1234567Q' },
    });
    expect(res.status).toBe(500);
    expect(res.code).toBe(Code.INTERNAL);
    await s.database.query('alter table sys_user drop constraint t_no_probe_users');

    const log = lines.join('');
    // None of the statement's values…
    expect(log).not.toMatch(/\$argon2/);
    for (const value of [secretMobile, secretEmail, 'X1234567Q', 'probe.failing', 'Secret#Pass2024']) expect(log).not.toContain(value);
    // …but the failure, with what an operator needs: the constraint and the SQLSTATE.
    expect(log).toContain('t_no_probe_users');
    expect(log).toContain('23514');
  });
});
