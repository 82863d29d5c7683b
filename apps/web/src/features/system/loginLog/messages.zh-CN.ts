const messages = {
  name: '登录日志',
  field: {
    loginName: '登录名',
    orgName: '组织',
    ip: 'IP 地址',
    loginWay: '登录方式',
    success: '结果',
    code: '结果码',
    msg: '说明',
    userAgent: '客户端',
    createdAt: '登录时间',
    time: '时间范围',
  },
  way: {
    password: '账号密码',
    sms: '手机验证码',
    sso: '统一认证',
    recover: '找回密码',
  },
  result: {
    success: '成功',
    failure: '失败',
  },
  clean: '清空日志',
  retention: '日志保留 {{n}} 天，过期的日志每天自动清理。',
  retentionForever: '日志永久保留。',
  retentionLink: '在参数配置中修改（log.retentionDays）',
  cleanConfirm: '确定清空全部登录日志吗？此操作不可恢复。',
  cleaned: '已清空 {{n}} 条日志',
} as const;
export default messages;
