import { useEffect, useImperativeHandle, useMemo, useRef, useState, type Key, type ReactNode, type Ref } from 'react';
import { Button, Card, Dropdown, Flex, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, DownOutlined, PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { Page } from '@venue/contract';
import { confirm, success } from '../app/feedback.tsx';
import { notify } from '../app/notify.ts';
import { queryClient } from '../app/query.ts';
import { resourceApi, rowKeyOf } from './api.ts';
import { DetailDrawer } from './DetailDrawer.tsx';
import { useCellRenderer } from './display.tsx';
import { FormDialog } from './FormDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { useKitT, useLabelT } from './kitI18n.ts';
import { useStoredListState } from './listStore.ts';
import { buildExportQuery, buildListQuery, cleanFilters, DEFAULT_PAGE_SIZE, initialListState, PAGE_SIZES, selectionProblem, sortOf, type SelectionNeed } from './query.ts';
import { SearchForm } from './SearchForm.tsx';
import type { FormMode, ListContext, ResourceDef, Row, RowAction, ToolbarAction } from './types.ts';
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
  const render = useCellRenderer<T>(def.ns);
  const { pathname } = useLocation();
  const calls = useMemo(() => resourceApi(def), [def]);
  const storeKey = `${pathname}::${def.key}`;
  const [state, patch] = useStoredListState(storeKey, () =>
    initialListState(def.pageSize ?? DEFAULT_PAGE_SIZE, def.defaultSort ? { sortField: def.defaultSort.field, sortOrder: def.defaultSort.order } : {}),
  );
  const extraKey = JSON.stringify(cleanFilters(extraFilters ?? {}));
  const body = useMemo(
    () => (def.tree ? cleanFilters({ ...state.filters, ...(extraFilters ?? {}) }) : buildListQuery(state, extraFilters)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
    if (!def.tree && !list.isFetching && rows.length === 0 && total > 0 && state.pageNum > 1) patch({ pageNum: Math.max(1, Math.ceil(total / state.pageSize)) });
  }, [def.tree, list.isFetching, rows.length, total, state.pageNum, state.pageSize, patch]);

  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const selectedMap = useRef(new Map<Key, T>());
  const selectedRows = selectedKeys.map((k) => selectedMap.current.get(k)).filter((r): r is T => !!r);
  const [form, setForm] = useState<FormState<T>>({ open: false, mode: 'add', record: null });
  const [detail, setDetail] = useState<{ open: boolean; record: T | null }>({ open: false, record: null });
  const [importing, setImporting] = useState(false);

  const perms = def.perms ?? {};
  const features = { add: true, edit: true, remove: true, batchRemove: true, export: !!perms.export, import: !!perms.import, detail: true, selection: true, ...def.features };
  const reload = () => void invalidateResource(def.key);
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
  if (features.remove) rowActions.push({ key: 'delete', label: 'kit:delete', perm: perms.remove, danger: true, run: (row) => removeRows([rowKeyOf(def, row)]) });
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

  const columns: TableColumnsType<T> = def.columns
    .filter((c) => c.inTable !== false)
    .map((c) => {
      const sortField = typeof c.sorter === 'string' ? c.sorter : c.key;
      return {
        key: c.key,
        dataIndex: c.key,
        title: tl(c.label),
        width: c.width,
        ellipsis: c.ellipsis ? { showTitle: true } : undefined,
        fixed: c.fixed,
        align: c.align,
        sorter: c.sorter && !def.tree ? true : undefined,
        sortOrder: c.sorter && state.sortField === sortField ? (state.sortOrder ?? null) : null,
        render: (_: unknown, row: T) => render(c, row),
      };
    });
  if (allowedRowActions.length) {
    columns.push({
      key: '__actions',
      title: tk('actions'),
      fixed: 'right',
      width: def.actionWidth ?? Math.min(inline, allowedRowActions.length) * 64 + (allowedRowActions.length > inline ? 64 : 0) + 16,
      render: (_: unknown, row: T) => {
        const shown = allowedRowActions.filter((a) => !a.visible || a.visible(row));
        const first = shown.length > inline + 1 ? shown.slice(0, inline) : shown;
        const rest = shown.length > inline + 1 ? shown.slice(inline) : [];
        const rk = String(rowKeyOf(def, row));
        return (
          <Space size={0} wrap={false}>
            {first.map((a) => (
              <Button key={a.key} type="link" size="small" danger={a.danger} onClick={() => runRow(a, row)} data-testid={`${def.key}-row-${a.key}`} data-row-key={rk} style={{ paddingInline: 6 }}>
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
                onSearch={(filters, values) => patch({ filters, formValues: values, pageNum: 1 })}
                onReset={() =>
                  patch({
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
          <Card size="small" variant="borderless">
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
                    {tk('selected', { count: selectedKeys.length })}{' '}
                    <Typography.Link onClick={clearSelection}>{tk('clearSelection')}</Typography.Link>
                  </Typography.Text>
                ) : null}
                {toolbarExtra}
                <Tooltip title={tk('refresh')}>
                  <Button type="text" icon={<ReloadOutlined spin={list.isFetching} />} onClick={reload} data-testid={`${def.key}-refresh`} aria-label={tk('refresh')} />
                </Tooltip>
              </Space>
            </Flex>
            <Table<T>
              // A tree opens expanded once its rows are there.
              key={def.tree ? (rows.length ? 'tree' : 'empty') : 'list'}
              data-testid={`${def.key}-table`}
              rowKey={(r) => rowKeyOf(def, r) as string}
              size="middle"
              columns={columns}
              dataSource={rows}
              loading={list.isFetching && !list.isPlaceholderData ? true : list.isFetching ? { delay: 300 } : false}
              scroll={{ x: 'max-content' }}
              expandable={def.tree ? { defaultExpandAllRows: true, indentSize: 20 } : undefined}
              rowSelection={
                features.selection
                  ? {
                      selectedRowKeys: selectedKeys,
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
                else if (extra.action === 'paginate') patch({ pageNum: p.pageSize !== state.pageSize ? 1 : (p.current ?? 1), pageSize: p.pageSize ?? state.pageSize });
              }}
            />
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
