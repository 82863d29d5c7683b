import type { MessageBusinessType } from '../../message/index.ts';

/** The training module's message business type (its manifest contributes it; the message module seeds it): a waiting member got a seat. */
export const coursePromotedType: MessageBusinessType = {
  code: 'course.promoted',
  label: '候补转正',
  variables: [
    { name: 'memberName', sample: '王小明' },
    { name: 'courseName', sample: '少儿游泳初级班' },
    { name: 'className', sample: '周六上午班' },
    { name: 'orderNo', sample: 'VB202612050012' },
    { name: 'amountYuan', sample: '1200.00' },
  ],
  channels: ['station', 'sms', 'email'],
  recipients: { member: true, operator: true, roleIds: [], orgUsers: false },
  text: {
    'zh-CN': {
      title: '候补成功：{courseName}',
      content: '{memberName}您好，您候补的{courseName}（{className}）有名额了，已为您保留座位（订单 {orderNo}，{amountYuan} 元），请尽快支付。',
    },
    'en-US': {
      title: 'Off the waitlist: {courseName}',
      content: 'Dear {memberName}, a seat in {courseName} ({className}) is yours: it is held for you (order {orderNo}, {amountYuan} yuan). Please pay soon.',
    },
  },
};

/** A lesson cancelled by the venue: each enrolled member is told, with the share of the price refunded (if any). */
export const courseLessonCancelledType: MessageBusinessType = {
  code: 'course.lessonCancelled',
  label: '课节取消',
  variables: [
    { name: 'memberName', sample: '王小明' },
    { name: 'courseName', sample: '少儿游泳初级班' },
    { name: 'className', sample: '周六上午班' },
    { name: 'lessonTime', sample: '2026-12-05 09:00' },
    { name: 'reason', sample: '泳池检修' },
    { name: 'refundYuan', sample: '160.00' },
  ],
  channels: ['station', 'sms', 'email'],
  recipients: { member: true, operator: true, roleIds: [], orgUsers: false },
  text: {
    'zh-CN': {
      title: '课节取消：{courseName}',
      content: '{memberName}您好，{courseName}（{className}）{lessonTime} 的课因{reason}取消，本节课费 {refundYuan} 元将原路退回。',
    },
    'en-US': {
      title: 'Lesson cancelled: {courseName}',
      content:
        'Dear {memberName}, the lesson of {courseName} ({className}) at {lessonTime} is cancelled ({reason}). Its share of {refundYuan} yuan goes back to your payment.',
    },
  },
};
