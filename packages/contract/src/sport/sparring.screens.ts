import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/sparring module (a group per resource, merged into `Perm`). */
export const sparringPermissions = {
  sparring: { list: 'sport:sparring:list', book: 'sport:sparring:book' },
  sparringPrice: {
    list: 'sport:sparringPrice:list',
    add: 'sport:sparringPrice:add',
    edit: 'sport:sparringPrice:edit',
    remove: 'sport:sparringPrice:remove',
  },
  sparringAudit: { list: 'sport:sparringAudit:list', review: 'sport:sparringAudit:review' },
} as const;

/** What the sport/sparring module brings to the console: permissions, menu directories, screens (in menu order); its words are in its `.words.ts`. */
export const sparringModule = {
  name: 'sport/sparring',
  permissions: sparringPermissions,
  screens: [
    {
      key: 'sport.sparring.list',
      path: '/sport/views/servicePersonal/rehearsalService/index',
      title: { 'zh-CN': '陪练服务', 'en-US': 'Sparring' },
      icon: 'UserSwitchOutlined',
      permission: sparringPermissions.sparring.list,
      cache: true,
      parent: 'coach',
    },
    {
      key: 'sport.sparring.prices',
      path: '/sport/views/servicePersonal/priceGroup/index',
      title: { 'zh-CN': '陪练价格组', 'en-US': 'Sparring price groups' },
      icon: 'TagsOutlined',
      permission: sparringPermissions.sparringPrice.list,
      cache: true,
      parent: 'coach',
    },
    {
      key: 'sport.sparring.audit',
      path: '/sport/views/servicePersonal/audit/index',
      title: { 'zh-CN': '价格组审核', 'en-US': 'Price group audit' },
      icon: 'AuditOutlined',
      permission: sparringPermissions.sparringAudit.list,
      cache: true,
      parent: 'coach',
    },
    {
      key: 'sport.sparring.detail',
      path: '/sport/views/servicePersonal/rehearsalService/detail/:orderId',
      title: { 'zh-CN': '陪练详情', 'en-US': 'Sparring detail' },
      icon: 'UserSwitchOutlined',
      permission: sparringPermissions.sparring.list,
      cache: true,
    },
  ],
} as const satisfies ContractModule;
