import { describe, expect, it } from 'vitest';
import { Perm } from './permissions.ts';
import { CONTRACT_MODULES } from './modules.ts';
import { MENU_DIRECTORIES, SCREENS, UNCACHED_BY_SPEC, cachedBySpec, isUnder, type ScreenDef } from './screens.ts';
import { CONTRACT_WORDS, SCREEN_BUTTONS, buttonTitle } from './words.ts';

const all: readonly ScreenDef[] = SCREENS;
const codes = new Set<string>(Object.values(Perm).flatMap((v) => (typeof v === 'string' ? [v] : Object.values(v))));

describe('the screen registry', () => {
  it('gives every screen and directory a title in both languages', () => {
    for (const s of [...all, ...MENU_DIRECTORIES]) {
      expect(s.title['zh-CN'].trim(), `${s.key} zh-CN`).not.toBe('');
      expect(s.title['en-US'].trim(), `${s.key} en-US`).not.toBe('');
      expect(s.icon, `${s.key} icon`).toMatch(/^[A-Z]\w+Outlined$/);
    }
  });

  it('has one entry per key and per path', () => {
    expect(new Set(all.map((s) => s.key)).size).toBe(all.length);
    expect(new Set(all.map((s) => s.path)).size).toBe(all.length);
    expect(new Set(MENU_DIRECTORIES.map((d) => d.key)).size).toBe(MENU_DIRECTORIES.length);
    for (const s of all) expect(s.path, s.key).toMatch(/^\/[\w\-/:]*$/);
  });

  it('puts menu screens under a directory that exists, with a real permission and buttons', () => {
    const dirs = new Set<string>(['root', ...MENU_DIRECTORIES.map((d) => d.key)]);
    for (const s of all) {
      if (s.public) {
        expect(s.parent, `${s.key}: a public page is no menu entry`).toBeUndefined();
        expect(s.permission, s.key).toBeUndefined();
        continue;
      }
      expect(s.permission, `${s.key} needs a permission ('' = any signed-in user)`).toBeDefined();
      if (s.permission) expect(codes.has(s.permission), `${s.key}: ${s.permission}`).toBe(true);
      for (const code of Object.values(SCREEN_BUTTONS[s.key] ?? {})) expect(codes.has(code), `${s.key}: ${code}`).toBe(true);
      if (s.parent !== undefined) expect(dirs.has(s.parent), `${s.key}: ${s.parent}`).toBe(true);
      // A standalone screen (no layout, so no menu around it) is opened from another screen.
      if (s.standalone) expect(s.parent, `${s.key}: a standalone screen is no menu entry`).toBeUndefined();
    }
    // Every directory holds at least one screen.
    for (const d of MENU_DIRECTORIES)
      expect(
        all.some((s) => s.parent === d.key),
        d.key,
      ).toBe(true);
  });

  it('keeps spec 2.2 rule 7: the listed screens are not cached, every other list screen is', () => {
    for (const s of all) if (!s.public) expect(s.cache, `${s.key} (${s.path})`).toBe(cachedBySpec(s.path));
    expect(cachedBySpec('/sport/views/trainingCourse/courseManagement/index')).toBe(false);
    expect(cachedBySpec('/sport/views/closedManagement/edit')).toBe(false);
    expect(cachedBySpec('/sport/views/trainingCourse/courseSchedulingPlan/index')).toBe(true);
    expect(cachedBySpec('/courseManagementX')).toBe(true);
    expect(UNCACHED_BY_SPEC.every((p) => isUnder(p, p))).toBe(true);
  });

  it("gives every seeded button a title in both languages, and each module's words belong to a module of the list", () => {
    const untitled = Object.entries(SCREEN_BUTTONS)
      .flatMap(([key, buttons]) => Object.keys(buttons).map((action) => [key, action] as const))
      .filter(([key, action]) => !buttonTitle(key, action)?.['zh-CN'] || !buttonTitle(key, action)?.['en-US']);
    expect(untitled).toEqual([]);
    const modules = new Set<string>(CONTRACT_MODULES.map((m) => m.name));
    expect(CONTRACT_WORDS.map((w) => w.name).filter((name) => !modules.has(name))).toEqual([]);
    expect(new Set(CONTRACT_WORDS.map((w) => w.name)).size).toBe(CONTRACT_WORDS.length);
    // Buttons belong to a screen of the registry.
    const keys = new Set(all.map((s) => s.key));
    expect(Object.keys(SCREEN_BUTTONS).filter((k) => !keys.has(k))).toEqual([]);
  });
});
