import { without, type ContractWords } from '../module.ts';
import { systemPermissions } from './system.screens.ts';

/** What the system module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels and its screens' menu buttons. */
export const systemWords = {
  name: 'system',
  logLabels: {
    user: { 'zh-CN': '用户管理', 'en-US': 'Users' },
    role: { 'zh-CN': '角色管理', 'en-US': 'Roles' },
    org: { 'zh-CN': '组织机构', 'en-US': 'Organisations' },
    menu: { 'zh-CN': '菜单管理', 'en-US': 'Menus' },
    api: { 'zh-CN': '接口授权', 'en-US': 'API authorisation' },
    dict: { 'zh-CN': '数据字典', 'en-US': 'Dictionaries' },
    config: { 'zh-CN': '参数配置', 'en-US': 'Parameters' },
    strategy: { 'zh-CN': '登录与密码策略', 'en-US': 'Login & password policy' },
    setting: { 'zh-CN': '页面设置', 'en-US': 'Branding' },
    holiday: { 'zh-CN': '节假日', 'en-US': 'Holidays' },
    region: { 'zh-CN': '行政区域', 'en-US': 'Regions' },
    version: { 'zh-CN': '版本管理', 'en-US': 'Versions' },
    online: { 'zh-CN': '在线用户', 'en-US': 'Online users' },
    home: { 'zh-CN': '首页', 'en-US': 'Home' },
  },
  screenButtons: {
    'system.user': without(systemPermissions.user, 'list'),
    'system.role': without(systemPermissions.role, 'list'),
    'system.org': without(systemPermissions.org, 'list'),
    'system.menu': without(systemPermissions.menu, 'list'),
    'system.api': without(systemPermissions.api, 'list'),
    'system.dict': without(systemPermissions.dict, 'list'),
    'system.config': without(systemPermissions.config, 'list'),
    'system.strategy': without(systemPermissions.strategy, 'view'),
    'system.setting': without(systemPermissions.setting, 'view'),
    'system.holiday': without(systemPermissions.holiday, 'view'),
    'system.region': without(systemPermissions.region, 'list'),
    'system.version': without(systemPermissions.version, 'list'),
    'monitor.online': without(systemPermissions.online, 'list'),
  },
} as const satisfies ContractWords;
