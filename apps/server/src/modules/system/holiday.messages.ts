import { addMessages } from '../../platform/i18n.ts';

addMessages({
  'zh-CN': {
    'holiday.badDay': '日期无效',
    'holiday.duplicateDay': '同一天不能出现两次',
  },
  'en-US': {
    'holiday.badDay': 'The date is not valid',
    'holiday.duplicateDay': 'A day cannot be listed twice',
  },
});
