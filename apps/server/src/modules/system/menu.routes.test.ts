import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { adapter, databases, startServer, sys, type Client, type TestServer } from '../../../test/harness.ts';
import { seedPlatform } from './system.seed.ts';
import { adminClient, makeOrg, makeRole, makeUser, menuIdsByKey, signIn } from './admin.testkit.ts';

interface Node {
  id: number;
  name: string;
  orderNum: number;
  children: Node[];
}

function find(nodes: Node[], id: number): Node | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

describe.each(databases)('menus on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it('answers the editor tree with every field', async () => {
    const tree = await admin.json('GET', sys('menu/tree'));
    expect(tree.code).toBe(0);
    expect((await admin.json('POST', sys('menu/list'), { body: {} })).body).toEqual(tree.body);
    const system = tree.body.find((n: { key: string }) => n.key === 'system');
    expect(system).toMatchObject({
      name: '系统管理',
      nameEn: 'System',
      type: 0,
      status: 0,
      parentId: null,
      icon: 'SettingOutlined',
      loadType: 0,
      remark: null,
      version: 1,
    });
    const user = system.children.find((n: { key: string }) => n.key === 'system.user');
    expect(user).toMatchObject({ type: 1, url: '/system/user', perms: 'system:user:list' });
    expect(user.children.map((c: { perms: string }) => c.perms)).toContain('system:user:add');
  });

  it('adds a directory, a screen and a button, placing each after the chosen sibling', async () => {
    const dir = await admin.json('POST', sys('menu'), { body: { name: '场馆运营', nameEn: 'Operations', type: 0, icon: 'ShopOutlined' } });
    expect(dir.code).toBe(0);
    const a = await admin.json('POST', sys('menu'), { body: { name: '甲', type: 1, url: '/ops/a', parentId: dir.body.id } });
    const b = await admin.json('POST', sys('menu'), { body: { name: '乙', type: 1, url: '/ops/b', parentId: dir.body.id } });
    const c = await admin.json('POST', sys('menu'), {
      body: { name: '丙', type: 1, url: '/ops/c', parentId: dir.body.id, prevId: a.body.id, loadType: 1, remark: '插在甲后' },
    });
    expect(c.body).toMatchObject({ loadType: 1, remark: '插在甲后' });
    const first = await admin.json('POST', sys('menu'), { body: { name: '首', type: 1, url: '/ops/first', parentId: dir.body.id, prevId: 0 } });
    const btn = await admin.json('POST', sys('menu'), { body: { name: '审核', type: 2, perms: 'ops:a:audit', parentId: a.body.id } });
    expect(btn.code).toBe(0);
    const tree = await admin.json('GET', sys('menu/tree'));
    const node = find(tree.body, dir.body.id)!;
    expect(node.children.map((n) => n.name)).toEqual(['首', '甲', '丙', '乙']);
    expect(node.children.map((n) => n.orderNum)).toEqual([10, 20, 30, 40]);
    expect(find(tree.body, a.body.id)!.children.map((n) => n.id)).toEqual([btn.body.id]);
    // Move 首 after 乙, then under another parent.
    const moved = await admin.json('PUT', sys(`menu/${first.body.id}`), { body: { prevId: b.body.id, version: first.body.version } });
    expect(moved.code).toBe(0);
    expect(find((await admin.json('GET', sys('menu/tree'))).body, dir.body.id)!.children.map((n) => n.name)).toEqual(['甲', '丙', '乙', '首']);
    const renamed = await admin.json('PUT', sys(`menu/${c.body.id}`), { body: { name: '丙二', icon: 'StarOutlined', version: c.body.version } });
    expect(renamed.body).toMatchObject({ name: '丙二', icon: 'StarOutlined', version: c.body.version + 1 });
    const stale = await admin.json('PUT', sys(`menu/${c.body.id}`), { body: { name: 'x', version: c.body.version } });
    expect(stale.code).toBe(Code.CONFLICT);
  });

  it('checks the shape: screens need a route, buttons a code and a parent, no parent below itself or a button', async () => {
    expect((await admin.json('POST', sys('menu'), { body: { name: 'x', type: 1 } })).code).toBe(Code.FORM_INVALID);
    expect((await admin.json('POST', sys('menu'), { body: { name: 'x', type: 2, perms: 'x:y' } })).code).toBe(Code.FORM_INVALID);
    const dir = await admin.json('POST', sys('menu'), { body: { name: '目录', type: 0 } });
    const btn = await admin.json('POST', sys('menu'), { body: { name: '按钮', type: 2, perms: 'x:y', parentId: dir.body.id } });
    const under = await admin.json('POST', sys('menu'), { body: { name: 'x', type: 1, url: '/x', parentId: btn.body.id } });
    expect(under.code).toBe(Code.FORM_INVALID);
    expect(under.msg).toBe('按钮不能作为上级菜单');
    const sub = await admin.json('POST', sys('menu'), { body: { name: '子目录', type: 0, parentId: dir.body.id } });
    const cycle = await admin.json('PUT', sys(`menu/${dir.body.id}`), { body: { parentId: sub.body.id, version: dir.body.version } });
    expect(cycle.code).toBe(Code.FORM_INVALID);
    const notSibling = await admin.json('POST', sys('menu'), { body: { name: 'x', type: 0, prevId: sub.body.id } });
    expect(notSibling.code).toBe(Code.FORM_INVALID);
    expect(notSibling.detail[0].field).toBe('prevId');
  });

  it('refuses deleting a menu with children; a deleted shipped menu stays deleted after a restart', async () => {
    const m = await menuIdsByKey(s, ['system', 'system.about']);
    const res = await admin.json('DELETE', sys(`menu/${m.system}`));
    expect(res.code).toBe(Code.CONFLICT);
    expect(res.msg).toMatch(/^该菜单下还有 \d+ 个子菜单，不能删除$/);
    expect((await admin.json('DELETE', sys(`menu/${m['system.about']}`))).code).toBe(0);
    expect((await admin.json('GET', sys(`menu/${m['system.about']}`))).code).toBe(Code.NOT_FOUND);
    await seedPlatform(s.database.db, s.config, () => undefined);
    expect(await menuIdsByKey(s, ['system.about'])).toEqual({});
  });

  it('disabling a menu hides it from its holders; menu writes are for the platform organisation', async () => {
    const org = await makeOrg(admin, platformId);
    const role = await makeRole(admin, org.id);
    const m = await menuIdsByKey(s, ['home', 'system.menu', 'system.menu.add', 'system.menu.edit']);
    await admin.json('PUT', sys(`role/${role.id}/menus`), { body: { menuIds: Object.values(m) } });
    const u = await makeUser(admin, org.id, { roleIds: [role.id] });
    const c = await signIn(s, u.code, 'Pass1234');
    expect(JSON.stringify((await c.json('POST', adapter('menu-exec/query'), { body: {} })).body)).toContain('/home');
    // A venue user may read the menus they hold but not change the shared tree.
    const tree = await c.json('GET', sys('menu/tree'));
    expect(tree.code).toBe(0);
    expect(JSON.stringify(tree.body)).not.toContain('/system/user');
    const write = await c.json('POST', sys('menu'), { body: { name: 'x', type: 0 } });
    expect(write.code).toBe(Code.FORBIDDEN);
    expect(write.msg).toBe('仅平台运营组织可以执行此操作');
    const home = await admin.json('GET', sys(`menu/${m.home}`));
    await admin.json('PUT', sys(`menu/${m.home}`), { body: { status: 1, version: home.body.version } });
    expect(JSON.stringify((await c.json('POST', adapter('menu-exec/query'), { body: {} })).body)).not.toContain('/home');
    const opts = await c.json('GET', sys('menu/options'));
    expect(opts.code).toBe(0);
    expect(JSON.stringify(opts.body)).toContain('system:menu:add');
    expect(JSON.stringify(opts.body)).not.toContain('system:user:add');
  });
});
