import type { FastifyInstance } from 'fastify';
import {
  Perm,
  deletedAnswer,
  goodsCategoryCreate,
  goodsCategoryRow,
  goodsCategoryTree,
  goodsCategoryUpdate,
  goodsCreate,
  goodsDetail,
  goodsListAnswer,
  goodsListQuery,
  goodsOrder,
  goodsOrderAnswer,
  goodsPageQuery,
  goodsRow,
  goodsSaleOpen,
  goodsSaleQuery,
  goodsSaleRow,
  goodsStockRow,
  goodsUpdate,
  idParams,
  idsParams,
  page,
  stockAdjust,
  stockAtAnswer,
  stockAtQuery,
  stockDamage,
  stockFlowQuery,
  stockIn,
  stockListQuery,
  stockMovementRow,
  stockTransfer,
  stockTransferAnswer,
  warehouseCreate,
  warehouseList,
  warehouseListQuery,
  warehouseRow,
  warehouseUpdate,
  counterOrder,
  rentalQuery,
  rentalRow,
  rentalDetail,
  rentalReturn,
  rentalQuote,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { afterCommit, idemKey, payDeps } from '../commerce/index.ts';
import {
  addCategory,
  addGoods,
  categoryTree,
  deleteCategories,
  deleteGoods,
  editCategory,
  editGoods,
  getGoods,
  listGoods,
  pageGoods,
} from './goods.service.ts';
import {
  adjustStock,
  addWarehouse,
  damageStock,
  editWarehouse,
  listStock,
  listWarehouses,
  stockAtMoment,
  stockFlow,
  stockIn as bookStockIn,
  transferStock,
} from './stock.service.ts';
import { listSales, openSale, orderAtCounter, orderGoods } from './sale.service.ts';
import { getRental, listRentals, quoteReturn, returnRental } from './rental.service.ts';

/** The goods module's calls, under `{sport}goods`: goods, categories, warehouses, stock and its ledger, selling. */
export function goodsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const url = (p: string) => `${sport}goods${p ? `/${p}` : ''}`;

  // ---------------------------------------------------------------- goods
  const goods = { module: 'goods' };
  defineRoute(app, {
    ...goods,
    method: 'POST',
    url: url('list'),
    // The desk sells goods with bookings and tickets: a seller may look them up.
    permission: [Perm.goods.list, Perm.goods.sell],
    action: 'list',
    readOnly: true,
    body: goodsListQuery,
    response: goodsListAnswer,
    handler: async ({ body, caller }) => listGoods(db, caller, body),
  });
  defineRoute(app, {
    ...goods,
    method: 'POST',
    url: url('page'),
    // Who rents goods out (at the counter, with tickets) reads the rent terms here.
    permission: [Perm.goods.list, Perm.goodsRental.rent],
    action: 'list',
    readOnly: true,
    body: goodsPageQuery,
    response: page(goodsRow),
    handler: async ({ body, caller }) => pageGoods(db, caller, body),
  });
  defineRoute(app, {
    ...goods,
    method: 'GET',
    url: url(':id'),
    permission: Perm.goods.list,
    action: 'get',
    params: idParams,
    response: goodsDetail,
    handler: async ({ params, caller }) => getGoods(db, caller, params.id),
  });
  defineRoute(app, {
    ...goods,
    method: 'POST',
    url: url(''),
    permission: Perm.goods.add,
    action: 'add',
    body: goodsCreate,
    response: goodsRow,
    handler: async ({ body, caller }) => addGoods(db, caller, body),
  });
  defineRoute(app, {
    ...goods,
    method: 'PUT',
    url: url(':id'),
    permission: Perm.goods.edit,
    action: 'edit',
    params: idParams,
    body: goodsUpdate,
    response: goodsRow,
    handler: async ({ params, body, caller }) => editGoods(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...goods,
    method: 'DELETE',
    url: url(':ids'),
    permission: Perm.goods.remove,
    action: 'remove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => deleteGoods(db, caller, params.ids),
  });

  // ---------------------------------------------------------------- categories (the goods list filters by them too)
  const category = { module: 'goodsCategory' };
  defineRoute(app, {
    ...category,
    method: 'GET',
    url: url('category/tree'),
    permission: [Perm.goodsCategory.list, Perm.goods.list],
    action: 'list',
    response: goodsCategoryTree,
    handler: async ({ caller }) => categoryTree(db, caller),
  });
  defineRoute(app, {
    ...category,
    method: 'POST',
    url: url('category'),
    permission: Perm.goodsCategory.add,
    action: 'add',
    body: goodsCategoryCreate,
    response: goodsCategoryRow,
    handler: async ({ body, caller }) => addCategory(db, caller, body),
  });
  defineRoute(app, {
    ...category,
    method: 'PUT',
    url: url('category/:id'),
    permission: Perm.goodsCategory.edit,
    action: 'edit',
    params: idParams,
    body: goodsCategoryUpdate,
    response: goodsCategoryRow,
    handler: async ({ params, body, caller }) => editCategory(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...category,
    method: 'DELETE',
    url: url('category/:ids'),
    permission: Perm.goodsCategory.remove,
    action: 'remove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => deleteCategories(db, caller, params.ids),
  });

  // ---------------------------------------------------------------- stock and its ledger
  const stock = { module: 'goodsStock' };
  defineRoute(app, {
    ...stock,
    method: 'POST',
    url: url('stock/in'),
    permission: Perm.goodsStock.stockIn,
    action: 'stockIn',
    body: stockIn,
    response: stockMovementRow,
    handler: async ({ body, caller }) => bookStockIn(db, caller, body),
  });
  defineRoute(app, {
    ...stock,
    method: 'POST',
    url: url('stock/adjust'),
    permission: Perm.goodsStock.count,
    action: 'count',
    body: stockAdjust,
    response: stockMovementRow,
    handler: async ({ body, caller }) => adjustStock(db, caller, body),
  });
  defineRoute(app, {
    ...stock,
    method: 'POST',
    url: url('stock/damage'),
    permission: Perm.goodsStock.count,
    action: 'damage',
    body: stockDamage,
    response: stockMovementRow,
    handler: async ({ body, caller }) => damageStock(db, caller, body),
  });
  defineRoute(app, {
    ...stock,
    method: 'POST',
    url: url('stock/transfer'),
    permission: Perm.goodsStock.transfer,
    action: 'transfer',
    body: stockTransfer,
    response: stockTransferAnswer,
    handler: async ({ body, caller }) => transferStock(db, caller, body),
  });
  defineRoute(app, {
    ...stock,
    method: 'POST',
    url: url('stock/flow'),
    permission: Perm.goodsStock.list,
    action: 'list',
    readOnly: true,
    body: stockFlowQuery,
    response: page(stockMovementRow),
    handler: async ({ body, caller }) => stockFlow(db, caller, body),
  });
  defineRoute(app, {
    ...stock,
    method: 'POST',
    url: url('stock/list'),
    permission: [Perm.goodsStock.list, Perm.goods.list],
    action: 'list',
    readOnly: true,
    body: stockListQuery,
    response: page(goodsStockRow),
    handler: async ({ body, caller }) => listStock(db, caller, body),
  });
  defineRoute(app, {
    ...stock,
    method: 'POST',
    url: url('stock/at'),
    permission: Perm.goodsStock.list,
    action: 'list',
    readOnly: true,
    body: stockAtQuery,
    response: stockAtAnswer,
    handler: async ({ body, caller }) => stockAtMoment(db, caller, body),
  });
  // A venue's warehouses (its default one is made when first listed).
  defineRoute(app, {
    ...stock,
    method: 'POST',
    url: url('warehouse/list'),
    permission: [Perm.goodsStock.list, Perm.goods.list],
    action: 'list',
    readOnly: true,
    body: warehouseListQuery,
    response: warehouseList,
    handler: async ({ body, caller }) => listWarehouses(db, caller, body),
  });
  defineRoute(app, {
    ...stock,
    method: 'POST',
    url: url('warehouse'),
    permission: Perm.goodsStock.warehouse,
    action: 'add',
    body: warehouseCreate,
    response: warehouseRow,
    handler: async ({ body, caller }) => addWarehouse(db, caller, body),
  });
  defineRoute(app, {
    ...stock,
    method: 'PUT',
    url: url('warehouse/:id'),
    permission: Perm.goodsStock.warehouse,
    action: 'edit',
    params: idParams,
    body: warehouseUpdate,
    response: warehouseRow,
    handler: async ({ params, body, caller }) => editWarehouse(db, caller, params.id, body),
  });

  // ---------------------------------------------------------------- selling
  const sale = { module: 'goodsSale' };
  defineRoute(app, {
    ...sale,
    method: 'POST',
    url: url('order'),
    permission: Perm.goods.sell,
    action: 'sell',
    body: goodsOrder,
    response: goodsOrderAnswer,
    handler: async ({ body, caller, req }) => orderGoods(db, caller, body, idemKey(req)),
  });
  defineRoute(app, {
    ...sale,
    method: 'POST',
    url: url('sale/list'),
    permission: [Perm.goods.sell, Perm.goods.list],
    action: 'list',
    readOnly: true,
    body: goodsSaleQuery,
    response: page(goodsSaleRow),
    handler: async ({ body, caller }) => listSales(db, caller, body),
  });
  defineRoute(app, {
    ...sale,
    method: 'POST',
    url: url('sale/:id/open'),
    permission: Perm.goods.sell,
    action: 'open',
    params: idParams,
    body: goodsSaleOpen,
    response: goodsSaleRow,
    handler: async ({ params, body, caller }) => openSale(db, caller, params.id, body.quantity),
  });

  // ---------------------------------------------------------------- the counter and rentals
  const rental = { module: 'goodsRental' };
  defineRoute(app, {
    ...rental,
    method: 'POST',
    url: url('counter/order'),
    permission: Perm.goodsRental.rent,
    action: 'rent',
    body: counterOrder,
    response: goodsOrderAnswer,
    handler: async ({ body, caller, req }) => orderAtCounter(db, caller, body, idemKey(req)),
  });
  defineRoute(app, {
    ...rental,
    method: 'POST',
    url: url('rental/list'),
    permission: Perm.goodsRental.list,
    action: 'list',
    readOnly: true,
    body: rentalQuery,
    response: page(rentalRow),
    handler: async ({ body, caller }) => listRentals(db, caller, body),
  });
  defineRoute(app, {
    ...rental,
    method: 'GET',
    url: url('rental/:id'),
    permission: Perm.goodsRental.list,
    action: 'detail',
    readOnly: true,
    params: idParams,
    response: rentalDetail,
    handler: async ({ params, caller }) => getRental(db, caller, params.id),
  });
  defineRoute(app, {
    ...rental,
    method: 'POST',
    url: url('rental/:id/quote'),
    permission: Perm.goodsRental.back,
    action: 'list',
    readOnly: true,
    params: idParams,
    body: rentalReturn,
    response: rentalQuote,
    handler: async ({ params, body, caller }) => quoteReturn(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...rental,
    method: 'POST',
    url: url('rental/:id/return'),
    permission: Perm.goodsRental.back,
    action: 'back',
    params: idParams,
    body: rentalReturn,
    response: rentalDetail,
    handler: async ({ params, body, caller, req }) => returnRental(db, caller, params.id, body, afterCommit(payDeps(ctx, req))),
  });
}
