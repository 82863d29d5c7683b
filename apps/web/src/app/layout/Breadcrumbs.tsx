import type { ReactNode } from 'react';
import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MENU_DIRECTORIES } from '@venue/contract';
import { HOME_PATH } from '../guard.ts';
import { menuTitle, menuTrail } from '../menu.ts';
import { useLang } from '../prefs.ts';
import { findScreen, screenTitle } from '../registry.ts';
import { useSession } from '../session.ts';
import { useScreenTitle } from './titles.ts';

/**
 * Breadcrumbs: home, then the menu trail of the screen (directories, then the screen) as the
 * server's menus name them, else the screen registry's directory and title. Home and screens are
 * links (middle-click, open in a new tab); directories are no page.
 */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname, search } = useLocation();
  const menus = useSession((s) => s.menus);
  const title = useScreenTitle();
  const trail = menuTrail(menus, pathname);
  const screen = findScreen(pathname);
  const here = (text: string) => (
    <Link to={`${pathname}${search}`} aria-current="page" data-testid="breadcrumb-screen">
      {text}
    </Link>
  );
  let rest: { key: string; title: ReactNode }[];
  if (pathname === HOME_PATH) rest = [];
  else if (trail.length)
    rest = trail.map((n, i) => ({ key: String(n.id), title: i === trail.length - 1 && n.type === 1 ? here(menuTitle(n, lang)) : menuTitle(n, lang) }));
  else {
    const dir = MENU_DIRECTORIES.find((d) => d.key === screen?.parent);
    rest = [
      ...(dir ? [{ key: `dir:${dir.key}`, title: screenTitle(dir, lang) }] : []),
      { key: 'screen', title: screen ? here(screenTitle(screen, lang)) : title(pathname) },
    ];
  }
  const items = [
    {
      key: 'home',
      title: (
        <Link to={HOME_PATH} aria-current={pathname === HOME_PATH ? 'page' : undefined}>
          <HomeOutlined /> {t('layout.home')}
        </Link>
      ),
    },
    ...rest,
  ];
  // One line: a narrow window truncates the items with an ellipsis instead of wrapping them.
  return <Breadcrumb className="venue-breadcrumbs" items={items} data-testid="breadcrumbs" />;
}
