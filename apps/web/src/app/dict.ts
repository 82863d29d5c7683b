import { useQuery } from '@tanstack/react-query';
import type { DictOptions } from '@venue/contract';
import { getLang, useLang } from './prefs.ts';
import { queryClient } from './query.ts';
import { api, http } from './request.ts';

/** Dictionaries (adapter dict/item/query): loaded once after login, cached, read with useDict. */

/** Every dictionary's items, by dictionary code. */
export type Dictionaries = DictOptions;
type DictItem = Dictionaries[string][number];

export const DICT_QUERY_KEY = ['dict'] as const;

function fetchDictionaries(): Promise<Dictionaries> {
  return http.post<Dictionaries>(api.adapter('dict/item/query'), {});
}

/** Loads every dictionary into the query cache (called by the guard on the first visit). */
export function loadDictionary(): Promise<Dictionaries> {
  return queryClient.fetchQuery({ queryKey: DICT_QUERY_KEY, queryFn: fetchDictionaries, staleTime: Infinity });
}

const NONE: DictItem[] = [];

/** Items of one dictionary with a `label` in the current language. */
export function useDict(code: string): (DictItem & { label: string })[] {
  const lang = useLang();
  const { data } = useQuery({ queryKey: DICT_QUERY_KEY, queryFn: fetchDictionaries, staleTime: Infinity });
  const items = data?.[code] ?? NONE;
  return items.map((i) => ({ ...i, label: lang === 'en-US' ? i.nameEn || i.name : i.name }));
}

/** Label of one value outside React (tables' render functions may use it too). */
export function dictLabel(code: string, value: unknown): string {
  const data = queryClient.getQueryData<Dictionaries>(DICT_QUERY_KEY);
  const item = data?.[code]?.find((i) => String(i.value) === String(value));
  if (!item) return value === null || value === undefined ? '' : String(value);
  return getLang() === 'en-US' ? item.nameEn || item.name : item.name;
}

/** Reloads the dictionaries (after a dictionary screen saved changes). */
export function refreshDictionary(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: DICT_QUERY_KEY });
}
