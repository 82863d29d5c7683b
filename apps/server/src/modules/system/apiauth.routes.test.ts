import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, sys, type Client, type TestServer } from '../../../test/harness.ts';
import { routeRegistry } from '../../platform/http.ts';
import { adminClient, makeOrg, makeRole, makeUser, menuIdsByKey, signIn } from './admin.testkit.ts';

interface ApiRow {
  id: number;
  method: string;
  url: string;
  permission: string | null;
  grantable: boolean;
  platformOnly: boolean;
  roleIds: number[];
  roles: { id: number; code: string; name: string }[];
}

describe.each(databases)('role-to-API authorisation on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  const api = async (method: string, url: string): Promise<ApiRow> => {
    const res = await admin.json('POST', sys('api/list'), { body: { url, method, pageSize: 50 } });
    const row = (res.body.data as ApiRow[]).find((r) => r.url === url && r.method === method);
    expect(row, `${method} ${url}`).toBeTruthy();
    return row!;
  };
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it("lists the registry generated from the server's route table", async () => {
    const res = await admin.json('POST', sys('api/list'), { body: { pageNum: 1, pageSize: 500 } });
    expect(res.code).toBe(0);
    const rows = [...(res.body.data as ApiRow[])];
    // More routes than one page holds (at most 500): the pages together are the whole registry.
    for (let page = 2; rows.length < res.body.total && page < 10; page++)
      rows.push(...((await admin.json('POST', sys('api/list'), { body: { pageNum: page, pageSize: 500 } })).body.data as ApiRow[]));
    expect(rows.length).toBe(res.body.total);
    const keys = rows.map((r) => `${r.method} ${r.url}`);
    for (const k of [
      'POST /api/system/user/list',
      'PUT /api/system/user/:id',
      'DELETE /api/system/user/:userId/:orgId',
      'POST /api/auth/login',
      'PUT /api/system/api/:id/roles',
    ])
      expect(keys).toContain(k);
    expect(new Set(keys).size).toBe(keys.length);
    const list = rows.find((r) => r.url === '/api/system/user/list')!;
    expect(list).toMatchObject({ permission: 'system:user:list', grantable: true, roles: [], roleIds: [] });
    expect(rows.find((r) => r.url === '/api/auth/login')).toMatchObject({ permission: null, grantable: false, platformOnly: false });
    // A read several screens share declares them all: any one admits, and the registry names each (grantable like any other).
    expect(rows.find((r) => r.method === 'POST' && r.url === '/api/sport/ticket/session/:sessionId/seats')).toMatchObject({
      permission: 'sport:ticket:session | sport:ticket:sell | sport:ticket:list',
      grantable: true,
    });
    // The platform-only rule declared on a route is shown with it.
    expect(list.platformOnly).toBe(false);
    expect(rows.find((r) => r.method === 'PUT' && r.url === '/api/system/api/:id/roles')).toMatchObject({ platformOnly: true });
    expect(rows.find((r) => r.method === 'POST' && r.url === '/api/system/menu')).toMatchObject({ platformOnly: true });
    // (routeRegistry holds every server this process started: count each route once.)
    const declared = new Set(routeRegistry.filter((r) => r.platformOnly && r.url.startsWith('/api/')).map((r) => `${r.method} ${r.url}`));
    expect(rows.filter((r) => r.platformOnly).length).toBe(declared.size);
    const filtered = await admin.json('POST', sys('api/list'), { body: { module: 'role' } });
    expect((filtered.body.data as ApiRow[]).every((r) => r.url.includes('/role'))).toBe(true);
  });

  it('a route with role grants answers only holders of those roles (or ROLE_ADMIN); others fall back to the menu permission', async () => {
    const org = await makeOrg(admin, platformId);
    const granted = await makeRole(admin, org.id, { name: '可查询用户' });
    const menuOnly = await makeRole(admin, org.id, { name: '菜单权限' });
    const m = await menuIdsByKey(s, ['system.user', 'system.role']);
    // The menu role holds user:list and role:list through menus; the granted role holds no menus at all.
    await admin.json('PUT', sys(`role/${menuOnly.id}/menus`), { body: { menuIds: [m['system.user'], m['system.role']] } });
    const a = await makeUser(admin, org.id, { roleIds: [granted.id] });
    const b = await makeUser(admin, org.id, { roleIds: [menuOnly.id] });
    const ca = await signIn(s, a.code, 'Pass1234');
    const cb = await signIn(s, b.code, 'Pass1234');
    expect((await ca.json('POST', sys('user/list'), { body: {} })).code).toBe(Code.FORBIDDEN);
    expect((await cb.json('POST', sys('user/list'), { body: {} })).code).toBe(0);

    const row = await api('POST', '/api/system/user/list');
    const put = await admin.json('PUT', sys(`api/${row.id}/roles`), { body: { roleIds: [granted.id] } });
    expect(put.code).toBe(0);
    expect((await api('POST', '/api/system/user/list')).roles.map((r) => r.name)).toEqual(['可查询用户']);
    // Grants decide from the next call on: the granted role may call, the menu permission no longer suffices.
    expect((await ca.json('POST', sys('user/list'), { body: {} })).code).toBe(0);
    const refused = await cb.json('POST', sys('user/list'), { body: {} });
    expect(refused.code).toBe(Code.FORBIDDEN);
    // ROLE_ADMIN always may; routes without grants are unchanged.
    expect((await admin.json('POST', sys('user/list'), { body: {} })).code).toBe(0);
    expect((await cb.json('POST', sys('role/list'), { body: {} })).code).toBe(0);
    // A granted role cannot be deleted while the grant stands.
    const del = await admin.json('DELETE', sys(`role/${granted.id}`));
    expect(del.code).toBe(Code.CONFLICT);
    // Removing every grant falls back to the menu permission.
    await admin.json('PUT', sys(`api/${row.id}/roles`), { body: { roleIds: [] } });
    expect((await ca.json('POST', sys('user/list'), { body: {} })).code).toBe(Code.FORBIDDEN);
    expect((await cb.json('POST', sys('user/list'), { body: {} })).code).toBe(0);
    const byRole = await admin.json('POST', sys('api/list'), { body: { granted: true } });
    expect(byRole.body.total).toBe(0);
  });

  it('refuses grants on public and any-signed-in routes, unknown roles, and callers outside the platform', async () => {
    const login = await api('POST', '/api/auth/login');
    const res = await admin.json('PUT', sys(`api/${login.id}/roles`), { body: { roleIds: [] } });
    expect(res.code).toBe(Code.INVALID);
    expect(res.msg).toBe('公开接口和登录即可调用的接口不能按角色授权');
    const info = await api('GET', '/api/system/user/getInfo/');
    expect((await admin.json('PUT', sys(`api/${info.id}/roles`), { body: { roleIds: [] } })).code).toBe(Code.INVALID);
    const list = await api('POST', '/api/system/role/list');
    expect((await admin.json('PUT', sys(`api/${list.id}/roles`), { body: { roleIds: [999999] } })).code).toBe(Code.NOT_FOUND);
    expect((await admin.json('PUT', sys('api/999999/roles'), { body: { roleIds: [] } })).code).toBe(Code.NOT_FOUND);
    const org = await makeOrg(admin, platformId);
    const role = await makeRole(admin, org.id);
    const m = await menuIdsByKey(s, ['system.api', 'system.api.edit']);
    await admin.json('PUT', sys(`role/${role.id}/menus`), { body: { menuIds: Object.values(m) } });
    const u = await makeUser(admin, org.id, { roleIds: [role.id] });
    const c = await signIn(s, u.code, 'Pass1234');
    expect((await c.json('POST', sys('api/list'), { body: {} })).code).toBe(0);
    const write = await c.json('PUT', sys(`api/${list.id}/roles`), { body: { roleIds: [role.id] } });
    expect(write.code).toBe(Code.FORBIDDEN);
  });

  it('every platform-only route refuses a caller outside the platform organisation who holds its permission, before reading the input', async () => {
    const org = await makeOrg(admin, platformId);
    const role = await makeRole(admin, org.id);
    const everyMenu = (await s.database.query<{ id: number }>('select id from sys_menu')).map((r) => Number(r.id));
    expect((await admin.json('PUT', sys(`role/${role.id}/menus`), { body: { menuIds: everyMenu } })).code).toBe(0);
    const u = await makeUser(admin, org.id, { roleIds: [role.id] });
    const c = await signIn(s, u.code, 'Pass1234');
    const platformOnly = [
      ...new Map(routeRegistry.filter((r) => r.platformOnly && r.url.startsWith('/api/')).map((r) => [`${r.method} ${r.url}`, r])).values(),
    ];
    expect(platformOnly.length).toBeGreaterThanOrEqual(29);
    for (const r of platformOnly) {
      // Path parameters get a value that exists nowhere; the body is empty: neither is read.
      const url = r.url.replace(/:\w+/g, '999999');
      const res = await c.json(r.method as 'GET' | 'POST' | 'PUT' | 'DELETE', url, {
        body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
        lang: 'en-US',
      });
      expect({ route: `${r.method} ${r.url}`, code: res.code, msg: res.msg }).toEqual({
        route: `${r.method} ${r.url}`,
        code: Code.FORBIDDEN,
        msg: 'Only the platform organisation can do this',
      });
    }
    // Routes without the rule answer the same caller from the handler (here: not found, not refused).
    expect((await c.json('GET', sys('role/999999'))).code).toBe(Code.NOT_FOUND);
  });
});
