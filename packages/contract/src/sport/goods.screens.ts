import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/goods module (a group per resource, merged into `Perm`). */
export const goodsPermissions = {
  goods: { list: 'sport:goods:list', add: 'sport:goods:add', edit: 'sport:goods:edit', remove: 'sport:goods:remove', sell: 'sport:goods:sell' },
  goodsCategory: {
    list: 'sport:goods:category:list',
    add: 'sport:goods:category:add',
    edit: 'sport:goods:category:edit',
    remove: 'sport:goods:category:remove',
  },
  goodsStock: {
    list: 'sport:goods:stock:list',
    stockIn: 'sport:goods:stock:in',
    count: 'sport:goods:stock:adjust',
    transfer: 'sport:goods:stock:transfer',
    warehouse: 'sport:goods:stock:warehouse',
  },
  goodsRental: { list: 'sport:goods:rental:list', rent: 'sport:goods:rental:rent', back: 'sport:goods:rental:return' },
} as const;

/** What the sport/goods module brings to the console: permissions, menu directories, screens (in menu order); its words are in its `.words.ts`. */
export const goodsModule = {
  name: 'sport/goods',
  permissions: goodsPermissions,
  directories: [{ key: 'goodsMangement', title: { 'zh-CN': '商品管理', 'en-US': 'Goods' }, icon: 'ShoppingOutlined' }],
  screens: [
    {
      key: 'sport.goods.list',
      path: '/sport/views/goodsMangement/goodsList/index',
      title: { 'zh-CN': '商品列表', 'en-US': 'Goods' },
      icon: 'ShoppingOutlined',
      permission: goodsPermissions.goods.list,
      cache: true,
      parent: 'goodsMangement',
    },
    {
      key: 'sport.goods.classify',
      path: '/sport/views/goodsMangement/classify/index',
      title: { 'zh-CN': '商品分类', 'en-US': 'Goods categories' },
      icon: 'PartitionOutlined',
      permission: goodsPermissions.goodsCategory.list,
      cache: true,
      parent: 'goodsMangement',
    },
    {
      key: 'sport.goods.stockFlow',
      path: '/sport/views/goodsMangement/stockFlow/index',
      title: { 'zh-CN': '库存流水', 'en-US': 'Stock flow' },
      icon: 'StockOutlined',
      permission: goodsPermissions.goodsStock.list,
      cache: true,
      parent: 'goodsMangement',
    },
    {
      key: 'sport.goods.rentAndSale',
      path: '/sport/views/goodsMangement/rentAndSale/index',
      title: { 'zh-CN': '租售', 'en-US': 'Rent and sale' },
      icon: 'SwapOutlined',
      permission: goodsPermissions.goodsRental.list,
      cache: true,
      parent: 'goodsMangement',
    },
  ],
} as const satisfies ContractModule;
