import { addMessages } from '../../platform/i18n.ts';

addMessages({
  'zh-CN': {
    'home.menuUnavailable': '只能收藏你可以打开的页面',
    'home.cardUnknown': '没有这张首页卡片：{code}',
  },
  'en-US': {
    'home.menuUnavailable': 'Only a screen you may open can be a favourite',
    'home.cardUnknown': 'There is no home card {code}',
  },
});
