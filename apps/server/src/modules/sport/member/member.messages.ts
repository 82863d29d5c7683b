import { addMessages } from '../../../platform/i18n.ts';

addMessages({
  'zh-CN': { 'field.memberPhone': '会员手机号', 'field.memberNo': '会员编号' },
  'en-US': { 'field.memberPhone': 'Member phone', 'field.memberNo': 'Member number' },
});
