// The service registry (issue 14): applications, environments with groups and instances, services and translation items.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, sys, type TestServer } from './harness.ts';
import { grantMenus } from './grants.ts';
import { adminClient, makeOrg, makeRole, makeUser, readXlsx, signIn, uniq, upload, xlsxOf } from '../src/modules/system/admin.testkit.ts';

const reg = (p: string) => sys(`registry/${p}`);

describe.each(databases)('the service registry on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  let mgrA: Client;
  let mgrB: Client;

  /** A manager of a new organisation holding every registry screen. */
  const manager = async () => {
    const org = await makeOrg(admin, platformId);
    const role = await makeRole(admin, org.id);
    await grantMenus(admin, role.id, ['registry']);
    const user = await makeUser(admin, org.id, { roleIds: [role.id] });
    return signIn(s, user.code, 'Pass1234');
  };
  const ok = async <T = any>(c: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> => {
    const r = await c.json(method, url, { body });
    expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
    return r.body as T;
  };
  const addApp = (c: Client, patch: Record<string, unknown> = {}) =>
    ok(c, 'POST', reg('app'), { name: '会员中心', code: uniq('app-'), description: '会员注册与会员卡', ...patch });
  const addService = (c: Client, appId: number, patch: Record<string, unknown> = {}) =>
    ok(c, 'POST', reg('service'), { appId, name: '会员查询', code: uniq('svc-'), serviceVersion: '1.0.0', type: 'http', context: '/member', ...patch });

  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    mgrA = await manager();
    mgrB = await manager();
  });
  afterAll(async () => s?.close());

  it('adds an application with a generated key; refuses a taken code, a long description, an unchanged or stale edit', async () => {
    const app = await addApp(mgrA);
    expect(app.appKey).toMatch(/^ak_[\w-]{16}$/);
    expect(app.serviceCount).toBe(0);
    const other = await addApp(mgrA);
    expect(other.appKey).not.toBe(app.appKey);

    const dup = await mgrA.json('POST', reg('app'), { body: { name: 'x', code: app.code } });
    expect(dup.code).toBe(Code.CONFLICT);
    expect(dup.detail.reason).toBe('duplicate');
    // The same code in another organisation is fine: codes are unique per organisation.
    await addApp(mgrB, { code: app.code });

    const long = await mgrA.json('POST', reg('app'), { body: { name: 'x', code: uniq('c'), description: '长'.repeat(51) }, lang: 'en-US' });
    expect(long.code).toBe(Code.INVALID);
    expect(long.detail).toEqual([expect.objectContaining({ field: 'description', message: expect.stringContaining('50') })]);
    const empty = await mgrA.json('POST', reg('app'), { body: { name: ' ', code: uniq('c') }, lang: 'en-US' });
    expect(empty.detail).toEqual([expect.objectContaining({ field: 'name' })]);

    const same = await mgrA.json('PUT', reg(`app/${app.id}`), { body: { name: app.name, description: app.description, version: app.version }, lang: 'en-US' });
    expect(same.code).toBe(Code.OK_NOTICE);
    expect(same.msg).toBe('No changes, no need to save');
    expect(same.body.version).toBe(app.version);

    const edited = await ok(mgrA, 'PUT', reg(`app/${app.id}`), { description: '会员与积分', version: app.version });
    expect(edited.version).toBe(app.version + 1);
    expect(edited.appKey).toBe(app.appKey);
    const stale = await mgrA.json('PUT', reg(`app/${app.id}`), { body: { name: '旧版本', version: app.version } });
    expect(stale.code).toBe(Code.CONFLICT);
    expect(stale.detail.reason).toBe('stale');
    expect((await ok(mgrA, 'GET', reg(`app/${app.id}`))).name).toBe(app.name);
  });

  it('keeps services with their application: the owner must be of the organisation, an application with services stays', async () => {
    const app = await addApp(mgrA);
    const service = await addService(mgrA, app.id, { requestEncoding: 'GBK' });
    expect(service).toMatchObject({ appId: app.id, requestEncoding: 'GBK', responseEncoding: 'UTF-8', type: 'http' });
    const second = await addService(mgrA, app.id, { serviceVersion: '2.0.0' });
    expect((await ok(mgrA, 'GET', reg(`app/${app.id}`))).serviceCount).toBe(2);
    expect((await ok(mgrA, 'GET', reg(`app/${(await addApp(mgrA)).id}`))).serviceCount).toBe(0);

    const foreignApp = await addApp(mgrB);
    const foreign = await mgrA.json('POST', reg('service'), {
      body: { appId: foreignApp.id, name: 'x', code: uniq('s'), serviceVersion: '1', type: 'http', context: '/x' },
    });
    expect(foreign.code).toBe(Code.NOT_FOUND);
    const badContext = await mgrA.json('POST', reg('service'), {
      body: { appId: app.id, name: 'x', code: uniq('s'), serviceVersion: '1', type: 'http', context: 'no-slash' },
    });
    expect(badContext.detail[0].field).toBe('context');

    const busy = await mgrA.json('DELETE', reg(`app/${app.id}`), { lang: 'en-US' });
    expect(busy.code).toBe(Code.CONFLICT);
    expect(busy.detail.reason).toBe('state');
    expect(busy.msg).toContain('2 services');
    await ok(mgrA, 'DELETE', reg(`service/${service.id},${second.id}`));
    expect((await ok(mgrA, 'DELETE', reg(`app/${app.id}`))).deleted).toBe(1);
  });

  it('records an environment with its services, groups and instances; checks ip, port and closed groups; deleting takes them along', async () => {
    const app = await addApp(mgrA);
    const svc = await addService(mgrA, app.id);
    const env = await ok(mgrA, 'POST', reg('env'), { name: '测试环境', code: uniq('env'), serviceIds: [svc.id] });
    expect(env.services).toEqual([`会员查询 (${svc.code} 1.0.0)`]);
    const foreignSvc = await addService(mgrB, (await addApp(mgrB)).id);
    const foreign = await mgrA.json('PUT', reg(`env/${env.id}`), { body: { serviceIds: [svc.id, foreignSvc.id], version: env.version } });
    expect(foreign.code).toBe(Code.NOT_FOUND);
    expect((await ok(mgrA, 'GET', reg(`env/${env.id}`))).serviceIds).toEqual([svc.id]);

    const group = await ok(mgrA, 'POST', reg('envGroup'), { envId: env.id, code: 'web', name: '应用服务器' });
    expect(group.status).toBe(0);
    const inst = await ok(mgrA, 'POST', reg('envInstance'), { envId: env.id, groupId: group.id, code: 'web-01', ip: '10.0.0.8', port: 8080 });
    expect(inst.groupName).toBe('应用服务器');
    expect(Date.now() - Date.parse(inst.recordTime)).toBeLessThan(60_000);

    for (const [body, field] of [
      [{ ip: '10.0.0.256', port: 80 }, 'ip'],
      [{ ip: '10.0.0', port: 80 }, 'ip'],
      [{ ip: '10.0.0.9', port: 0 }, 'port'],
      [{ ip: '10.0.0.9', port: 65536 }, 'port'],
    ] as const) {
      const bad = await mgrA.json('POST', reg('envInstance'), { body: { envId: env.id, groupId: group.id, code: uniq('i'), ...body } });
      expect(bad.code, JSON.stringify(body)).toBe(Code.INVALID);
      expect(bad.detail[0].field).toBe(field);
    }
    const closed = await ok(mgrA, 'PUT', reg(`envGroup/${group.id}`), { status: 1, version: group.version });
    const refused = await mgrA.json('POST', reg('envInstance'), {
      body: { envId: env.id, groupId: closed.id, code: 'web-02', ip: '10.0.0.9', port: 8080 },
      lang: 'en-US',
    });
    expect(refused.code).toBe(Code.FORM_INVALID);
    expect(refused.detail[0].message).toContain('closed');

    const spare = await ok(mgrA, 'POST', reg('envGroup'), { envId: env.id, code: 'spare', name: '备用' });
    const groups = await ok(mgrA, 'POST', reg('envGroup/list'), { envId: env.id });
    expect(groups.data.map((g: { code: string; instanceCount: number }) => `${g.code}:${g.instanceCount}`)).toEqual(['spare:0', 'web:1']);
    const listed = await ok(mgrA, 'POST', reg('env/list'), { code: env.code });
    expect(listed.data[0]).toMatchObject({ groupCount: 2, instanceCount: 1, serviceIds: [svc.id] });
    expect(spare.instanceCount).toBe(0);
    await ok(mgrA, 'DELETE', reg(`env/${env.id}`));
    expect((await mgrA.json('GET', reg(`envInstance/${inst.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await mgrA.json('GET', reg(`envGroup/${group.id}`))).code).toBe(Code.NOT_FOUND);
    // The service itself stays: only its deployment went.
    expect((await ok(mgrA, 'GET', reg(`service/${svc.id}`))).id).toBe(svc.id);
  });

  it("answers 100404 for another organisation's records and changes nothing", async () => {
    const app = await addApp(mgrA);
    const svc = await addService(mgrA, app.id);
    const env = await ok(mgrA, 'POST', reg('env'), { name: '生产', code: uniq('env') });
    const group = await ok(mgrA, 'POST', reg('envGroup'), { envId: env.id, code: 'g', name: '分组' });
    const inst = await ok(mgrA, 'POST', reg('envInstance'), { envId: env.id, groupId: group.id, code: 'i', ip: '10.0.0.1', port: 80 });
    const item = await ok(mgrA, 'POST', reg('translation'), {
      code: uniq('t'),
      queryApi: 'system/registry/app/list',
      cacheApi: 'system/registry/app',
      matchColumn: 'id',
      column1: 'name',
    });
    const mine = await addApp(mgrB);
    for (const [path, rec] of [
      ['app', app],
      ['service', svc],
      ['env', env],
      ['envGroup', group],
      ['envInstance', inst],
      ['translation', item],
    ] as const) {
      expect((await mgrB.json('GET', reg(`${path}/${rec.id}`))).code, path).toBe(Code.NOT_FOUND);
      expect((await mgrB.json('PUT', reg(`${path}/${rec.id}`), { body: { code: 'changed', version: rec.version } })).code, path).toBe(Code.NOT_FOUND);
      expect((await mgrB.json('DELETE', reg(`${path}/${rec.id}`))).code, path).toBe(Code.NOT_FOUND);
      expect((await ok(mgrA, 'GET', reg(`${path}/${rec.id}`))).version, path).toBe(rec.version);
    }
    // All or nothing: its own application with another organisation's is refused whole.
    expect((await mgrB.json('DELETE', reg(`app/${mine.id},${app.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await ok(mgrB, 'GET', reg(`app/${mine.id}`))).id).toBe(mine.id);
    expect((await mgrB.json('POST', reg('envGroup/list'), { body: { envId: env.id } })).code).toBe(Code.NOT_FOUND);
    expect((await mgrB.json('POST', reg('envGroup'), { body: { envId: env.id, code: 'x', name: 'x' } })).code).toBe(Code.NOT_FOUND);
    const lists = await ok(mgrB, 'POST', reg('app/list'), { code: app.code });
    expect(lists.data.map((r: { id: number }) => r.id)).not.toContain(app.id);
  });

  it('takes translation items that name real console interfaces, and gives them to any signed-in user of the organisation', async () => {
    const code = uniq('tr');
    const notList = await mgrA.json('POST', reg('translation'), {
      body: { code, queryApi: 'system/registry/app', cacheApi: 'system/registry/app', matchColumn: 'id', column1: 'name' },
      lang: 'en-US',
    });
    expect(notList.code).toBe(Code.FORM_INVALID);
    expect(notList.detail[0].field).toBe('queryApi');
    const noRoute = await mgrA.json('POST', reg('translation'), {
      body: { code, queryApi: 'system/registry/app/list', cacheApi: 'system/no/such', matchColumn: 'id', column1: 'name' },
    });
    expect(noRoute.detail[0].field).toBe('cacheApi');
    const badColumn = await mgrA.json('POST', reg('translation'), {
      body: { code, queryApi: 'system/registry/app/list', cacheApi: 'system/registry/app', matchColumn: '1id', column1: 'name' },
    });
    expect(badColumn.detail[0].field).toBe('matchColumn');
    const item = await ok(mgrA, 'POST', reg('translation'), {
      code,
      queryApi: 'system/registry/app/list',
      cacheApi: 'system/registry/app',
      matchColumn: 'id',
      column1: 'name',
      column2: 'code',
      column3: '',
    });
    expect(item).toMatchObject({ column2: 'code', column3: null, column4: null });
    const items = await ok<{ code: string; queryApi: string }[]>(mgrA, 'GET', reg('translation/items'));
    expect(items.find((i) => i.code === code)).toMatchObject({ queryApi: 'system/registry/app/list', column1: 'name' });
    expect((await ok<{ code: string }[]>(mgrB, 'GET', reg('translation/items'))).map((i) => i.code)).not.toContain(code);
  });

  it('imports applications all or nothing with a report per row, then exports them', async () => {
    const taken = (await addApp(mgrA)).code;
    const header = ['应用名称', '应用编码', '描述'];
    const fresh = uniq('imp-');
    const bad = await upload(
      mgrA,
      reg('app/import'),
      'apps.xlsx',
      await xlsxOf(header, [
        ['预订', fresh, '场地预订'],
        ['重复', fresh, null],
        ['已存在', taken, null],
        ['太长', uniq('imp-'), '长'.repeat(51)],
        ['', uniq('imp-'), null],
      ]),
      { lang: 'en-US' },
    );
    const rejected = bad.json();
    expect(rejected.code).toBe(Code.INVALID);
    expect(rejected.detail.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual(['3:code', '4:code', '5:description', '6:name']);
    expect((await ok(mgrA, 'POST', reg('app/list'), { code: fresh })).total).toBe(0);

    const good = (
      await upload(
        mgrA,
        reg('app/import'),
        'apps.xlsx',
        await xlsxOf(header, [
          ['预订', fresh, '场地预订'],
          ['票务', `${fresh}-t`, null],
        ]),
      )
    ).json();
    expect(good.code, good.msg).toBe(Code.OK_NOTICE);
    expect(good.body).toEqual({ total: 2, created: 2, updated: 0 });
    const listed = await ok(mgrA, 'POST', reg('app/list'), { code: fresh });
    expect(listed.total).toBe(2);
    expect(listed.data.every((a: { appKey: string }) => a.appKey.startsWith('ak_'))).toBe(true);

    const exported = await mgrA.call('POST', reg('app/export'), { body: { code: fresh } });
    expect(exported.headers['content-disposition']).toContain('.xlsx');
    const rows = await readXlsx(exported.rawPayload);
    expect(rows[0]!.slice(0, 4)).toEqual(['应用名称', '应用编码', '描述', 'AppKey']);
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual([fresh, `${fresh}-t`]);
    // The export imports again: its codes are now taken, each row says so.
    const again = (await upload(mgrA, reg('app/import'), 'again.xlsx', exported.rawPayload)).json();
    expect(again.detail.errors.map((e: { field: string }) => e.field)).toEqual(['code', 'code']);
  });

  it('imports translation items whose interfaces are checked row by row, and environments; exports them', async () => {
    const header = ['翻译项编码', '查询接口', '缓存更新接口', '匹配列', '翻译列1'];
    const code = uniq('tr');
    const bad = (
      await upload(
        mgrA,
        reg('translation/import'),
        't.xlsx',
        await xlsxOf(header, [
          [code, 'system/registry/app/list', 'system/registry/app', 'id', 'name'],
          [`${code}b`, 'system/registry/app', 'system/registry/app', 'id', 'name'],
          [`${code}c`, 'system/registry/env/list', 'system/nowhere', 'id', 'name'],
        ]),
      )
    ).json();
    expect(bad.code).toBe(Code.INVALID);
    expect(bad.detail.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual(['3:queryApi', '4:cacheApi']);
    const good = (
      await upload(mgrA, reg('translation/import'), 't.xlsx', await xlsxOf(header, [[code, 'system/registry/app/list', 'system/registry/app', 'id', 'name']]))
    ).json();
    expect(good.body.created).toBe(1);
    expect((await ok(mgrA, 'POST', reg('translation/list'), { code })).data[0]).toMatchObject({ code, column1: 'name', column2: null });

    const envCode = uniq('env-');
    const envs = (await upload(mgrA, reg('env/import'), 'e.txt', Buffer.from(`环境名称\t环境编码\t备注\n预发环境\t${envCode}\t上线前验证\n`))).json();
    expect(envs.body.created, envs.msg).toBe(1);
    const file = await mgrA.call('POST', reg('env/export'), { body: { code: envCode }, lang: 'en-US' });
    const rows = await readXlsx(file.rawPayload);
    expect(rows[0]!.slice(0, 3)).toEqual(['Name', 'Code', 'Remark']);
    expect(rows[1]!.slice(0, 3)).toEqual(['预发环境', envCode, '上线前验证']);
  });

  it("imports services naming their application by code; an unknown code is that row's error", async () => {
    const app = await addApp(mgrA);
    const header = ['所属应用编码', '服务名称', '服务编码', '服务版本', '服务类型', '上下文'];
    const code = uniq('svc-');
    const bad = (
      await upload(
        mgrA,
        reg('service/import'),
        's.xlsx',
        await xlsxOf(header, [
          [app.code, '查询', code, '1.0', 'HTTP', '/q'],
          ['no-such-app', '下单', uniq('s'), '1.0', 'RPC', '/o'],
          [app.code, '坏类型', uniq('s'), '1.0', 'SOAP', '/o'],
        ]),
      )
    ).json();
    expect(bad.code).toBe(Code.INVALID);
    expect(bad.detail.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual(['3:appCode', '4:type']);
    const good = (await upload(mgrA, reg('service/import'), 's.xlsx', await xlsxOf(header, [[app.code, '查询', code, '1.0', 'HTTP', '/q']]))).json();
    expect(good.body.created).toBe(1);
    const listed = await ok(mgrA, 'POST', reg('service/list'), { appId: app.id });
    expect(listed.data[0]).toMatchObject({ code, type: 'http', context: '/q' });
  });
});
