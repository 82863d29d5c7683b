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

export const menuSeed: MenuSeed[] = [
  { key: 'home', name: '首页', nameEn: 'Home', type: 1, url: '/home', icon: 'HomeOutlined', perms: Perm.home },
  {
    key: 'system',
    name: '系统管理',
    nameEn: 'System',
    type: 0,
    icon: 'SettingOutlined',
    children: [
      { key: 'system.about', name: '关于我们', nameEn: 'About us', type: 1, url: '/about', icon: 'InfoCircleOutlined' },
    ],
  },
];

export { buttons };
