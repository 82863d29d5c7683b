import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { HOME_PATH, LOGIN_PATH } from './guard.ts';
import { menuHasPath } from './menu.ts';
import { useSession } from './session.ts';

/** Not found (standalone for visitors, inside the layout for signed-in users). */
export function NotFound({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => !!s.token);
  const target = signedIn ? HOME_PATH : LOGIN_PATH;
  return (
    <div data-testid="not-found" style={standalone ? { minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' } : undefined}>
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.subtitle')}
        extra={
          <Link to={target}>
            <Button type="primary" data-testid="not-found-back">
              {signedIn ? t('notFound.backHome') : t('notFound.backLogin')}
            </Button>
          </Link>
        }
      />
    </div>
  );
}

/** Catch-all inside the layout: a menu screen that has no page yet, or not found. */
export default function UnknownScreen({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menus = useSession((s) => s.menus);
  if (!standalone && menuHasPath(menus, pathname))
    return <Result status="info" title={t('underConstruction.title')} subTitle={t('underConstruction.subtitle')} data-testid="under-construction" />;
  return <NotFound standalone={standalone} />;
}
