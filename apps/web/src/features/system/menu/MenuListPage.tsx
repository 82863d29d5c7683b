import { useMemo } from 'react';
import { Form, Select, Space, Tag } from 'antd';
import type { z } from 'zod';
import { menuCreate, Perm, type menuUpdate } from '@venue/contract';
import { useLang } from '../../../app/prefs.ts';
import { api, http } from '../../../app/request.ts';
import { useSession } from '../../../app/session.ts';
import { ICON_NAMES, MenuIcon } from '../../../app/layout/icons.tsx';
import { ListPage, useLabelT, type FieldDef, type FieldName, type Option, type ResourceDef, type Row, type TreeOption } from '../../../kit/index.ts';
import { refreshAccess } from '../access.ts';
import { useQuery } from '@tanstack/react-query';
import { fetchMenuTree, type MenuRow } from './menu.api.ts';
import './menuMessages.ts';

const typeOptions: Option[] = [
  { value: 0, label: 'type.0', color: 'blue' },
  { value: 1, label: 'type.1', color: 'green' },
  { value: 2, label: 'type.2', color: 'orange' },
];
const statusOptions: Option[] = [
  { value: 0, label: 'status.0', color: 'green' },
  { value: 1, label: 'status.1', color: 'red' },
];
const loadOptions: Option[] = [
  { value: 0, label: 'loadType.0' },
  { value: 1, label: 'loadType.1' },
];

const TREE_KEY = ['kit', 'menu', 'editorTree'] as const;

function useEditorTree() {
  return useQuery({ queryKey: TREE_KEY, queryFn: fetchMenuTree, staleTime: 10_000 });
}

function useMenuLabel() {
  const lang = useLang();
  return (m: Pick<MenuRow, 'name' | 'nameEn'>) => (lang === 'en-US' ? m.nameEn || m.name : m.name);
}

/** Parent picker: directories and screens (a button cannot be a parent). */
function useParentTree(): TreeOption[] {
  const { data } = useEditorTree();
  const label = useMenuLabel();
  const tl = useLabelT('menu');
  const map = (nodes: MenuRow[]): TreeOption[] =>
    nodes.filter((n) => n.type !== 2).map((n) => ({ value: n.id, title: label(n), children: map(n.children ?? []) }));
  return [{ value: 0, title: tl('root'), children: map(data ?? []) }];
}

function findSiblings(nodes: MenuRow[], parentId: number | null): MenuRow[] {
  if (parentId === null || parentId === 0) return nodes;
  for (const n of nodes) {
    if (n.id === parentId) return n.children ?? [];
    const deeper = findSiblings(n.children ?? [], parentId);
    if (deeper.length || (n.children ?? []).some((c) => c.id === parentId)) return deeper;
  }
  return [];
}

/** "Place after": the siblings under the chosen parent (the menu itself left out). */
function PrevPicker({ value, onChange, id }: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  const form = Form.useFormInstance();
  const parentId = Form.useWatch('parentId', form) as number | null | undefined;
  const selfId = Form.useWatch('id', form) as number | undefined;
  const { data } = useEditorTree();
  const label = useMenuLabel();
  const tl = useLabelT('menu');
  const sibs = findSiblings(data ?? [], parentId ?? null).filter((s) => s.id !== selfId);
  return (
    <Select
      id={id}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={tl('field.prevId')}
      options={[{ value: 0, label: tl('first') }, ...sibs.map((s) => ({ value: s.id, label: label(s) }))]}
    />
  );
}

function IconPicker({ value, onChange, id }: { value?: string | null; onChange?: (v: string | null) => void; id?: string }) {
  return (
    <Select
      id={id}
      allowClear
      showSearch
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={ICON_NAMES.map((n) => ({
        value: n,
        label: (
          <Space>
            <MenuIcon name={n} />
            {n}
          </Space>
        ),
        search: n,
      }))}
      optionFilterProp="search"
    />
  );
}

const S = menuCreate.shape;
/** The menu dialog's values: the contract's add and edit bodies, and the id shown (read-only) when editing. */
type MenuForm = z.input<typeof menuCreate> & z.input<typeof menuUpdate> & { id?: number };
/** The editor filters the whole tree in the browser (no list query goes to the server). */
type MenuFilter = { name?: string; status?: number };
type MenuDef = ResourceDef<MenuRow, MenuForm, MenuFilter>;

const form: FieldDef<FieldName<MenuForm>>[] = [
  { name: 'id', label: 'field.id', modes: ['edit'], disabled: true, required: false },
  { name: 'type', label: 'field.type', type: 'radio', options: typeOptions, initialValue: 1, required: true },
  { name: 'parentId', label: 'field.parentId', type: 'treeSelect', useTree: useParentTree, initialValue: 0, required: true },
  { name: 'prevId', label: 'field.prevId', type: 'custom', render: () => <PrevPicker />, extra: 'prevHint', dependencies: ['parentId'] },
  { name: 'name', label: 'field.name', rule: S.name },
  { name: 'nameEn', label: 'field.nameEn', rule: S.nameEn },
  { name: 'url', label: 'field.url', rule: S.url, extra: 'urlHint', hidden: (v) => v.type === 2, required: false },
  { name: 'icon', label: 'field.icon', type: 'custom', render: () => <IconPicker />, hidden: (v) => v.type === 2 },
  { name: 'perms', label: 'field.perms', rule: S.perms, extra: 'permsHint', hidden: (v) => v.type === 0 },
  { name: 'loadType', label: 'field.loadType', type: 'select', options: loadOptions, initialValue: 0, hidden: (v) => v.type === 2 },
  { name: 'status', label: 'field.status', type: 'radio', options: statusOptions, initialValue: 0, required: true },
  { name: 'remark', label: 'field.remark', type: 'textarea', rule: S.remark },
];

