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
import { createAppRouter } from './app/router.tsx';
import { setTokenMode } from './app/session.ts';
import { followOtherTabs, restoreSession } from './app/sessionLoader.ts';
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
