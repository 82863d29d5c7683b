import { messageType } from '../../message/index.ts';

/** The messages of the desk: a work order assigned (to its assignee), feedback answered (to the member). */
export const WORK_ORDER_ASSIGNED = 'deskops.workOrderAssigned';
export const FEEDBACK_ANSWERED = 'deskops.feedbackAnswered';

export const feedbackAnsweredType = messageType({
  code: FEEDBACK_ANSWERED,
  label: '意见反馈已答复',
  variables: { memberName: '张三', content: '淋浴间热水不够', opinion: '已安排维修，感谢反馈' },
  channels: ['sms', 'email'],
  recipients: { member: true },
  text: {
    'zh-CN': { title: '您的意见反馈已答复', content: '{memberName}您好，您反馈的「{content}」已处理：{opinion}' },
    'en-US': { title: 'Your feedback was answered', content: 'Dear {memberName}, your feedback "{content}" was handled: {opinion}' },
  },
});
