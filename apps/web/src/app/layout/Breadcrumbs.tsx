import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { HOME_PATH } from '../guard.ts';
import { menuTitle, menuTrail } from '../menu.ts';
import { useLang } from '../prefs.ts';
import { useSession } from '../session.ts';
import { useScreenTitle } from './titles.ts';

/** Breadcrumbs from the menu tree (directories, then the screen). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname } = useLocation();
  const menus = useSession((s) => s.menus);
  const title = useScreenTitle();
  const trail = menuTrail(menus, pathname);
  const items = [
    {
      key: 'home',
      title:
        pathname === HOME_PATH ? (
          <span>
            <HomeOutlined /> {t('layout.home')}
          </span>
        ) : (
          <Link to={HOME_PATH}>
            <HomeOutlined /> {t('layout.home')}
          </Link>
        ),
    },
    ...(pathname === HOME_PATH
      ? []
      : trail.length
        ? trail.map((n) => ({ key: String(n.id), title: menuTitle(n, lang) }))
        : [{ key: 'screen', title: title(pathname) }]),
  ];
  return <Breadcrumb items={items} data-testid="breadcrumbs" />;
}
