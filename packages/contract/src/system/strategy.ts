import { z } from 'zod';
import { complexityRules, loginRoutes, passwordStrategy } from '../auth.ts';
import { fields, keptWhenOmitted } from '../fields.ts';

/**
 * The login and password strategy screens (spec section 5). Both parts live in one stored
 * policy; each screen saves its own part and the server checks the merged whole with
 * `passwordStrategy`, so cross-part rules always hold.
 */
const s = passwordStrategy.shape;
const version = fields.version;

// At least one login route and one complexity rule, with a message that says so.
const loginRoutesField = z.array(z.enum(loginRoutes)).refine((a) => a.length > 0, 'strategy.loginRouteRequired');
const complexityField = z.array(z.enum(complexityRules)).refine((a) => a.length > 0, 'strategy.complexityRequired');

/** The login part: routes, failed-login counts and the lock time. */
export const loginPart = z.object({
  loginRoutes: loginRoutesField,
  maxFailedLogins: s.maxFailedLogins,
  captchaAfterFailures: s.captchaAfterFailures,
  // No time given: no automatic unlock.
  lockMinutes: s.lockMinutes.optional().transform((v) => v ?? null),
});

/** The password part: length, complexity, history, expiry and the (write-only) default password. */
export const passwordPart = z.object({
  minLength: s.minLength,
  maxLength: s.maxLength,
  // Write-only: empty or absent keeps the current one.
  defaultPassword: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(s.defaultPassword.optional()),
  complexity: complexityField,
  historyLimit: s.historyLimit,
  expireDays: s.expireDays.default(0),
  forceChangeOnFirstLogin: s.forceChangeOnFirstLogin.default(false),
});

/** `PUT strategy/loginStrategy`: the login part, all fields. */
export const loginStrategyBody = loginPart.extend({ version });
/** `PUT strategy/passwordStrategy`: the password part, and optionally the login part too (one screen may save both). */
export const passwordStrategyBody = keptWhenOmitted(passwordPart).extend({
  version,
  loginRoutes: loginRoutesField.optional(),
  maxFailedLogins: s.maxFailedLogins.optional(),
  captchaAfterFailures: s.captchaAfterFailures.optional(),
  lockMinutes: s.lockMinutes.optional(),
});

// ---------------------------------------------------------------- answers

const stored = { version: z.number(), sealed: z.boolean() };

/** `GET/PUT strategy/passwordStrategy`: the whole policy without the default password. */
export const strategyView = z.object(s).omit({ defaultPassword: true }).extend(stored);
export type StrategyView = z.output<typeof strategyView>;
/** `GET/PUT strategy/loginStrategy` (public: the login page reads the routes). */
export const loginStrategyView = z.object({
  loginRoutes: s.loginRoutes,
  maxFailedLogins: s.maxFailedLogins,
  captchaAfterFailures: s.captchaAfterFailures,
  lockMinutes: s.lockMinutes,
  ...stored,
});
export type LoginStrategyView = z.output<typeof loginStrategyView>;
