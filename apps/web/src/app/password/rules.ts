import type { FormRule } from 'antd';
import { checkPassword, passwordMessages, type PublicPasswordStrategy } from '@venue/contract';
import type { Lang } from '../prefs.ts';

/**
 * Every rule of the password policy in words, for the hint under a new-password field (own change,
 * administrator reset, recovery): the length bounds, then each complexity rule ticked in the policy.
 */
const TEXTS: Record<Lang, { length: string; rules: Record<string, string>; lead: string; sep: string }> = {
  'zh-CN': {
    lead: '密码要求：',
    sep: '；',
    length: '长度 {min}–{max} 个字符',
    rules: {
      upper: '包含大写字母',
      lower: '包含小写字母',
      digit: '包含数字',
      special: '包含特殊字符',
      noLoginName: '不包含登录名',
      noSequence: '不含连续或倒序的字符（如 abc、321）',
      noAdjacentSame: '不含相邻相同的字符',
      noRepeat: '不含重复的字符',
    },
  },
  'en-US': {
    lead: 'The password must be ',
    sep: '; ',
    length: '{min}–{max} characters long',
    rules: {
      upper: 'contain an uppercase letter',
      lower: 'contain a lowercase letter',
      digit: 'contain a digit',
      special: 'contain a special character',
      noLoginName: 'not contain the login name',
      noSequence: 'have no consecutive or reversed runs (abc, 321)',
      noAdjacentSame: 'have no two identical adjacent characters',
      noRepeat: 'repeat no character',
    },
  },
};

export function passwordRuleList(s: Pick<PublicPasswordStrategy, 'minLength' | 'maxLength' | 'complexity'>, lang: Lang): string[] {
  const t = TEXTS[lang];
  const out = [t.length.replace('{min}', String(s.minLength)).replace('{max}', String(s.maxLength))];
  for (const r of Object.keys(t.rules)) if ((s.complexity as readonly string[]).includes(r)) out.push(t.rules[r]!);
  return out;
}

/** One sentence: '密码要求：长度 6–20 个字符；包含小写字母；包含数字' / 'The password must be 6–20 characters long; contain …'. */
export function passwordRulesText(s: Pick<PublicPasswordStrategy, 'minLength' | 'maxLength' | 'complexity'>, lang: Lang): string {
  const t = TEXTS[lang];
  return `${t.lead}${passwordRuleList(s, lang).join(t.sep)}`;
}

/**
 * The form rule of a new password: the policy's first broken rule in the policy's words (until
 * the policy has loaded only the required rule applies; the server checks it anyway). `skip`
 * turns it off (an administrator reset to the default password).
 */
export function policyRule(strategy: PublicPasswordStrategy | undefined, lang: Lang, loginName?: string, skip = false): FormRule {
  return {
    validator: async (_, value: string | undefined) => {
      if (skip || !value || !strategy) return;
      const problems = checkPassword(value, strategy, loginName);
      if (problems.length) throw new Error(passwordMessages[lang][problems[0]!]);
    },
  };
}

/** The form rule of a repeated entry: it must equal the field `of`. */
export function sameAsRule(of: string, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_, value: string | undefined) => {
      if (value && value !== getFieldValue(of)) throw new Error(message);
    },
  });
}
