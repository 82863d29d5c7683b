import { useTranslation } from 'react-i18next';
import { VENUE_SPORTS } from '@venue/contract';
import { registerMessages, t as translate } from '../app/i18n.ts';
import { codeOptions } from './types.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('kit', zh, en);

/** The kit's own texts. */
export function useKitT() {
  return useTranslation('kit').t as unknown as (key: string, params?: Record<string, unknown>) => string;
}

/**
 * Labels of a resource: keys of its namespace; 'kit:…' keys are the kit's; a text that is not
 * a key is shown as it is.
 */
export function useLabelT(ns: string) {
  const { t } = useTranslation([ns, 'kit']);
  return (key: string | undefined, params?: Record<string, unknown>): string =>
    key ? (t(key, { ...params, ns: key.startsWith('kit:') ? 'kit' : ns, defaultValue: key.replace(/^kit:/, '') }) as unknown as string) : '';
}

/** An item kind's name (`kit:itemKind.*`, one list for every screen); a kind without one shows as it is. */
export function useItemKindName(): (kind: string | null | undefined) => string {
  const t = useKitT();
  return (kind) => (kind ? t(`itemKind.${kind}`, { defaultValue: kind }) : '');
}

/** The sports to pick from, named by the kit (`kit:sport.*`, one list for every screen). */
export const sportOptions = codeOptions(VENUE_SPORTS, 'kit:sport');

/** A sport's name in the language, for a component (it follows a change of language). */
export function useSportName(): (sport: string) => string {
  const t = useKitT();
  return (sport) => t(`sport.${sport}`, { defaultValue: sport });
}

/** A sport's name in the language, for a plain function (a label made beside translated text); a sport without one shows as it is. */
export const sportName = (sport: string): string => translate(`kit:sport.${sport}`, { defaultValue: sport });
