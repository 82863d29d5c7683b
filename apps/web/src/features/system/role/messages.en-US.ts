import type { MessagesOf } from '../../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  role: 'role',
  field: {
    no: 'Role no.',
    code: 'Role code',
    name: 'Role name',
    type: 'Type',
    status: 'Status',
    remark: 'Remark',
    orgId: 'Organisation',
    orgName: 'Organisation',
    userCount: 'Users',
    createTime: 'Created',
    updateTime: 'Updated',
  },
  type: { '0': 'System', '1': 'Standard', '2': 'Administrative' },
  status: { '0': 'Normal', '1': 'Disabled' },
  codeHint: 'Generated when left empty',
  menus: 'Menu permissions',
  menusTitle: 'Menu permissions: {{name}}',
  users: 'Role users',
  usersTitle: 'Users of {{name}}',
  addUsers: 'Add users',
  addUsersPlaceholder: 'Type a name or login name to find users of the organisation',
  removeUser: 'Remove',
  removeUserConfirm: 'Remove "{{name}}" from this role?',
  user: {
    code: 'Login name',
    name: 'Name',
    no: 'User no.',
    mobile: 'Mobile',
    status: 'Status',
    orgName: 'Organisation',
  },
  saved: 'Saved',
};
export default messages;
