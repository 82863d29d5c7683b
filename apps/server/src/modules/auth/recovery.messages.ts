import { addMessages } from '../../platform/i18n.ts';

addMessages({
  'zh-CN': {
    'recover.sent': '如果该账号存在并登记了对应的手机号或邮箱，验证码已发送，5 分钟内有效',
    'recover.badCode': '验证码错误或已过期',
    'recover.done': '密码已重置，请使用新密码登录',
    'recover.smsText': '您正在找回密码，验证码 {code}，5 分钟内有效。如非本人操作请忽略。',
    'recover.mailSubject': '找回密码验证码',
    'recover.mailText': '您好，\n\n您正在找回登录名为 {loginName} 的账号密码，验证码为：{code}\n验证码 5 分钟内有效。如非本人操作，请忽略本邮件。',
  },
  'en-US': {
    'recover.sent': 'If the account exists and has that mobile number or email address, a code valid for 5 minutes has been sent',
    'recover.badCode': 'The code is wrong or has expired',
    'recover.done': 'Your password has been reset; sign in with the new one',
    'recover.smsText': 'Your password recovery code is {code}; valid for 5 minutes. Ignore this message if you did not ask for it.',
    'recover.mailSubject': 'Password recovery code',
    'recover.mailText':
      'Hello,\n\nA password recovery was asked for the account {loginName}. Your code is: {code}\nThe code is valid for 5 minutes. Ignore this mail if you did not ask for it.',
  },
});
