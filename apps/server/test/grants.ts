import { expect } from 'vitest';
import { Client, sys, type TestServer } from './harness.ts';

/**
 * Permission set-up for server tests, through the services as an administrator would do it
 * (the role and user routes), never by writing sys_role_menu / sys_user_menu / sys_user_role and
 * bumping the permission epoch by hand: the services keep the links, the grant rules and the
 * epoch right, and a test exercises them as it sets itself up.
 */

interface MenuNode {
  id: number;
  key: string;
  children?: MenuNode[];
}

/** An administrator's client: the one given (signed in as admin), or a new sign-in. */
async function asAdmin(s: TestServer | Client): Promise<Client> {
  if (s instanceof Client) return s;
  const c = new Client(s);
  const res = await c.login();
  expect(res.code, res.msg).toBe(0);
  return c;
}

/** Ids of the menus under the given keys: each key itself and every menu below it (`key.*`, its buttons). */
async function menuIdsUnder(admin: Client, keys: string[]): Promise<number[]> {
  const tree = await admin.json<MenuNode[]>('GET', sys('menu/tree'));
  expect(tree.code, tree.msg).toBe(0);
  const ids: number[] = [];
  const found = new Set<string>();
  const walk = (nodes: MenuNode[]) => {
    for (const n of nodes) {
      const hit = keys.find((k) => n.key === k || n.key.startsWith(`${k}.`));
      if (hit) {
        ids.push(n.id);
        found.add(hit);
      }
      walk(n.children ?? []);
    }
  };
  walk(tree.body);
  expect(
    keys.filter((k) => !found.has(k)),
    'menu keys without a menu',
  ).toEqual([]);
  return ids;
}

async function idOf(admin: Client, list: 'role' | 'user', code: string): Promise<number> {
  const res = await admin.json<{ data: { id: number; code: string }[] }>('POST', sys(`${list}/list`), { body: { code, pageSize: 100 } });
  expect(res.code, res.msg).toBe(0);
  const rows = res.body.data.filter((r) => r.code === code);
  expect(rows, `${list} ${code}`).toHaveLength(1);
  return rows[0]!.id;
}

/**
 * Gives a role (its id, or its code when that is unique) the menus under the given keys, keeping
 * the menus it has: `PUT role/{id}/menus` as admin (pass a signed-in admin Client to reuse its
 * session, e.g. where a test counts sign-ins).
 */
export async function grantMenus(s: TestServer | Client, role: number | string, keys: string[]): Promise<void> {
  const admin = await asAdmin(s);
  const roleId = typeof role === 'number' ? role : await idOf(admin, 'role', role);
  const held = await admin.json<{ menuIds: number[] }>('GET', sys(`role/${roleId}/menus`));
  expect(held.code, held.msg).toBe(0);
  const menuIds = [...new Set([...held.body.menuIds, ...(await menuIdsUnder(admin, keys))])];
  const res = await admin.json('PUT', sys(`role/${roleId}/menus`), { body: { menuIds } });
  expect(res.code, res.msg).toBe(0);
}

/**
 * Gives a user direct menus under the given keys in an organisation (default: theirs), keeping
 * the ones they have: `POST user/assign-menu` as admin.
 */
export async function grantUserMenus(s: TestServer | Client, userCode: string, keys: string[], orgId?: number): Promise<void> {
  const admin = await asAdmin(s);
  const userId = await idOf(admin, 'user', userCode);
  const detail = await admin.json<{ orgId: number }>('GET', sys(`user/${userId}`));
  const org = orgId ?? detail.body.orgId;
  const held = await admin.json<number[]>('GET', sys(`user/menu/${userId}`), { query: { orgId: String(org) } });
  expect(held.code, held.msg).toBe(0);
  const menuIds = [...new Set([...held.body, ...(await menuIdsUnder(admin, keys))])];
  const res = await admin.json('POST', sys('user/assign-menu'), { body: { userId, orgId: org, menuIds } });
  expect(res.code, res.msg).toBe(0);
}

/** Sets a user's roles (`PUT user/{id}/roles` as admin); [] leaves them with none. */
export async function setUserRoles(s: TestServer | Client, userCode: string, roleIds: number[]): Promise<void> {
  const admin = await asAdmin(s);
  const userId = await idOf(admin, 'user', userCode);
  const res = await admin.json('PUT', sys(`user/${userId}/roles`), { body: { roleIds } });
  expect(res.code, res.msg).toBe(0);
}
