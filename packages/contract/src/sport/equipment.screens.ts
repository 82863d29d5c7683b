import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/equipment module (a group per resource, merged into `Perm`). */
export const equipmentPermissions = {
  equipment: { list: 'sport:equipment:list', add: 'sport:equipment:add', edit: 'sport:equipment:edit', remove: 'sport:equipment:remove' },
  gateGrant: { list: 'sport:gate:grant:list', add: 'sport:gate:grant:add', edit: 'sport:gate:grant:edit', remove: 'sport:gate:grant:remove' },
  gateLog: { list: 'sport:gate:log:list' },
  golf: { list: 'sport:golf:list' },
  bracelet: { list: 'sport:bracelet:list', issue: 'sport:bracelet:issue', back: 'sport:bracelet:back', lost: 'sport:bracelet:lost' },
} as const;

/** What the sport/equipment module brings to the console (spec 2.5 equipmentManage). */
export const equipmentModule = {
  name: 'sport/equipment',
  permissions: equipmentPermissions,
  directories: [{ key: 'equipmentManage', title: { 'zh-CN': '设备管理', 'en-US': 'Equipment' }, icon: 'HddOutlined' }],
  screens: [
    {
      key: 'sport.equipment.list',
      path: '/sport/views/equipmentManage/equipmentList/index',
      title: { 'zh-CN': '设备列表', 'en-US': 'Devices' },
      icon: 'HddOutlined',
      permission: equipmentPermissions.equipment.list,
      cache: true,
      parent: 'equipmentManage',
    },
    {
      key: 'sport.gate.personnel',
      path: '/sport/views/equipmentManage/gateAccessPersonnel/index',
      title: { 'zh-CN': '闸机通行人员', 'en-US': 'Gate access personnel' },
      icon: 'IdcardOutlined',
      permission: equipmentPermissions.gateGrant.list,
      cache: true,
      parent: 'equipmentManage',
    },
    {
      key: 'sport.gate.log',
      path: '/sport/views/equipmentManage/gateAccessLog/index',
      title: { 'zh-CN': '闸机通行记录', 'en-US': 'Gate access log' },
      icon: 'HistoryOutlined',
      permission: equipmentPermissions.gateLog.list,
      cache: true,
      parent: 'equipmentManage',
    },
    {
      key: 'sport.golf.position',
      path: '/sport/views/equipmentManage/golfPositionView/index',
      title: { 'zh-CN': '高尔夫打位', 'en-US': 'Golf bays' },
      icon: 'FlagOutlined',
      permission: equipmentPermissions.golf.list,
      cache: true,
      parent: 'equipmentManage',
    },
    {
      key: 'sport.bracelet.log',
      path: '/sport/views/equipmentManage/braceletLog/index',
      title: { 'zh-CN': '手环记录', 'en-US': 'Bracelet log' },
      icon: 'TagOutlined',
      permission: equipmentPermissions.bracelet.list,
      cache: true,
      parent: 'equipmentManage',
    },
  ],
} as const satisfies ContractModule;
