import type { MessageBusinessType } from '../../message/index.ts';

/** Booking's message business type (its manifest contributes it; the message module seeds it): a closure cancelled a booking. */
export const closureCancelledType: MessageBusinessType = {
  code: 'booking.closureCancelled',
  label: '关场取消预订',
  variables: [
    { name: 'memberName', sample: '王小明' },
    { name: 'venueName', sample: '示范体育中心' },
    { name: 'slots', sample: '羽毛球 3 号场 2026-12-05 18:00-20:00' },
    { name: 'orderNo', sample: 'VB202612050012' },
    { name: 'reason', sample: '场地维修' },
    { name: 'refundYuan', sample: '120.00' },
  ],
  channels: ['station', 'sms', 'email'],
  recipients: { member: true, operator: true, roleIds: [], orgUsers: false },
  text: {
    'zh-CN': {
      title: '预订已取消：{venueName}关场',
      content: '{memberName}您好，因{reason}，{venueName}关闭：{slots}。您的预订（订单 {orderNo}）已取消，{refundYuan} 元将原路退回。',
    },
    'en-US': {
      title: 'Booking cancelled: {venueName} closed',
      content:
        'Dear {memberName}, {venueName} is closed for {reason}: {slots}. Your booking (order {orderNo}) is cancelled and {refundYuan} yuan will be refunded.',
    },
  },
};
