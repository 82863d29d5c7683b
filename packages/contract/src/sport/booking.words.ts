import { without, type ContractWords } from '../module.ts';
import { bookingPermissions } from './booking.screens.ts';
import { commercePermissions } from './commerce.screens.ts';

/** What the sport/booking module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions and its screens' menu buttons. */
export const bookingWords = {
  name: 'sport/booking',
  logLabels: {
    booking: { 'zh-CN': '场地预订', 'en-US': 'Booking' },
  },
  logActions: {
    order: { 'zh-CN': '预订场地', 'en-US': 'Book courts' },
    lock: { 'zh-CN': '锁定场地', 'en-US': 'Hold courts' },
    unlock: { 'zh-CN': '解除锁定', 'en-US': 'Release held courts' },
    cancel: { 'zh-CN': '取消预订', 'en-US': 'Cancel booking' },
    checkin: { 'zh-CN': '签到入场', 'en-US': 'Check in' },
    change: { 'zh-CN': '变更场地', 'en-US': 'Change booking' },
    fixedAdd: { 'zh-CN': '新增固定场', 'en-US': 'Add standing booking' },
    fixedCancel: { 'zh-CN': '取消固定场', 'en-US': 'Cancel standing booking' },
    closureAdd: { 'zh-CN': '新增闭馆', 'en-US': 'Add closure' },
    closureEdit: { 'zh-CN': '修改闭馆', 'en-US': 'Edit closure' },
    shiftCount: { 'zh-CN': '交班盘点', 'en-US': 'Count shift takings' },
    shiftHand: { 'zh-CN': '交班', 'en-US': 'Hand over shift' },
    shiftSign: { 'zh-CN': '接班签收', 'en-US': 'Sign for shift' },
  },
  screenButtons: {
    'sport.venue.reserve': { ...without(bookingPermissions.booking, 'view'), pay: commercePermissions.order.pay, orders: commercePermissions.order.list },
    'sport.venue.workbench': {
      settle: bookingPermissions.booking.settle,
      checkin: bookingPermissions.booking.checkin,
      pay: commercePermissions.order.pay,
      orders: commercePermissions.order.list,
    },
    'sport.venue.fixed': { cancel: bookingPermissions.booking.cancel, pay: commercePermissions.order.pay, orders: commercePermissions.order.list },
    'sport.venue.verify': { pay: commercePermissions.order.pay, orders: commercePermissions.order.list },
  },
} as const satisfies ContractWords;
