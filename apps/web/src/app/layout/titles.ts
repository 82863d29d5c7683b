import { useTranslation } from 'react-i18next';
import { useLang } from '../prefs.ts';
import { useSession } from '../session.ts';
import { findScreen, screenTitle } from '../registry.ts';
import { menuTitle, menuTrail } from '../menu.ts';

/** Title of a screen: its menu name (current language), else its route title, else the path. */
export function useScreenTitle(): (pathname: string) => string {
  const { t } = useTranslation();
  const lang = useLang();
  const menus = useSession((s) => s.menus);
  return (pathname: string) => {
    const trail = menuTrail(menus, pathname);
    if (trail.length) return menuTitle(trail[trail.length - 1]!, lang);
    const screen = findScreen(pathname);
    if (screen) return screenTitle(screen, lang);
    return t('route.notFound');
  };
}
