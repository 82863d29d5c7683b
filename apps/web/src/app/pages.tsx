import { lazy, Suspense, useEffect } from 'react';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useRouteError } from 'react-router';
import { loadChunk } from './chunk.ts';
import { Problem } from './Problem.tsx';

/** Small shell screens: full-page spinner, not found, redirect, route error. */

export function FullPageSpin({ tip }: { tip?: string }) {
  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 16 }}>
      <Spin size="large" />
      {tip ? <div style={{ opacity: 0.65 }}>{tip}</div> : null}
    </div>
  );
}

const UnknownLazy = lazy(() => loadChunk('notFound', () => import('./NotFoundPage.tsx')));

/** Not found / under construction (its own small chunk). */
export function UnknownScreen({ standalone = false }: { standalone?: boolean }) {
  return (
    <Suspense fallback={standalone ? <FullPageSpin /> : null}>
      <UnknownLazy standalone={standalone} />
    </Suspense>
  );
}

/**
 * Spec 6: the screen is not in the user's menus. Shown inside the layout instead of the screen,
 * which is never mounted (so it calls nothing), with a way home.
 */
export function NoAccess({ home }: { home: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="no-access">
      <Problem
        title={t('noAccess.title')}
        extra={
          <Link to={home} replace>
            <Button type="primary" data-testid="no-access-home">
              {t('noAccess.backHome')}
            </Button>
          </Link>
        }
      >
        {t('noAccess.subtitle')}
      </Problem>
    </div>
  );
}

/** /redirect/{path*}: goes to /{path} (with the query); used to reload a tab. */
export function RedirectScreen() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const target = `/${params['*'] ?? ''}${search}`;
  useEffect(() => {
    navigate(target, { replace: true });
  }, [navigate, target]);
  return null;
}

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <Problem
      status="error"
      fullPage
      title={t('chunk.title')}
      extra={
        <Button type="primary" onClick={() => location.reload()}>
          {t('chunk.retry')}
        </Button>
      }
    >
      {error instanceof Error ? error.message : String(error)}
    </Problem>
  );
}
