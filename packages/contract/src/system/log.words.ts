import { without, type ContractWords } from '../module.ts';
import { logPermissions } from './log.screens.ts';

/** What the log module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels and its screens' menu buttons. */
export const logWords = {
  name: 'log',
  logLabels: {
    loginLog: { 'zh-CN': '登录日志', 'en-US': 'Login log' },
    operLog: { 'zh-CN': '操作日志', 'en-US': 'Operation log' },
  },
  screenButtons: {
    'monitor.loginLog': without(logPermissions.loginLog, 'list'),
    'monitor.operLog': without(logPermissions.operLog, 'list'),
  },
} as const satisfies ContractWords;
