const messages = {
  name: '站内信',
  field: {
    title: '标题',
    type: '类型',
    content: '内容',
    read: '状态',
    createTime: '接收时间',
    readTime: '阅读时间',
  },
  read: { read: '已读', unread: '未读' },
  markRead: '标为已读',
  markAllRead: '全部已读',
  open: '打开',
  markedRead: '已将 {{count}} 条标为已读',
  type: {
    booking: { cancelled: '预订取消', closureCancelled: '闭馆取消预订' },
    card: { expiring: '会员卡即将到期' },
    job: { failed: '任务失败' },
    order: { refunded: '订单退款' },
    notice: '通知',
  },
};
export default messages;
