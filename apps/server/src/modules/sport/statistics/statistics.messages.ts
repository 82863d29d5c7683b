import { addMessages } from '../../../platform/i18n.ts';

/** Texts of the statistics module (server messages follow the request's `Lang`). */
addMessages({
  'zh-CN': {
    'statistics.rangeReversed': '结束日期不能早于开始日期',
    'statistics.rangeTooLong': '统计区间最多 {max} 天',
    'job.handler.statistics.rebuild': '按账务流水和订单重建统计日汇总',
  },
  'en-US': {
    'statistics.rangeReversed': 'The end date cannot be before the start date',
    'statistics.rangeTooLong': 'A statistics range is at most {max} days',
    'job.handler.statistics.rebuild': 'Rebuild the daily statistics from the ledger and the orders',
  },
});
