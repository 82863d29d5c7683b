import { addMessages } from '../../platform/i18n.ts';

addMessages({
  'zh-CN': {
    'auth.lockedFor': '登录失败次数过多，请 {minutes} 分钟后再试，{alt}',
    'auth.lockedUntilAdmin': '账号已锁定，请联系管理员解锁，{alt}',
    'auth.lockAltSms': '或使用短信验证码登录、找回密码',
    'auth.lockAltRecover': '或通过找回密码重设密码',
    'auth.smsLoginText': '您正在登录，验证码 {code}，5 分钟内有效。如非本人操作请忽略。',
    'auth.badCredentialsLeft': '登录名或密码错误，再失败 {left} 次账号将被锁定',
    'auth.badCredentialsLocked': '登录名或密码错误，失败次数已达上限，账号已被锁定',
  },
  'en-US': {
    'auth.lockedFor': 'Too many failed sign-ins: try again in {minutes} min, {alt}',
    'auth.lockedUntilAdmin': 'The account is locked: ask an administrator to unlock it, {alt}',
    'auth.lockAltSms': 'or sign in with an SMS code, or recover your password',
    'auth.lockAltRecover': 'or recover your password',
    'auth.smsLoginText': 'Your sign-in code is {code}; valid for 5 minutes. Ignore this message if you did not ask for it.',
    'auth.badCredentialsLeft': 'Login name or password is wrong. Attempts left before the account is locked: {left}',
    'auth.badCredentialsLocked': 'Login name or password is wrong; the limit of failed attempts is reached and the account is locked',
  },
});
