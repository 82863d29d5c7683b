/**
 * The one list protocol (ARCHITECTURE 4): `POST x/list` with {pageNum, pageSize, sortField,
 * sortOrder, ...filters} -> {total, data}. Pure helpers that turn the list page's state into
 * that body, and the selection rules of spec 5.
 */

export type SortOrder = 'ascend' | 'descend';

export interface ListState {
  /** Filters as the search form holds them (committed by Search). */
  filters: Record<string, unknown>;
  pageNum: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: SortOrder;
  /** The search form is expanded (all fields shown). */
  expanded?: boolean;
}

export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 50, 100];

export function initialListState(pageSize = DEFAULT_PAGE_SIZE, defaults: Partial<ListState> = {}): ListState {
  return { filters: {}, pageNum: 1, pageSize, ...defaults };
}

/**
 * Filter values fit for the wire: strings trimmed, empty values ('' / null / undefined / [])
 * left out, dates (anything with toISOString or dayjs' format) as YYYY-MM-DD.
 */
export function cleanFilters(filters: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, raw] of Object.entries(filters)) {
    let v = raw;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const d = v as { format?: (f: string) => string; toISOString?: () => string };
      if (typeof d.format === 'function') v = d.format('YYYY-MM-DD');
      else if (typeof d.toISOString === 'function') v = d.toISOString().slice(0, 10);
    }
    if (typeof v === 'string') v = v.trim();
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return out;
}

/**
 * The request body of a list call. `extra` (filters the screen sets outside the search
 * form, e.g. the organisation picked in a side tree) wins over the form's filters; the
 * paging and sort keys always win.
 */
export function buildListQuery(state: ListState, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { ...cleanFilters(state.filters), ...cleanFilters(extra), pageNum: state.pageNum, pageSize: state.pageSize };
  if (state.sortField && state.sortOrder) {
    body.sortField = state.sortField;
    body.sortOrder = state.sortOrder;
  }
  return body;
}

/** The export body: the list's filters and sort, without paging (the server exports them all). */
export function buildExportQuery(state: ListState, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const { pageNum: _n, pageSize: _s, ...rest } = buildListQuery(state, extra);
  return rest;
}

/** antd Table's sorter -> the wire's sortField/sortOrder (undefined when sorting is cleared). */
export function sortOf(
  sorter: { field?: unknown; columnKey?: unknown; order?: SortOrder | null } | undefined,
  fieldOf: (key: string) => string | undefined = (k) => k,
): Pick<ListState, 'sortField' | 'sortOrder'> {
  if (!sorter || !sorter.order) return { sortField: undefined, sortOrder: undefined };
  const key = String(sorter.columnKey ?? (Array.isArray(sorter.field) ? sorter.field.join('.') : (sorter.field ?? '')));
  return { sortField: fieldOf(key) ?? key, sortOrder: sorter.order };
}

/** What an action needs selected: nothing, exactly one row, at least one row, or (delete) at least one. */
export type SelectionNeed = 'none' | 'one' | 'some' | 'delete';

/**
 * Spec 5 table selection prompts, as kit message keys:
 * - delete with nothing selected: 'please select an operation' (selectNone);
 * - an action needing rows with nothing selected: 'please select at least one operation' (selectAtLeastOne);
 * - an action for exactly one row with several selected: 'this operation can select only one' (selectOnlyOne).
 */
export function selectionProblem(need: SelectionNeed, count: number): 'selectNone' | 'selectAtLeastOne' | 'selectOnlyOne' | null {
  if (need === 'none') return null;
  if (count === 0) return need === 'delete' ? 'selectNone' : 'selectAtLeastOne';
  if (need === 'one' && count > 1) return 'selectOnlyOne';
  return null;
}

/** Comma-separated ids of a batch delete: `DELETE x/{ids}`. */
export function idsPath(base: string, ids: readonly (string | number | bigint)[]): string {
  return `${base.replace(/\/+$/, '')}/${ids.map((i) => encodeURIComponent(String(i))).join(',')}`;
}

/**
 * Search form values -> filters: a date range [from, to] (dayjs or text) becomes its two keys
 * (default `${name}Begin`/`${name}End`, or the field's rangeKeys) as YYYY-MM-DD.
 */
export function searchFilters(
  values: Record<string, unknown>,
  fields: readonly { name: string; type?: string; rangeKeys?: [string, string] }[],
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const f of fields) {
    if (f.type !== 'dateRange') continue;
    const v = values[f.name];
    delete out[f.name];
    const [from, to] = f.rangeKeys ?? [`${f.name}Begin`, `${f.name}End`];
    if (Array.isArray(v) && v.length === 2) {
      out[from] = v[0];
      out[to] = v[1];
    }
  }
  return cleanFilters(out);
}
