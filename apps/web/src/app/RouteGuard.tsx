import { useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { decideGuard, isPublicPrefix } from './guard.ts';
import { FullPageSpin, UnknownScreen } from './pages.tsx';
import type { ScreenRoute } from './routes.ts';
import { useScreenAccess } from './screenAccess.ts';
import { ensureSessionLoaded, resetLoadedState, signOutLocally } from './sessionLoader.ts';
import { getLoginWay, getToken, useSession } from './session.ts';

/** What a route of the router carries in its `handle`. */
export interface RouteHandle {
  route?: ScreenRoute;
  catchAll?: boolean;
  redirect?: boolean;
}

/**
 * Thin wrapper around decideGuard (guard.ts): it reads the location, the matched route
 * and the session, and carries out the decision.
 */
export function RouteGuard() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const handle = (matches[matches.length - 1]?.handle ?? {}) as RouteHandle;
  const token = useSession((s) => s.token);
  const loaded = useSession((s) => s.loaded);
  // Opened offline on a screen that works without the network: signed in, the token comes back later.
  const offline = useSession((s) => s.offline);
  const [loadFailed, setLoadFailed] = useState(false);

  const hasToken = !!token || !!getToken() || offline;
  // The catch-all (not-found) screen is public for visitors without a session.
  const anonymousNotFound = !!handle.catchAll && !hasToken;
  const isPublic = !!handle.route?.public || isPublicPrefix(location.pathname) || anonymousNotFound;

  const decision = decideGuard({
    pathname: location.pathname,
    search: location.search,
    isPublic,
    hasToken,
    loaded,
    loadFailed,
    loginWay: getLoginWay(),
  });

  // Spec 6: a screen outside the user's menus does not open (no access, or home after a sign-in).
  const access = useScreenAccess();
  const accessTarget = decision.type === 'allow' && access.type === 'redirect' ? access.to : '';
  useEffect(() => {
    if (accessTarget) navigate(accessTarget, { replace: true });
  }, [accessTarget, navigate]);

  const kind = decision.type;
  const target = decision.type === 'openType' || decision.type === 'redirect' ? decision.to : '';

  useEffect(() => {
    if (kind === 'openType') {
      // Rule 1: forget the loaded session so user info is loaded again, then continue.
      resetLoadedState();
      setLoadFailed(false);
      navigate(target, { replace: true });
    } else if (kind === 'redirect') {
      if (loadFailed) {
        signOutLocally();
        setLoadFailed(false);
      }
      navigate(target, { replace: true });
    } else if (kind === 'load') {
      let cancelled = false;
      ensureSessionLoaded().catch(() => {
        if (!cancelled) setLoadFailed(true);
      });
      return () => {
        cancelled = true;
      };
    }
    return undefined;
  }, [kind, target, loadFailed, navigate]);

  // First paint (issue 9): while user info and menus load, a screen of the layout already shows
  // the layout (its chunk was preloaded); the screen itself waits for the menus (spec 6). A
  // standalone screen has no layout to show: it waits like a public page.
  if (decision.type === 'load' && !isPublic && !handle.redirect && !handle.route?.standalone) return <Outlet />;
  if (decision.type !== 'allow') return <FullPageSpin tip={decision.type === 'load' ? t('guard.loading') : undefined} />;
  if (anonymousNotFound) return <UnknownScreen standalone />;
  if (accessTarget) return <FullPageSpin />;
  return <Outlet />;
}
