import { DEFAULT_PASSWORD_STRATEGY, passwordStrategy, type PasswordStrategy } from '@venue/contract';

/**
 * Client-side checks of the strategy form with the shared zod schema `passwordStrategy`
 * (the one the server enforces). A field is checked together with the fields its
 * cross-field rules read (shortest/longest, failed-login/image-code count); every other
 * field takes a valid default, so an error elsewhere never hides this field's own.
 */

export type StrategyField = keyof PasswordStrategy;

/** A problem as an i18n key of the strategy namespace (under `err.`) and its parameters. */
// Console-only: a problem the screen shows before sending (the server answers its own field errors).
export interface FieldProblem {
  key: string;
  params?: Record<string, unknown>;
}

const GROUPS: Partial<Record<StrategyField, StrategyField[]>> = {
  minLength: ['minLength', 'maxLength'],
  maxLength: ['minLength', 'maxLength'],
  maxFailedLogins: ['maxFailedLogins', 'captchaAfterFailures'],
  captchaAfterFailures: ['maxFailedLogins', 'captchaAfterFailures'],
};

const CUSTOM: Record<string, string> = {
  'strategy.minGtMax': 'minGtMax',
  'strategy.failLtCaptcha': 'failLtCaptcha',
};

type Values = Partial<Record<StrategyField, unknown>>;

/** The first problem of `field` given the form's values, or null. */
export function strategyFieldProblem(field: StrategyField, values: Values): FieldProblem | null {
  // The default password is write-only: left empty, the stored one stays.
  if (field === 'defaultPassword' && (values.defaultPassword === undefined || values.defaultPassword === null || values.defaultPassword === '')) return null;
  const involved = GROUPS[field] ?? [field];
  const candidate: Record<string, unknown> = { ...DEFAULT_PASSWORD_STRATEGY };
  for (const f of involved) candidate[f] = normalise(f, values[f]);
  const r = passwordStrategy.safeParse(candidate);
  if (r.success) return null;
  const issue = r.error.issues.find((i) => i.path[0] === field);
  if (!issue) return null;
  const value = candidate[field];
  switch (issue.code) {
    case 'invalid_type':
      return value === null || value === undefined || value === '' ? { key: 'required' } : { key: 'integer' };
    case 'too_small':
      if (field === 'loginRoutes') return { key: 'loginRouteRequired' };
      if (field === 'complexity') return { key: 'complexityRequired' };
      if (issue.origin === 'string') return { key: 'required' };
      return { key: 'min', params: { min: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'tooLong', params: { max: Number(issue.maximum) } };
      return { key: 'max', params: { max: Number(issue.maximum) } };
    case 'custom':
      return { key: CUSTOM[issue.message] ?? 'invalid' };
    default:
      return { key: 'invalid' };
  }
}

/** Form values as the schema reads them: empty number inputs are null ('no time' for the lock). */
function normalise(field: StrategyField, v: unknown): unknown {
  if (v === undefined || v === '') return field === 'lockMinutes' ? null : v === '' ? '' : undefined;
  return v;
}

/** The form's values as the body the server takes (lock time left empty = null). */
export function toStrategy(values: Values): PasswordStrategy {
  // Only the policy's own fields: the answer the form was loaded from also carries `version`
  // and `sealed`, which the server does not take.
  const own = Object.fromEntries(
    Object.keys(DEFAULT_PASSWORD_STRATEGY)
      .filter((k) => k in values)
      .map((k) => [k, values[k as StrategyField]]),
  );
  return {
    ...(own as PasswordStrategy),
    defaultPassword: typeof values.defaultPassword === 'string' ? values.defaultPassword : '',
    lockMinutes: values.lockMinutes === undefined || values.lockMinutes === '' ? null : (values.lockMinutes as number | null),
    forceChangeOnFirstLogin: !!values.forceChangeOnFirstLogin,
  };
}

/** Every field with a problem (for tests and a last check before saving). */
export function strategyProblems(values: Values): Partial<Record<StrategyField, FieldProblem>> {
  const out: Partial<Record<StrategyField, FieldProblem>> = {};
  for (const f of Object.keys(DEFAULT_PASSWORD_STRATEGY) as StrategyField[]) {
    const p = strategyFieldProblem(f, values);
    if (p) out[f] = p;
  }
  return out;
}
