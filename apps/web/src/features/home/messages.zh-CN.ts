const messages = {
  greeting: {
    morning: '早上好，{{name}}',
    afternoon: '下午好，{{name}}',
    evening: '晚上好，{{name}}',
  },
  intro: '欢迎使用$t(app:product.name)。以下是平台目前掌握的情况。',
  summaryTitle: '平台概况',
  users: '用户',
  orgs: '组织',
  sessions: '在线会话',
  usersHint: '未注销的用户账号',
  orgsHint: '正常状态的组织',
  sessionsHint: '当前活跃的登录会话',
  currentOrg: '当前组织',
  today: '今天',
  refresh: '刷新',
  shortcuts: '快捷入口',
  about: '关于平台',
  changePassword: '修改密码',
} as const;
export default messages;
