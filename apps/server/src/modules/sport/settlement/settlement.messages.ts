import { addMessages } from '../../../platform/i18n.ts';

/** The settlement module's own texts. */
addMessages({
  'zh-CN': {
    'settlement.dayAhead': '营业日 {{day}} 尚未开始，不能日结',
    'settlement.dayNotOver': '营业日 {{day}} 尚未结束，结束后才能签核',
    'settlement.closeSigned': '该日结已签核，不能再更改',
  },
  'en-US': {
    'settlement.dayAhead': 'The business day {{day}} has not begun yet: it cannot be closed',
    'settlement.dayNotOver': 'The business day {{day}} is not over yet: sign it off once it is',
    'settlement.closeSigned': 'The close is signed off and can no longer change',
  },
});
