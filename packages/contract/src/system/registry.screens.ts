import type { ContractModule } from '../module.ts';

/** The permission codes of the registry module (a group per resource, merged into `Perm`). */
export const registryPermissions = {
  // The service registry (issue 14): applications, environments (groups, instances), services, translation items.
  // One level deep like every group (the screen registry and the menu seed read the codes that way).
  registryApp: { list: 'system:registryApp:list', edit: 'system:registryApp:edit' },
  registryEnv: { list: 'system:registryEnv:list', edit: 'system:registryEnv:edit' },
  registryService: { list: 'system:registryService:list', edit: 'system:registryService:edit' },
  registryTranslation: { list: 'system:registryTranslation:list', edit: 'system:registryTranslation:edit' },
} as const;

/** What the registry module brings to the console: permissions, menu directories, screens (in menu order); its words are in its `.words.ts`. */
export const registryModule = {
  name: 'registry',
  permissions: registryPermissions,
  directories: [{ key: 'registry', title: { 'zh-CN': '服务注册', 'en-US': 'Service registry' }, icon: 'ClusterOutlined' }],
  screens: [
    // The service registry (issue 14): applications, environments with groups and instances, services, translation items.
    {
      key: 'registry.app',
      path: '/system/registry/app',
      title: { 'zh-CN': '应用管理', 'en-US': 'Applications' },
      icon: 'AppstoreOutlined',
      permission: registryPermissions.registryApp.list,
      cache: true,
      parent: 'registry',
    },
    {
      key: 'registry.env',
      path: '/system/registry/env',
      title: { 'zh-CN': '环境管理', 'en-US': 'Environments' },
      icon: 'DeploymentUnitOutlined',
      permission: registryPermissions.registryEnv.list,
      cache: true,
      parent: 'registry',
    },
    {
      key: 'registry.service',
      path: '/system/registry/service',
      title: { 'zh-CN': '服务管理', 'en-US': 'Services' },
      icon: 'CloudServerOutlined',
      permission: registryPermissions.registryService.list,
      cache: true,
      parent: 'registry',
    },
    {
      key: 'registry.translation',
      path: '/system/registry/translation',
      title: { 'zh-CN': '翻译项管理', 'en-US': 'Translation items' },
      icon: 'GlobalOutlined',
      permission: registryPermissions.registryTranslation.list,
      cache: true,
      parent: 'registry',
    },
  ],
} as const satisfies ContractModule;
