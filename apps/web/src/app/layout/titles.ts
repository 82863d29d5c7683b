import { useTranslation } from 'react-i18next';
import { useLang } from '../prefs.ts';
import { useSession } from '../session.ts';
import { findRoute, layoutRoutes } from '../routes.ts';
import { menuTitle, menuTrail } from '../menu.ts';

/** Title of a screen: its menu name (current language), else its route title, else the path. */
export function useScreenTitle(): (pathname: string) => string {
  const { t } = useTranslation();
  const lang = useLang();
  const menus = useSession((s) => s.menus);
  return (pathname: string) => {
    const trail = menuTrail(menus, pathname);
    if (trail.length) return menuTitle(trail[trail.length - 1]!, lang);
    const route = findRoute(pathname, layoutRoutes);
    if (route) return t(route.titleKey);
    return t('route.notFound');
  };
}
