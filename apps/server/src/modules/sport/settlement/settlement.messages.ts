import { addMessages } from '../../../platform/i18n.ts';

/** The settlement module's own texts. */
addMessages({
  'zh-CN': {
    'settlement.dayAhead': '营业日 {day} 尚未开始，不能日结',
    'settlement.dayNotOver': '营业日 {day} 尚未结束，结束后才能签核',
    'settlement.closeSigned': '该日结已签核，不能再更改',
    'settlement.billDayAhead': '{day} 尚未开始，没有对账单',
    'settlement.billFailed': '下载对账单失败：{reason}',
    'settlement.billUnreadable': '对账单格式无法识别：{reason}',
    'settlement.mismatchResolved': '该差异已处理，不能再更改',
    'settlement.nothingToAdjust': '该差异金额为零，无需调账，请填写说明处理',
    'settlement.amountYuan': '金额须为元，最多两位小数',
  },
  'en-US': {
    'settlement.dayAhead': 'The business day {day} has not begun yet: it cannot be closed',
    'settlement.dayNotOver': 'The business day {day} is not over yet: sign it off once it is',
    'settlement.closeSigned': 'The close is signed off and can no longer change',
    'settlement.billDayAhead': '{day} has not begun yet: there is no bill for it',
    'settlement.billFailed': 'The bill could not be downloaded: {reason}',
    'settlement.billUnreadable': "The bill is not in the provider's format: {reason}",
    'settlement.mismatchResolved': 'The mismatch is resolved already and can no longer change',
    'settlement.nothingToAdjust': 'The mismatch moves no money: resolve it with a note',
    'settlement.amountYuan': 'The amount must be in yuan, with at most two decimals',
  },
});
