import { describe, expect, it } from 'vitest';
import { MENU_DIRECTORIES, PRODUCT_NAME, SCREENS, type ScreenDef } from '@venue/contract';
import { bundledIcon } from '../layout/icons.tsx';
import { findScreen, followsMenus, isNoCache, screenTitle } from '../registry.ts';
import { allRoutes, findRoute, layoutRoutes, publicRoutes, standaloneRoutes } from '../routes.ts';
import { SCREEN_COMPONENTS } from '../screens.tsx';

const all: readonly ScreenDef[] = SCREENS;

describe('the console half of the screen registry', () => {
  it('has a lazy component for every registry screen, and a route for each', () => {
    for (const s of all) expect(SCREEN_COMPONENTS[s.key as keyof typeof SCREEN_COMPONENTS], s.key).toBeTypeOf('function');
    expect(Object.keys(SCREEN_COMPONENTS).sort()).toEqual(all.map((s) => s.key).sort());
    expect(allRoutes.map((r) => r.path).sort()).toEqual(all.map((s) => s.path).sort());
    expect(publicRoutes.every((r) => r.public)).toBe(true);
    expect(layoutRoutes.some((r) => r.public || r.standalone)).toBe(false);
    // The hall's queue display: signed in, outside the layout.
    expect(standaloneRoutes.map((r) => r.def.key)).toContain('sport.deskops.queueDisplay');
    expect(standaloneRoutes.some((r) => r.public)).toBe(false);
    expect(findRoute('/system/user')?.def.key).toBe('system.user');
    expect(findRoute('/nope')).toBeNull();
  });

  it('bundles the icon of every screen and directory (the menu seed uses these names)', () => {
    for (const x of [...all, ...MENU_DIRECTORIES]) expect(bundledIcon(x.icon), `${x.key}: ${x.icon}`).not.toBeNull();
  });

  it('titles, cache rule and menu rule by path', () => {
    expect(screenTitle(findScreen('/system/user')!, 'en-US')).toBe('Users');
    expect(screenTitle(findScreen('/system/user')!, 'zh-CN')).toBe('用户管理');
    expect(findScreen('/system/user/')?.key).toBe('system.user');
    expect(isNoCache('/system/user')).toBe(false);
    expect(isNoCache('/sport/views/closedManagement/index')).toBe(true);
    expect(followsMenus(findScreen('/system/role'))).toBe(true);
    expect(followsMenus(findScreen('/home'))).toBe(true);
    expect(followsMenus(findScreen('/user/info'))).toBe(false);
    expect(followsMenus(findScreen('/login'))).toBe(false);
    expect(followsMenus(null)).toBe(false);
  });
});

describe('one product name', () => {
  it('is the page title before the console starts, and the shell name in both languages', async () => {
    const fs = await import('node:fs');
    const html = fs.readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(PRODUCT_NAME['zh-CN']);
    const { i18n } = await import('../i18n.ts');
    expect(i18n.t('product.name', { lng: 'zh-CN' })).toBe(PRODUCT_NAME['zh-CN']);
    expect(i18n.t('product.name', { lng: 'en-US' })).toBe(PRODUCT_NAME['en-US']);
    // Texts that name the product nest it.
    i18n.addResourceBundle('en-US', 'probe', { copyright: '© 2020 $t(app:product.name)' }, true, true);
    expect(i18n.t('probe:copyright', { lng: 'en-US' })).toBe(`© 2020 ${PRODUCT_NAME['en-US']}`);
  });
});
