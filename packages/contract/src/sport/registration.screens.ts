import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/registration module (a group per resource, merged into `Perm`). */
export const registrationPermissions = {
  registration: {
    list: 'sport:registration:list',
    event: 'sport:registration:event',
    enter: 'sport:registration:enter',
    verify: 'sport:registration:verify',
    kit: 'sport:registration:kit',
    move: 'sport:registration:move',
    cancel: 'sport:registration:cancel',
    yearLimit: 'sport:registration:yearLimit',
  },
  pickup: { list: 'sport:pickup:list', add: 'sport:pickup:add' },
} as const;

/** What the sport/registration module brings to the console (spec 2.5 orderManagement/sportsRegistration, operatManagement/pickupRecords). */
export const registrationModule = {
  name: 'sport/registration',
  permissions: registrationPermissions,
  directories: [{ key: 'operatManagement', title: { 'zh-CN': '运营管理', 'en-US': 'Operations' }, icon: 'AppstoreOutlined' }],
  screens: [
    {
      key: 'sport.registration.entry',
      path: '/sport/views/orderManagement/sportsRegistration/entry/index',
      title: { 'zh-CN': '赛事报名', 'en-US': 'Event entries' },
      icon: 'TrophyOutlined',
      permission: registrationPermissions.registration.list,
      cache: true,
      parent: 'order',
    },
    {
      key: 'sport.pickup.records',
      path: '/sport/views/operatManagement/pickupRecords/index',
      title: { 'zh-CN': '领取记录', 'en-US': 'Pickup records' },
      icon: 'GiftOutlined',
      permission: registrationPermissions.pickup.list,
      cache: true,
      parent: 'operatManagement',
    },
  ],
} as const satisfies ContractModule;
