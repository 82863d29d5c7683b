import { without, type ContractWords } from '../module.ts';
import { commercePermissions } from './commerce.screens.ts';
import { venuePermissions } from './venue.screens.ts';

/** What the sport/venue module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions and its screens' menu buttons. */
export const venueWords = {
  name: 'sport/venue',
  logLabels: {
    venue: { 'zh-CN': '场馆管理', 'en-US': 'Venues' },
  },
  logActions: {
    shopStatus: { 'zh-CN': '上架/下架场馆', 'en-US': 'List or unlist venue' },
    lock: { 'zh-CN': '锁定场馆', 'en-US': 'Lock venue' },
    review: { 'zh-CN': '审核场馆', 'en-US': 'Review venue' },
    siteAdd: { 'zh-CN': '新增场地', 'en-US': 'Add court' },
    siteMerge: { 'zh-CN': '合并场地', 'en-US': 'Merge courts' },
    siteEdit: { 'zh-CN': '修改场地', 'en-US': 'Edit court' },
    siteRemove: { 'zh-CN': '删除场地', 'en-US': 'Delete court' },
    siteSplit: { 'zh-CN': '拆分场地', 'en-US': 'Split court' },
    priceAdd: { 'zh-CN': '新增价格', 'en-US': 'Add price' },
    priceEdit: { 'zh-CN': '修改价格', 'en-US': 'Edit price' },
    priceRemove: { 'zh-CN': '删除价格', 'en-US': 'Delete price' },
    templateAdd: { 'zh-CN': '新增价格模板', 'en-US': 'Add price template' },
    templateEdit: { 'zh-CN': '修改价格模板', 'en-US': 'Edit price template' },
    templateRemove: { 'zh-CN': '删除价格模板', 'en-US': 'Delete price template' },
    templateApply: { 'zh-CN': '应用价格模板', 'en-US': 'Apply price template' },
  },
  screenButtons: {
    'sport.venue.manage': { ...without(venuePermissions.venue, 'list', 'remove', 'review'), recharge: commercePermissions.account.recharge },
    'sport.venue.list': without(venuePermissions.venue, 'list'),
    'sport.venue.service': { edit: venuePermissions.venue.edit, shop: venuePermissions.venue.shop, review: venuePermissions.venue.review },
  },
} as const satisfies ContractWords;
