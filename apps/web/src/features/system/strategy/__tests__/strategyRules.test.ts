import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_STRATEGY } from '@venue/contract';
import { strategyFieldProblem, strategyProblems, toStrategy } from '../strategyRules.ts';

const ok = { ...DEFAULT_PASSWORD_STRATEGY };

describe('strategy form rules (shared passwordStrategy schema)', () => {
  it('accepts the default strategy', () => {
    expect(strategyProblems(ok)).toEqual({});
  });

  it('keeps length bounds within 4 to 20 and shortest not above longest', () => {
    expect(strategyFieldProblem('minLength', { ...ok, minLength: 3 })).toEqual({ key: 'min', params: { min: 4 } });
    expect(strategyFieldProblem('maxLength', { ...ok, maxLength: 21 })).toEqual({ key: 'max', params: { max: 20 } });
    expect(strategyFieldProblem('minLength', { ...ok, minLength: 12, maxLength: 8 })).toEqual({ key: 'minGtMax' });
    // The shortest/longest rule does not depend on unrelated fields being valid.
    expect(strategyFieldProblem('minLength', { ...ok, minLength: 12, maxLength: 8, defaultPassword: '' })).toEqual({ key: 'minGtMax' });
  });

  it('requires a default password of at most 20 characters', () => {
    // Write-only: empty keeps the stored default password.
    expect(strategyFieldProblem('defaultPassword', { ...ok, defaultPassword: '' })).toBeNull();
    expect(strategyFieldProblem('defaultPassword', { ...ok, defaultPassword: 'x'.repeat(21) })).toEqual({ key: 'tooLong', params: { max: 20 } });
  });

  it('requires the failed-login count, at most 20 and not below the captcha count', () => {
    expect(strategyFieldProblem('maxFailedLogins', { ...ok, maxFailedLogins: null })).toEqual({ key: 'required' });
    expect(strategyFieldProblem('maxFailedLogins', { ...ok, maxFailedLogins: 21 })).toEqual({ key: 'max', params: { max: 20 } });
    expect(strategyFieldProblem('maxFailedLogins', { ...ok, maxFailedLogins: 2, captchaAfterFailures: 3 })).toEqual({ key: 'failLtCaptcha' });
    expect(strategyFieldProblem('maxFailedLogins', { ...ok, maxFailedLogins: 0, captchaAfterFailures: 3 })).toBeNull();
  });

  it('takes an empty lock time as no auto-unlock and caps it at 60', () => {
    expect(strategyFieldProblem('lockMinutes', { ...ok, lockMinutes: undefined })).toBeNull();
    expect(strategyFieldProblem('lockMinutes', { ...ok, lockMinutes: 61 })).toEqual({ key: 'max', params: { max: 60 } });
    expect(toStrategy({ ...ok, lockMinutes: undefined }).lockMinutes).toBeNull();
  });

  it('needs one login route and one complexity rule', () => {
    expect(strategyFieldProblem('loginRoutes', { ...ok, loginRoutes: [] })).toEqual({ key: 'loginRouteRequired' });
    expect(strategyFieldProblem('complexity', { ...ok, complexity: [] })).toEqual({ key: 'complexityRequired' });
  });

  it('sends only the policy fields: not the version or sealed flag of the answer it was loaded from', () => {
    const body = toStrategy({ ...ok, version: 3, sealed: true } as Parameters<typeof toStrategy>[0]);
    expect(Object.keys(body).sort()).toEqual(Object.keys(DEFAULT_PASSWORD_STRATEGY).sort());
  });

  it('accepts history limit 0 (no check)', () => {
    expect(strategyFieldProblem('historyLimit', { ...ok, historyLimit: 0 })).toBeNull();
  });
});
