import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Button } from 'antd';
import { RouterProvider } from 'react-router';
import { BrandingEffect } from './app/branding.ts';
import { ConfigError, loadRuntimeConfig } from './app/config.ts';
import { t } from './app/i18n.ts';
import { initPrefsDom } from './app/prefs.ts';
import { AppProviders } from './app/providers.tsx';
import { Problem } from './app/Problem.tsx';
import { isPublicPath } from './app/routes.ts';
import { createAppRouter, preloadFor } from './app/router.tsx';
import { getToken, setTokenMode } from './app/session.ts';
import { followOtherTabs, preloadSession, restoreSession } from './app/sessionLoader.ts';
import './app/global.css';

initPrefsDom();
const root = createRoot(document.getElementById('root')!);

function BootError({ error }: { error: unknown }) {
  const text = error instanceof ConfigError ? t(error.messageKey) : t('request.network');
  return (
    <AppProviders>
      <Problem
        status="error"
        fullPage
        title={t('boot.failedTitle')}
        extra={
          <Button type="primary" onClick={() => location.reload()}>
            {t('boot.retry')}
          </Button>
        }
      >
        <span data-testid="boot-error">{text}</span>
      </Problem>
    </AppProviders>
  );
}

async function start() {
  try {
    const config = await loadRuntimeConfig();
    setTokenMode(config.tokenMode);
    await restoreSession();
    followOtherTabs();
  } catch (error) {
    console.error(error);
    root.render(<BootError error={error} />);
    return;
  }
  const router = createAppRouter();
  // First paint of a signed-in visit: the screen's and the layout's chunks (the route is known from
  // the URL) and guard rule 3's user info, dictionary and menus all start now, in parallel, while
  // React renders (the guard waits for the same load); openType visits reload them (rule 1). A
  // visitor without a session loads neither: the login page stays light.
  if (getToken() && !isPublicPath(location.pathname) && !new URLSearchParams(location.search).has('openType')) {
    preloadFor(location.pathname);
    preloadSession();
  }
  root.render(
    <StrictMode>
      <AppProviders>
        <BrandingEffect />
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
