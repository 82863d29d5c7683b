const messages = {
  name: '待办',
  field: {
    title: '标题',
    content: '内容',
    initiator: '发起人',
    status: '状态',
    startTime: '开始时间',
    completeTime: '完成时间',
  },
  status: { all: '全部', incomplete: '未完成', complete: '已完成' },
  system: '系统',
  complete: '完成',
  reopen: '重新打开',
  open: '打开',
  completed: '已完成 {{count}} 项待办',
  disabled: '待办消息未启用：管理员可在系统参数 message.backlog.enabled 中开启。',
};
export default messages;
