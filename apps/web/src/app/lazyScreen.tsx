import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Button, Spin } from 'antd';
import { Problem } from './Problem.tsx';
import { useTranslation } from 'react-i18next';
import { ChunkLoadError, loadChunk } from './chunk.ts';
import { useLang } from './prefs.ts';

/**
 * Every screen is a lazy route: lazyScreen('home', () => import('../features/home/HomePage.tsx'))
 * gives a component that loads its chunk on first render (120 s time-out), shows a
 * spinner meanwhile, and reports 'Loading chunk {name} failed' with a retry button.
 */

export interface ScreenComponent {
  (): ReactNode;
  screenName: string;
  /** Starts loading the chunk (e.g. on menu hover). */
  preload(): void;
}

export function ScreenSpinner({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div style={{ minHeight: fullPage ? '100vh' : 240, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}

function ChunkFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  let subTitle: ReactNode;
  if (error instanceof ChunkLoadError) {
    const title = error.css ? t('chunk.cssFailed', { name: error.chunk }) : t('chunk.failed', { name: error.chunk });
    const cause = error.css ? t('chunk.cause.css') : t(`chunk.cause.${error.type}`);
    subTitle = (
      <>
        <div data-testid="chunk-error">{title}</div>
        <span style={{ opacity: 0.65 }}>
          ({cause}
          {error.request ? `: ${error.request}` : ''})
        </span>
        <div style={{ marginTop: 8 }}>{t('chunk.hint')}</div>
      </>
    );
  } else {
    subTitle = <span style={{ opacity: 0.65 }}>{error instanceof Error ? error.message : String(error)}</span>;
  }
  return (
    <Problem
      title={t('chunk.title')}
      extra={
        <Button type="primary" onClick={onRetry} data-testid="chunk-retry">
          {t('chunk.retry')}
        </Button>
      }
    >
      {subTitle}
    </Problem>
  );
}

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
}

/** Catches chunk failures (and render errors) of one screen so the shell stays usable. */
export class ScreenBoundary extends Component<BoundaryProps, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    if (this.state.error)
      return (
        <ChunkFailure
          error={this.state.error}
          onRetry={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    return this.props.children;
  }
}

export interface LazyScreenOptions {
  /** A screen shown outside the layout (public pages): the spinner fills the page. */
  fullPage?: boolean;
}

export function lazyScreen<P extends object = object>(
  name: string,
  importer: () => Promise<{ default: ComponentType<P> }>,
  options: LazyScreenOptions = {},
): ScreenComponent {
  // Once the chunk is in (preloaded from the URL or a menu hover), the screen renders at once
  // instead of suspending for a module that is already there.
  let loaded: ComponentType<object> | null = null;
  const load = () =>
    loadChunk(name, importer).then((m) => {
      loaded = m.default as unknown as ComponentType<object>;
      return m;
    });
  const make = () => lazy(load);
  let Lazy = make();

  function Screen() {
    const [generation, setGeneration] = useState(0);
    // A language switch re-renders every open screen, kept-alive tabs included, so texts a
    // screen reads outside React's hooks (t() of app/i18n) follow it too.
    useLang();
    // Chosen once per mount (and per retry): switching between the lazy wrapper and the loaded
    // component later would remount the screen and lose its state.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- chosen once per mount and retry: switching component later would remount the screen
    const Current = useMemo(() => loaded ?? (Lazy as unknown as ComponentType<object>), [generation]);
    return (
      <ScreenBoundary
        key={generation}
        onRetry={() => {
          Lazy = make();
          setGeneration((g) => g + 1);
        }}
      >
        <Suspense fallback={<ScreenSpinner fullPage={options.fullPage} />}>
          <Current />
        </Suspense>
      </ScreenBoundary>
    );
  }
  Screen.screenName = name;
  Screen.preload = () => {
    void load().catch(() => {});
  };
  Screen.displayName = `Screen(${name})`;
  return Screen as ScreenComponent;
}
