const messages = {
  title: '关于我们',
  productName: '$t(app:product.name)',
  description:
    '面向体育场馆运营方与工作人员的后台管理控制台，覆盖系统管理、任务调度、第三方接入、消息、日志，以及会员、预订、票务、培训、订单、结算与统计等场馆业务。',
  version: '版本',
  copyright: '版权',
  copyrightText: '© 2020 $t(app:product.name)',
  languages: '支持语言',
  languagesValue: '简体中文、English',
  themes: '主题',
  themesValue: '默认、暗色',
} as const;
export default messages;
