import { addMessages } from '../../../platform/i18n.ts';

/** Messages of the refund rules (issue 23, medium 7): who may refund, and how much. */
addMessages({
  'zh-CN': {
    'commerce.refundOwnReview': '不能审核自己申请的退款，请由其他人审核',
    'commerce.refundOverLimit': '退款金额超出您的角色限额（单笔最多 {maxYuan} 元）',
    'commerce.refundOverDrawer': '现金退款超出钱箱现金（当前 {cashYuan} 元），请改用转账或先收款',
    'commerce.refundLimits': '退款限额格式不正确',
  },
  'en-US': {
    'commerce.refundOwnReview': 'You cannot review a refund you applied for: someone else must review it',
    'commerce.refundOverLimit': 'The refund is over your role’s limit (at most {maxYuan} yuan each)',
    'commerce.refundOverDrawer': 'The cash refund is more than the cash in the drawer ({cashYuan} yuan now): pay it by transfer, or take the cash first',
    'commerce.refundLimits': 'The refund limits are not valid',
  },
});
