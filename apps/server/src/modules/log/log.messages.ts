import { addMessages } from '../../platform/i18n.ts';

addMessages({
  'zh-CN': {
    'log.timeRange': '结束时间不能早于开始时间',
    'log.exportTooMany': '一次最多导出 {max} 条，请缩小查询范围',
  },
  'en-US': {
    'log.timeRange': 'The end time cannot be earlier than the start time',
    'log.exportTooMany': 'At most {max} rows can be exported at once; narrow the search',
  },
});
