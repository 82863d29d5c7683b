import type { ContractWords } from '../module.ts';

/** What the sport/large-screen module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels and the names of its logged actions. */
export const largeScreenWords = {
  name: 'sport/large-screen',
  logLabels: {
    largescreen: { 'zh-CN': '数据大屏', 'en-US': 'Data wall' },
  },
  logActions: {
    linkAdd: { 'zh-CN': '新建展示链接', 'en-US': 'Create display link' },
    linkRevoke: { 'zh-CN': '撤销展示链接', 'en-US': 'Revoke display link' },
  },
} as const satisfies ContractWords;
