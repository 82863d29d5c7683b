import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import type { MenuNode } from '@venue/contract';
import { Link, useLocation, useNavigate } from 'react-router';
import { menuKey, menuTitle, menuTrail, visibleMenu } from '../menu.ts';
import { useLang, type Lang } from '../prefs.ts';
import { findRoute, layoutRoutes } from '../routes.ts';
import { useSession } from '../session.ts';
import { MenuIcon } from './icons.tsx';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[], lang: Lang, depth = 0): Item[] {
  return nodes.map((n) => {
    const key = menuKey(n);
    // Screens are links (issue 9): middle-click and "open in new tab" work; a plain click is
    // the router's (Link). Directories only open and close.
    const label =
      n.type === 1 && !key.startsWith('dir:') ? (
        <Link to={n.url!.startsWith('/') ? n.url! : `/${n.url}`} data-menu-key={key} title={menuTitle(n, lang)}>
          {menuTitle(n, lang)}
        </Link>
      ) : (
        <span data-menu-key={key} title={menuTitle(n, lang)}>
          {menuTitle(n, lang)}
        </span>
      );
    const icon = depth === 0 || n.icon ? <MenuIcon name={n.icon} /> : undefined;
    if (n.type === 0) return { key, icon, label, children: toItems(n.children ?? [], lang, depth + 1) };
    return { key, icon, label };
  });
}

/** The side menu, built from the server's menu tree (menu-exec/query). */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const lang = useLang();
  const menus = useSession((s) => s.menus);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tree = useMemo(() => visibleMenu(menus), [menus]);
  const items = useMemo(() => toItems(tree, lang), [tree, lang]);
  const trail = useMemo(() => menuTrail(tree, pathname), [tree, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  // The directories above the current screen open when it changes.
  useEffect(() => {
    const dirs = trail.filter((n) => n.type === 0).map(menuKey);
    if (dirs.length) setOpenKeys((prev) => Array.from(new Set([...prev, ...dirs])));
  }, [trail]);

  const selected = trail.length ? [menuKey(trail[trail.length - 1]!)] : [pathname];

  return (
    <div data-testid="side-menu" className="venue-side-menu">
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selected}
        {...(collapsed ? {} : { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys) })}
        onClick={({ key, domEvent }) => {
          // A click on the link itself is the link's; one on the rest of the row navigates here.
          if (key.startsWith('dir:') || (domEvent.target as HTMLElement).closest('a')) return;
          if (key !== pathname) navigate(key);
        }}
        onMouseOver={(e) => {
          // Start fetching a screen's chunk when the pointer reaches its entry.
          const el = (e.target as HTMLElement).closest('[data-menu-key]');
          const key = el?.getAttribute('data-menu-key');
          if (key && !key.startsWith('dir:')) findRoute(key, layoutRoutes)?.screen.preload();
        }}
      />
    </div>
  );
}
