import { addMessages } from '../../../platform/i18n.ts';

addMessages({
  'zh-CN': {
    'station.badLink': '站内信的链接应为控制台内的路径（以 / 开头）',
  },
  'en-US': {
    'station.badLink': 'A station message links to a console path (starting with /)',
  },
});
