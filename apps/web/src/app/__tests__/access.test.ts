import { describe, expect, it } from 'vitest';
import { decideScreenAccess, HOME_PATH, isAfterSignIn, AFTER_SIGN_IN } from '../guard.ts';
import { initialTabs, restoredTabs, savedTabsOf, TABS_RESTORED, type TabsState } from '../tabs.ts';

describe('screens follow the menus (spec 6)', () => {
  const base = { pathname: '/system/role', followsMenus: true, inMenus: false, afterSignIn: false, home: HOME_PATH };

  it('opens a screen of the menus, and any screen that does not follow them', () => {
    expect(decideScreenAccess({ ...base, inMenus: true })).toEqual({ type: 'allow' });
    expect(decideScreenAccess({ ...base, pathname: '/user/info', followsMenus: false })).toEqual({ type: 'allow' });
  });

  it('shows "no access" with the way home for a typed or linked screen outside the menus', () => {
    expect(decideScreenAccess(base)).toEqual({ type: 'noAccess', home: HOME_PATH });
    expect(decideScreenAccess({ ...base, home: '/system/org' })).toEqual({ type: 'noAccess', home: '/system/org' });
  });

  it('goes home instead when a sign-in followed a redirect outside the menus', () => {
    expect(decideScreenAccess({ ...base, afterSignIn: true })).toEqual({ type: 'redirect', to: HOME_PATH });
    expect(isAfterSignIn(AFTER_SIGN_IN)).toBe(true);
    expect(isAfterSignIn(null)).toBe(false);
    expect(isAfterSignIn({ afterSignIn: 'yes' })).toBe(false);
  });

  it('sends /home to the first screen of the menus when the menus lack it', () => {
    expect(decideScreenAccess({ ...base, pathname: HOME_PATH, home: '/system/org' })).toEqual({ type: 'redirect', to: '/system/org' });
    // No screen at all: "no access", not a loop.
    expect(decideScreenAccess({ ...base, pathname: HOME_PATH, home: HOME_PATH })).toEqual({ type: 'noAccess', home: HOME_PATH });
  });
});

describe('tabs after a reload', () => {
  const state = (keys: string[]): TabsState => ({
    tabs: [{ key: HOME_PATH, fullPath: HOME_PATH, affix: true }, ...keys.map((k) => ({ key: k, fullPath: `${k}?q=${k.length}` }))],
    activeKey: keys.at(-1) ?? HOME_PATH,
  });
  const all = () => true;

  it('keeps the screens after home, with their queries, the latest nine', () => {
    expect(savedTabsOf(state(['/a', '/b']))).toEqual([
      { key: '/a', fullPath: '/a?q=2' },
      { key: '/b', fullPath: '/b?q=2' },
    ]);
    const many = Array.from({ length: 14 }, (_, i) => `/s${i}`);
    expect(savedTabsOf(state(many)).map((t) => t.key)).toEqual(many.slice(-(TABS_RESTORED - 1)));
  });

  it('restores home, the saved tabs the menus still hold and the location, ten at most', () => {
    const saved = savedTabsOf(state(['/a', '/b', '/c']));
    const r = restoredTabs(saved, (p) => p !== '/b', initialTabs(), { key: '/d', fullPath: '/d' });
    expect(r.tabs.map((t) => t.key)).toEqual([HOME_PATH, '/a', '/c', '/d']);
    expect(r.tabs[1]).toEqual({ key: '/a', fullPath: '/a?q=2' });
    const many = Array.from({ length: 14 }, (_, i) => ({ key: `/s${i}`, fullPath: `/s${i}` }));
    const capped = restoredTabs(many, all, initialTabs(), { key: '/s3', fullPath: '/s3' });
    expect(capped.tabs).toHaveLength(TABS_RESTORED);
    expect(capped.tabs[0]!.key).toBe(HOME_PATH);
    expect(capped.tabs.at(-1)!.key).toBe('/s3');
  });

  it('ignores what is not a saved tab', () => {
    for (const junk of [null, 'x', [{ key: 'javascript:alert(1)', fullPath: 'x' }], [{ key: '/a', fullPath: '/b' }], [{ key: HOME_PATH, fullPath: HOME_PATH }]])
      expect(restoredTabs(junk, all, initialTabs()).tabs.map((t) => t.key)).toEqual([HOME_PATH]);
  });
});
