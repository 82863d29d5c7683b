import type { ContractModule } from '../module.ts';

/** What single sign-on brings to the console: its operation-log label (its screen is auth's ssologin). */
export const ssoModule = {
  name: 'sso',
  permissions: {},
  screens: [],
  logLabels: {
    sso: { 'zh-CN': '统一认证', 'en-US': 'Single sign-on' },
  },
} as const satisfies ContractModule;
