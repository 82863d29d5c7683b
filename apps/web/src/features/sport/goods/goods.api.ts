import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  GoodsCategoryNode,
  GoodsRow,
  Page,
  goodsDetail,
  goodsOrderAnswer,
  counterOrder,
  rentalDetail,
  rentalQuote,
  rentalReturn,
  rentalRow,
  stockAdjust,
  stockAtAnswer,
  stockIn,
  stockMovementRow,
  stockTransfer,
  stockTransferAnswer,
  warehouseCreate,
  warehouseRow,
} from '@venue/contract';
import { queryClient } from '../../../app/query.ts';
import { api, http } from '../../../app/request.ts';
import { invalidateResource, type Option, type TreeOption } from '../../../kit/index.ts';

/** The goods calls (issue 27): `{sport}goods/...`, answers typed by the contract. */
export const goodsUrl = (p: string) => api.sport(`goods/${p}`);

export type GoodsDetail = z.output<typeof goodsDetail>;
export type Movement = z.output<typeof stockMovementRow>;
export type Warehouse = z.output<typeof warehouseRow>;
export type Rental = z.output<typeof rentalRow>;
export type RentalDetail = z.output<typeof rentalDetail>;
export type RentalQuote = z.output<typeof rentalQuote>;

export const goodsApi = {
  page: (body: Record<string, unknown>) => http.post<Page<GoodsRow>>(goodsUrl('page'), body),
  get: (id: number) => http.get<GoodsDetail>(goodsUrl(String(id))),
  categories: () => http.get<GoodsCategoryNode[]>(goodsUrl('category/tree')),
  warehouses: (stadiumId?: number) => http.post<Warehouse[]>(goodsUrl('warehouse/list'), stadiumId ? { stadiumId } : {}),
  addWarehouse: (body: z.input<typeof warehouseCreate>) => http.post<Warehouse>(goodsUrl('warehouse'), body),
  stockIn: (body: z.input<typeof stockIn>) => http.post<Movement>(goodsUrl('stock/in'), body),
  adjust: (body: z.input<typeof stockAdjust>) => http.post<Movement>(goodsUrl('stock/adjust'), body),
  transfer: (body: z.input<typeof stockTransfer>) => http.post<z.output<typeof stockTransferAnswer>>(goodsUrl('stock/transfer'), body),
  flow: (body: Record<string, unknown>) => http.post<Page<Movement>>(goodsUrl('stock/flow'), body),
  counterOrder: (body: z.input<typeof counterOrder>, key: string) =>
    http.post<z.output<typeof goodsOrderAnswer>>(goodsUrl('counter/order'), body, { headers: { 'Idempotency-Key': key } }),
  rentals: (body: Record<string, unknown>) => http.post<Page<Rental>>(goodsUrl('rental/list'), body),
  rental: (id: number) => http.get<RentalDetail>(goodsUrl(`rental/${id}`)),
  quoteReturn: (id: number, body: z.input<typeof rentalReturn>) => http.post<RentalQuote>(goodsUrl(`rental/${id}/quote`), body, { silent: true }),
  returnRental: (id: number, body: z.input<typeof rentalReturn>) => http.post<RentalDetail>(goodsUrl(`rental/${id}/return`), body),
  stockAt: (goodsId: number, at: string, warehouseId?: number) =>
    http.post<z.output<typeof stockAtAnswer>>(goodsUrl('stock/at'), { goodsId, at, ...(warehouseId ? { warehouseId } : {}) }),
};

/** Every goods query starts with 'goods'. */
export const CATEGORY_KEY = ['goods', 'categories'] as const;
export const WAREHOUSE_KEY = ['goods', 'warehouses'] as const;

/** After stock moved or goods changed: the goods list, the flow and the pickers are refetched. */
export function refreshGoods(): void {
  void queryClient.invalidateQueries({ queryKey: ['goods'] });
  void invalidateResource('goods');
  void invalidateResource('goodsCategory');
  void invalidateResource('stockFlow');
  void invalidateResource('goodsRental');
}

export function useCategories() {
  return useQuery({ queryKey: CATEGORY_KEY, queryFn: goodsApi.categories, staleTime: 30_000 });
}

function treeOf(nodes: GoodsCategoryNode[] | undefined, disabled?: (n: GoodsCategoryNode) => boolean): TreeOption[] {
  return (nodes ?? []).map((n) => ({
    value: n.id,
    title: n.name,
    disabled: disabled?.(n),
    children: n.children.length ? treeOf(n.children, disabled) : undefined,
  }));
}

/** The categories as a tree select (kit FieldDef.useTree). */
export function useCategoryTree(): TreeOption[] {
  return treeOf(useCategories().data);
}

/** Every warehouse of the organisation (the default one of each venue included). */
export function useWarehouses() {
  return useQuery({ queryKey: WAREHOUSE_KEY, queryFn: () => goodsApi.warehouses(), staleTime: 30_000 });
}

export function useWarehouseOptions(): Option[] {
  return (useWarehouses().data ?? []).map((w) => ({ value: w.id, label: w.name }));
}

/** The goods as options (id and "name · code"), for the flow's filter and the transfer. */
export function useGoodsOptions(): Option[] {
  const goods = useQuery({ queryKey: ['goods', 'options'], queryFn: () => goodsApi.page({ pageNum: 1, pageSize: 500 }), staleTime: 30_000 });
  return (goods.data?.data ?? []).map((g) => ({ value: g.id, label: `${g.name} · ${g.code}` }));
}
