import { addMessages } from '../../../platform/i18n.ts';

/** Booking's own texts (the venue module holds the older `venue.*` ones). */
addMessages({
  'zh-CN': {
    'venue.cancelLineUnpaid': '未支付的预订只能整单取消',
  },
  'en-US': {
    'venue.cancelLineUnpaid': 'An unpaid booking is cancelled as a whole',
  },
});
