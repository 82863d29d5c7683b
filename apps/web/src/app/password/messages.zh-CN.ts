/** The own-password dialog's texts (namespace `password`). */
const messages = {
  changePassword: '修改密码',
  forcedTitle: '请设置新密码',
  forcedHint: '您的密码已过期或需要修改，请设置新密码后继续使用。',
  oldPassword: '原密码',
  newPassword: '新密码',
  confirmPassword: '确认新密码',
  oldPlaceholder: '请输入原密码',
  newPlaceholder: '请输入新密码',
  confirmPlaceholder: '请再次输入新密码',
  required: '不能为空',
  sameAsOld: '新密码不能与原密码相同',
  mismatch: '两次输入的密码不一致',
  rules: '密码长度 {{min}}–{{max}} 位',
  changed: '密码修改成功',
  submit: '确定',
  cancel: '取消',
  later: '退出登录',
} as const;
export default messages;
