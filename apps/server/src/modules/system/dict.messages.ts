import { addMessages } from '../../platform/i18n.ts';

addMessages({
  'zh-CN': {
    'dict.itemNameSpace': '字典项名称不能包含空格',
    'dict.sealed': '系统内置字典不能删除',
    'dict.sealedCode': '系统内置字典的编码不能修改',
    'dict.sealedItems': '系统内置字典的字典项只能修改名称、顺序和状态',
    'dict.duplicateCode': '字典编码已存在',
    'dict.duplicateValue': '该字典中已存在相同的字典项值',
    'dict.orderMismatch': '排序列表必须恰好包含该字典的全部字典项',
  },
  'en-US': {
    'dict.itemNameSpace': 'A dictionary item name cannot contain spaces',
    'dict.sealed': 'A built-in dictionary cannot be deleted',
    'dict.sealedCode': 'The code of a built-in dictionary cannot be changed',
    'dict.sealedItems': 'Items of a built-in dictionary can only have their name, order and status changed',
    'dict.duplicateCode': 'A dictionary with this code already exists',
    'dict.duplicateValue': 'This dictionary already has an item with the same value',
    'dict.orderMismatch': 'The order must list exactly the items of the dictionary',
  },
});
