import { lazy, Suspense, useState, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { loadChunk } from './chunk.ts';
import { HOME_PATH, sessionExpiredTarget } from './guard.ts';
import { ScreenBoundary } from './lazyScreen.tsx';
import { FullPageSpin, RedirectScreen, RouteError, UnknownScreen } from './pages.tsx';
import { refreshOnConflict } from './conflict.ts';
import { onConflict, onSessionExpired } from './request.ts';
import { RouteGuard, type RouteHandle } from './RouteGuard.tsx';
import { findRoute, layoutRoutes, publicRoutes, standaloneRoutes } from './routes.ts';
import { signOutLocally } from './sessionLoader.ts';
import { getLoginWay } from './session.ts';

// The admin layout is its own chunk: the login route never loads it.
let loadedLayout: ComponentType | null = null;
const importLayout = () =>
  import('./layout/AdminLayout.tsx').then((m) => {
    loadedLayout = m.default;
    return m;
  });
const AdminLayout = lazy(() => loadChunk('layout', importLayout));

/**
 * First paint (issue 9): the route is known from the URL, so the layout's chunk and the screen's
 * chunk start loading at once, in parallel with the runtime config, the session, user info and
 * menus, instead of one after the other once the guard lets the screen render. Loading a chunk
 * calls nothing: a screen the user may not open is still never mounted (RouteGuard).
 */
export function preloadFor(pathname: string): void {
  const route = findRoute(pathname);
  if (route && !route.public) {
    if (!route.standalone) void importLayout().catch(() => undefined);
    route.screen.preload();
  }
}

function LayoutHost() {
  // Preloaded (preloadFor): rendered at once rather than suspending for a module that is there.
  const [Layout] = useState(() => loadedLayout ?? AdminLayout);
  return (
    <ScreenBoundary onRetry={() => location.reload()}>
      <Suspense fallback={<FullPageSpin />}>
        <Layout />
      </Suspense>
    </ScreenBoundary>
  );
}

const handle = (h: RouteHandle) => h;

export const routeObjects: RouteObject[] = [
  {
    path: '/',
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      ...publicRoutes.map((r) => ({ path: r.path, handle: handle({ route: r }), element: <r.screen /> })),
      // Signed in like the layout's screens (the guard loads the session first), without the layout.
      ...standaloneRoutes.map((r) => ({ path: r.path, handle: handle({ route: r }), element: <r.screen /> })),
      {
        element: <LayoutHost />,
        children: [
          ...layoutRoutes.map((r) => ({ path: r.path, handle: handle({ route: r }), element: <r.screen /> })),
          { path: 'redirect/*', handle: handle({ redirect: true }), element: <RedirectScreen /> },
          { path: '*', handle: handle({ catchAll: true }), element: <UnknownScreen /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routeObjects);
  // A 100409 that was taken or in the wrong state refreshes what is on screen (app/conflict.ts).
  onConflict((c) => void refreshOnConflict(c));
  // Guard rule 6: session expiry clears the state and goes to the login route.
  onSessionExpired((_message, redirectUri) => {
    const { pathname, search } = router.state.location;
    const d = sessionExpiredTarget({ pathname, search, redirectUri, loginWay: getLoginWay() });
    signOutLocally();
    if (d.type === 'external') location.assign(d.url);
    else if (d.type === 'route') void router.navigate(d.to, { replace: true });
  });
  return router;
}
