import { without, type ContractWords } from '../module.ts';
import { goodsPermissions } from './goods.screens.ts';

/** What the sport/goods module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions, its screens' menu buttons and their titles. */
export const goodsWords = {
  name: 'sport/goods',
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
  buttons: {
    rent: { 'zh-CN': '开单', 'en-US': 'New sale or rental' },
    back: { 'zh-CN': '归还', 'en-US': 'Return' },
    stockIn: { 'zh-CN': '入库', 'en-US': 'Stock in' },
    count: { 'zh-CN': '盘点/报损', 'en-US': 'Count and write off' },
    transfer: { 'zh-CN': '调拨', 'en-US': 'Transfer' },
    warehouse: { 'zh-CN': '仓库', 'en-US': 'Warehouses' },
  },
  screenButtons: {
    'sport.goods.list': without(goodsPermissions.goods, 'list'),
    'sport.goods.classify': without(goodsPermissions.goodsCategory, 'list'),
    'sport.goods.stockFlow': without(goodsPermissions.goodsStock, 'list'),
    'sport.goods.rentAndSale': without(goodsPermissions.goodsRental, 'list'),
  },
} as const satisfies ContractWords;
