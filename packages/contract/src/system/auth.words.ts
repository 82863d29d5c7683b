import type { ContractWords } from '../module.ts';

/** What the auth module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels. */
export const authWords = {
  name: 'auth',
  logLabels: {
    auth: { 'zh-CN': '登录认证', 'en-US': 'Sign-in' },
  },
} as const satisfies ContractWords;
