import type { MessagesOf } from '../../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  org: 'organisation',
  field: {
    id: 'ID',
    code: 'Code',
    name: 'Name',
    fullName: 'Full name',
    type: 'Type',
    status: 'Status',
    parentId: 'Parent',
    parentName: 'Parent',
    address: 'Address',
    zipCode: 'Zip code',
    phone: 'Phone',
    remark: 'Remark',
    orderNum: 'Order',
    timeZone: 'Time zone',
    createTime: 'Created',
    updateTime: 'Updated',
  },
  status: { '0': 'Normal', '1': 'Disabled' },
  addChild: 'Add child',
  users: 'Users',
  usersTitle: 'Users of {{name}}',
  user: {
    code: 'Login name',
    name: 'Name',
    no: 'User no.',
    mobile: 'Mobile',
    status: 'Status',
    orgName: 'Organisation',
    isDefault: 'Default',
  },
  timeZoneHint: 'Left empty, the parent organisation\u2019s',
};
export default messages;
