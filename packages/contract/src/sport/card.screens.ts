import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/card module (a group per resource, merged into `Perm`). */
export const cardPermissions = {
  card: {
    list: 'sport:card:list',
    type: 'sport:card:type',
    sell: 'sport:card:sell',
    recharge: 'sport:card:recharge',
    edit: 'sport:card:edit',
    freeze: 'sport:card:freeze',
    share: 'sport:card:share',
    refund: 'sport:card:refund',
  },
} as const;

/** What the sport/card module brings to the console: permissions, menu directories, screens (in menu order); its words are in its `.words.ts`. */
export const cardModule = {
  name: 'sport/card',
  permissions: cardPermissions,
  screens: [
    {
      key: 'sport.card.list',
      path: '/sport/views/member/memberCard/index',
      title: { 'zh-CN': '会员卡', 'en-US': 'Member cards' },
      icon: 'CreditCardOutlined',
      permission: cardPermissions.card.list,
      cache: true,
      parent: 'member',
    },
    {
      key: 'sport.card.sell',
      path: '/sport/views/member/memberCard/sellCard',
      title: { 'zh-CN': '售卡', 'en-US': 'Sell a card' },
      icon: 'ShoppingCartOutlined',
      permission: cardPermissions.card.sell,
      cache: true,
      parent: 'member',
    },
    {
      key: 'sport.card.types',
      path: '/sport/views/member/memberCard/rulesSetting',
      title: { 'zh-CN': '卡类型设置', 'en-US': 'Card types' },
      icon: 'SettingOutlined',
      permission: cardPermissions.card.type,
      cache: true,
      parent: 'member',
    },
    {
      key: 'sport.card.usage',
      path: '/sport/views/member/memberCard/usageRecord',
      title: { 'zh-CN': '使用记录', 'en-US': 'Card usage' },
      icon: 'HistoryOutlined',
      permission: cardPermissions.card.list,
      cache: true,
      parent: 'member',
    },
    {
      key: 'sport.card.detail',
      path: '/sport/views/member/memberCard/cardDetail/:cardId',
      title: { 'zh-CN': '会员卡详情', 'en-US': 'Card detail' },
      icon: 'CreditCardOutlined',
      permission: cardPermissions.card.list,
      cache: true,
    },
  ],
} as const satisfies ContractModule;
