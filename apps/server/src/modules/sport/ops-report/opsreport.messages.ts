import { addMessages } from '../../../platform/i18n.ts';

/** The ops-report module's own texts. */
addMessages({
  'zh-CN': {
    'opsReport.toRequired': '决算报告请选择结束日期',
    'opsReport.rangeReversed': '结束日期不能早于开始日期',
    'opsReport.rangeTooLong': '报告期间最长 {max} 天',
    'opsReport.exists': '该场馆 {from} 至 {to} 的报告已生成',
    'opsReport.noteRequired': '调整数据时请写明原因',
  },
  'en-US': {
    'opsReport.toRequired': 'Choose the last day of the final report',
    'opsReport.rangeReversed': 'The last day cannot be before the first',
    'opsReport.rangeTooLong': 'A report covers at most {max} days',
    'opsReport.exists': 'The venue already has this report for {from} to {to}',
    'opsReport.noteRequired': 'Say why the figure is adjusted',
  },
});
