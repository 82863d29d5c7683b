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
  signedOutTitle: '您已退出登录',
  signedOutText: '本系统的登录已结束。在公用电脑上使用完毕后，请同时关闭浏览器。',
  signingOut: '正在退出登录…',
  signInAgain: '重新登录',
} as const;
export default messages;
