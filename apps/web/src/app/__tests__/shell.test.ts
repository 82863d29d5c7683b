import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@venue/contract';
import { ChunkLoadError, loadChunk, toChunkError } from '../chunk.ts';
import { formatDate } from '../format.ts';
import { menuTrail, menuTitle, visibleMenu, firstScreen } from '../menu.ts';
import { hasPermission } from '../permission.tsx';
import { menuTreeFrom, rolesAndPermissions } from '../session.ts';
import { isNoCache } from '../registry.ts';
import { closeOthersIn, closeSideIn, closeTabIn, initialTabs, openTabIn } from '../tabs.ts';
import { parseSystemSettings } from '../branding.ts';

const node = (p: Partial<MenuNode> & Pick<MenuNode, 'id' | 'type'>): MenuNode => ({
  parentId: null,
  name: `菜单${p.id}`,
  nameEn: `Menu ${p.id}`,
  url: null,
  icon: null,
  perms: null,
  status: 0,
  loadType: 0,
  orderNum: 0,
  children: [],
  ...p,
});

const tree: MenuNode[] = [
  node({ id: 1, type: 1, url: '/home', name: '首页', nameEn: 'Home' }),
  node({
    id: 2,
    type: 0,
    name: '系统管理',
    nameEn: 'System',
    children: [
      node({ id: 3, type: 1, url: '/system/user', name: '用户管理', nameEn: 'Users', children: [node({ id: 4, type: 2, perms: 'system:user:add' })] }),
      node({ id: 5, type: 0, name: '空目录', nameEn: 'Empty' }),
    ],
  }),
];

describe('menus', () => {
  it('takes the tree from the first item of menu-exec/query', () => {
    expect(menuTreeFrom([{ id: 0, children: tree }])).toBe(tree);
    expect(menuTreeFrom([])).toEqual([]);
    expect(menuTreeFrom(null)).toEqual([]);
  });

  it('finds the breadcrumb trail and titles per language', () => {
    const trail = menuTrail(tree, '/system/user');
    expect(trail.map((n) => menuTitle(n, 'zh-CN'))).toEqual(['系统管理', '用户管理']);
    expect(trail.map((n) => menuTitle(n, 'en-US'))).toEqual(['System', 'Users']);
    expect(menuTrail(tree, '/nope')).toEqual([]);
  });

  it('shows directories and screens, not buttons or empty directories', () => {
    const v = visibleMenu(tree);
    expect(v.map((n) => n.id)).toEqual([1, 2]);
    expect(v[1]!.children.map((n) => n.id)).toEqual([3]);
    expect(v[1]!.children[0]!.children).toEqual([]);
    expect(firstScreen(tree)).toBe('/home');
  });
});

describe('user info (spec 4)', () => {
  it('no roles: ROLE_DEFAULT and no permissions', () => {
    expect(rolesAndPermissions({ roles: [], permissions: ['system:user:add'] })).toEqual({ roles: ['ROLE_DEFAULT'], permissions: [] });
  });
  it('roles: the permission codes are registered', () => {
    expect(rolesAndPermissions({ roles: ['R1'], permissions: ['system:user:add'] })).toEqual({ roles: ['R1'], permissions: ['system:user:add'] });
    expect(hasPermission(new Set(['system:user:add']), ['R1'], 'system:user:add')).toBe(true);
    expect(hasPermission(new Set(['system:user:add']), ['R1'], 'system:user:remove')).toBe(false);
    expect(hasPermission(new Set(), ['ROLE_ADMIN'], 'system:user:remove')).toBe(true);
    expect(hasPermission(new Set(), ['R1'], '')).toBe(true);
  });
});

describe('tabs', () => {
  it('opens, closes and activates the neighbour', () => {
    let s = initialTabs();
    s = openTabIn(s, '/a', '/a?x=1');
    s = openTabIn(s, '/b', '/b');
    s = openTabIn(s, '/c', '/c');
    s = openTabIn(s, '/b', '/b?y=2');
    expect(s.tabs.map((t) => t.fullPath)).toEqual(['/home', '/a?x=1', '/b?y=2', '/c']);
    expect(s.activeKey).toBe('/b');
    const closed = closeTabIn(s, '/b');
    expect(closed.activeKey).toBe('/c');
    expect(closeTabIn(s, '/home')).toBe(s);
    expect(closeOthersIn(s, '/c').tabs.map((t) => t.key)).toEqual(['/home', '/c']);
    expect(closeSideIn(s, '/b', 'right').tabs.map((t) => t.key)).toEqual(['/home', '/a', '/b']);
    expect(closeSideIn(s, '/b', 'left').tabs.map((t) => t.key)).toEqual(['/home', '/b', '/c']);
  });

  it('rule 7: the listed screens are not cached, every other one is', () => {
    expect(isNoCache('/sport/views/trainingCourse/courseManagement/index')).toBe(true);
    expect(isNoCache('/courseManagement')).toBe(true);
    expect(isNoCache('/sport/views/trainingCourse/courseSchedulingPlan/detail')).toBe(true);
    expect(isNoCache('/sport/views/invoiceManagement/index')).toBe(true);
    expect(isNoCache('/sport/views/ticketManagement/projects/detail')).toBe(true);
    expect(isNoCache('/sport/views/ticketManagement/projects/session/detail')).toBe(true);
    expect(isNoCache('/sport/views/closedManagement/index')).toBe(true);
    expect(isNoCache('/sport/views/trainingCourse/courseSchedulingPlan/index')).toBe(false);
    expect(isNoCache('/system/user')).toBe(false);
    expect(isNoCache('/courseManagementX')).toBe(false);
  });
});

describe('chunk loading (spec 8)', () => {
  it('names the chunk and the cause', async () => {
    const missing = await loadChunk('home', async () => ({ default: undefined as unknown })).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ChunkLoadError);
    expect((missing as ChunkLoadError).message).toMatch(/^Loading chunk home failed/);
    expect((missing as ChunkLoadError).type).toBe('missing');

    const slow = await loadChunk('about', () => new Promise<{ default: unknown }>(() => {}), 10).catch((e: unknown) => e);
    expect((slow as ChunkLoadError).type).toBe('timeout');

    const js = toChunkError('user', new TypeError('Failed to fetch dynamically imported module: http://h/assets/UserPage-x.js'));
    expect(js.type).toBe('error');
    expect(js.request).toBe('http://h/assets/UserPage-x.js');

    const css = toChunkError('user', new Error('Unable to preload CSS for /assets/UserPage-x.css'));
    expect(css.css).toBe(true);
    expect(css.code).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(css.message).toMatch(/^Loading CSS chunk user failed/);
  });
});

describe('dates and branding', () => {
  it('formats dates per language (spec 9)', () => {
    expect(formatDate('2024-05-01T08:09:10', 'zh-CN')).toBe('2024年05月01日 08:09:10');
    expect(formatDate('2024-05-01T08:09:10', 'en-US')).toBe('2024-05-01');
    expect(formatDate(null, 'en-US')).toBe('');
  });

  it('reads system_settings from its JSON string', () => {
    const s = parseSystemSettings(JSON.stringify({ enable: true, tabsName: 'Arena', tabsLogo: '/logo.png' }));
    expect(s).toMatchObject({ enable: true, tabsName: 'Arena', tabsLogo: '/logo.png', loginBg: '' });
    expect(parseSystemSettings('')).toBeNull();
    expect(parseSystemSettings('not json')).toBeNull();
  });
});
