import type { Key, ReactNode } from 'react';
import type { FormInstance } from 'antd';
import type { ZodType } from 'zod';
import type { Page } from '@venue/contract';
import type { SelectionNeed } from './query.ts';

/** A row of a resource: anything with a key (default `id`) and usually a `version`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page's columns and fields read its resource's row by name from their definitions; `unknown` would put a cast at every read in every feature
export type Row = Record<string, any>;

/**
 * The field names of a type (its string keys). A resource's columns are keyed by its row type,
 * its form fields by its form's input type and its search fields by its list query, so a
 * misspelt field fails the typecheck. For `Row` (no type given) any name passes.
 */
export type FieldName<T> = Extract<keyof T, string>;

/** A choice of a select / radio / tag column. `label` is an i18n key of the resource's namespace (or plain text). */
export interface Option {
  value: string | number | boolean;
  label: string;
  /** Tag colour in tables and details (antd Tag colours: 'green', 'red', 'default' ...). */
  color?: string;
  disabled?: boolean;
}

/**
 * The options of a fixed set of codes: each labelled by the i18n key `<prefix>.<code>` of the
 * feature's namespace, with its tag colour where given.
 */
export const codeOptions = <T extends string | number>(values: readonly T[], prefix: string, colors: Partial<Record<T, string>> = {}): Option[] =>
  values.map((v) => ({ value: v, label: `${prefix}.${v}`, color: colors[v] }));

/** A node of a tree select (organisations, menus). */
export interface TreeOption {
  value: string | number;
  title: ReactNode;
  children?: TreeOption[];
  disabled?: boolean;
}

export type FieldType =
  'text' | 'textarea' | 'password' | 'number' | 'integer' | 'select' | 'multiSelect' | 'treeSelect' | 'radio' | 'switch' | 'date' | 'dateRange' | 'custom';

export type FormMode = 'add' | 'edit';

/**
 * A field of a search form or an add/edit form. `label` is an i18n key of the resource's
 * namespace. `rule` is the field's zod schema, shared with the server where one exists
 * (`userCreate.shape.name`); the field is required when the schema rejects an empty value,
 * unless `required` says otherwise.
 */
export interface FieldDef<N extends string = string> {
  /** The field's name: a key of the form's input type or of the list query (see ResourceDef). */
  name: N;
  label: string;
  type?: FieldType;
  rule?: ZodType;
  required?: boolean;
  /** Static choices (select, multiSelect, radio). */
  options?: Option[];
  /** Choices from a dictionary (useDict code). Values are strings unless `numeric`. */
  dict?: string;
  /** Option values are numbers (dictionary values come as text). */
  numeric?: boolean;
  /** A hook giving the choices (called inside the field's own component). */
  useOptions?: () => Option[];
  /** A hook giving the tree of a treeSelect. */
  useTree?: () => TreeOption[];
  /** Digits after the point of a 'number' field (default 2). */
  decimals?: number;
  /** 'number' / 'integer': allow negative values. */
  negative?: boolean;
  placeholder?: string;
  /** Help text under the field (i18n key). */
  extra?: string;
  /** Form grid width: 1 = half (default in two-column forms), 2 = full row. */
  span?: 1 | 2;
  /** Dialogs that show the field (default both). */
  modes?: FormMode[];
  /** Hidden for some values (e.g. 'perms' only for menu type 2). */
  hidden?: (values: Row, mode: FormMode) => boolean;
  disabled?: boolean | ((mode: FormMode, values: Row) => boolean);
  initialValue?: unknown;
  /** dateRange in a search form: the two filter keys sent (default [name + 'Begin', name + 'End']). */
  rangeKeys?: [N, N];
  /** Extra props for the input component. */
  props?: Record<string, unknown>;
  /** A custom input (type 'custom'): receives value/onChange from the Form.Item. */
  render?: (ctx: { mode: FormMode | 'search'; form: FormInstance }) => ReactNode;
  /** Fields whose change re-validates this one (antd dependencies). */
  dependencies?: string[];
  /** Section of the add/edit dialog (i18n key of its title): consecutive fields of one group share a heading. */
  group?: string;
}

/** A table column; also a detail item unless `inDetail: false`. */
export interface ColumnDef<T extends Row = Row> {
  /** The row's field shown (and sorted by); a column with no field of its own renders with `render`. */
  key: ColumnKey<T>;
  label: string;
  width?: number;
  /** Server sort: true sorts by `key`; a string names the sortField sent. */
  sorter?: boolean | string;
  /** Values shown by label (and colour) from a dictionary or options. */
  dict?: string;
  options?: Option[];
  /**
   * 'date' = YYYY-MM-DD in English, YYYY年MM月DD日 in Chinese; 'datetime' = the spec's formats; 'money' = fen;
   * 'json' = a short preview that opens a viewer. The format (or options/dict: a tag) also gives the
   * column its width: dates and times are never cut.
   */
  format?: 'date' | 'datetime' | 'money' | 'yesNo' | 'json';
  /** What the column holds, when `format` does not say: 'time' (an instant rendered by `render`), 'number', 'code' (short fixed text), 'tag' (a tag and its text), 'text' (default: ellipsis with a tooltip). */
  content?: 'time' | 'number' | 'code' | 'tag' | 'text';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the cell's value is `row[key]` of a row typed by the page, not by the kit
  render?: (value: any, row: T) => ReactNode;
  ellipsis?: boolean;
  fixed?: 'left' | 'right';
  align?: 'left' | 'center' | 'right';
  inTable?: boolean;
  /** In the table but hidden until shown in the column settings. */
  hiddenByDefault?: boolean;
  inDetail?: boolean;
  /** Detail grid width (1 or 2 cells). */
  detailSpan?: 1 | 2;
}

