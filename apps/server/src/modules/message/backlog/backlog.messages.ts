import { addMessages } from '../../../platform/i18n.ts';

addMessages({
  'zh-CN': {
    'backlog.disabled': '待办消息未启用（系统参数 message.backlog.enabled）',
    'backlog.flagValue': '取值只能是 true 或 false',
  },
  'en-US': {
    'backlog.disabled': 'To-do messages are switched off (system parameter message.backlog.enabled)',
    'backlog.flagValue': 'The value is true or false',
  },
});
