import type { ContractWords } from '../module.ts';

/** What the message module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels. */
export const messageWords = {
  name: 'message',
  logLabels: {
    message: { 'zh-CN': '消息管理', 'en-US': 'Messages' },
    station: { 'zh-CN': '站内信', 'en-US': 'Station messages' },
    backlog: { 'zh-CN': '待办消息', 'en-US': 'To-do messages' },
  },
} as const satisfies ContractWords;