function prune(nodes: MenuRow[]): MenuRow[] {
  return nodes.map((n) => (n.children?.length ? { ...n, children: prune(n.children) } : { ...n, children: undefined }));
}

function filterTree(nodes: MenuRow[], name: string, status: unknown): MenuRow[] {
  const q = name.trim().toLowerCase();
  const hit = (n: MenuRow) =>
    (!q ||
      n.name.toLowerCase().includes(q) ||
      n.nameEn.toLowerCase().includes(q) ||
      (n.perms ?? '').toLowerCase().includes(q) ||
      (n.url ?? '').toLowerCase().includes(q)) &&
    (status === undefined || n.status === Number(status));
  const out: MenuRow[] = [];
  for (const n of nodes) {
    const kids = filterTree(n.children ?? [], name, status);
    if (hit(n) || kids.length) out.push({ ...n, children: kids });
  }
  return out;
}

const afterChange = () => void refreshAccess();

export const menuResource: MenuDef = {
  key: 'menu',
  ns: 'menu',
  name: 'menu',
  endpoint: { prefix: 'system', path: 'menu' },
  tree: true,
  nameField: 'name',
  perms: { add: Perm.menu.add, edit: Perm.menu.edit, remove: Perm.menu.remove },
  features: { batchRemove: false, selection: false },
  search: [
    { name: 'name', label: 'field.name' },
    { name: 'status', label: 'field.status', type: 'select', options: statusOptions },
  ],
  columns: [
    { key: 'name', label: 'field.name', width: 260, render: (_v, row) => <MenuName row={row} /> },
    { key: 'id', label: 'field.id', align: 'right' },
    { key: 'nameEn', label: 'field.nameEn', inTable: false },
    { key: 'type', label: 'field.type', options: typeOptions },
    { key: 'icon', label: 'field.icon', render: (v: string | null) => (v ? <MenuIcon name={v} /> : null) },
    { key: 'url', label: 'field.url' },
    { key: 'perms', label: 'field.perms' },
    { key: 'status', label: 'field.status', options: statusOptions },
    { key: 'loadType', label: 'field.loadType', options: loadOptions, inTable: false },
    { key: 'orderNum', label: 'field.orderNum', align: 'right' },
    { key: 'remark', label: 'field.remark', ellipsis: true, width: 160, detailSpan: 2 },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', inTable: false },
    { key: 'updateTime', label: 'field.updateTime', format: 'datetime', inTable: false },
  ],
  form,
  formColumns: 2,
  toForm: (row) => ({ ...row, parentId: row.parentId ?? 0, prevId: undefined }),
  toBody: (values: Row) => {
    const out = { ...values };
    delete out.id;
    if ('parentId' in out) out.parentId = out.parentId ? out.parentId : null;
    return out;
  },
  api: {
    list: async (body) => prune(filterTree(await fetchMenuTree(), String(body.name ?? ''), body.status)),
    get: (row) => http.get<MenuRow>(api.system(`menu/${row.id}`)),
    create: async (body) => {
      const r = await http.post(api.system('menu'), body);
      afterChange();
      return r;
    },
    update: async (row, body) => {
      const r = await http.put(api.system(`menu/${row.id}`), body);
      afterChange();
      return r;
    },
    remove: async (ids) => {
      const r = await http.del(api.system(`menu/${ids[0]}`));
      afterChange();
      return r;
    },
  },
};

function MenuName({ row }: { row: MenuRow }) {
  const label = useMenuLabel();
  return (
    <Space size={6}>
      {row.icon ? <MenuIcon name={row.icon} /> : null}
      <span>{label(row)}</span>
      {row.type === 2 ? null : row.status !== 0 ? <Tag color="red">×</Tag> : null}
    </Space>
  );
}

/** The menu editor: a tree with every field; type 2 entries carry permission codes. */
export default function MenuListPage() {
  const platform = useSession((s) => s.userInfo?.currentOrg?.enterpriseType === 1);
  const def = useMemo<MenuDef>(
    () => ({
      ...menuResource,
      features: { ...menuResource.features, ...(platform ? {} : { add: false, edit: false, remove: false }) },
      rowActions: platform
        ? [
            {
              key: 'addChild',
              label: 'addChild',
              perm: Perm.menu.add,
              visible: (r) => r.type !== 2,
              run: (row, ctx) => ctx.openAdd({ parentId: row.id, type: row.type === 0 ? 1 : 2 }),
            },
          ]
        : [],
    }),
    [platform],
  );
  return <ListPage def={def} />;
}
