import { without, type ContractModule } from '../module.ts';
import { commercePermissions } from './commerce.screens.ts';

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

/** What the sport/card module brings to the console: permissions, menu directories, screens (in menu order), operation-log labels. */
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
      buttons: { ...without(cardPermissions.card, 'list'), pay: commercePermissions.order.pay },
      cache: true,
      parent: 'member',
    },
    {
      key: 'sport.card.sell',
      path: '/sport/views/member/memberCard/sellCard',
      title: { 'zh-CN': '售卡', 'en-US': 'Sell a card' },
      icon: 'ShoppingCartOutlined',
      permission: cardPermissions.card.sell,
      buttons: { pay: commercePermissions.order.pay },
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
      buttons: { ...without(cardPermissions.card, 'list', 'type', 'sell'), pay: commercePermissions.order.pay },
      cache: true,
    },
  ],
  logLabels: {
    card: { 'zh-CN': '会员卡', 'en-US': 'Member cards' },
  },
  logActions: {
    sell: { 'zh-CN': '售卡', 'en-US': 'Sell a card' },
    recharge: { 'zh-CN': '会员卡充值', 'en-US': 'Recharge a card' },
    memberCheckin: { 'zh-CN': '会员签到', 'en-US': 'Member check-in' },
    date: { 'zh-CN': '修改有效期', 'en-US': 'Change validity' },
    freeze: { 'zh-CN': '冻结', 'en-US': 'Freeze' },
    unfreeze: { 'zh-CN': '解冻', 'en-US': 'Unfreeze' },
    manager: { 'zh-CN': '更换负责人', 'en-US': 'Change manager' },
    rules: { 'zh-CN': '修改使用规则', 'en-US': 'Change usage rules' },
    cardRefund: { 'zh-CN': '退卡', 'en-US': 'Card refund' },
    share: { 'zh-CN': '共享设置', 'en-US': 'Share settings' },
    unshare: { 'zh-CN': '取消共享', 'en-US': 'Stop sharing' },
    distribute: { 'zh-CN': '分配给员工', 'en-US': 'Give to an entrant' },
  },
} as const satisfies ContractModule;
