import { isValidElement, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Key, type ReactNode, type Ref } from 'react';
import { Button, Card, Dropdown, Flex, Space, Table, Tooltip, Typography, theme, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, DownOutlined, PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { Page } from '@venue/contract';
import { confirm, success } from '../app/feedback.tsx';
import { notify } from '../app/notify.ts';
import { dictLabel } from '../app/dict.ts';
import { formatDate } from '../app/format.ts';
import { useLang } from '../app/prefs.ts';
import { queryClient } from '../app/query.ts';
import { sessionStore } from '../app/session.ts';
import { useStore } from '../app/store.ts';
import { resourceApi, rowKeyOf } from './api.ts';
import {
  allocateWidths,
  arrangeColumns,
  CELL_PADDING,
  columnWidth,
  measureText,
  readTablePrefs,
  textMinWidth,
  writeTablePrefs,
  type ColumnContent,
  type Density,
  type Slot,
  type TablePrefs,
} from './columns.ts';
import { DetailDrawer } from './DetailDrawer.tsx';
import { EllipsisText, formatDay, useCellRenderer } from './display.tsx';
import { FormDialog } from './FormDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { useKitT, useLabelT } from './kitI18n.ts';
import { useStoredListState } from './listStore.ts';
import {
  buildExportQuery,
  buildListQuery,
  cleanFilters,
  DEFAULT_PAGE_SIZE,
  initialListState,
  PAGE_SIZES,
  selectionProblem,
  sortOf,
  type SelectionNeed,
} from './query.ts';
import { SearchForm } from './SearchForm.tsx';
import { TableToolbar } from './TableToolbar.tsx';
import type { ColumnDef, FormMode, ListContext, ResourceDef, Row, RowAction, ToolbarAction } from './types.ts';
import { useCan } from './useCan.ts';

export interface ListHandle<T extends Row = Row> {
  reload(): void;
  openAdd(initial?: Row): void;
  openEdit(row: T): void;
  openDetail(row: T): void;
  clearSelection(): void;
  /** The current list body. */
  query(): Record<string, unknown>;
}

export interface ListPageProps<T extends Row = Row> {
  def: ResourceDef<T>;
  /** Filters set outside the search form (e.g. the organisation chosen in a side tree). */
  extraFilters?: Record<string, unknown>;
  /** Shown left of the list (a tree to filter by). */
  side?: ReactNode;
  /** Shown above the search form. */
  header?: ReactNode;
  /** Extra toolbar content at the right. */
  toolbarExtra?: ReactNode;
  ref?: Ref<ListHandle<T>>;
}

/** Refetches every list and detail of a resource. */
export function invalidateResource(key: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['kit', key] });
}

/** What a column holds, for its width (see columns.ts). */
export function contentOf(c: Pick<ColumnDef, 'format' | 'content' | 'options' | 'dict'>): ColumnContent {
  if (c.content) return c.content;
  if (c.format === 'yesNo') return 'tag';
  if (c.format) return c.format;
  if (c.options || c.dict) return 'tag';
  return 'text';
}

/** The plain text of a rendered cell, when it has one (strings, numbers, a tag's or a span's text). */
function textOf(node: ReactNode): string | null {
  if (node === null || node === undefined || typeof node === 'boolean') return null;
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) {
    const parts = node.map(textOf);
    return parts.every((p) => p !== null) ? parts.join('') : null;
  }
  if (isValidElement(node)) return textOf((node.props as { children?: ReactNode }).children);
  return null;
}

/** Extra horizontal padding of a density beyond the middle one (antd: large 16px a side, middle and small 8px). */
const DENSITY_PAD: Record<Density, number> = { large: 16, middle: 0, small: 0 };
const SELECTION_WIDTH = 40;
/** Cell texts that are dates, times or numbers: such columns are as wide as their widest cell. */
const FIXED_TEXT = /^(\d{4}[-/年]\d{1,2}[-/月]\d{1,2}日?( \d{1,2}:\d{2}(:\d{2})?)?|-?[\d,]+(\.\d+)?)$/;

/** Full screen: the list fills the window; Esc leaves it. */
function useFullscreen(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!on) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('.ant-modal-wrap, .ant-drawer-open')) setOn(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [on]);
  return [on, setOn];
}

/** The width of an element, followed as it changes. */
function useWidth(): [(el: HTMLDivElement | null) => void, number, HTMLDivElement | null] {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return [setEl, width, el];
}

