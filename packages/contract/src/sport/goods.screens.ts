import { without, type ContractModule } from '../module.ts';

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

/** What the sport/goods module brings to the console: permissions, menu directories, screens (in menu order), operation-log labels. */
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
      buttons: without(goodsPermissions.goods, 'list'),
      cache: true,
      parent: 'goodsMangement',
    },
    {
      key: 'sport.goods.classify',
      path: '/sport/views/goodsMangement/classify/index',
      title: { 'zh-CN': '商品分类', 'en-US': 'Goods categories' },
      icon: 'PartitionOutlined',
      permission: goodsPermissions.goodsCategory.list,
      buttons: without(goodsPermissions.goodsCategory, 'list'),
      cache: true,
      parent: 'goodsMangement',
    },
    {
      key: 'sport.goods.stockFlow',
      path: '/sport/views/goodsMangement/stockFlow/index',
      title: { 'zh-CN': '库存流水', 'en-US': 'Stock flow' },
      icon: 'StockOutlined',
      permission: goodsPermissions.goodsStock.list,
      buttons: without(goodsPermissions.goodsStock, 'list'),
      cache: true,
      parent: 'goodsMangement',
    },
    {
      key: 'sport.goods.rentAndSale',
      path: '/sport/views/goodsMangement/rentAndSale/index',
      title: { 'zh-CN': '租售', 'en-US': 'Rent and sale' },
      icon: 'SwapOutlined',
      permission: goodsPermissions.goodsRental.list,
      buttons: without(goodsPermissions.goodsRental, 'list'),
      cache: true,
      parent: 'goodsMangement',
    },
  ],
  buttons: {
    rent: { 'zh-CN': '开单', 'en-US': 'New sale or rental' },
    back: { 'zh-CN': '归还', 'en-US': 'Return' },
    stockIn: { 'zh-CN': '入库', 'en-US': 'Stock in' },
    count: { 'zh-CN': '盘点/报损', 'en-US': 'Count and write off' },
    transfer: { 'zh-CN': '调拨', 'en-US': 'Transfer' },
    warehouse: { 'zh-CN': '仓库', 'en-US': 'Warehouses' },
  },
  logLabels: {
    goods: { 'zh-CN': '商品管理', 'en-US': 'Goods' },
    goodsCategory: { 'zh-CN': '商品分类', 'en-US': 'Goods categories' },
    goodsStock: { 'zh-CN': '商品库存', 'en-US': 'Goods stock' },
    goodsSale: { 'zh-CN': '商品售卖', 'en-US': 'Goods sales' },
    goodsRental: { 'zh-CN': '商品租赁', 'en-US': 'Goods rentals' },
  },
  logActions: {
    sell: { 'zh-CN': '售卖商品', 'en-US': 'Sell goods' },
    rent: { 'zh-CN': '租售开单', 'en-US': 'Rent and sell' },
    back: { 'zh-CN': '租赁归还', 'en-US': 'Rental return' },
    open: { 'zh-CN': '登记已拆封', 'en-US': 'Mark opened' },
    stockIn: { 'zh-CN': '入库', 'en-US': 'Stock in' },
    count: { 'zh-CN': '盘点调整', 'en-US': 'Stock count' },
    damage: { 'zh-CN': '报损', 'en-US': 'Write off' },
    transfer: { 'zh-CN': '调拨', 'en-US': 'Transfer' },
  },
} as const satisfies ContractModule;
