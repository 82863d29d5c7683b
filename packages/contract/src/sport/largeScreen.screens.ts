import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/large-screen module (merged into `Perm`). */
export const largeScreenPermissions = {
  largeScreen: {
    /** Display links: list, create, revoke (administrators). */
    manage: 'sport:largescreen:manage',
  },
} as const;

/** What the sport/large-screen module brings to the console: the display links' screen (the `/largeScreen` page itself is the system module's public screen). */
export const largeScreenModule = {
  name: 'sport/large-screen',
  permissions: largeScreenPermissions,
  screens: [
    {
      key: 'sport.largeScreen.links',
      path: '/sport/views/largeScreen/links',
      title: { 'zh-CN': '大屏展示链接', 'en-US': 'Display links' },
      icon: 'LinkOutlined',
      permission: largeScreenPermissions.largeScreen.manage,
      cache: true,
      parent: 'root',
    },
  ],
} as const satisfies ContractModule;
