import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import appZh from './messages.zh-CN.ts';
import appEn from './messages.en-US.ts';
import { getLang, LANGS, prefsStore, type Lang } from './prefs.ts';
import type { MessageKeyOf } from './i18n-types.ts';

/**
 * A text: a key the shell's Chinese messages have (namespace "app"), or a feature's key named with
 * its namespace (`job:confirm.run`), not checked here.
 */
export type MessageKey = MessageKeyOf<typeof appZh> | `${string}:${string}`;

/**
 * i18next instance. The shell's namespace is "app"; each feature registers its own
 * namespace (its folder name) from its messages.zh-CN.ts / messages.en-US.ts with
 * registerMessages() when its module loads, so screens bring their texts with them.
 */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: getLang(),
  fallbackLng: 'zh-CN',
  supportedLngs: LANGS as Lang[],
  ns: ['app'],
  defaultNS: 'app',
  resources: { 'zh-CN': { app: appZh }, 'en-US': { app: appEn } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function registerMessages(ns: string, zh: object, en: object): void {
  if (!i18n.hasResourceBundle('zh-CN', ns)) i18n.addResourceBundle('zh-CN', ns, zh, true, true);
  if (!i18n.hasResourceBundle('en-US', ns)) i18n.addResourceBundle('en-US', ns, en, true, true);
}

/** Translate outside React (request layer, guards): a shell text, by a key its messages have. */
export function t(key: MessageKey, options?: Record<string, unknown>): string {
  return i18n.t(key, options as never) as unknown as string;
}

prefsStore.subscribe(() => {
  const lang = getLang();
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
});
