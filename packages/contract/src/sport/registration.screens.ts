import { without, type ContractModule } from '../module.ts';

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
      buttons: without(registrationPermissions.registration, 'list'),
      cache: true,
      parent: 'order',
    },
    {
      key: 'sport.pickup.records',
      path: '/sport/views/operatManagement/pickupRecords/index',
      title: { 'zh-CN': '领取记录', 'en-US': 'Pickup records' },
      icon: 'GiftOutlined',
      permission: registrationPermissions.pickup.list,
      buttons: without(registrationPermissions.pickup, 'list'),
      cache: true,
      parent: 'operatManagement',
    },
  ],
  buttons: {
    event: { 'zh-CN': '新建赛事', 'en-US': 'New event' },
    enter: { 'zh-CN': '报名', 'en-US': 'Enter' },
    verify: { 'zh-CN': '入场核验', 'en-US': 'Admission' },
    kit: { 'zh-CN': '物资领还', 'en-US': 'Kit' },
    move: { 'zh-CN': '改场次', 'en-US': 'Change session' },
    yearLimit: { 'zh-CN': '年度限次', 'en-US': 'Year limit' },
  },
  logLabels: {
    registration: { 'zh-CN': '赛事报名', 'en-US': 'Event entries' },
    pickup: { 'zh-CN': '领取记录', 'en-US': 'Pickup records' },
  },
  logActions: {
    event: { 'zh-CN': '新建赛事', 'en-US': 'New event' },
    session: { 'zh-CN': '新增场次', 'en-US': 'New session' },
    enter: { 'zh-CN': '报名', 'en-US': 'Enter' },
    verify: { 'zh-CN': '入场核验', 'en-US': 'Admission' },
    kit: { 'zh-CN': '物资领还', 'en-US': 'Kit' },
    move: { 'zh-CN': '改场次', 'en-US': 'Change session' },
    cancel: { 'zh-CN': '取消报名', 'en-US': 'Cancel entry' },
    describe: { 'zh-CN': '备注', 'en-US': 'Description' },
    yearLimit: { 'zh-CN': '年度限次', 'en-US': 'Year limit' },
    add: { 'zh-CN': '登记领取', 'en-US': 'Record a pickup' },
  },
} as const satisfies ContractModule;
