import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/coupon module (a group per resource, merged into `Perm`). */
export const couponPermissions = {
  coupon: {
    list: 'sport:coupon:list',
    add: 'sport:coupon:add',
    edit: 'sport:coupon:edit',
    remove: 'sport:coupon:remove',
    issue: 'sport:coupon:issue',
    void: 'sport:coupon:void',
    sell: 'sport:coupon:sell',
  },
} as const;

/** What the sport/coupon module brings to the console (spec 2.5 operatManagement/couponManagement). */
export const couponModule = {
  name: 'sport/coupon',
  permissions: couponPermissions,
  // Under operatManagement, the directory the registration module declares (its pickup records are there too).
  screens: [
    {
      key: 'sport.coupon.management',
      path: '/sport/views/operatManagement/couponManagement/index',
      title: { 'zh-CN': '优惠券管理', 'en-US': 'Coupons' },
      icon: 'GiftOutlined',
      permission: couponPermissions.coupon.list,
      cache: true,
      parent: 'operatManagement',
    },
    // Not a menu: one template with its stats, batches and coupons.
    {
      key: 'sport.coupon.details',
      path: '/sport/views/operatManagement/couponManagement/details/:id',
      title: { 'zh-CN': '优惠券详情', 'en-US': 'Coupon details' },
      icon: 'GiftOutlined',
      permission: couponPermissions.coupon.list,
      cache: true,
    },
  ],
} as const satisfies ContractModule;
