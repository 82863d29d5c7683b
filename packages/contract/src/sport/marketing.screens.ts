import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/marketing module (merged into `Perm`). */
export const marketingPermissions = {
  marketing: {
    list: 'sport:marketing:list',
    add: 'sport:marketing:add',
    edit: 'sport:marketing:edit',
    /** Pause, run again, end. */
    status: 'sport:marketing:status',
  },
} as const;

/** What the sport/marketing module brings to the console (spec 2.5 operatManagement/marketingManagement). */
export const marketingModule = {
  name: 'sport/marketing',
  permissions: marketingPermissions,
  // Under operatManagement, the directory the registration module declares (coupons sit there too).
  screens: [
    {
      key: 'sport.marketing.management',
      path: '/sport/views/operatManagement/marketingManagement/index',
      title: { 'zh-CN': '营销活动', 'en-US': 'Campaigns' },
      icon: 'RocketOutlined',
      permission: marketingPermissions.marketing.list,
      cache: true,
      parent: 'operatManagement',
    },
    // Not a menu: one campaign with its budget and uses.
    {
      key: 'sport.marketing.detail',
      path: '/sport/views/operatManagement/marketingManagement/detail/:id',
      title: { 'zh-CN': '活动详情', 'en-US': 'Campaign details' },
      icon: 'RocketOutlined',
      permission: marketingPermissions.marketing.list,
      cache: true,
    },
  ],
} as const satisfies ContractModule;
