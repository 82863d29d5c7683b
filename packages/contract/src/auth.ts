import { z } from 'zod';
import { fields } from './fields.ts';

/**
 * Sign-in, the session, the user info and password recovery (auth prefix, and the few calls
 * of spec 7 that sit under the system prefix): requests and answers.
 */

export const loginOthers = z
  .object({
    appSign: z.string().max(64).optional(),
    loginType: z.string().max(32).optional(),
    userAgent: z.string().max(512).optional(),
    authCode: z.string().max(16).optional(),
    captchaKey: z.string().max(64).optional(),
  })
  .default({});

/** A login name as typed at sign-in (checked against the stored names, not against their rule). */
const loginName = fields.str().trim().min(1).max(64);

export const loginBody = z.object({
  loginName,
  password: z.string().min(1).max(128),
  others: loginOthers,
});
export type LoginBody = z.infer<typeof loginBody>;

export const phoneLoginBody = z.object({
  phoneNumber: z
    .string()
    .trim()
    .regex(/^1\d{10}$/),
  authCode: z.string().trim().min(4).max(8),
  others: loginOthers,
});
export type PhoneLoginBody = z.output<typeof phoneLoginBody>;

export const smsCodeBody = z.object({
  phoneNumber: z
    .string()
    .trim()
    .regex(/^1\d{10}$/),
  purpose: z.enum(['login', 'recover']).default('login'),
});

/** Complexity rules of spec section 5. */
export const complexityRules = ['upper', 'lower', 'digit', 'special', 'noLoginName', 'noSequence', 'noAdjacentSame', 'noRepeat'] as const;
export type ComplexityRule = (typeof complexityRules)[number];

export const loginRoutes = ['password', 'sms', 'sso'] as const;

/** Password and login policy (spec sections 5 and 9), stored in the database. */
export const passwordStrategy = z
  .object({
    minLength: z.number().int().min(4).max(20),
    maxLength: z.number().int().min(4).max(20),
    defaultPassword: z.string().min(1).max(20),
    maxFailedLogins: z.number().int().min(0).max(20),
    captchaAfterFailures: z.number().int().min(0).max(20),
    lockMinutes: z.number().int().min(1).max(60).nullable(),
    loginRoutes: z.array(z.enum(loginRoutes)).min(1),
    complexity: z.array(z.enum(complexityRules)).min(1),
    historyLimit: z.number().int().min(0).max(24),
    expireDays: z.number().int().min(0).max(3650),
    forceChangeOnFirstLogin: z.boolean(),
  })
  .refine((s) => s.minLength <= s.maxLength, { path: ['minLength'], message: 'strategy.minGtMax' })
  .refine((s) => s.maxFailedLogins === 0 || s.maxFailedLogins >= s.captchaAfterFailures, {
    path: ['maxFailedLogins'],
    message: 'strategy.failLtCaptcha',
  });
export type PasswordStrategy = z.infer<typeof passwordStrategy>;
/** The policy as every answer carries it: the default password never leaves the server. */
export const publicPasswordStrategy = z.object(passwordStrategy.shape).omit({ defaultPassword: true });
export type PublicPasswordStrategy = z.output<typeof publicPasswordStrategy>;

export const DEFAULT_PASSWORD_STRATEGY: PasswordStrategy = {
  minLength: 6,
  maxLength: 20,
  defaultPassword: 'Venue@2020',
  maxFailedLogins: 0,
  captchaAfterFailures: 3,
  lockMinutes: 20,
  loginRoutes: ['password', 'sms'],
  complexity: ['lower', 'digit'],
  historyLimit: 0,
  expireDays: 0,
  forceChangeOnFirstLogin: false,
};

/** `POST {system}user/auth/code.jpg/name` (an image code for a login name) and `POST user/login/getFailTimes/`. */
export const loginNameBody = z.object({ loginName });
/** `PUT {auth}session/org`: switch the session to another of the user's organisations. */
export const switchOrgBody = z.object({ orgId: fields.id });
/** `PUT {system}user/password`: the signed-in user's own password. */
export const ownPasswordBody = z.object({
  oldPassword: z.string().min(1).max(128),
  newPassword: z.string().min(1).max(128),
  confirmPassword: z.string().min(1).max(128),
});

/** `POST {auth}recover/code`: a one-time code by SMS or mail for a login name. */
export const recoverCodeBody = z.object({ loginName, channel: z.enum(['sms', 'mail']) });
export type RecoverCodeBody = z.output<typeof recoverCodeBody>;
/** `POST {auth}recover/reset`: the code and the new password typed twice. */
export const recoverResetBody = z.object({
  loginName,
  code: fields.str().trim().min(4).max(8),
  newPassword: z.string().min(1).max(128),
  confirmPassword: z.string().min(1).max(128),
});

// ---------------------------------------------------------------- answers

const n = z.number();
const s = z.string();

/** What a sign-in answers (the token travels in the `authorization` header). */
export const loginResult = z.object({ userName: s, userId: n, loginMsg: s.optional() });
export type LoginResult = z.output<typeof loginResult>;

/** `POST user/login/getFailTimes/`: whether the login form must show the image code. */
export const failTimesAnswer = z.object({ failTimes: n, captchaRequired: z.boolean() });
export type FailTimes = z.output<typeof failTimesAnswer>;

/** `POST {auth}session`: the token of the browser's live session (from its HttpOnly cookie), or null. */
export const restoredSession = z.object({ token: s, userId: n, userName: s }).nullable();
export type RestoredSession = z.output<typeof restoredSession>;
/** `POST {auth}logout`: for a single sign-on session, the provider's end-session URL; else null. */
export const logoutAnswer = z.object({ logoutUrl: s }).nullable();
export type LogoutAnswer = z.output<typeof logoutAnswer>;

/** An organisation of the signed-in user. */
export const orgVO = z.object({ orgId: n, orgName: s, enterpriseType: n });
export type OrgVO = z.output<typeof orgVO>;

/** `GET {auth}userInfo/0`: the user info of spec section 3. */
export const userInfo = z.object({
  id: n,
  userId: n,
  userName: s,
  code: s,
  no: s.nullable(),
  roles: z.array(s),
  apps: z.array(s),
  permissions: z.array(s),
  orgVOS: z.array(orgVO),
  defaultOrgId: n,
  defaultOrgName: s,
  currentOrg: orgVO,
  passwordStrategy: publicPasswordStrategy,
  unreadMessage: z.boolean(),
});
export type UserInfo = z.output<typeof userInfo>;
