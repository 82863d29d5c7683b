import { without, type ContractModule } from '../module.ts';
import { commercePermissions } from './commerce.screens.ts';

/** The permission codes of the sport/venue module (a group per resource, merged into `Perm`). */
export const venuePermissions = {
  // Venues and booking (issue 11).
  venue: {
    list: 'sport:venue:list',
    add: 'sport:venue:add',
    edit: 'sport:venue:edit',
    remove: 'sport:venue:remove',
    shop: 'sport:venue:shop',
    lock: 'sport:venue:lock',
    review: 'sport:venue:review',
  },
} as const;

/** What the sport/venue module brings to the console: permissions, menu directories, screens (in menu order), operation-log labels. */
export const venueModule = {
  name: 'sport/venue',
  permissions: venuePermissions,
  directories: [{ key: 'venue', title: { 'zh-CN': '场馆管理', 'en-US': 'Venues' }, icon: 'BankOutlined' }],
  screens: [
    {
      key: 'sport.venue.manage',
      path: '/sport/views/venueManagement/index',
      title: { 'zh-CN': '场馆信息', 'en-US': 'My venue' },
      icon: 'ShopOutlined',
      permission: venuePermissions.venue.list,
      buttons: { ...without(venuePermissions.venue, 'list', 'remove', 'review'), recharge: commercePermissions.account.recharge },
      cache: true,
      parent: 'venue',
    },
    {
      key: 'sport.venue.list',
      path: '/sport/views/venueManagementList/index',
      title: { 'zh-CN': '场馆列表', 'en-US': 'All venues' },
      icon: 'BankOutlined',
      permission: venuePermissions.venue.list,
      buttons: without(venuePermissions.venue, 'list'),
      cache: true,
      parent: 'venue',
    },
    {
      key: 'sport.venue.service',
      path: '/sport/views/serviceManagement/index',
      title: { 'zh-CN': '服务管理', 'en-US': 'Service management' },
      icon: 'SolutionOutlined',
      permission: venuePermissions.venue.list,
      buttons: { edit: venuePermissions.venue.edit, shop: venuePermissions.venue.shop, review: venuePermissions.venue.review },
      cache: true,
      parent: 'venue',
    },
  ],
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
} as const satisfies ContractModule;
