import { messageType } from '../../message/index.ts';

/** Booking's message business type (its manifest contributes it; the message module seeds it): a closure cancelled a booking. */
export const closureCancelledType = messageType({
  code: 'booking.closureCancelled',
  label: '关场取消预订',
  variables: {
    memberName: '王小明',
    venueName: '示范体育中心',
    slots: '羽毛球 3 号场 2026-12-05 18:00-20:00',
    orderNo: 'VB202612050012',
    reason: '场地维修',
    refundYuan: '120.00',
  },
  channels: ['station', 'sms', 'email'],
  recipients: { member: true, operator: true },
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
});
