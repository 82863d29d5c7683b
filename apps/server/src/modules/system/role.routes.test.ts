import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { auth, databases, startServer, sys, type Client, type TestServer } from '../../../test/harness.ts';
import { adminClient, makeOrg, makeRole, makeUser, menuIdsByKey, signIn, uniq } from './admin.testkit.ts';

describe.each(databases)('roles on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it('adds, lists, gets and edits a role (no, name, type, status, remark)', async () => {
    const org = await makeOrg(admin, platformId, { type: 2 });
    const res = await admin.json('POST', sys('role'), {
      body: { orgId: org.id, code: 'cashier', no: 'R3001', name: '收银员', type: 2, status: 0, remark: '前台收银' },
    });
    expect(res.code).toBe(0);
    expect(res.body).toMatchObject({
      orgId: org.id,
      orgName: org.name,
      code: 'cashier',
      no: 'R3001',
      name: '收银员',
      type: 2,
      status: 0,
      remark: '前台收银',
      version: 1,
      userCount: 0,
    });
    const list = await admin.json('POST', sys('role/list'), { body: { orgId: org.id, pageNum: 1, pageSize: 10 } });
    expect(list.body.total).toBe(1);
    expect(list.body.data[0].id).toBe(res.body.id);
    expect((await admin.json('POST', sys('role/list'), { body: { name: '收银' } })).body.total).toBeGreaterThanOrEqual(1);
    expect((await admin.json('POST', sys('role/list'), { body: { name: '收银', status: 1 } })).body.total).toBe(0);
    const got = await admin.json('GET', sys(`role/${res.body.id}`));
    expect(got.body.name).toBe('收银员');
    const edited = await admin.json('PUT', sys(`role/${res.body.id}`), { body: { name: '高级收银员', status: 1, version: 1 } });
    expect(edited.body).toMatchObject({ name: '高级收银员', status: 1, version: 2 });
    const stale = await admin.json('PUT', sys(`role/${res.body.id}`), { body: { name: 'x', version: 1 } });
    expect(stale.code).toBe(Code.CONFLICT);
    // The same code in one organisation is a duplicate; in another it is fine.
    const dup = await admin.json('POST', sys('role'), { body: { orgId: org.id, code: 'cashier', name: 'x' } });
    expect(dup.code).toBe(Code.CONFLICT);
    expect(dup.msg).toBe('角色编码已存在');
    const other = await makeOrg(admin, platformId);
    expect((await admin.json('POST', sys('role'), { body: { orgId: other.id, code: 'cashier', name: 'x' } })).code).toBe(0);
  });

  it('reserves ROLE_ADMIN: no new role takes the code; the built-in one is not deleted, disabled or recoded', async () => {
    const org = await makeOrg(admin, platformId, { type: 2 });
    const res = await admin.json('POST', sys('role'), { body: { orgId: org.id, code: 'ROLE_ADMIN', name: '假管理员' } });
    expect(res.code).toBe(Code.FORM_INVALID);
    expect(res.detail).toEqual([{ field: 'code', message: 'ROLE_ADMIN 和 ROLE_DEFAULT 是系统保留编码，不能用于其他角色' }]);
    // Not through the role number either (it becomes the code when none is given), in any case.
    for (const no of ['ROLE_ADMIN', 'role_admin', 'ROLE_DEFAULT']) {
      const viaNo = await admin.json('POST', sys('role'), { body: { orgId: org.id, no, name: '假管理员' }, lang: 'en-US' });
      expect(viaNo.code, no).toBe(Code.FORM_INVALID);
      expect(viaNo.detail).toEqual([{ field: 'no', message: 'ROLE_ADMIN and ROLE_DEFAULT are reserved codes and cannot be given to another role' }]);
    }
    expect((await admin.json('POST', sys('role/list'), { body: { orgId: org.id } })).body.total).toBe(0);
    const list = await admin.json('POST', sys('role/list'), { body: { code: 'ROLE_ADMIN' } });
    const builtin = list.body.data.find((r: { code: string }) => r.code === 'ROLE_ADMIN');
    expect((await admin.json('DELETE', sys(`role/${builtin.id}`))).code).toBe(Code.INVALID);
    expect((await admin.json('PUT', sys(`role/${builtin.id}`), { body: { status: 1, version: builtin.version } })).code).toBe(Code.INVALID);
    expect((await admin.json('PUT', sys(`role/${builtin.id}`), { body: { code: 'X', version: builtin.version } })).code).toBe(Code.INVALID);
    const renamed = await admin.json('PUT', sys(`role/${builtin.id}`), { body: { remark: '所有权限', version: builtin.version } });
    expect(renamed.code).toBe(0);
  });

  it('holds a menu permission tree; the holders see it on their next call', async () => {
    const org = await makeOrg(admin, platformId);
    const role = await makeRole(admin, org.id);
    const m = await menuIdsByKey(s, ['home', 'system.dict', 'system.role', 'system.role.add']);
    const set = await admin.json('PUT', sys(`role/${role.id}/menus`), { body: { menuIds: [m.home, m['system.role']] } });
    expect(set.code).toBe(0);
    expect(set.body.menuIds).toEqual([m.home, m['system.role']].sort((a, b) => a! - b!));
    expect((await admin.json('GET', sys(`role/${role.id}/menus`))).body.menuIds).toEqual(set.body.menuIds);
    const u = await makeUser(admin, org.id, { roleIds: [role.id] });
    const c = await signIn(s, u.code, 'Pass1234');
    expect((await c.json('POST', sys('role/list'), { body: {} })).code).toBe(0);
    expect((await c.json('POST', sys('role'), { body: { name: 'x' } })).code).toBe(Code.FORBIDDEN);
    await admin.json('PUT', sys(`role/${role.id}/menus`), { body: { menuIds: [m['system.role'], m['system.role.add']] } });
    const made = await c.json('POST', sys('role'), { body: { name: uniq('r') } });
    expect(made.code).toBe(0);
    expect(made.body.orgId).toBe(org.id);
    expect((await admin.json('PUT', sys(`role/${role.id}/menus`), { body: { menuIds: [424242] } })).code).toBe(Code.INVALID);
    // Disabling the role takes its permissions away at once.
    const cur = await admin.json('GET', sys(`role/${role.id}`));
    await admin.json('PUT', sys(`role/${role.id}`), { body: { status: 1, version: cur.body.version } });
    expect((await c.json('POST', sys('role/list'), { body: {} })).code).toBe(Code.FORBIDDEN);
    const info = await c.json('GET', auth('userInfo/0'));
    expect(info.body.roles).toEqual(['ROLE_DEFAULT']);
  });

  it("adds and removes users; added users must be in the role's organisation", async () => {
    const org = await makeOrg(admin, platformId);
    const other = await makeOrg(admin, platformId);
    const role = await makeRole(admin, org.id);
    const a = await makeUser(admin, org.id, { name: '甲' });
    const b = await makeUser(admin, org.id, { name: '乙' });
    const outsider = await makeUser(admin, other.id, { name: '丙' });
    const added = await admin.json('PUT', sys(`role/${role.id}/users`), { body: { add: [a.id, b.id] } });
    expect(added.code).toBe(0);
    expect(added.body.map((u: { id: number }) => u.id).sort()).toEqual([a.id, b.id].sort());
    const refused = await admin.json('PUT', sys(`role/${role.id}/users`), { body: { add: [outsider.id] } });
    expect(refused.code).toBe(Code.INVALID);
    expect(refused.msg).toContain('丙');
    const removed = await admin.json('PUT', sys(`role/${role.id}/users`), { body: { remove: [a.id] } });
    expect(removed.body.map((u: { id: number }) => u.id)).toEqual([b.id]);
    expect((await admin.json('GET', sys(`role/${role.id}/users`))).body.map((u: { name: string }) => u.name)).toEqual(['乙']);
    expect((await admin.json('GET', sys(`role/${role.id}`))).body.userCount).toBe(1);
  });

  it('refuses deleting a role in use with a clear message; deletes unused ones in a batch', async () => {
    const org = await makeOrg(admin, platformId);
    const used = await makeRole(admin, org.id);
    await makeUser(admin, org.id, { roleIds: [used.id] });
    const res = await admin.json('DELETE', sys(`role/${used.id}`));
    expect(res.code).toBe(Code.CONFLICT);
    expect(res.msg).toBe('该角色已分配给 1 个用户，不能删除');
    const en = await admin.json('DELETE', sys(`role/${used.id}`), { lang: 'en-US' });
    expect(en.msg).toBe('This role is assigned to 1 users and cannot be deleted');
    const r1 = await makeRole(admin, org.id);
    const r2 = await makeRole(admin, org.id);
    // All or nothing: a batch with a role in use deletes none.
    expect((await admin.json('DELETE', sys(`role/${r1.id},${used.id}`))).code).toBe(Code.CONFLICT);
    expect((await admin.json('GET', sys(`role/${r1.id}`))).code).toBe(0);
    expect((await admin.json('DELETE', sys(`role/${r1.id},${r2.id}`))).code).toBe(0);
    expect((await admin.json('GET', sys(`role/${r2.id}`))).code).toBe(Code.NOT_FOUND);
  });

  it("scopes roles to the organisation: another organisation's role answers 100404", async () => {
    const org = await makeOrg(admin, platformId);
    const other = await makeOrg(admin, platformId);
    const foreign = await makeRole(admin, other.id);
    const mgrRole = await makeRole(admin, org.id);
    const m = await menuIdsByKey(s, ['system.role', 'system.role.add', 'system.role.edit', 'system.role.remove']);
    await admin.json('PUT', sys(`role/${mgrRole.id}/menus`), { body: { menuIds: Object.values(m) } });
    const mgr = await makeUser(admin, org.id, { roleIds: [mgrRole.id] });
    const c = await signIn(s, mgr.code, 'Pass1234');
    const list = await c.json('POST', sys('role/list'), { body: {} });
    expect(list.body.data.every((r: { orgId: number }) => r.orgId === org.id)).toBe(true);
    expect((await c.json('GET', sys(`role/${foreign.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await c.json('PUT', sys(`role/${foreign.id}`), { body: { name: 'x', version: 1 } })).code).toBe(Code.NOT_FOUND);
    expect((await c.json('DELETE', sys(`role/${foreign.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await c.json('GET', sys(`role/${foreign.id}/users`))).code).toBe(Code.NOT_FOUND);
    expect((await c.json('POST', sys('role'), { body: { name: 'x', orgId: other.id } })).code).toBe(Code.NOT_FOUND);
    // A manager grants only menus they hold.
    const home = await menuIdsByKey(s, ['home']);
    const own = await c.json('POST', sys('role'), { body: { name: uniq('r') } });
    expect((await c.json('PUT', sys(`role/${own.body.id}/menus`), { body: { menuIds: [home.home] } })).code).toBe(Code.FORBIDDEN);
    expect((await c.json('PUT', sys(`role/${own.body.id}/menus`), { body: { menuIds: [m['system.role']] } })).code).toBe(0);
  });
});
