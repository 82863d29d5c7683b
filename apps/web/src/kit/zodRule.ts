import type { ZodType } from 'zod';

/**
 * Form rules from the zod schemas shared with the server (@venue/contract): a field's schema
 * validates the value the form holds, and the first issue becomes a localised message.
 * Pure: the translate function is passed in.
 */

export type Translate = (key: string, params?: Record<string, unknown>) => string;

interface Issue {
  code: string;
  message?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  expected?: string;
  input?: unknown;
}

/** Is a value "empty" for the form ('' / null / undefined / [] / whitespace). */
export function emptyInput(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/** True when the schema rejects "no value": the field is required. */
export function isRequired(schema: ZodType | undefined): boolean {
  if (!schema) return false;
  return !schema.safeParse(undefined).success && !schema.safeParse(null).success;
}

/** A contract rule's own message: the server's i18n key `domain.key` ('dict.itemNameSpace'). */
const CONTRACT_KEY = /^([A-Za-z]\w*)\.([\w.]+)$/;

/**
 * The console's text for a contract rule's own message: the key `domain.key` the server
 * translates is shown as the screen's `domain:err.key` when the screen registers one
 * ('dict.itemNameSpace' -> 'dict:err.itemNameSpace'); otherwise null.
 */
function contractMessage(message: string | undefined, t: Translate): string | null {
  const m = message && message !== 'error.field.invalid' ? CONTRACT_KEY.exec(message) : null;
  return m ? t(`${m[1]}:err.${m[2]}`, { defaultValue: '' }) || null : null;
}

/**
 * A localised message for a zod issue. Messages the contract gives as keys
 * ('error.field.invalid') map to kit keys; zod's own codes map by kind:
 * - too_small on a string of min 1, or a missing value: 'cannot be empty' (spec 5);
 * - too_small / too_big on strings: at least / at most N characters; on numbers: the bounds;
 * - anything else: invalid.
 */
export function issueMessage(issue: Issue, t: Translate): string {
  const own = contractMessage(issue.message, t);
  if (own) return own;
  const origin = issue.origin;
  const n = (v: number | bigint | undefined) => (v === undefined ? '' : String(v));
  switch (issue.code) {
    case 'too_small':
      if ((origin === 'string' || origin === 'array') && Number(issue.minimum) <= 1) return t('required');
      if (origin === 'string') return t('minLength', { min: n(issue.minimum) });
      if (origin === 'array') return t('minItems', { min: n(issue.minimum) });
      return t('minValue', { min: n(issue.minimum) });
    case 'too_big':
      if (origin === 'string') return t('maxLength', { max: n(issue.maximum) });
      if (origin === 'array') return t('maxItems', { max: n(issue.maximum) });
      return t('maxValue', { max: n(issue.maximum) });
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return t('required');
      return issue.expected === 'number' ? t('notNumber') : t('invalid');
    case 'invalid_format':
      if (issue.format === 'email') return t('invalidEmail');
      return t('invalidFormat');
    default:
      if (issue.message === 'error.field.invalid') return t('invalidFormat');
      // A screen's own refinement may name its message as 'ns:key' (e.g. 'dict:err.itemNameSpace').
      if (issue.code === 'custom' && issue.message && /^\w+:[\w.]+$/.test(issue.message)) return t(issue.message);
      return t('invalid');
  }
}

/**
 * Validates one value against a field's schema. Empty input counts as "no value" (undefined),
 * so optional fields accept it and required ones say 'cannot be empty'. Returns the message of
 * the first issue, or null.
 */
export function validateValue(schema: ZodType, value: unknown, t: Translate): string | null {
  const v = emptyInput(value) ? undefined : value;
  const r = schema.safeParse(v);
  if (r.success) return null;
  const issue = r.error.issues[0] as unknown as Issue | undefined;
  if (!issue) return t('invalid');
  if (v === undefined) return t('required');
  if (issue.message === 'error.field.invalid' && issue.code !== 'too_big' && issue.code !== 'too_small') return t('invalidFormat');
  return issueMessage({ ...issue, input: v }, t);
}
