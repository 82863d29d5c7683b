import { SCREENS, type ScreenDef } from '@venue/contract';
import type { ScreenComponent } from './lazyScreen.tsx';
import { isPublicPrefix } from './guard.ts';
import { findScreen } from './registry.ts';
import { SCREEN_COMPONENTS } from './screens.tsx';

/**
 * The route table, from the one screen registry (packages/contract/src/screens.ts: path, titles,
 * icon, permission, cache rule, menu place) and the console's lazy components
 * (app/screens.tsx). The server's menu seed comes from the same registry, so a menu screen's
 * `url` is always one of these paths.
 *
 * To add a screen: an entry in the registry, its component in app/screens.tsx (the typecheck
 * asks for it), its page in features/<domain>/.
 */
export interface ScreenRoute {
  /** react-router path, may hold params: '/sport/views/venueReserve/orderDetails/:orderId'. */
  path: string;
  /** Chunk name, used in 'Loading chunk {name} failed'. */
  name: string;
  /** The registry entry: titles, icon, permission, cache rule, menu place. */
  def: ScreenDef;
  screen: ScreenComponent;
  /** Open without login; rendered on its own, outside the admin layout. */
  public?: boolean;
  /** Signed in, but rendered on its own, outside the admin layout (a hall's display). */
  standalone?: boolean;
  /** Tab cannot be closed (home). */
  affix?: boolean;
  /** Permission code that opens it (its menu entry's code); '' = any signed-in user. */
  perm?: string;
}

const toRoute = (def: ScreenDef): ScreenRoute => {
  const screen = SCREEN_COMPONENTS[def.key as keyof typeof SCREEN_COMPONENTS];
  return {
    path: def.path,
    name: screen.screenName,
    def,
    screen,
    public: def.public,
    standalone: def.standalone,
    affix: def.affix,
    perm: def.permission,
  };
};

export const publicRoutes: ScreenRoute[] = SCREENS.filter((s: ScreenDef) => s.public).map(toRoute);
export const layoutRoutes: ScreenRoute[] = SCREENS.filter((s: ScreenDef) => !s.public && !s.standalone).map(toRoute);
/** Signed-in screens shown without the layout. */
export const standaloneRoutes: ScreenRoute[] = SCREENS.filter((s: ScreenDef) => !s.public && s.standalone).map(toRoute);
export const allRoutes: ScreenRoute[] = [...publicRoutes, ...standaloneRoutes, ...layoutRoutes];

/** The route table entry a pathname belongs to, or null. */
export function findRoute(pathname: string, routes: ScreenRoute[] = allRoutes): ScreenRoute | null {
  const def = findScreen(
    pathname,
    routes.map((r) => r.def),
  );
  return def ? (routes.find((r) => r.def === def) ?? null) : null;
}

/** Public = a public route, or anything under /demo, /error, /external/gitbook. */
export function isPublicPath(pathname: string): boolean {
  return isPublicPrefix(pathname) || !!findRoute(pathname, publicRoutes);
}

export const REDIRECT_PREFIX = '/redirect';
