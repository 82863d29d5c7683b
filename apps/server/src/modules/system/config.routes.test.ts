import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@venue/contract';
import { Client, databases, startServer, sys, type TestServer } from '../../../test/harness.ts';
import { grantMenus } from '../../../test/grants.ts';
import { seedDemo } from './demo.seed.ts';
import { getConfigValue } from './config.service.ts';

/** Gives the demo venue-manager role the screens (and their buttons) under the given menu keys. */
const grant = (s: TestServer, ...keys: string[]) => grantMenus(s, 'venue_manager', keys);

describe.each(databases)('parameters (config) on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    admin = new Client(s);
    await admin.login();
  });
  afterAll(async () => s?.close());

  /** The fields `PUT config/{id}` takes, from a row as listed (the console sends only these). */
  const editable = (r: Record<string, unknown>) => ({
    code: r.code,
    name: r.name,
    type: r.type,
    subType: r.subType,
    value: r.value,
    remark: r.remark,
    version: r.version,
  });
  const byCode = async (code: string) =>
    (await admin.json('POST', sys('config/listForConsole'), { body: { code } })).body.data.find((r: { code: string }) => r.code === code);

  it('lists parameters with paging, filters and the sealed and built-in flags', async () => {
    const all = await admin.json('POST', sys('config/listForConsole'), { body: { pageNum: 1, pageSize: 2 } });
    expect(all.code).toBe(0);
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    expect(all.body.data).toHaveLength(2);
    const ret = await byCode('log.retentionDays');
    expect(ret).toMatchObject({ value: '180', defaultValue: '180', sealed: true, builtIn: true, type: 'log', version: 1 });
    const sealedOnly = await admin.json('POST', sys('config/listForConsole'), { body: { sealed: false } });
    expect(sealedOnly.body.data.every((r: { sealed: boolean }) => !r.sealed)).toBe(true);
    const escaped = await admin.json('POST', sys('config/listForConsole'), { body: { code: '%' } });
    expect(escaped.body.total).toBe(0);
    const one = await admin.json('GET', sys(`config/${ret.id}`));
    expect(one.body.code).toBe('log.retentionDays');
    expect((await admin.json('GET', sys('config/999999'))).code).toBe(Code.NOT_FOUND);
  });

  it('answers configKey publicly only for system_settings', async () => {
    const anon = new Client(s);
    const pub = await anon.json('GET', sys('config/configKey/system_settings'));
    expect(pub.code).toBe(0);
    expect(JSON.parse(pub.body)).toMatchObject({ enable: false });
    expect((await anon.json('GET', sys('config/configKey/log.retentionDays'))).status).toBe(401);
    const mgr = new Client(s);
    await mgr.login('manager', 'Demo@2020');
    expect((await mgr.json('GET', sys('config/configKey/log.retentionDays'))).code).toBe(Code.FORBIDDEN);
    expect((await admin.json('GET', sys('config/configKey/log.retentionDays'))).body).toBe('180');
    expect((await admin.json('GET', sys('config/configKey/no.such.key'))).code).toBe(Code.NOT_FOUND);
  });

  it('adds a parameter, refuses a duplicate code and bad input with field messages', async () => {
    const add = await admin.json('POST', sys('config/'), { body: { code: 'venue.openHour', name: '开馆时间', type: 'venue', value: '08:00', remark: 'r' } });
    expect(add.code).toBe(0);
    expect(add.body).toMatchObject({ code: 'venue.openHour', value: '08:00', defaultValue: '08:00', sealed: false, builtIn: false, version: 1 });
    const dup = await admin.json('POST', sys('config/'), { body: { code: 'venue.openHour', name: 'x', type: 'venue', value: '1' }, lang: 'en-US' });
    expect(dup.code).toBe(Code.CONFLICT);
    expect(dup.msg).toBe('A parameter with this code already exists');
    const bad = await admin.json('POST', sys('config/'), { body: { code: '', name: '', value: 'x' } });
    expect(bad.code).toBe(Code.INVALID);
    expect(bad.detail.map((d: { field: string }) => d.field).sort()).toEqual(['code', 'name']);
    expect(bad.detail[0].message).toBe('不能为空');
  });

  it('keeps a sealed entry read-only; deseal makes it editable; recover restores and seals it', async () => {
    const row = await byCode('log.retentionDays');
    const sealed = await admin.json('PUT', sys(`config/${row.id}`), { body: { ...editable(row), value: '30' } });
    expect(sealed.code).toBe(Code.INVALID);
    expect(sealed.msg).toBe('该参数已封存，请先解封再修改');
    const des = await admin.json('PUT', sys(`config/desealed/${row.id}`));
    expect(des.code).toBe(0);
    expect(des.body).toMatchObject({ sealed: false, value: '180', version: 2 });
    const badValue = await admin.json('PUT', sys(`config/${row.id}`), { body: { ...editable(des.body), value: 'ten' }, lang: 'en-US' });
    expect(badValue.code).toBe(Code.FORM_INVALID);
    expect(badValue.detail[0]).toMatchObject({ field: 'value' });
    expect(badValue.msg).toContain('0 to 3650');
    const edited = await admin.json('PUT', sys(`config/${row.id}`), { body: { ...editable(des.body), code: 'renamed', value: ' 30' } });
    expect(edited.code).toBe(0);
    expect(edited.body).toMatchObject({ code: 'log.retentionDays', value: '30', sealed: false, version: 3 });
    const stale = await admin.json('PUT', sys(`config/${row.id}`), { body: { ...editable(des.body), value: '40' } });
    expect(stale.code).toBe(Code.CONFLICT);
    const same = await admin.json('PUT', sys(`config/${row.id}`), { body: { ...editable(edited.body) } });
    expect(same.code).toBe(Code.OK_NOTICE);
    expect(same.msg).toBe('没有变化，无需保存');
    expect((await admin.json('GET', sys('config/configKey/log.retentionDays'))).body).toBe('30');
    const rec = await admin.json('PUT', sys(`config/recover/${row.id}`));
    expect(rec.body).toMatchObject({ value: '180', sealed: true, version: 4 });
    expect((await admin.json('GET', sys('config/configKey/log.retentionDays'))).body).toBe('180');
    await s.database.db.execute(sql`update sys_config set default_value = null where code = 'venue.openHour'`);
    const noDefault = await byCode('venue.openHour');
    expect((await admin.json('PUT', sys(`config/recover/${noDefault.id}`))).code).toBe(Code.INVALID);
  });

  it('validates JSON parameters that have their own screen', async () => {
    const row = await byCode('password_strategy');
    const des = await admin.json('PUT', sys(`config/desealed/${row.id}`));
    const notJson = await admin.json('PUT', sys(`config/${row.id}`), { body: { ...editable(des.body), value: '{' } });
    expect(notJson.code).toBe(Code.FORM_INVALID);
    expect(notJson.msg).toBe('参数值必须是有效的 JSON');
    const bad = JSON.stringify({ ...JSON.parse(row.value), minLength: 12, maxLength: 8 });
    const rule = await admin.json('PUT', sys(`config/${row.id}`), { body: { ...editable(des.body), value: bad } });
    expect(rule.code).toBe(Code.FORM_INVALID);
    expect(rule.detail[0]).toMatchObject({ field: 'value.minLength', message: '最短长度不能大于最长长度' });
    await admin.json('PUT', sys(`config/recover/${row.id}`));
  });

  it('deletes only entries that are neither built in nor sealed', async () => {
    const builtIn = await byCode('system_settings');
    const r1 = await admin.json('DELETE', sys(`config/${builtIn.id}`));
    expect(r1.code).toBe(Code.INVALID);
    expect(r1.msg).toContain('内置');
    const a = (await admin.json('POST', sys('config/'), { body: { code: 'tmp.a', name: 'a', value: '1' } })).body;
    const b = (await admin.json('POST', sys('config/'), { body: { code: 'tmp.b', name: 'b', value: '2', sealed: true } })).body;
    expect((await admin.json('DELETE', sys(`config/${a.id},${b.id}`))).msg).toBe('已封存的参数不能删除');
    expect((await admin.json('DELETE', sys(`config/${a.id},999999`))).code).toBe(Code.NOT_FOUND);
    await admin.json('PUT', sys(`config/desealed/${b.id}`));
    const ok = await admin.json('DELETE', sys(`config/${a.id},${b.id}`));
    expect(ok).toMatchObject({ code: 0, body: { deleted: 2 } });
    expect(await byCode('tmp.a')).toBeUndefined();
  });

  it('caches values per process and drops the cache on clearCache or another process’s change', async () => {
    const db = s.database.db;
    expect(await getConfigValue(db, 'log.retentionDays')).toBe('180');
    // A change made behind the server's back (no epoch bump) is not seen until clearCache.
    await db.execute(sql`update sys_config set value = '99' where code = 'log.retentionDays'`);
    expect(await getConfigValue(db, 'log.retentionDays')).toBe('180');
    const cleared = await admin.json('DELETE', sys('config/clearCache'));
    expect(cleared.code).toBe(0);
    expect(await getConfigValue(db, 'log.retentionDays')).toBe('99');
    // Another server process writes and bumps the epoch in its transaction: seen at once.
    await db.execute(sql`update sys_config set value = '77' where code = 'log.retentionDays'`);
    await db.execute(sql`update sys_meta set value = value + 1 where key = 'config_epoch'`);
    expect(await getConfigValue(db, 'log.retentionDays')).toBe('77');
    await db.execute(sql`update sys_config set value = '180' where code = 'log.retentionDays'`);
    await admin.json('DELETE', sys('config/clearCache'));
  });

  it('checks permissions, keeps writes to the platform organisation and logs every change', async () => {
    const mgr = new Client(s);
    await mgr.login('manager', 'Demo@2020');
    expect((await mgr.json('POST', sys('config/listForConsole'), { body: {} })).code).toBe(Code.FORBIDDEN);
    await grant(s, 'system.config');
    expect((await mgr.json('POST', sys('config/listForConsole'), { body: {} })).code).toBe(0);
    const write = await mgr.json('POST', sys('config/'), { body: { code: 'mgr.x', name: 'x', value: '1' } });
    expect(write.code).toBe(Code.FORBIDDEN);
    expect(write.msg).toContain('平台');
    expect((await mgr.json('DELETE', sys('config/clearCache'))).code).toBe(Code.FORBIDDEN);
    const anon = new Client(s);
    expect((await anon.json('DELETE', sys('config/clearCache'))).status).toBe(401);
    const logs = await s.database.query<{ module: string; action: string; code: number }>(
      `select module, action, code from sys_oper_log where module = 'config' order by id`,
    );
    const actions = logs.map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(['add', 'edit', 'deseal', 'recover', 'remove', 'clearCache']));
    expect(logs.find((l) => l.action === 'add' && l.code === Code.FORBIDDEN)).toBeTruthy();
  });
});
