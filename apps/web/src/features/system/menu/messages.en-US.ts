import type { MessagesOf } from '../../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  menu: 'menu',
  field: {
    id: 'ID',
    name: 'Name',
    nameEn: 'English name',
    type: 'Type',
    status: 'Status',
    url: 'Route',
    icon: 'Icon',
    parentId: 'Parent menu',
    prevId: 'Place after',
    loadType: 'Opens in',
    remark: 'Remark',
    perms: 'Permission code',
    orderNum: 'Order',
    createTime: 'Created',
    updateTime: 'Updated',
  },
  type: { '0': 'Directory', '1': 'Screen', '2': 'Button' },
  status: { '0': 'Normal', '1': 'Disabled' },
  loadType: { '0': 'A tab', '1': 'A new window' },
  root: 'Top level',
  first: 'First',
  addChild: 'Add child',
  searchMenu: 'Search menus',
  checkAll: 'All',
  checkNone: 'None',
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
  permsHint: 'The permission code of a button, e.g. system:user:add; several separated by commas',
  urlHint: 'A console route, e.g. /system/user',
  prevHint: 'Left empty, a new menu goes last and an edited one keeps its place',
  platformOnly: 'Menus are maintained by the platform organisation',
};
export default messages;
