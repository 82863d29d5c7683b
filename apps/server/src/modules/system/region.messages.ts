import { addMessages } from '../../platform/i18n.ts';

addMessages({
  'zh-CN': {
    'region.duplicateCode': '区域编码已存在',
    'region.hasChildren': '该区域下还有下级区域，不能删除',
    'region.tooDeep': '区域最多四级（省、市、区县、街道）',
    'region.badParent': '上级区域不能是它自己或它的下级',
    'region.levelChange': '只能移到同一级别的上级区域下',
  },
  'en-US': {
    'region.duplicateCode': 'A region with this code already exists',
    'region.hasChildren': 'This region still has sub-regions and cannot be deleted',
    'region.tooDeep': 'Regions have at most four levels (province, city, district, street)',
    'region.badParent': 'The parent cannot be the region itself or one below it',
    'region.levelChange': 'A region can only move under a parent of the same level',
  },
});
