import { passwordMessages } from '@venue/contract';

export type Lang = 'zh-CN' | 'en-US';

export function langOf(header: unknown): Lang {
  return typeof header === 'string' && header.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

/** Server messages, by the request's `Lang` header. Keys are stable; texts are for people. */
const zh = {
  ok: '操作成功',
  'error.invalid': '请求参数有误',
  'error.field.required': '不能为空',
  'error.field.invalid': '格式不正确',
  'error.field.tooLong': '长度不能超过 {max}',
  'error.field.tooShort': '长度不能少于 {min}',
  'error.field.tooBig': '不能大于 {max}',
  'error.field.tooSmall': '不能小于 {min}',
  'error.notFound': '记录不存在或已被删除',
  'error.apiNotFound': '接口不存在：{path}',
  'error.sessionExpired': '会话或认证已过期，请重新登录',
  'error.forbidden': '没有权限访问该资源',
  'error.platformOnly': '仅平台运营组织可以执行此操作',
  'error.conflict': '数据冲突',
  'error.stale': '记录已被他人修改，请刷新后重试',
  'error.duplicate': '{field}已存在',
  'error.tooMany': '请求过于频繁，请稍后再试',
  'error.internal': '服务器内部错误，请稍后再试',
  'error.bodyTooLarge': '请求内容过大',
  'error.badJson': '请求内容不是有效的 JSON',
  'error.invalidChars': '请输入有效字符',
  'error.sign.missing': '请求签名缺失',
  'error.sign.bad': '请求签名无效',
  'error.sign.stale': '请求时间戳已过期，请校准本机时间',
  'error.xsrf': '跨站请求校验失败，请刷新页面后重试',
  'error.decrypt': '请求内容无法解密',
  'auth.badCredentials': '登录名或密码错误',
  'auth.captchaRequired': '请输入图片验证码',
  'auth.captchaWrong': '图片验证码错误或已过期',
  'auth.locked': '账号已锁定，请于 {until} 后再试',
  'auth.lockedNoAuto': '账号已锁定，请联系管理员解锁',
  'auth.disabled': '账号已冻结或注销，请联系管理员',
  'auth.noOrg': '账号未分配组织，请联系管理员',
  'auth.smsWrong': '验证码错误或已过期',
  'auth.smsSent': '验证码已发送',
  'auth.routeDisabled': '该登录方式未启用',
  'auth.mustChangePassword': '密码已过期或需要修改，请设置新密码',
  'auth.loggedOut': '已退出登录',
  'auth.failRemaining': '登录名或密码错误，还可尝试 {n} 次',
  'password.sameAsOld': '新密码不能与旧密码相同',
  'password.mismatch': '两次输入的密码不一致',
  'password.oldWrong': '原密码错误',
  'password.history': '不能使用最近 {n} 次用过的密码',
} as const;

export type MessageKey = keyof typeof zh | keyof (typeof passwordMessages)['zh-CN'];

const en: Record<keyof typeof zh, string> = {
  ok: 'Operation succeeded',
  'error.invalid': 'The request is invalid',
  'error.field.required': 'cannot be empty',
  'error.field.invalid': 'is not in a valid format',
  'error.field.tooLong': 'must be at most {max} long',
  'error.field.tooShort': 'must be at least {min} long',
  'error.field.tooBig': 'must not be greater than {max}',
  'error.field.tooSmall': 'must not be less than {min}',
  'error.notFound': 'The record does not exist or has been deleted',
  'error.apiNotFound': 'No such API: {path}',
  'error.sessionExpired': 'Session or authentication expired, please log in again',
  'error.forbidden': 'No permission to access the resource',
  'error.platformOnly': 'Only the platform organisation can do this',
  'error.conflict': 'Conflict',
  'error.stale': 'Someone else changed this record; reload it and try again',
  'error.duplicate': '{field} already exists',
  'error.tooMany': 'Too many requests, please try again later',
  'error.internal': 'Internal server error, please try again later',
  'error.bodyTooLarge': 'The request is too large',
  'error.badJson': 'The request body is not valid JSON',
  'error.invalidChars': 'Please enter valid characters',
  'error.sign.missing': 'The request signature is missing',
  'error.sign.bad': 'The request signature is invalid',
  'error.sign.stale': 'The request timestamp is outside the allowed window; check the clock',
  'error.xsrf': 'Cross-site request check failed; reload the page and try again',
  'error.decrypt': 'The request body could not be decrypted',
  'auth.badCredentials': 'Login name or password is wrong',
  'auth.captchaRequired': 'Please enter the image code',
  'auth.captchaWrong': 'The image code is wrong or has expired',
  'auth.locked': 'The account is locked; try again after {until}',
  'auth.lockedNoAuto': 'The account is locked; ask the administrator to unlock it',
  'auth.disabled': 'The account is frozen or cancelled; contact the administrator',
  'auth.noOrg': 'The account has no organisation; contact the administrator',
  'auth.smsWrong': 'The code is wrong or has expired',
  'auth.smsSent': 'The code has been sent',
  'auth.routeDisabled': 'This sign-in method is not enabled',
  'auth.mustChangePassword': 'Your password has expired or must be changed; set a new one',
  'auth.loggedOut': 'Signed out',
  'auth.failRemaining': 'Login name or password is wrong; {n} attempts left',
  'password.sameAsOld': 'The new password must differ from the old one',
  'password.mismatch': 'The two passwords do not match',
  'password.oldWrong': 'The old password is wrong',
  'password.history': 'You cannot reuse any of your last {n} passwords',
};

const catalogue: Record<Lang, Record<string, string>> = {
  'zh-CN': { ...zh, ...passwordMessages['zh-CN'] },
  'en-US': { ...en, ...passwordMessages['en-US'] },
};

/** Registers a module's own messages (each module owns its texts). */
export function addMessages(m: Record<Lang, Record<string, string>>): void {
  Object.assign(catalogue['zh-CN'], m['zh-CN']);
  Object.assign(catalogue['en-US'], m['en-US']);
}

export function t(lang: Lang, key: string, params?: Record<string, unknown>): string {
  const text = catalogue[lang][key] ?? catalogue['zh-CN'][key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) return `{${k}}`;
    // A parameter given as label(key) is itself translated (field names in 'error.duplicate').
    return v && typeof v === 'object' && '$t' in v ? t(lang, String((v as { $t: string }).$t)) : String(v);
  });
}

/** A message parameter translated in the answer's language, e.g. `{ field: label('field.code') }`. */
export const label = (key: string) => ({ $t: key });
