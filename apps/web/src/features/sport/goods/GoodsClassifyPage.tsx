import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { Perm, goodsCategoryCreate, type GoodsCategoryNode, type goodsCategoryUpdate } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { useKitT, ListPage, type ResourceDef, type TreeOption } from '../../../kit/index.ts';
import { goodsApi, goodsUrl, refreshGoods, useCategories, useCategoryTree } from './goods.api.ts';
import { http } from '../../../app/request.ts';
import { ActionDialog, NS, useGoodsT } from './shared.tsx';

/** A row of the category tree: a node whose empty `children` the table drops (a leaf shows no expander). */
type Category = Omit<GoodsCategoryNode, 'children'> & { children?: Category[] };
type CategoryForm = z.input<typeof goodsCategoryCreate> & z.input<typeof goodsCategoryUpdate>;

function prune(nodes: GoodsCategoryNode[], keep: (n: GoodsCategoryNode) => boolean = () => true): Category[] {
  const out: Category[] = [];
  for (const n of nodes) {
    const children = prune(n.children, keep);
    if (!keep(n) && !children.length) continue;
    out.push({ ...n, children: children.length ? children : undefined });
  }
  return out;
}

/** The tree as the server answers it, narrowed by name (a match keeps the categories above it). */
async function categoryList(body: Record<string, unknown>): Promise<Category[]> {
  const tree = await goodsApi.categories();
  const name = typeof body.name === 'string' ? body.name.trim().toLowerCase() : '';
  return prune(tree, name ? (n) => n.name.toLowerCase().includes(name) : undefined);
}

const save = async <T,>(call: Promise<T>): Promise<T> => {
  const r = await call;
  refreshGoods();
  return r;
};

export const categoryResource: ResourceDef<Category, CategoryForm, { name?: string }> = {
  key: 'goodsCategory',
  ns: NS,
  name: 'category',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'goods/category' },
  tree: true,
  perms: { add: Perm.goodsCategory.add, edit: Perm.goodsCategory.edit, remove: Perm.goodsCategory.remove },
  features: { export: false, import: false, batchRemove: false, selection: false, detail: false },
  api: {
    list: categoryList,
    get: async (row) => {
      const find = (nodes: GoodsCategoryNode[]): GoodsCategoryNode | undefined => {
        for (const n of nodes) {
          if (n.id === row.id) return n;
          const c = find(n.children);
          if (c) return c;
        }
        return undefined;
      };
      const fresh = find(await goodsApi.categories());
      return fresh ? { ...fresh, children: undefined } : row;
    },
    create: (body) => save(http.post(goodsUrl('category'), body)),
    update: (row, body) => save(http.put(goodsUrl(`category/${row.id}`), body)),
    remove: (ids) => save(http.del(goodsUrl(`category/${ids.join(',')}`))),
  },
  search: [{ name: 'name', label: 'field.categoryTitle' }],
  columns: [
    { key: 'name', label: 'field.categoryTitle', width: 280 },
    { key: 'goodsCount', label: 'field.goodsCount', content: 'number', align: 'right' },
    { key: 'sort', label: 'field.sort', content: 'number', align: 'right' },
    { key: 'createTime', label: 'field.createTime', format: 'datetime' },
  ],
  form: [
    { name: 'parentId', label: 'field.parentId', type: 'treeSelect', useTree: useCategoryTree, required: false },
    { name: 'name', label: 'field.categoryTitle', rule: goodsCategoryCreate.shape.name },
    { name: 'sort', label: 'field.sort', type: 'integer', rule: goodsCategoryCreate.shape.sort.unwrap(), required: false, initialValue: 0 },
  ],
  toBody: (values, mode) => (mode === 'add' ? { sort: 0, ...values } : values),
};

/** The tree with a category and everything under it disabled (where it cannot move). */
function useMoveTree(moving: Category | null): TreeOption[] {
  const t = useGoodsT();
  const nodes = useCategories().data ?? [];
  const walk = (list: GoodsCategoryNode[], blocked: boolean): TreeOption[] =>
    list.map((n) => {
      const off = blocked || n.id === moving?.id;
      return { value: n.id, title: n.name, disabled: off, children: n.children.length ? walk(n.children, off) : undefined };
    });
  return [{ value: 0, title: t('toTop') }, ...walk(nodes, false)];
}

/** sport.goods.classify (goodsMangement/classify): the categories as a tree; add a subcategory, rename, move, delete. */
export default function GoodsClassifyPage() {
  const t = useGoodsT();
  const tk = useKitT();
  const [moving, setMoving] = useState<Category | null>(null);
  const tree = useMoveTree(moving);
  const def = useMemo<typeof categoryResource>(
    () => ({
      ...categoryResource,
      inlineActions: 4,
      rowActions: [
        { key: 'addChild', label: 'addChild', perm: Perm.goodsCategory.add, run: (row, ctx) => ctx.openAdd({ parentId: row.id }) },
        { key: 'move', label: 'move', perm: Perm.goodsCategory.edit, run: (row) => setMoving(row) },
      ],
    }),
    [],
  );
  return (
    <div data-testid="goods-category-page">
      <ListPage def={def} />
      <ActionDialog
        open={!!moving}
        title={moving ? t('moveTitle', { name: moving.name }) : ''}
        testId="goods-category-move"
        initial={{ parentId: moving?.parentId ?? 0 }}
        fields={[{ name: 'parentId', label: 'field.parentId', type: 'treeSelect', useTree: () => tree, required: true }]}
        onClose={() => setMoving(null)}
        onSubmit={async (v) => {
          const parentId = v.parentId ? (v.parentId as number) : null;
          await save(http.put(goodsUrl(`category/${moving!.id}`), { parentId, version: moving!.version }));
          success(tk('saved'));
        }}
      />
    </div>
  );
}
