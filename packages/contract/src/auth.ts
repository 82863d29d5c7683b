import { z } from 'zod';

export const loginOthers = z
  .object({
    appSign: z.string().max(64).optional(),
    loginType: z.string().max(32).optional(),
    userAgent: z.string().max(512).optional(),
    authCode: z.string().max(16).optional(),
    captchaKey: z.string().max(64).optional(),
  })
  .default({});

export const loginBody = z.object({
  loginName: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  others: loginOthers,
});
export type LoginBody = z.infer<typeof loginBody>;

export const phoneLoginBody = z.object({
  phoneNumber: z.string().trim().regex(/^1\d{10}$/),
  authCode: z.string().trim().min(4).max(8),
  others: loginOthers,
});

export const smsCodeBody = z.object({
  phoneNumber: z.string().trim().regex(/^1\d{10}$/),
  purpose: z.enum(['login', 'recover']).default('login'),
});

export interface LoginResult {
  userName: string;
  userId: number;
  loginMsg?: string;
}

export interface OrgVO {
  orgId: number;
  orgName: string;
  enterpriseType: number;
}

export interface UserInfo {
  id: number;
  userId: number;
  userName: string;
  code: string;
  no: string | null;
  roles: string[];
  apps: string[];
  permissions: string[];
  orgVOS: OrgVO[];
  defaultOrgId: number;
  defaultOrgName: string;
  currentOrg: OrgVO;
  passwordStrategy: PublicPasswordStrategy;
  unreadMessage: boolean;
}

export interface MenuNode {
  id: number;
  parentId: number | null;
  name: string;
  nameEn: string;
  type: 0 | 1 | 2;
  url: string | null;
  icon: string | null;
  perms: string | null;
  status: number;
  loadType: number;
  orderNum: number;
  children: MenuNode[];
}

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
export type PublicPasswordStrategy = Omit<PasswordStrategy, 'defaultPassword'>;

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
