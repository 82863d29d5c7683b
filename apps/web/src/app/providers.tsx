import { type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n.ts';
import { useLang, useThemeName, type Lang } from './prefs.ts';
import { queryClient } from './query.ts';
import { antdTheme, useReducedMotion } from './theme.ts';
import { FeedbackRoot } from './feedback.tsx';

export function dayjsLocale(lang: Lang): string {
  return lang === 'zh-CN' ? 'zh-cn' : 'en';
}

/** antd ConfigProvider (locale, theme; two-character Chinese button labels without antd's inserted space), antd feedback (loaded on first use), i18n and TanStack Query. */
export function AppProviders({ children }: { children: ReactNode }) {
  const lang = useLang();
  const themeName = useThemeName();
  const reducedMotion = useReducedMotion();
  // Before children render, so date pickers and formatters see the right locale.
  if (dayjs.locale() !== dayjsLocale(lang)) dayjs.locale(dayjsLocale(lang));
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={lang === 'zh-CN' ? zhCN : enUS} theme={antdTheme(themeName, reducedMotion)} button={{ autoInsertSpace: false }}>
        <FeedbackRoot />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
