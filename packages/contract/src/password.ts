import type { PublicPasswordStrategy } from './auth.ts';

/** Message keys for password-policy violations; server and console translate them. */
export type PasswordViolation =
  | 'password.tooShort'
  | 'password.tooLong'
  | 'password.needUpper'
  | 'password.needLower'
  | 'password.needDigit'
  | 'password.needSpecial'
  | 'password.containsLoginName'
  | 'password.sequence'
  | 'password.adjacentSame'
  | 'password.repeatChars';

function hasRun(pw: string, len: number): boolean {
  // A run of `len` characters each one above (or below) the previous: abc, 321, CBA.
  for (let i = 0; i + len <= pw.length; i++) {
    let up = true;
    let down = true;
    for (let j = i + 1; j < i + len; j++) {
      const d = pw.charCodeAt(j) - pw.charCodeAt(j - 1);
      if (d !== 1) up = false;
      if (d !== -1) down = false;
    }
    if (up || down) return true;
  }
  return false;
}

/** Checks a password against the policy; an empty list means it is acceptable. */
export function checkPassword(pw: string, s: PublicPasswordStrategy, loginName?: string): PasswordViolation[] {
  const out: PasswordViolation[] = [];
  if (pw.length < s.minLength) out.push('password.tooShort');
  if (pw.length > s.maxLength) out.push('password.tooLong');
  const rules = new Set(s.complexity);
  if (rules.has('upper') && !/[A-Z]/.test(pw)) out.push('password.needUpper');
  if (rules.has('lower') && !/[a-z]/.test(pw)) out.push('password.needLower');
  if (rules.has('digit') && !/\d/.test(pw)) out.push('password.needDigit');
  if (rules.has('special') && !/[^A-Za-z0-9]/.test(pw)) out.push('password.needSpecial');
  if (rules.has('noLoginName') && loginName && pw.toLowerCase().includes(loginName.toLowerCase())) out.push('password.containsLoginName');
  if (rules.has('noSequence') && hasRun(pw, 3)) out.push('password.sequence');
  if (rules.has('noAdjacentSame') && /(.)\1/.test(pw)) out.push('password.adjacentSame');
  if (rules.has('noRepeat') && new Set(pw).size !== pw.length) out.push('password.repeatChars');
  return out;
}

export const passwordMessages: Record<'zh-CN' | 'en-US', Record<PasswordViolation, string>> = {
  'zh-CN': {
    'password.tooShort': '密码长度不足',
    'password.tooLong': '密码长度超出上限',
    'password.needUpper': '密码必须包含大写字母',
    'password.needLower': '密码必须包含小写字母',
    'password.needDigit': '密码必须包含数字',
    'password.needSpecial': '密码必须包含特殊字符',
    'password.containsLoginName': '密码不能包含登录名',
    'password.sequence': '密码不能包含连续或倒序的字符',
    'password.adjacentSame': '密码不能包含相邻相同的字符',
    'password.repeatChars': '密码不能包含重复的字符',
  },
  'en-US': {
    'password.tooShort': 'The password is too short',
    'password.tooLong': 'The password is too long',
    'password.needUpper': 'The password must contain an uppercase letter',
    'password.needLower': 'The password must contain a lowercase letter',
    'password.needDigit': 'The password must contain a digit',
    'password.needSpecial': 'The password must contain a special character',
    'password.containsLoginName': 'The password must not contain the login name',
    'password.sequence': 'The password must not contain consecutive or reversed runs',
    'password.adjacentSame': 'The password must not contain two identical adjacent characters',
    'password.repeatChars': 'The password must not repeat a character',
  },
};
