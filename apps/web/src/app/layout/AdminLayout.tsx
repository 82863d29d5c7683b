import { useEffect, useState } from 'react';
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

  // Tabs open before a reload come back (up to TABS_RESTORED), those the menus still hold.
  const userId = useSession((s) => (s.loaded ? (s.userInfo?.userId ?? null) : null));
  useEffect(() => {
    // Once user info and menus are both in (the layout shows while they load).
    if (userId === null) return;
    restoreTabs(
      String(userId),
      (pathname) => {
        const screen = findScreen(pathname);
        return !!screen && !screen.public && (!followsMenus(screen) || menuHasPath(sessionStore.get().menus, pathname));
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
    setCollapsed((c) => {
      writeLocal(COLLAPSED_KEY, c ? '0' : '1');
      return !c;
    });
  };

  const systemName = settings?.systemName || t('product.name');

  return (
    <KeepAliveProvider>
      <Layout className="venue-layout" data-theme={themeName} data-testid="admin-layout" style={{ minHeight: '100vh' }}>
        <Layout.Sider className="venue-sider" width={224} collapsedWidth={64} collapsed={collapsed} trigger={null} collapsible>
          <div className="venue-sider-brand" title={systemName}>
            <Logo src={settings?.logo} size={30} />
            {collapsed ? null : <span className="venue-sider-name">{systemName}</span>}
          </div>
          <div className="venue-sider-menu">
            <SideMenu collapsed={collapsed} />
          </div>
        </Layout.Sider>
        <Layout style={{ marginLeft: collapsed ? 64 : 224, transition: 'margin-left 0.2s' }}>
          <Layout.Header className="venue-header" style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
            <TopBar collapsed={collapsed} onToggle={toggle} />
          </Layout.Header>
          <div className="venue-tabs" style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
            <TabsBar />
          </div>
          <Layout.Content className="venue-content" data-testid="screen-content">
            <KeepAliveOutlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </KeepAliveProvider>
  );
}
