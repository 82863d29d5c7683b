import { type ContractModule } from '../module.ts';

/** The permission codes of the open module (a group per resource, merged into `Perm`). */
export const openPermissions = {
  // Third-party application access (issue 14): applications and their grants, the open interfaces, the call log.
  openApp: { list: 'system:openApp:list', edit: 'system:openApp:edit', grant: 'system:openApp:grant', api: 'system:openApp:api', log: 'system:openApp:log' },
} as const;

/** What the open module brings to the console: permissions, menu directories, screens (in menu order); its words are in its `.words.ts`. */
export const openModule = {
  name: 'open',
  permissions: openPermissions,
  directories: [{ key: 'appAccess', title: { 'zh-CN': '应用接入', 'en-US': 'App access' }, icon: 'ApiOutlined' }],
  screens: [
    // App access (issue 14): third-party applications, the interfaces opened to them, the grants, the call log.
    {
      key: 'appAccess.app',
      path: '/appAccess/ThirdAppInfoManage',
      title: { 'zh-CN': '第三方应用', 'en-US': 'Third-party apps' },
      icon: 'AppstoreAddOutlined',
      permission: openPermissions.openApp.list,
      cache: true,
      parent: 'appAccess',
    },
    {
      key: 'appAccess.api',
      path: '/appAccess/ThirdApiManager',
      title: { 'zh-CN': '开放接口', 'en-US': 'Open interfaces' },
      icon: 'ApiOutlined',
      permission: openPermissions.openApp.api,
      cache: true,
      parent: 'appAccess',
    },
    {
      key: 'appAccess.grant',
      path: '/appAccess/InterfaceAuthManage',
      title: { 'zh-CN': '接口授权管理', 'en-US': 'Interface grants' },
      icon: 'SafetyCertificateOutlined',
      permission: openPermissions.openApp.grant,
      cache: true,
      parent: 'appAccess',
    },
    {
      key: 'appAccess.log',
      path: '/appAccess/callLog',
      title: { 'zh-CN': '调用日志', 'en-US': 'Call log' },
      icon: 'FileSearchOutlined',
      permission: openPermissions.openApp.log,
      cache: true,
      parent: 'appAccess',
    },
  ],
} as const satisfies ContractModule;