interface FormState<T> {
  open: boolean;
  mode: FormMode;
  record: T | null;
  initial?: Row;
}

/**
 * The list page of a resource description: search form (collapsible, reset), table with
 * server paging and sorting, row selection, the toolbar (add, batch delete, export, import,
 * custom actions with the spec's selection prompts), row actions (detail, edit, delete,
 * custom), the add/edit dialog, the detail drawer and the import dialog. Actions appear by
 * permission. Search, page and sort survive leaving the tab and a tab refresh.
 */
export function ListPage<T extends Row = Row>({ def, extraFilters, side, header, toolbarExtra, ref }: ListPageProps<T>) {
  const tk = useKitT();
  const tl = useLabelT(def.ns);
  const can = useCan();
  const lang = useLang();
  const { token } = theme.useToken();
  const render = useCellRenderer<T>(def.ns);
  const userId = useStore(sessionStore, (s) => s.userId);
  const [prefs, setPrefs] = useState<TablePrefs | null>(() => readTablePrefs(userId, def.key));
  useEffect(() => setPrefs(readTablePrefs(userId, def.key)), [userId, def.key]);
  const savePrefs = (p: TablePrefs | null) => {
    writeTablePrefs(userId, def.key, p);
    setPrefs(p);
  };
  const density: Density = prefs?.density ?? 'middle';
  const [fullscreen, setFullscreen] = useFullscreen();
  const [tableBox, tableWidth, tableEl] = useWidth();
  // antd's hidden measuring row copies the header's checkbox: keep it out of the focus order
  // (aria-hidden content must not be focusable).
  useEffect(() => {
    tableEl?.querySelectorAll('.ant-table-measure-row').forEach((tr) => tr.setAttribute('inert', ''));
  });
  const { pathname } = useLocation();
  const calls = useMemo(() => resourceApi(def), [def]);
  const storeKey = `${pathname}::${def.key}`;
  const [state, patch] = useStoredListState(storeKey, () =>
    initialListState(def.pageSize ?? DEFAULT_PAGE_SIZE, def.defaultSort ? { sortField: def.defaultSort.field, sortOrder: def.defaultSort.order } : {}),
  );
  const extraKey = JSON.stringify(cleanFilters(extraFilters ?? {}));
  const body = useMemo(
    () => (def.tree ? cleanFilters({ ...state.filters, ...(extraFilters ?? {}) }) : buildListQuery(state, extraFilters)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- extraFilters is compared by value, through extraKey, not by identity
    [def.tree, state.filters, state.pageNum, state.pageSize, state.sortField, state.sortOrder, extraKey],
  );
  const list = useQuery({
    queryKey: ['kit', def.key, 'list', body],
    queryFn: () => calls.list(body),
    placeholderData: keepPreviousData,
  });
  const rows: T[] = useMemo(() => {
    const d = list.data;
    if (!d) return [];
    return Array.isArray(d) ? d : ((d as Page<T>).data ?? []);
  }, [list.data]);
  const total = Array.isArray(list.data) ? rows.length : ((list.data as Page<T> | undefined)?.total ?? 0);

  // A page emptied by deletes goes back one page.
  useEffect(() => {
    if (!def.tree && !list.isFetching && rows.length === 0 && total > 0 && state.pageNum > 1)
      patch({ pageNum: Math.max(1, Math.ceil(total / state.pageSize)) });
  }, [def.tree, list.isFetching, rows.length, total, state.pageNum, state.pageSize, patch]);

  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const selectedMap = useRef(new Map<Key, T>());
  const selectedRows = selectedKeys.map((k) => selectedMap.current.get(k)).filter((r): r is T => !!r);
  const [form, setForm] = useState<FormState<T>>({ open: false, mode: 'add', record: null });
  const [detail, setDetail] = useState<{ open: boolean; record: T | null }>({ open: false, record: null });
  const [importing, setImporting] = useState(false);

  const perms = def.perms ?? {};
  const features = {
    add: true,
    edit: true,
    remove: true,
    batchRemove: true,
    export: !!perms.export,
    import: !!perms.import,
    detail: true,
    selection: true,
    ...def.features,
  };
  const reload = () => void invalidateResource(def.key);
  /** Search and Reset always query, even when the criteria have not changed (operators use them to refresh). */
  const search = (next: Parameters<typeof patch>[0]) => {
    const after = { ...state, ...next };
    const nextBody = def.tree ? cleanFilters({ ...after.filters, ...(extraFilters ?? {}) }) : buildListQuery(after, extraFilters);
    patch(next);
    if (JSON.stringify(nextBody) === JSON.stringify(body)) void list.refetch();
  };
  const clearSelection = () => {
    setSelectedKeys([]);
    selectedMap.current.clear();
  };
  const openAdd = (initial?: Row) => setForm({ open: true, mode: 'add', record: null, initial });
  const openEdit = (row: T) => setForm({ open: true, mode: 'edit', record: row });
  const openDetail = (row: T) => setDetail({ open: true, record: row });
  const ctx: ListContext<T> = { selectedRows, selectedKeys, query: body, reload, clearSelection, openAdd, openEdit, openDetail };

  useImperativeHandle(ref, () => ({ reload, openAdd, openEdit, openDetail, clearSelection, query: () => body }));

  const name = tl(def.name);
  const hasForm = !!def.form?.length;

  const runGuarded = async (need: SelectionNeed | undefined, confirmText: boolean | string | undefined, danger: boolean | undefined, run: () => unknown) => {
    const problem = selectionProblem(need ?? 'none', selectedKeys.length);
    if (problem) {
      notify.warning(tk(problem));
      return;
    }
    if (confirmText) {
      const ok = await confirm({ content: typeof confirmText === 'string' ? tl(confirmText) : undefined, danger });
      if (!ok) return;
    }
    await run();
  };

  const removeRows = async (keys: Key[]) => {
    const ok = await confirm({ content: tk('deleteConfirm'), danger: true });
    if (!ok) return;
    await calls.remove(keys);
    success(tk('deleted'));
    clearSelection();
    reload();
  };

  const builtinToolbar: (ToolbarAction<T> & { testId: string })[] = [];
  if (features.add && hasForm && can(perms.add)) {
    builtinToolbar.push({ key: 'add', testId: `${def.key}-add`, label: 'kit:add', icon: <PlusOutlined />, primary: true, run: () => openAdd() });
  }
  if (features.remove && features.batchRemove && features.selection && can(perms.remove)) {
    builtinToolbar.push({
      key: 'batchDelete',
      testId: `${def.key}-batch-delete`,
      label: 'kit:batchDelete',
      icon: <DeleteOutlined />,
      danger: true,
      need: 'delete',
      run: () => removeRows(selectedKeys),
    });
  }
  const custom = (def.toolbar ?? []).filter((a) => can(a.perm)).map((a) => ({ ...a, testId: `${def.key}-${a.key}` }));
  const tail: (ToolbarAction<T> & { testId: string })[] = [];
  if (features.import && can(perms.import)) {
    tail.push({ key: 'import', testId: `${def.key}-import`, label: 'kit:import', icon: <UploadOutlined />, run: () => setImporting(true) });
  }
  if (features.export && can(perms.export)) {
    tail.push({
      key: 'export',
      testId: `${def.key}-export`,
      label: 'kit:export',
      icon: <DownloadOutlined />,
      run: async () => {
        notify.info(tk('exporting'));
        await calls.export(buildExportQuery(state, extraFilters));
      },
    });
  }
  const toolbar = [...builtinToolbar, ...custom, ...tail];

  const builtinRow: RowAction<T>[] = [];
  if (features.detail) builtinRow.push({ key: 'view', label: 'kit:view', perm: perms.detail, run: (row) => openDetail(row) });
  if (features.edit && hasForm) builtinRow.push({ key: 'edit', label: 'kit:edit', perm: perms.edit, run: (row) => openEdit(row) });
  const rowActions = [...builtinRow, ...(def.rowActions ?? [])];
  if (features.remove)
    rowActions.push({ key: 'delete', label: 'kit:delete', perm: perms.remove, danger: true, run: (row) => removeRows([rowKeyOf(def, row)]) });
  const allowedRowActions = rowActions.filter((a) => can(a.perm));
  const inline = def.inlineActions ?? 3;

  const runRow = (a: RowAction<T>, row: T) => {
    void (async () => {
      if (a.confirm) {
        const ok = await confirm({ content: typeof a.confirm === 'string' ? tl(a.confirm) : undefined, danger: a.danger });
        if (!ok) return;
      }
      await a.run(row, ctx);
    })().catch(() => undefined);
  };

  const fieldOf = (key: string) => {
    const c = def.columns.find((x) => x.key === key);
    return typeof c?.sorter === 'string' ? c.sorter : key;
  };

  // Columns: in the user's order, shown or not (column settings), each as wide as its content type needs.
  const font = `${token.fontSize}px ${token.fontFamily}`;
  const measure = (text: string, bold?: boolean) => measureText(text, font, bold);
  const pad = DENSITY_PAD[density] * 2;
  const tableColumns = def.columns.filter((c) => c.inTable !== false);
  const arranged = arrangeColumns(tableColumns, prefs);
  const shownColumns = arranged.filter((a) => a.shown).map((a) => a.column);
  const contents = shownColumns.map((c) => {
    const declared = contentOf(c);
    if (c.content || declared !== 'text') return declared;
    // Undeclared columns whose every cell is a date, a time or a number are never cut either.
    const cells = rows.map((r) => textOf(render(c, r))).filter((x): x is string => !!x);
    return cells.length && cells.every((x) => FIXED_TEXT.test(x)) ? 'code' : 'text';
  });
  const slots: Slot[] = shownColumns.map((c, i) => {
    const content = contents[i]!;
    const title = tl(c.label);
    const sorter = !!c.sorter && !def.tree;
    const treeIndent = def.tree && i === 0 ? 64 : 0;
    if (c.width) return { fixed: c.width + pad };
    const cells = rows.map((r) => textOf(render(c, r))).filter((x): x is string => x !== null);
    if (content === 'text') {
      const want = Math.min(360, cells.reduce((m, x) => Math.max(m, measure(x)), 0) + CELL_PADDING) + treeIndent + pad;
      return { min: textMinWidth(title, sorter, measure) + treeIndent + pad, want };
    }
    const samples = [...cells];
    if (content === 'date') samples.push(formatDay('2026-12-28', lang));
    if (content === 'datetime') samples.push(formatDate('2026-12-28T18:58:58', lang));
    if (c.options) samples.push(...c.options.map((o) => tl(o.label)));
    if (c.dict) samples.push(...rows.map((r) => dictLabel(c.dict!, r[c.key])));
    if (c.format === 'yesNo') samples.push(tk('yes'), tk('no'));
    return { fixed: (columnWidth({ content, title, sorter, samples, measure }) ?? 0) + treeIndent + pad };
  });

  // The action column: as wide as the widest row's inline buttons.
  const actionsOf = (row: T) => {
    const shown = allowedRowActions.filter((a) => !a.visible || a.visible(row));
    const many = shown.length > inline + 1;
    return { first: many ? shown.slice(0, inline) : shown, rest: many ? shown.slice(inline) : [] };
  };
  const actionWidth = allowedRowActions.length
    ? (def.actionWidth ??
        Math.max(
          measure(tk('actions'), true) + CELL_PADDING,
          ...(rows.length ? rows : []).map((row) => {
            const { first, rest } = actionsOf(row);
            return first.reduce((w, a) => w + measure(tl(a.label)) + 12, 0) + (rest.length ? measure(tk('more')) + 12 + 16 : 0) + CELL_PADDING;
          }),
          Math.min(inline, allowedRowActions.length) * 48 + CELL_PADDING,
        )) + pad
    : 0;
  const available = tableWidth - (features.selection ? SELECTION_WIDTH : 0) - actionWidth;
  const fitted = tableWidth > 0 ? allocateWidths(available, slots) : { widths: slots.map((s) => ('fixed' in s ? s.fixed : undefined)), scrollX: null };

  const columns: TableColumnsType<T> = shownColumns.map((c, i) => {
    const sortField = typeof c.sorter === 'string' ? c.sorter : c.key;
    const content = contents[i]!;
    const text = content === 'text';
    return {
      key: c.key,
      dataIndex: c.key,
      title: tl(c.label),
      width: fitted.widths[i],
      ellipsis: text ? { showTitle: false } : undefined,
      className: text ? undefined : 'kit-cell-nowrap',
      // Pinned columns only matter when the table scrolls sideways.
      fixed: fitted.scrollX ? c.fixed : undefined,
      align: c.align ?? (content === 'number' || content === 'money' ? 'right' : undefined),
      sorter: c.sorter && !def.tree ? true : undefined,
      sortOrder: c.sorter && state.sortField === sortField ? (state.sortOrder ?? null) : null,
      render: (_: unknown, row: T) => {
        const node = render(c, row);
        if (!text) return node;
        const plain = textOf(node);
        return plain ? <EllipsisText text={plain}>{node}</EllipsisText> : node;
      },
    };
  });
  if (allowedRowActions.length) {
    columns.push({
      key: '__actions',
      title: tk('actions'),
      fixed: fitted.scrollX ? 'right' : undefined,
      width: actionWidth,
      className: 'kit-cell-nowrap',
      render: (_: unknown, row: T) => {
        const { first, rest } = actionsOf(row);
        const rk = String(rowKeyOf(def, row));
        return (
          <Space size={0} wrap={false}>
            {first.map((a) => (
              <Button
                key={a.key}
                type="link"
                size="small"
                danger={a.danger}
                onClick={() => runRow(a, row)}
                data-testid={`${def.key}-row-${a.key}`}
                data-row-key={rk}
                style={{ paddingInline: 6 }}
              >
                {tl(a.label)}
              </Button>
            ))}
            {rest.length ? (
              <Dropdown
                menu={{
                  items: rest.map((a) => ({
                    key: a.key,
                    danger: a.danger,
                    label: (
                      <span data-testid={`${def.key}-row-${a.key}`} data-row-key={rk}>
                        {tl(a.label)}
                      </span>
                    ),
                  })),
                  onClick: ({ key }) => {
                    const a = rest.find((x) => x.key === key);
                    if (a) runRow(a, row);
                  },
                }}
              >
                <Button type="link" size="small" data-testid={`${def.key}-row-more`} data-row-key={rk} style={{ paddingInline: 6 }}>
                  {tk('more')} <DownOutlined />
                </Button>
              </Dropdown>
            ) : null}
          </Space>
        );
      },
    });
  }

  return (
    <div className="kit-list" data-testid={`${def.key}-list`}>
      {header}
      <Flex gap={16} align="flex-start">
        {side ? <div className="kit-side">{side}</div> : null}
        <div style={{ flex: 1, minWidth: 0 }}>
          {def.search?.length ? (
            <Card size="small" variant="borderless" style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
              <SearchForm
                id={def.key}
                ns={def.ns}
                fields={def.search}
                visible={def.searchVisible}
                expanded={!!state.expanded}
                onExpandedChange={(expanded) => patch({ expanded })}
                initialValues={state.formValues}
                loading={list.isFetching}
                onSearch={(filters, values) => search({ filters, formValues: values, pageNum: 1 })}
                onReset={() =>
                  search({
                    filters: {},
                    formValues: {},
                    pageNum: 1,
                    sortField: def.defaultSort?.field,
                    sortOrder: def.defaultSort?.order,
                  })
                }
              />
            </Card>
          ) : null}
          <Card
            size="small"
            variant="borderless"
            className={fullscreen ? 'kit-table-card kit-fullscreen' : 'kit-table-card'}
            data-testid={`${def.key}-table-card`}
          >
            <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
              <Space wrap>
                {toolbar.map((a) => (
                  <Button
                    key={a.key}
                    type={a.primary ? 'primary' : 'default'}
                    danger={a.danger}
                    icon={a.icon}
                    data-testid={a.testId}
                    onClick={() => void runGuarded(a.need, a.confirm, a.danger, () => a.run(ctx)).catch(() => undefined)}
                  >
                    {tl(a.label)}
                  </Button>
                ))}
              </Space>
              <Space>
                {selectedKeys.length ? (
                  <Typography.Text type="secondary" data-testid={`${def.key}-selected`}>
                    {tk('selected', { count: selectedKeys.length })} <Typography.Link onClick={clearSelection}>{tk('clearSelection')}</Typography.Link>
                  </Typography.Text>
                ) : null}
                {toolbarExtra}
                <Space size={0}>
                  <Tooltip title={tk('refresh')}>
                    <Button
                      type="text"
                      icon={<ReloadOutlined spin={list.isFetching} />}
                      onClick={reload}
                      data-testid={`${def.key}-refresh`}
                      aria-label={tk('refresh')}
                    />
                  </Tooltip>
                  <TableToolbar
                    id={def.key}
                    columns={arranged.map((a) => ({ key: a.column.key, title: tl(a.column.label), shown: a.shown }))}
                    density={density}
                    fullscreen={fullscreen}
                    onPrefs={savePrefs}
                    onDensity={(d) =>
                      savePrefs({ order: arranged.map((a) => a.column.key), hidden: arranged.filter((a) => !a.shown).map((a) => a.column.key), density: d })
                    }
                    onFullscreen={setFullscreen}
                  />
                </Space>
              </Space>
            </Flex>
            <div ref={tableBox}>
              <Table<T>
                // A tree opens expanded once its rows are there.
                key={def.tree ? (rows.length ? 'tree' : 'empty') : 'list'}
                data-testid={`${def.key}-table`}
                rowKey={(r) => rowKeyOf(def, r) as string}
                size={density}
                tableLayout="fixed"
                columns={columns}
                dataSource={rows}
                loading={list.isFetching && !list.isPlaceholderData ? true : list.isFetching ? { delay: 300 } : false}
                scroll={fitted.scrollX ? { x: fitted.scrollX + (features.selection ? SELECTION_WIDTH : 0) + actionWidth } : undefined}
                expandable={def.tree ? { defaultExpandAllRows: true, indentSize: 20 } : undefined}
                rowSelection={
                  features.selection
                    ? {
                        selectedRowKeys: selectedKeys,
                        columnWidth: SELECTION_WIDTH,
                        preserveSelectedRowKeys: true,
                        checkStrictly: true,
                        onChange: (keys, picked) => {
                          for (const r of picked) if (r) selectedMap.current.set(rowKeyOf(def, r), r);
                          for (const k of [...selectedMap.current.keys()]) if (!keys.includes(k)) selectedMap.current.delete(k);
                          setSelectedKeys(keys);
                        },
                      }
                    : undefined
                }
                pagination={
                  def.tree
                    ? false
                    : {
                        current: state.pageNum,
                        pageSize: state.pageSize,
                        total,
                        showSizeChanger: true,
                        pageSizeOptions: PAGE_SIZES,
                        showQuickJumper: total > state.pageSize * 5,
                        showTotal: (n) => tk('total', { total: n }),
                      }
                }
                onChange={(p, _filters, sorter, extra) => {
                  const s = Array.isArray(sorter) ? sorter[0] : sorter;
                  const sort = sortOf(s as never, fieldOf);
                  if (extra.action === 'sort') patch({ ...sort, pageNum: 1 });
                  else if (extra.action === 'paginate')
                    patch({ pageNum: p.pageSize !== state.pageSize ? 1 : (p.current ?? 1), pageSize: p.pageSize ?? state.pageSize });
                }}
              />
            </div>
          </Card>
        </div>
      </Flex>
      {hasForm ? (
        <FormDialog<T>
          id={def.key}
          ns={def.ns}
          open={form.open}
          mode={form.mode}
          title={form.mode === 'add' ? tk('addTitle', { name }) : tk('editTitle', { name })}
          fields={def.form!}
          record={form.record}
          initial={form.initial}
          columns={def.formColumns}
          width={def.formWidth}
          toForm={def.toForm}
          toBody={def.toBody}
          onValuesChange={def.onValuesChange}
          reload={(row) => calls.get(row)}
          onSubmit={(b, mode, record) => (mode === 'add' ? calls.create(b) : calls.update(record!, b))}
          onSaved={() => reload()}
          onClose={() => setForm((f) => ({ ...f, open: false }))}
        />
      ) : null}
      {features.detail ? (
        <DetailDrawer<T>
          id={def.key}
          ns={def.ns}
          open={detail.open}
          title={tk('detailTitle', { name })}
          columns={def.columns}
          record={detail.record}
          load={def.api?.get ? (row) => calls.get(row) : undefined}
          extra={def.detailExtra}
          onClose={() => setDetail({ open: false, record: null })}
        />
      ) : null}
      {features.import ? (
        <ImportDialog
          id={def.key}
          open={importing}
          title={tk('importTitle', { name })}
          limit={def.importLimit}
          onImport={(file) => calls.import(file)}
          onTemplate={() => calls.template()}
          fieldLabel={(f) => {
            const c = def.columns.find((x) => x.key === f) ?? def.form?.find((x) => x.name === f);
            return c ? tl(c.label) : f;
          }}
          onClose={() => setImporting(false)}
          onDone={() => reload()}
        />
      ) : null}
    </div>
  );
}
