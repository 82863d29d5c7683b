const messages = {
  comingLater: '即将推出',
  comingLaterHint: '{{title}}页面正在建设中，敬请期待。',
  back: '返回',
} as const;
export default messages;
