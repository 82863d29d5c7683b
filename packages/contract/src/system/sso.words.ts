import type { ContractWords } from '../module.ts';

/** What the sso module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels. */
export const ssoWords = {
  name: 'sso',
  logLabels: {
    sso: { 'zh-CN': '统一认证', 'en-US': 'Single sign-on' },
  },
} as const satisfies ContractWords;
