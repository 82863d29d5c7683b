import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { Perm, regionBody, type Page, type regionListQuery, type RegionRow, type regionUpdate, type RegionView } from '@venue/contract';
import { registerMessages, t } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { ListPage, type Option, type ResourceDef, type Row, type TreeOption } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('region', zh, en);

/**
 * A row of the region table: a node of GET region/tree whose empty `children` the table drops, or,
 * while searching, a row of POST region/list (with its parent's name and code). Both are the
 * contract's answers.
 */
export type Region = RegionView & Partial<Pick<RegionRow, 'parentName' | 'parentCode'>> & { children?: Region[] };

const levelOptions: Option[] = [
  { value: 1, label: 'level.l1', color: 'blue' },
  { value: 2, label: 'level.l2', color: 'cyan' },
  { value: 3, label: 'level.l3', color: 'green' },
  { value: 4, label: 'level.l4', color: 'default' },
];

/** The form checks with the contract's region body, the server's own rules. */
const rules = regionBody.shape;

const url = (p: string) => api.system(`region/${p}`);
const TREE_KEY = ['region', 'tree'] as const;

/** Leaves without an empty `children` list, so the table shows no expand button on them. */
function prune(nodes: Region[]): Region[] {
  return nodes.map(({ children, ...n }) => (children?.length ? { ...n, children: prune(children) } : n));
}

async function fetchTree(): Promise<Region[]> {
  return prune(await http.get<Region[]>(url('tree')));
}

/** Parent choices: the tree down to districts (a street has no children). */
function useRegionTree(): TreeOption[] {
  const { data } = useQuery({ queryKey: TREE_KEY, queryFn: fetchTree, staleTime: 30_000 });
  const map = (nodes: Region[]): TreeOption[] =>
    nodes.filter((n) => n.level < 4).map((n) => ({ value: n.id, title: `${n.name} (${n.code})`, children: n.children?.length ? map(n.children) : undefined }));
  return [{ value: 0, title: t('region:root'), children: map(data ?? []) }];
}

export const regionResource: ResourceDef<Region, z.input<typeof regionBody> & z.input<typeof regionUpdate>, z.input<typeof regionListQuery>> = {
  key: 'region',
  ns: 'region',
  name: 'name',
  nameField: 'name',
  tree: true,
  endpoint: { prefix: 'system', path: 'region' },
  perms: { add: Perm.region.edit, edit: Perm.region.edit, remove: Perm.region.edit },
  features: { export: false, import: false, batchRemove: false, selection: false },
  api: {
    // The whole tree; a search by code or name lists the matching regions flat.
    list: async (body) => {
      if (body.code || body.name || body.level) {
        const page = await http.post<Page<Region>>(url('list'), { ...body, pageNum: 1, pageSize: 500 });
        return page.data;
      }
      return fetchTree();
    },
  },
  search: [
    { name: 'name', label: 'field.name' },
    { name: 'code', label: 'field.code' },
    { name: 'level', label: 'field.level', type: 'select', options: levelOptions },
  ],
  columns: [
    { key: 'name', label: 'field.name' },
    { key: 'code', label: 'field.code', render: (v: string) => <code>{v}</code> },
    { key: 'level', label: 'field.level', options: levelOptions },
    { key: 'orderNum', label: 'field.orderNum', align: 'right' },
    { key: 'remark', label: 'field.remark', ellipsis: true, width: 200 },
    { key: 'updatedAt', label: 'field.updatedAt', format: 'datetime' },
  ],
  form: [
    { name: 'parentId', label: 'field.parentId', type: 'treeSelect', useTree: useRegionTree, initialValue: 0, required: false },
    { name: 'code', label: 'field.code', rule: rules.code, extra: 'codeHint' },
    { name: 'name', label: 'field.name', rule: rules.name },
    { name: 'orderNum', label: 'field.orderNum', type: 'integer', rule: rules.orderNum, required: false },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: rules.remark },
  ],
  formColumns: 1,
  toForm: (row) => ({ ...row, parentId: row.parentId ?? 0 }),
  toBody: (values: Row, mode, row) => {
    const merged =
      mode === 'edit' && row ? { code: row.code, name: row.name, parentId: row.parentId ?? 0, orderNum: row.orderNum, remark: row.remark, ...values } : values;
    return { ...merged, parentId: merged.parentId ? merged.parentId : null };
  },
  rowActions: [
    { key: 'addChild', label: 'addChild', perm: Perm.region.edit, visible: (r) => r.level < 4, run: (row, ctx) => ctx.openAdd({ parentId: row.id }) },
  ],
};

/** /system/region: administrative regions as a tree (add, add child, edit, delete). */
export default function RegionPage() {
  return <ListPage def={regionResource} />;
}
