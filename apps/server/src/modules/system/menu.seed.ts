import { Perm } from '@venue/contract';

/**
 * The base-platform menu tree. Keys are stable: start-up inserts missing entries and
 * leaves the ones an administrator has edited alone. A screen's `url` is its console route.
 */
export interface MenuSeed {
  key: string;
  name: string;
  nameEn: string;
  type: 0 | 1 | 2;
  url?: string;
  icon?: string;
  perms?: string;
  children?: MenuSeed[];
}

const buttons = (prefix: string, perms: Record<string, string>, labels: Record<string, [string, string]>): MenuSeed[] =>
  Object.entries(perms).map(([action, code]) => ({
    key: `${prefix}.${action}`,
    name: labels[action]?.[0] ?? action,
    nameEn: labels[action]?.[1] ?? action,
    type: 2 as const,
    perms: code,
  }));

export const CRUD_LABELS: Record<string, [string, string]> = {
  list: ['查询', 'Query'],
  view: ['查看', 'View'],
  add: ['新增', 'Add'],
  edit: ['修改', 'Edit'],
  remove: ['删除', 'Delete'],
  resetPwd: ['重置密码', 'Reset password'],
  status: ['冻结/解冻/注销', 'Freeze/unfreeze/cancel'],
  assign: ['分配', 'Assign'],
  import: ['导入', 'Import'],
  export: ['导出', 'Export'],
  run: ['执行', 'Run'],
  log: ['调度记录', 'Dispatch records'],
  publish: ['发布', 'Publish'],
  forceLogout: ['强制下线', 'Force offline'],
};

const screen = (key: string, name: string, nameEn: string, url: string, icon: string, perms: Record<string, string>, listPerm = 'list'): MenuSeed => ({
  key,
  name,
  nameEn,
  type: 1,
  url,
  icon,
  perms: perms[listPerm],
  children: buttons(key, Object.fromEntries(Object.entries(perms).filter(([a]) => a !== listPerm)), CRUD_LABELS),
});

export const menuSeed: MenuSeed[] = [
  { key: 'home', name: '首页', nameEn: 'Home', type: 1, url: '/home', icon: 'HomeOutlined', perms: Perm.home },
  {
    key: 'system',
    name: '系统管理',
    nameEn: 'System',
    type: 0,
    icon: 'SettingOutlined',
    children: [
      screen('system.user', '用户管理', 'Users', '/system/user', 'UserOutlined', Perm.user),
      screen('system.role', '角色管理', 'Roles', '/system/role', 'TeamOutlined', Perm.role),
      screen('system.org', '组织机构', 'Organisations', '/system/org', 'ApartmentOutlined', Perm.org),
      screen('system.menu', '菜单管理', 'Menus', '/system/menu', 'MenuOutlined', Perm.menu),
      screen('system.api', '接口授权', 'API authorisation', '/system/api', 'ApiOutlined', Perm.api),
      screen('system.dict', '数据字典', 'Dictionaries', '/kems-pmi/views/dict/data', 'BookOutlined', Perm.dict),
      screen('system.config', '参数配置', 'Parameters', '/system/config', 'ControlOutlined', Perm.config),
      screen('system.strategy', '登录与密码策略', 'Login & password policy', '/system/strategy', 'SafetyOutlined', Perm.strategy, 'view'),
      screen('system.setting', '页面设置', 'Branding', '/system/setting', 'SkinOutlined', Perm.setting, 'view'),
      screen('system.holiday', '节假日', 'Holidays', '/system/holiday', 'CalendarOutlined', Perm.holiday, 'view'),
      screen('system.region', '行政区域', 'Regions', '/system/region', 'EnvironmentOutlined', Perm.region),
      screen('system.version', '版本管理', 'Versions', '/system/version', 'TagsOutlined', Perm.version),
      { key: 'system.about', name: '关于我们', nameEn: 'About us', type: 1, url: '/about', icon: 'InfoCircleOutlined' },
    ],
  },
  {
    key: 'monitor',
    name: '系统监控',
    nameEn: 'Monitor',
    type: 0,
    icon: 'MonitorOutlined',
    children: [
      screen('monitor.online', '在线用户', 'Online users', '/monitor/online', 'WifiOutlined', Perm.online),
      screen('monitor.loginLog', '登录日志', 'Login log', '/monitor/loginLog', 'LoginOutlined', Perm.loginLog),
      screen('monitor.operLog', '操作日志', 'Operation log', '/monitor/operLog', 'FileSearchOutlined', Perm.operLog),
    ],
  },
  {
    key: 'job',
    name: '任务调度',
    nameEn: 'Job scheduling',
    type: 0,
    icon: 'ScheduleOutlined',
    children: [
      screen('job.manager', '任务管理', 'Jobs', '/job/manager', 'ClockCircleOutlined', { list: Perm.job.list, add: Perm.job.add, edit: Perm.job.edit, remove: Perm.job.remove, run: Perm.job.run }),
      screen('job.stream', '任务流', 'Job streams', '/job/stream', 'PartitionOutlined', Perm.jobStream),
      screen('job.log', '调度记录', 'Dispatch records', '/job/log', 'HistoryOutlined', { list: Perm.job.log }),
    ],
  },
];

export { buttons };
