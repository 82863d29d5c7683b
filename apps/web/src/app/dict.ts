import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TRANSLATION_PREFIXES, type DictOptions, type Page, type RegistryTranslationItem } from '@venue/contract';
import { getLang, useLang } from './prefs.ts';
import { queryClient } from './query.ts';
import { api, http, onWriteSucceeded } from './request.ts';

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

// ---------------------------------------------------------------- translation items

/**
 * Dictionary translation by translation items (issue 14, service registry): an item names a list
 * interface of the console API (`system/registry/app/list`), the row field a stored value matches
 * (`id`) and up to four columns to show (`name`, `code`, ...). The rows are read once per item and
 * cached; a successful write under the item's cache update interface (`system/registry/app`)
 * clears that cache, so the next render reads them again.
 */
export const TRANSLATION_ITEMS_KEY = ['translation-items'] as const;
const translationKey = (code: string) => ['translation', code] as const;
/** The rows one item reads: the first page of its list interface (a dictionary, not a report). */
const TRANSLATION_PAGE_SIZE = 500;

function fetchTranslationItems(): Promise<RegistryTranslationItem[]> {
  return http.get<RegistryTranslationItem[]>(api.system('registry/translation/items'), undefined, { silent: true });
}

/** `system/registry/app/list` -> the configured URL of that interface. */
function interfaceUrl(apiPath: string): string {
  const slash = apiPath.indexOf('/');
  const prefix = apiPath.slice(0, slash) as (typeof TRANSLATION_PREFIXES)[number];
  return TRANSLATION_PREFIXES.includes(prefix) ? api[prefix](apiPath.slice(slash + 1)) : apiPath;
}

const pathOf = (url: string) => new URL(url, typeof location !== 'undefined' ? location.origin : 'http://localhost').pathname;

async function fetchTranslationRows(item: RegistryTranslationItem): Promise<Map<string, Record<string, unknown>>> {
  // Silent: a user who may not read the interface sees the stored values, not an error.
  const answer = await http.post<Page<Record<string, unknown>> | Record<string, unknown>[]>(
    interfaceUrl(item.queryApi),
    { pageNum: 1, pageSize: TRANSLATION_PAGE_SIZE },
    { silent: true },
  );
  const rows = Array.isArray(answer) ? answer : answer.data;
  return new Map(rows.map((r) => [String(r[item.matchColumn]), r]));
}

/** Translates stored values by the translation item `code`: `(value, column = 1) => text`, or undefined while unknown. */
export function useTranslated(code: string): (value: unknown, column?: 1 | 2 | 3 | 4) => string | undefined {
  const items = useQuery({ queryKey: TRANSLATION_ITEMS_KEY, queryFn: fetchTranslationItems, staleTime: Infinity, retry: false });
  const item = items.data?.find((i) => i.code === code);
  const rows = useQuery({ queryKey: translationKey(code), queryFn: () => fetchTranslationRows(item!), enabled: !!item, staleTime: Infinity, retry: false });
  const table = rows.data;
  return useCallback(
    (value: unknown, column: 1 | 2 | 3 | 4 = 1) => {
      if (!item || !table || value === null || value === undefined) return undefined;
      const field = [item.column1, item.column2, item.column3, item.column4][column - 1];
      const cell = field ? table.get(String(value))?.[field] : undefined;
      return cell === null || cell === undefined ? undefined : String(cell);
    },
    [item, table],
  );
}

/** POSTs of the list protocol that only read (`x/list`, `x/export`): never a change. */
const READ_ONLY_POST = /\/(list|export)$/;

// A write under an item's cache update interface clears its rows; a write of the items themselves clears them all.
onWriteSucceeded((method, url) => {
  const path = pathOf(url);
  // Reading an item's rows is itself a POST under its interface: without this it would clear itself, forever.
  if (method === 'POST' && READ_ONLY_POST.test(path)) return;
  const under = (base: string) => path === base || path.startsWith(`${base}/`);
  if (under(pathOf(api.system('registry/translation')))) {
    void queryClient.invalidateQueries({ queryKey: TRANSLATION_ITEMS_KEY });
    void queryClient.invalidateQueries({ queryKey: ['translation'] });
    return;
  }
  for (const item of queryClient.getQueryData<RegistryTranslationItem[]>(TRANSLATION_ITEMS_KEY) ?? []) {
    if (under(pathOf(interfaceUrl(item.cacheApi)))) void queryClient.invalidateQueries({ queryKey: translationKey(item.code) });
  }
});
