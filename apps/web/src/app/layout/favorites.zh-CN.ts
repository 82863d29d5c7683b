const messages = {
  title: '收藏的页面',
  add: '收藏当前页面',
  remove: '取消收藏当前页面',
  none: '还没有收藏。打开一个页面，点这里的“收藏当前页面”。',
  added: '已收藏 {{name}}',
  removed: '已取消收藏 {{name}}',
} as const;
export default messages;
