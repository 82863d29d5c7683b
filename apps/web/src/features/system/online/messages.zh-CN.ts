const messages = {
  name: '在线用户',
  field: {
    userName: '用户',
    userCode: '登录名',
    orgName: '组织',
    ip: '登录地址',
    userAgent: '客户端',
    loginWay: '登录方式',
    loginAt: '登录时间',
    lastSeenAt: '最后活动',
    expiresAt: '会话到期',
  },
  way: {
    password: '账号密码',
    sms: '手机验证码',
    sso: '统一认证',
  },
  current: '当前会话',
  forceLogout: '强制下线',
  forceConfirm: '确定将选中的用户强制下线吗？他们的下一次操作将回到登录页。',
  forceOneConfirm: '确定将该用户强制下线吗？其下一次操作将回到登录页。',
  forced: '已强制下线 {{n}} 个会话',
} as const;
export default messages;
