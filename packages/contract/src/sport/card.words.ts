import { without, type ContractWords } from '../module.ts';
import { cardPermissions } from './card.screens.ts';
import { commercePermissions } from './commerce.screens.ts';

/** What the sport/card module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions and its screens' menu buttons. */
export const cardWords = {
  name: 'sport/card',
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
  screenButtons: {
    'sport.card.list': { ...without(cardPermissions.card, 'list'), pay: commercePermissions.order.pay },
    'sport.card.sell': { pay: commercePermissions.order.pay },
    'sport.card.detail': { ...without(cardPermissions.card, 'list', 'type', 'sell'), pay: commercePermissions.order.pay },
  },
} as const satisfies ContractWords;
