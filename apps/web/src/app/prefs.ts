import { createStore, useStore } from './store.ts';
import { readLocal, writeLocal } from './storage.ts';

/** Language and theme, persisted in localStorage ('lang', 'theme'). */
export type Lang = 'zh-CN' | 'en-US';
export type ThemeName = 'light' | 'dark';

export const LANGS: readonly Lang[] = ['zh-CN', 'en-US'];
export const LANG_KEY = 'lang';
export const THEME_KEY = 'theme';

export function normaliseLang(v: string | null | undefined): Lang {
  return v === 'en-US' ? 'en-US' : 'zh-CN';
}

export function normaliseTheme(v: string | null | undefined): ThemeName {
  return v === 'dark' ? 'dark' : 'light';
}

export const prefsStore = createStore({
  lang: normaliseLang(readLocal(LANG_KEY)),
  theme: normaliseTheme(readLocal(THEME_KEY)),
});

export function getLang(): Lang {
  return prefsStore.get().lang;
}

function applyDom(): void {
  if (typeof document === 'undefined') return;
  const { lang, theme } = prefsStore.get();
  document.documentElement.lang = lang;
  document.documentElement.setAttribute('data-theme', theme);
  document.body?.setAttribute('data-theme', theme);
  document.documentElement.style.colorScheme = theme;
}

export function setLang(lang: Lang): void {
  writeLocal(LANG_KEY, lang);
  prefsStore.set({ lang });
  applyDom();
}

export function setTheme(theme: ThemeName): void {
  writeLocal(THEME_KEY, theme);
  prefsStore.set({ theme });
  applyDom();
}

export function initPrefsDom(): void {
  applyDom();
}

export const useLang = () => useStore(prefsStore, (s) => s.lang);
export const useThemeName = () => useStore(prefsStore, (s) => s.theme);
