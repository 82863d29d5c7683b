import type { MessagesOf } from '../../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  name: 'dictionary',
  itemName: 'item',
  field: {
    code: 'Code',
    name: 'Name',
    type: 'Type',
    sealed: 'Maintain flag',
    remark: 'Remark',
    itemCount: 'Items',
    updatedAt: 'Updated',
  },
  item: {
    value: 'Value',
    name: 'Item name',
    nameEn: 'English name',
    orderNum: 'Order',
    status: 'Status',
    remark: 'Remark',
    updatedAt: 'Updated',
  },
  type: {
    system: 'System',
    business: 'Business',
  },
  sealed: {
    yes: 'Built-in',
    no: 'Maintainable',
  },
  status: {
    normal: 'Normal',
    disabled: 'Disabled',
  },
  items: 'Items',
  itemsOf: 'Items of {{name}} ({{code}})',
  sealedHint: 'Built-in dictionary: it cannot be deleted and its code and item values cannot change; names, order and status can.',
  up: 'Up',
  down: 'Down',
  reordered: 'Order updated',
  nameHint: 'No spaces in the name',
  err: {
    itemNameSpace: 'A dictionary item name cannot contain spaces',
    codeInvalid: 'Starts with a letter; letters, digits, underscore, dot and dash only',
  },
};
export default messages;
