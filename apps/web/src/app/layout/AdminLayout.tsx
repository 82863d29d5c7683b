import { useEffect, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { useSystemSettings } from '../branding.ts';
import { readLocal, writeLocal } from '../storage.ts';
import { Logo } from '../Logo.tsx';
import { useThemeName } from '../prefs.ts';
import type { RouteHandle } from '../RouteGuard.tsx';
import { useScreenAccess } from '../screenAccess.ts';
import { openTabIn, restoreTabs, tabsStore } from '../tabs.ts';
import { menuHasPath } from '../menu.ts';
import { findScreen, followsMenus } from '../registry.ts';
import { sessionStore, useSession } from '../session.ts';
import { KeepAliveOutlet, KeepAliveProvider } from './keepAlive.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TabsBar } from './TabsBar.tsx';
import { TopBar } from './TopBar.tsx';
import './layout.css';

const COLLAPSED_KEY = 'sideCollapsed';

/**
 * Below this CSS width (1100 px: a 1440 px screen at 130 % zoom, a 1280 px one at 120 %, any at
 * 200 %) the side menu hides by itself and opens over the screen (WCAG 1.4.10 reflow).
 */
const NARROW_QUERY = '(max-width: 1099.98px)';

function subscribeNarrow(onChange: () => void): () => void {
  const mq = window.matchMedia(NARROW_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

/** Whether the window is narrower than the breakpoint (zoom narrows it too). */
function useNarrow(): boolean {
  return useSyncExternalStore(subscribeNarrow, () => window.matchMedia(NARROW_QUERY).matches);
}

/** The admin shell: side menu, top bar, tabs bar and the kept-alive screens. */
export default function AdminLayout() {
  const { t } = useTranslation();
  const themeName = useThemeName();
  const { token } = theme.useToken();
  const settings = useSystemSettings();
  const location = useLocation();
  const matches = useMatches();
  const handle = (matches[matches.length - 1]?.handle ?? {}) as RouteHandle;
  const [collapsed, setCollapsed] = useState(() => readLocal(COLLAPSED_KEY) === '1');
  // Narrow: the menu is hidden, and the toggle opens it over the screen until a choice or Escape.
  const narrow = useNarrow();
  const [overlayOpen, setOverlayOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  useEffect(() => setOverlayOpen(false), [narrow, location.pathname]);
  useEffect(() => {
    if (!overlayOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOverlayOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlayOpen]);

  // Tabs open before a reload come back (up to TABS_RESTORED), those the menus still hold.
  const userId = useSession((s) => (s.loaded ? (s.userInfo?.userId ?? null) : null));
  useEffect(() => {
    // Once user info and menus are both in (the layout shows while they load).
    if (userId === null) return;
    restoreTabs(
      String(userId),
      (pathname) => {
        const screen = findScreen(pathname);
        return !!screen && !screen.public && !screen.standalone && (!followsMenus(screen) || menuHasPath(sessionStore.get().menus, pathname));
      },
      { key: location.pathname, fullPath: `${location.pathname}${location.search}` },
    );
    // Only when the user is known: later locations open their tabs below.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- tabs open once the user is known; later locations open their own tabs below
  }, [userId]);

  // Every screen visited opens (or activates) its tab; /redirect/... is only a hop, and a screen
  // outside the user's menus gets no tab.
  const allowed = useScreenAccess().type === 'allow';
  useEffect(() => {
    if (handle.redirect || !allowed) return;
    tabsStore.set((s) => openTabIn(s, location.pathname, `${location.pathname}${location.search}`));
  }, [location.pathname, location.search, handle.redirect, allowed]);

  const toggle = () => {
    if (narrow) {
      setOverlayOpen((o) => !o);
      return;
    }
    setCollapsed((c) => {
      writeLocal(COLLAPSED_KEY, c ? '0' : '1');
      return !c;
    });
  };

  const systemName = settings?.systemName || t('product.name');
  // What the menu shows: narrow, hidden unless opened over the screen; wide, the user's choice.
  const siderCollapsed = narrow ? !overlayOpen : collapsed;
  const marginLeft = narrow ? 0 : collapsed ? 64 : 224;

  // The skip link: the first Tab stop, it moves the focus to the screen (not to the menu or tabs).
  const skipToMain = (e: MouseEvent) => {
    e.preventDefault();
    mainRef.current?.focus();
  };

  return (
    <KeepAliveProvider>
      <Layout
        className={narrow ? 'venue-layout venue-layout-narrow' : 'venue-layout'}
        data-theme={themeName}
        data-testid="admin-layout"
        data-narrow={narrow ? 'true' : undefined}
        style={{ minHeight: '100vh' }}
      >
        <a href="#venue-main" className="venue-skip-link" data-testid="skip-link" onClick={skipToMain}>
          {t('layout.skipToMain')}
        </a>
        <Layout.Sider
          className="venue-sider"
          data-testid="side-sider"
          width={224}
          collapsedWidth={narrow ? 0 : 64}
          collapsed={siderCollapsed}
          trigger={null}
          collapsible
        >
          {narrow && siderCollapsed ? null : (
            <>
              <div className="venue-sider-brand" title={systemName}>
                <Logo src={settings?.logo} size={30} />
                {siderCollapsed ? null : <span className="venue-sider-name">{systemName}</span>}
              </div>
              <div className="venue-sider-menu">
                <SideMenu collapsed={siderCollapsed} />
              </div>
            </>
          )}
        </Layout.Sider>
        {narrow && overlayOpen ? <div className="venue-sider-mask" data-testid="side-mask" role="presentation" onClick={() => setOverlayOpen(false)} /> : null}
        <Layout className="venue-main" style={{ marginLeft, transition: 'margin-left 0.2s' }}>
          <Layout.Header className="venue-header" style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
            <TopBar collapsed={siderCollapsed} narrow={narrow} onToggle={toggle} />
          </Layout.Header>
          <div className="venue-tabs" style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
            <TabsBar />
          </div>
          <Layout.Content className="venue-content" data-testid="screen-content" id="venue-main" ref={mainRef} tabIndex={-1}>
            <KeepAliveOutlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </KeepAliveProvider>
  );
}
