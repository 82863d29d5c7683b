import { type ContractModule } from '../module.ts';

/** The permission codes of the auth module (a group per resource, merged into `Perm`). */
export const authPermissions = {} as const;

/** What the auth module brings to the console: permissions, menu directories, screens (in menu order); its words are in its `.words.ts`. */
export const authModule = {
  name: 'auth',
  permissions: authPermissions,
  screens: [
    { key: 'login', path: '/login', title: { 'zh-CN': '登录', 'en-US': 'Sign in' }, icon: 'LoginOutlined', cache: false, public: true, fullPage: true },
    {
      key: 'ssologin',
      path: '/ssologin',
      title: { 'zh-CN': '统一认证登录', 'en-US': 'Single sign-on' },
      icon: 'SafetyCertificateOutlined',
      cache: false,
      public: true,
      fullPage: true,
    },
    {
      key: 'signedOut',
      path: '/signedOut',
      title: { 'zh-CN': '已退出登录', 'en-US': 'Signed out' },
      icon: 'LogoutOutlined',
      cache: false,
      public: true,
      fullPage: true,
    },
    {
      key: 'findPassword',
      path: '/findPassword',
      title: { 'zh-CN': '找回密码', 'en-US': 'Recover password' },
      icon: 'KeyOutlined',
      cache: false,
      public: true,
      fullPage: true,
    },
  ],
} as const satisfies ContractModule;
