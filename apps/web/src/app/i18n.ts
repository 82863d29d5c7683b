import { useMemo } from 'react';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import appZh from './messages.zh-CN.ts';
import appEn from './messages.en-US.ts';
import { getLang, LANGS, prefsStore, type Lang } from './prefs.ts';
import type { KeyPrefixOf, MessageKeyOf } from './i18n-types.ts';

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

/**
 * A feature's texts: `t(key)` takes a key its Chinese messages have (or another namespace's
 * `ns:key`), so a typo fails the typecheck. A key built from an open set (a coded value modules
 * register, `method.${p.method}`) goes through `t.dynamic(prefix, value)`, which shows the raw
 * value when no text exists for it.
 */
export interface FeatureT<Zh> {
  (key: MessageKeyOf<Zh> | `${string}:${string}`, params?: Record<string, unknown>): string;
  dynamic(prefix: KeyPrefixOf<MessageKeyOf<Zh>>, value: string | number | null | undefined, params?: Record<string, unknown>): string;
}

/** The translate function of a feature's namespace, typed by its Chinese messages. */
export function featureT<Zh>(translate: (key: string, options?: Record<string, unknown>) => string): FeatureT<Zh> {
  const ft = ((key: string, params?: Record<string, unknown>) => translate(key, params)) as FeatureT<Zh>;
  ft.dynamic = (prefix, value, params) => (value == null || value === '' ? '' : translate(`${prefix}.${value}`, { ...params, defaultValue: String(value) }));
  return ft;
}

/** A feature's hook: `useFeatureT<typeof zh>(ns)` (the namespace registered with registerMessages). */
export function useFeatureT<Zh>(ns: string): FeatureT<Zh> {
  const { t: translate } = useTranslation(ns);
  return useMemo(() => featureT<Zh>(translate as unknown as (key: string, options?: Record<string, unknown>) => string), [translate]);
}
