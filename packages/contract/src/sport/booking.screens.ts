import type { ContractModule } from '../module.ts';

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

/** What the sport/booking module brings to the console: permissions, menu directories, screens (in menu order); its words are in its `.words.ts`. */
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
      cache: true,
      parent: 'venue',
    },
    {
      key: 'sport.venue.workbench',
      path: '/sport/views/workBench/index',
      title: { 'zh-CN': '工作台', 'en-US': 'Workbench' },
      icon: 'DesktopOutlined',
      permission: bookingPermissions.booking.view,
      cache: true,
      parent: 'venue',
    },
    {
      key: 'sport.venue.fixed',
      path: '/sport/views/venueFixedManage/index',
      title: { 'zh-CN': '固定场管理', 'en-US': 'Fixed bookings' },
      icon: 'ScheduleOutlined',
      permission: bookingPermissions.booking.book,
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
} as const satisfies ContractModule;
