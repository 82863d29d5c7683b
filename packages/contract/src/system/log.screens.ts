import type { ContractModule } from '../module.ts';

/** The permission codes of the log module (a group per resource, merged into `Perm`). */
export const logPermissions = {
  loginLog: { list: 'monitor:loginLog:list', export: 'monitor:loginLog:export', remove: 'monitor:loginLog:remove' },
  operLog: { list: 'monitor:operLog:list', export: 'monitor:operLog:export', remove: 'monitor:operLog:remove' },
} as const;

/** What the log module brings to the console: permissions, menu directories, screens (in menu order); its words are in its `.words.ts`. */
export const logModule = {
  name: 'log',
  permissions: logPermissions,
  screens: [
    {
      key: 'monitor.loginLog',
      path: '/monitor/loginLog',
      title: { 'zh-CN': '登录日志', 'en-US': 'Login log' },
      icon: 'LoginOutlined',
      permission: logPermissions.loginLog.list,
      cache: true,
      parent: 'monitor',
    },
    {
      key: 'monitor.operLog',
      path: '/monitor/operLog',
      title: { 'zh-CN': '操作日志', 'en-US': 'Operation log' },
      icon: 'FileSearchOutlined',
      permission: logPermissions.operLog.list,
      cache: true,
      parent: 'monitor',
    },
  ],
} as const satisfies ContractModule;
