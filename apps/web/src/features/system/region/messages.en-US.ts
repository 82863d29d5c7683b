import type { MessagesOf } from '../../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  name: 'region',
  field: {
    code: 'Code',
    name: 'Name',
    level: 'Level',
    parentId: 'Parent region',
    orderNum: 'Order',
    remark: 'Remark',
    updatedAt: 'Updated',
  },
  level: {
    l1: 'Province',
    l2: 'City',
    l3: 'District',
    l4: 'Street',
  },
  root: '(top level)',
  addChild: 'Add child',
  codeHint: '6-digit administrative code; 9 digits for a street',
  err: { codeInvalid: 'A region code has 6 or 9 digits' },
};
export default messages;
