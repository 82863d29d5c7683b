import { addMessages } from '../../../platform/i18n.ts';

/** The marketing module's own texts. */
addMessages({
  'zh-CN': {
    'campaign.budget': '营销活动「{name}」预算不足，本次优惠无法发放，请重新下单',
    'campaign.firstUsed': '该会员的首单优惠已被另一笔订单占用',
    'campaign.datesOrder': '结束时间须晚于开始时间',
    'campaign.tiersRequired': '请至少设置一档充值赠送',
    'campaign.offRequired': '请设置优惠方式和额度',
    'campaign.percentRange': '折扣比例须在 1–100 之间',
    'campaign.bandRequired': '请设置时段的开始和结束，且开始早于结束',
    'campaign.packRequired': '请选择触发订单和至少一张券模板',
    'campaign.templateOff': '券模板「{name}」已停用',
    'campaign.budgetBelowUsed': '预算不能低于已使用的 {yuan} 元',
    'campaign.ended': '活动已结束，不能再修改状态',
  },
  'en-US': {
    'campaign.budget': 'The budget of the campaign "{name}" cannot cover this discount; please place the order again',
    'campaign.firstUsed': "Another order holds this member's first-booking discount",
    'campaign.datesOrder': 'The end must come after the start',
    'campaign.tiersRequired': 'Set at least one recharge bonus tier',
    'campaign.offRequired': 'Set the kind and size of the discount',
    'campaign.percentRange': 'The percent off must be between 1 and 100',
    'campaign.bandRequired': 'Set the start and end of the time band, the start first',
    'campaign.packRequired': 'Choose the order that gives the pack and at least one coupon template',
    'campaign.templateOff': 'The coupon template "{name}" is switched off',
    'campaign.budgetBelowUsed': 'The budget cannot be below the ¥{yuan} already used',
    'campaign.ended': 'The campaign has ended; its status cannot change',
  },
});
