import type { ContractModule } from '../module.ts';

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

/** What the sport/venue module brings to the console: permissions, menu directories, screens (in menu order); its words are in its `.words.ts`. */
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
      cache: true,
      parent: 'venue',
    },
    {
      key: 'sport.venue.list',
      path: '/sport/views/venueManagementList/index',
      title: { 'zh-CN': '场馆列表', 'en-US': 'All venues' },
      icon: 'BankOutlined',
      permission: venuePermissions.venue.list,
      cache: true,
      parent: 'venue',
    },
    {
      key: 'sport.venue.service',
      path: '/sport/views/serviceManagement/index',
      title: { 'zh-CN': '服务管理', 'en-US': 'Service management' },
      icon: 'SolutionOutlined',
      permission: venuePermissions.venue.list,
      cache: true,
      parent: 'venue',
    },
  ],
} as const satisfies ContractModule;
