import { without, type ContractModule } from '../module.ts';
import { commercePermissions } from './commerce.screens.ts';

/** The permission codes of the sport/booking module (a group per resource, merged into `Perm`). */
export const bookingPermissions = {
  booking: {
    view: 'sport:booking:view',
    book: 'sport:booking:book',
    lock: 'sport:booking:lock',
    cancel: 'sport:booking:cancel',
    checkin: 'sport:booking:checkin',
    close: 'sport:booking:close',
    settle: 'sport:booking:settle',
  },
} as const;

/** What the sport/booking module brings to the console: permissions, menu directories, screens (in menu order), operation-log labels. */
export const bookingModule = {
  name: 'sport/booking',
  permissions: bookingPermissions,
  screens: [
    // Venues and booking.
    {
      key: 'sport.venue.reserve',
      path: '/sport/views/venueReserve/index',
      title: { 'zh-CN': '场地预订', 'en-US': 'Booking' },
      icon: 'TableOutlined',
      permission: bookingPermissions.booking.view,
      buttons: { ...without(bookingPermissions.booking, 'view'), pay: commercePermissions.order.pay, orders: commercePermissions.order.list },
      cache: true,
      parent: 'venue',
    },
    {
      key: 'sport.venue.workbench',
      path: '/sport/views/workBench/index',
      title: { 'zh-CN': '工作台', 'en-US': 'Workbench' },
      icon: 'DesktopOutlined',
      permission: bookingPermissions.booking.view,
      buttons: {
        settle: bookingPermissions.booking.settle,
        checkin: bookingPermissions.booking.checkin,
        pay: commercePermissions.order.pay,
        orders: commercePermissions.order.list,
      },
      cache: true,
      parent: 'venue',
    },
    {
      key: 'sport.venue.fixed',
      path: '/sport/views/venueFixedManage/index',
      title: { 'zh-CN': '固定场管理', 'en-US': 'Fixed bookings' },
      icon: 'ScheduleOutlined',
      permission: bookingPermissions.booking.book,
      buttons: { cancel: bookingPermissions.booking.cancel, pay: commercePermissions.order.pay, orders: commercePermissions.order.list },
      cache: true,
      parent: 'venue',
    },
    {
      key: 'sport.venue.closed',
      path: '/sport/views/closedManagement/index',
      title: { 'zh-CN': '关场管理', 'en-US': 'Closures' },
      icon: 'StopOutlined',
      permission: bookingPermissions.booking.close,
      cache: false,
      parent: 'venue',
    },
    {
      key: 'sport.venue.verify',
      path: '/sport/views/venueManageVerify/index',
      title: { 'zh-CN': '场地核销', 'en-US': 'Check-in' },
      icon: 'ScanOutlined',
      permission: bookingPermissions.booking.checkin,
      buttons: { pay: commercePermissions.order.pay, orders: commercePermissions.order.list },
      cache: true,
      parent: 'venue',
    },
    {
      key: 'sport.venue.adjustment',
      path: '/sport/views/venueReserve/adjustment/index',
      title: { 'zh-CN': '场地变更', 'en-US': 'Change a booking' },
      icon: 'SwapOutlined',
      permission: bookingPermissions.booking.book,
      cache: true,
    },
    {
      key: 'sport.venue.orderDetails',
      path: '/sport/views/venueReserve/orderDetails/:orderId',
      title: { 'zh-CN': '预订详情', 'en-US': 'Booking detail' },
      icon: 'FileTextOutlined',
      permission: bookingPermissions.booking.view,
      cache: true,
    },
  ],
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
} as const satisfies ContractModule;
