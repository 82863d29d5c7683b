import { useLocation, useMatches } from 'react-router';
import type { MenuNode } from '@venue/contract';
import { decideScreenAccess, HOME_PATH, isAfterSignIn, type AccessDecision } from './guard.ts';
import { firstScreen, menuHasPath, visibleMenu } from './menu.ts';
import { followsMenus } from './registry.ts';
import type { RouteHandle } from './RouteGuard.tsx';
import { useSession } from './session.ts';

/** Home for a user: /home when their menus hold it, else the first screen of their menus. */
export function homeOf(menus: MenuNode[]): string {
  if (menuHasPath(menus, HOME_PATH)) return HOME_PATH;
  return firstScreen(visibleMenu(menus)) ?? HOME_PATH;
}

/**
 * decideScreenAccess (guard.ts) for the current location; `pending` until user info and menus are
 * loaded (the layout may already show: nothing of the screen is mounted yet).
 */
export function useScreenAccess(): AccessDecision | { type: 'pending' } {
  const location = useLocation();
  const matches = useMatches();
  const menus = useSession((s) => s.menus);
  const loaded = useSession((s) => s.loaded);
  const handle = (matches[matches.length - 1]?.handle ?? {}) as RouteHandle;
  if (!loaded) return { type: 'pending' };
  return decideScreenAccess({
    pathname: location.pathname,
    followsMenus: followsMenus(handle.route?.def ?? null),
    inMenus: menuHasPath(menus, location.pathname),
    afterSignIn: isAfterSignIn(location.state),
    home: homeOf(menus),
  });
}
