import type { MessageBusinessType } from '../../message/index.ts';

/** The cards module's message business type (its manifest contributes it; the message module seeds it): a card expires soon. */
export const cardExpiringType: MessageBusinessType = {
  code: 'card.expiring',
  label: '会员卡即将到期',
  variables: [
    { name: 'memberName', sample: '王小明' },
    { name: 'cardName', sample: '年度畅打卡' },
    { name: 'cardNo', sample: 'C00012345' },
    { name: 'expireDate', sample: '2026-12-31' },
    { name: 'balance', sample: '¥320.00' },
  ],
  channels: ['sms', 'wechat', 'email'],
  recipients: { member: true, operator: false, roleIds: [], orgUsers: false },
  text: {
    'zh-CN': { title: '会员卡即将到期', content: '{memberName}您好，您的{cardName}（卡号 {cardNo}）将于{expireDate}到期，余额 {balance}，请及时续卡。' },
    'en-US': {
      title: 'Your card expires soon',
      content: 'Dear {memberName}, your {cardName} (card {cardNo}) expires on {expireDate} with {balance} left. Renew it in time.',
    },
  },
};
