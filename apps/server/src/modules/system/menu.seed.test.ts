import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS, SCREEN_BUTTONS, type ScreenDef } from '@venue/contract';
import { databases, startServer, type TestServer } from '../../../test/harness.ts';
import { seedDemo } from './demo.seed.ts';
import { menuSeed, type MenuSeed } from './menu.seed.ts';

/** The menu seed comes from the one screen registry (packages/contract/src/screens.ts). */

const registry: readonly ScreenDef[] = SCREENS;
/** The registry screen a menu url opens (paths may hold :params). */
const screenOf = (url: string) =>
  registry.find((s) => {
    const a = s.path.split('/');
    const b = url.split(/[?#]/)[0]!.replace(/\/+$/, '').split('/');
    return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
  });

const flat = (nodes: MenuSeed[]): MenuSeed[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('the menu seed', () => {
  it('seeds every menu screen of the registry with its titles, icon, permission and buttons', () => {
    const entries = flat(menuSeed);
    for (const s of registry.filter((x) => x.parent !== undefined)) {
      const e = entries.find((x) => x.key === s.key);
      expect(e, s.key).toMatchObject({ type: 1, url: s.path, name: s.title['zh-CN'], nameEn: s.title['en-US'], icon: s.icon });
      expect(e!.perms ?? '', s.key).toBe(s.permission ?? '');
      expect((e!.children ?? []).map((b) => b.perms).sort(), s.key).toEqual(Object.values(SCREEN_BUTTONS[s.key] ?? {}).sort());
    }
  });
});

describe.each(databases)('seeded menus on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
  });
  afterAll(async () => s?.close());

  it('every seeded screen menu opens a screen of the registry, and every menu has a title in both languages', async () => {
    const rows = await s.database.query<{ key: string; type: number; url: string | null; name: string; name_en: string }>(
      'select key, type, url, name, name_en from sys_menu',
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const m of rows) {
      expect(m.name.trim(), `${m.key}: Chinese title`).not.toBe('');
      expect(m.name_en.trim(), `${m.key}: English title`).not.toBe('');
      if (m.type !== 1) continue;
      expect(m.url, `${m.key}: a screen menu needs a url`).toBeTruthy();
      expect(screenOf(m.url!), `${m.key}: ${m.url} has no screen in the registry`).toBeDefined();
    }
  });
});
