const messages = {
  title: '统一认证登录',
  checking: '正在检查统一认证配置…',
  redirecting: '正在跳转到统一认证中心…',
  signingIn: '正在完成登录…',
  notConfigured: '统一认证登录尚未配置或未启用，请使用账号或手机号登录。',
  failed: '统一认证登录失败',
  providerError: '认证中心返回错误：{{error}}',
  retry: '重新登录',
  usePassword: '使用账号密码登录',
} as const;
export default messages;
