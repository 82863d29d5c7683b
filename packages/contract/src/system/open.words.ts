import type { ContractWords } from '../module.ts';
import { openPermissions } from './open.screens.ts';

/** What the open module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels and its screens' menu buttons. */
export const openWords = {
  name: 'open',
  logLabels: {
    openApp: { 'zh-CN': '应用接入', 'en-US': 'App access' },
  },
  screenButtons: {
    'appAccess.app': { edit: openPermissions.openApp.edit },
  },
} as const satisfies ContractWords;
