import { matchPath } from 'react-router';
import { SCREENS, cachedBySpec, type ScreenDef } from '@venue/contract';
import type { Lang } from './prefs.ts';

/**
 * The screen registry (packages/contract/src/screens.ts) as the console reads it, without the
 * components (pure, unit-tested): which screen a path is, its title, whether it is cached and
 * whether it follows the menus.
 */

/** The registry entry a pathname belongs to, or null. */
export function findScreen(pathname: string, screens: readonly ScreenDef[] = SCREENS): ScreenDef | null {
  return screens.find((s) => matchPath({ path: s.path, end: true }, pathname)) ?? null;
}

export function screenTitle(screen: Pick<ScreenDef, 'title'>, lang: Lang): string {
  return screen.title[lang] || screen.title['zh-CN'];
}

/**
 * Spec 2.2 rule 7: a screen is kept alive unless its registry entry says `cache: false`; a path
 * without an entry (a menu screen not built yet) follows the spec's list.
 */
export function isNoCache(pathname: string): boolean {
  const s = findScreen(pathname);
  return s ? !s.cache : !cachedBySpec(pathname);
}

/**
 * Spec 6: the screen is reached through the menus (a menu entry of the registry). Such a screen
 * opens only when it is in the user's menus; the others (public pages, the user's own profile)
 * do not depend on them.
 */
export function followsMenus(screen: ScreenDef | null): boolean {
  return !!screen && !screen.public && screen.parent !== undefined;
}
