import { useEffect } from 'react';
import type { SystemSettings } from '@venue/contract';
import { useQuery } from '@tanstack/react-query';
import { getConfig } from './config.ts';
import { t } from './i18n.ts';
import { useLang } from './prefs.ts';
import { api, http } from './request.ts';

/** Login page and branding settings (config key system_settings, a JSON string): the contract's schema. */
export type { SystemSettings } from '@venue/contract';

export function parseSystemSettings(body: unknown): SystemSettings | null {
  let v: unknown = body;
  if (typeof v === 'string') {
    if (!v.trim()) return null;
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  // GET config/configKey may answer the config row rather than its value.
  if (v && typeof v === 'object' && 'configValue' in v) return parseSystemSettings((v as { configValue: unknown }).configValue);
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const s = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : '');
  return {
    enable: o.enable === true || o.enable === 'true' || o.enable === 1 || o.enable === '1',
    loginName: s('loginName'),
    loginBg: s('loginBg'),
    copyright: s('copyright'),
    logo: s('logo'),
    systemName: s('systemName'),
    tabsName: s('tabsName'),
    tabsLogo: s('tabsLogo'),
  };
}

export const SYSTEM_SETTINGS_KEY = ['systemSettings'] as const;

/** Custom branding, fetched only when config.formRequest is on; null when off or not enabled. */
export function useSystemSettings(): SystemSettings | null {
  const enabled = getConfig().formRequest;
  const { data } = useQuery({
    queryKey: SYSTEM_SETTINGS_KEY,
    queryFn: async () => parseSystemSettings(await http.get<unknown>(api.system('config/configKey/system_settings'), undefined, { silent: true })),
    enabled,
    staleTime: 5 * 60_000,
  });
  return enabled && data?.enable ? data : null;
}

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) {
    link.removeAttribute('type');
    link.href = href;
  }
}

/** Page title = tabsName and favicon = tabsLogo when custom settings are enabled. */
export function BrandingEffect() {
  const settings = useSystemSettings();
  const lang = useLang();
  useEffect(() => {
    document.title = settings?.tabsName || t('product.name');
    setFavicon(settings?.tabsLogo || '/favicon.svg');
  }, [settings, lang]);
  return null;
}
