import { type ContractModule } from '../module.ts';

/** The permission codes of the message module (a group per resource, merged into `Perm`). */
export const messagePermissions = {
  // Messaging delivery (issue 14): channel settings, templates, business types, the send log, the test screen.
  message: {
    channel: 'system:message:channel',
    template: 'system:message:template',
    business: 'system:message:business',
    log: 'system:message:log',
    test: 'system:message:test',
  },
} as const;

/** What the message module brings to the console: permissions, menu directories, screens (in menu order); its words are in its `.words.ts`. */
export const messageModule = {
  name: 'message',
  permissions: messagePermissions,
  directories: [{ key: 'message', title: { 'zh-CN': '消息管理', 'en-US': 'Messages' }, icon: 'MessageOutlined' }],
  screens: [
    // Messaging delivery (issue 14): business types, channels, templates, the send log, the test screen.
    {
      key: 'message.business',
      path: '/message/business',
      title: { 'zh-CN': '业务类型', 'en-US': 'Business types' },
      icon: 'NotificationOutlined',
      permission: messagePermissions.message.business,
      cache: true,
      parent: 'message',
    },
    {
      key: 'message.channel',
      path: '/message/channel',
      title: { 'zh-CN': '消息渠道', 'en-US': 'Channels' },
      icon: 'SendOutlined',
      permission: messagePermissions.message.channel,
      cache: true,
      parent: 'message',
    },
    {
      key: 'message.template',
      path: '/message/template',
      title: { 'zh-CN': '消息模板', 'en-US': 'Templates' },
      icon: 'SnippetsOutlined',
      permission: messagePermissions.message.template,
      cache: true,
      parent: 'message',
    },
    {
      key: 'message.log',
      path: '/message/log',
      title: { 'zh-CN': '发送记录', 'en-US': 'Send log' },
      icon: 'HistoryOutlined',
      permission: messagePermissions.message.log,
      cache: true,
      parent: 'message',
    },
    {
      key: 'message.test',
      path: '/message/test',
      title: { 'zh-CN': '消息测试', 'en-US': 'Test send' },
      icon: 'ExperimentOutlined',
      permission: messagePermissions.message.test,
      cache: true,
      parent: 'message',
    },
    // Station messages and to-dos (issue 14): every signed-in user's own.
    {
      key: 'message.station',
      path: '/message/station',
      title: { 'zh-CN': '站内信', 'en-US': 'Station messages' },
      icon: 'MailOutlined',
      permission: '',
      cache: true,
      parent: 'message',
    },
    {
      key: 'message.backlog',
      path: '/message/backlog',
      title: { 'zh-CN': '待办消息', 'en-US': 'To-do messages' },
      icon: 'CarryOutOutlined',
      permission: '',
      cache: true,
      parent: 'message',
    },
  ],
} as const satisfies ContractModule;