/**
 * A column's key: a field of the row. The one escape is a key starting with '$' for a column that
 * shows no single field (its `render` builds the cell from the row); it is not sortable by key.
 */
export type ColumnKey<T> = FieldName<T> | `$${string}`;

/**
 * A search field: its name is a filter of the list query; a dateRange sends its two ends as
 * `rangeKeys` (filters of the query), its own name being only the input's.
 */
export type SearchFieldDef<K extends string = string> =
  (FieldDef<K> & { type?: Exclude<FieldType, 'dateRange'> }) | (Omit<FieldDef<string>, 'rangeKeys'> & { type: 'dateRange'; rangeKeys: [K, K] });

export interface ListContext<T extends Row = Row> {
  selectedRows: T[];
  selectedKeys: Key[];
  /** The current list body (filters, paging, sort). */
  query: Record<string, unknown>;
  reload(): void;
  clearSelection(): void;
  openAdd(initial?: Row): void;
  openEdit(row: T): void;
  openDetail(row: T): void;
}

/** A toolbar button. `need` decides the selection prompts of spec 5 before `run` is called. */
export interface ToolbarAction<T extends Row = Row> {
  key: string;
  /** i18n key of the resource's namespace ('kit:' prefix for the kit's own). */
  label: string;
  icon?: ReactNode;
  perm?: string | string[];
  need?: SelectionNeed;
  primary?: boolean;
  danger?: boolean;
  /** Ask first: true = the default confirm text, or an i18n key. */
  confirm?: boolean | string;
  run: (ctx: ListContext<T>) => unknown;
}

/** A button in each row's action column. */
export interface RowAction<T extends Row = Row> {
  key: string;
  label: string;
  perm?: string | string[];
  danger?: boolean;
  confirm?: boolean | string;
  visible?: (row: T) => boolean;
  run: (row: T, ctx: ListContext<T>) => unknown;
}

/** The calls of a resource; the kit builds defaults from `endpoint` (see api.ts). */
export interface ResourceApi<T extends Row = Row> {
  list(body: Record<string, unknown>): Promise<Page<T> | T[]>;
  get(row: T): Promise<T>;
  create(body: Row): Promise<unknown>;
  update(row: T, body: Row): Promise<unknown>;
  remove(ids: Key[]): Promise<unknown>;
  export(body: Record<string, unknown>): Promise<void>;
  import(file: File): Promise<unknown>;
  template(): Promise<void>;
}

export type Prefix = 'system' | 'auth' | 'stadium' | 'sport' | 'adapter';

/**
 * One declarative description of a resource: its list page, dialogs and calls. `T` is the row
 * (the list's answer), `F` the add/edit form's input (the create and update bodies), `Q` the
 * list query: all from the contract's schemas (`z.output` of the row, `z.input` of the bodies),
 * e.g. `ResourceDef<RoleRow, z.input<typeof roleCreate> & z.input<typeof roleUpdate>, z.input<typeof roleListQuery>>`.
 */
export type ResourceDef<T extends Row = Row, F = Row, Q = Row> = ResourceSpec<T, FieldName<F>, FieldName<Q>>;

/** ResourceDef by field-name unions (`FK` of the form, `QK` of the list query); the kit's parts take any. */
export interface ResourceSpec<T extends Row = Row, FK extends string = string, QK extends string = string> {
  /** Short name: query keys, test ids (`${key}-add`), the list-state store. */
  key: string;
  /** i18n namespace of labels (registerMessages(ns, zh, en)). */
  ns: string;
  /** i18n key of the resource's name in titles ('Add {{name}}'). */
  name: string;
  /** `{prefix: 'system', path: 'role'}` -> role/list, role/{id}, role/{ids}, role/export ... */
  endpoint: { prefix: Prefix; path: string };
  rowKey?: FieldName<T>;
  /** Field shown in 'delete "{{name}}"?' prompts. */
  nameField?: FieldName<T>;
  columns: ColumnDef<T>[];
  search?: SearchFieldDef<QK>[];
  /** Search fields shown while the form is collapsed (default 3). */
  searchVisible?: number;
  form?: FieldDef<FK>[];
  /** Add/edit dialog grid columns (default 2 when the form has more than 6 fields). */
  formColumns?: 1 | 2;
  formWidth?: number;
  perms?: Partial<Record<'add' | 'edit' | 'remove' | 'export' | 'import' | 'detail', string | string[]>>;
  /** Built-in actions to offer (all on by default when the endpoint/perm exists): turn some off. */
  features?: Partial<Record<'add' | 'edit' | 'remove' | 'batchRemove' | 'export' | 'import' | 'detail' | 'selection', boolean>>;
  api?: Partial<ResourceApi<T>>;
  toolbar?: ToolbarAction<T>[];
  rowActions?: RowAction<T>[];
  /** Row actions shown inline before the rest go into 'More' (default 3). */
  inlineActions?: number;
  /** The list answers a tree (T[] with children) instead of a page: no paging. */
  tree?: boolean;
  pageSize?: number;
  defaultSort?: { field: string; order: 'ascend' | 'descend' };
  /** Record -> form values for editing (default: the record itself). */
  toForm?: (row: T) => Row;
  /** Form values -> request body (default: the values, empty ones left out on add, null on edit). */
  toBody?: (values: Row, mode: FormMode, row?: T) => Row;
  /** Called as the form changes (e.g. the id-card helper fills birthday and sex). */
  onValuesChange?: (changed: Row, all: Row, form: FormInstance, mode: FormMode) => void;
  /** Extra content in the detail drawer, below the items. */
  detailExtra?: (row: T) => ReactNode;
  /** Import size limit in bytes (default 10 MB, as the server). */
  importLimit?: number;
  /** Action column width. */
  actionWidth?: number;
}
