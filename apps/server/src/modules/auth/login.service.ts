import argon2 from 'argon2';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { checkPassword, type LoginResult, type PasswordStrategy } from '@venue/contract';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sha256 } from '../../platform/keys.ts';
import { loginLogs } from '../log/log.table.ts';
import { orgs, passwordHistory, userOrgs, users } from '../system/system.table.ts';
import { verificationCodes } from './auth.table.ts';
import { checkCaptcha } from './captcha.service.ts';
import { NO_AUTO_UNLOCK, accountKey, addressKey, clearFailures, lockAccount, readFailures, recordFailure } from './failures.repository.ts';
import { createSession } from './session.service.ts';
import { getPasswordStrategy } from './strategy.service.ts';
import type { SmsProvider } from './sms.provider.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface LoginOutcome {
  token: string;
  result: LoginResult;
  mustChangePassword: boolean;
}

// Verifying against this hash when the login name is unknown keeps the answer time the same.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= argon2.hash('not-a-real-password-' + Math.random()));

export const hashPassword = (pw: string) => argon2.hash(pw, { type: argon2.argon2id });

async function writeLoginLog(db: Executor, row: typeof loginLogs.$inferInsert): Promise<void> {
  await db.insert(loginLogs).values({ ...row, loginName: row.loginName.slice(0, 128), userAgent: row.userAgent?.slice(0, 512) });
}

/** The organisation a session opens in: the user's default, else the one owning the record. */
export async function defaultOrgOf(db: Executor, userId: number, ownOrgId: number): Promise<number> {
  const [row] = await db
    .select({ orgId: userOrgs.orgId })
    .from(userOrgs)
    .innerJoin(orgs, eq(orgs.id, userOrgs.orgId))
    .where(and(eq(userOrgs.userId, userId), eq(orgs.status, 0)))
    .orderBy(desc(userOrgs.isDefault), userOrgs.orgId)
    .limit(1);
  return row?.orgId ?? ownOrgId;
}

/**
 * Failures from one address across many accounts (credential stuffing) also bring the
 * captcha, at a higher count so colleagues behind one office address are not all bothered.
 */
export const ADDRESS_CAPTCHA_AFTER = 20;

/** The image code is needed always when the threshold is 0, else once the account (or the address) failed that often. */
function captchaNeeded(s: PasswordStrategy, accountFailures: number, addressFailures: number): boolean {
  return s.captchaAfterFailures === 0 || accountFailures >= s.captchaAfterFailures || addressFailures >= Math.max(ADDRESS_CAPTCHA_AFTER, s.captchaAfterFailures);
}

function passwordExpired(s: PasswordStrategy, changedAt: Date | null): boolean {
  if (!s.expireDays || !changedAt) return false;
  return changedAt.getTime() < Date.now() - s.expireDays * 86400_000;
}

/**
 * Login by login name and password. Unknown name, wrong password and a locked account all
 * answer the same 100401 (and count the same failures), so the answer reveals nothing about
 * which names exist; only the right password for a locked account learns that it is locked.
 */
export async function passwordLogin(
  db: Db,
  cfg: Config,
  input: { loginName: string; password: string; authCode?: string; captchaId?: string; loginType?: string },
  client: ClientInfo,
): Promise<LoginOutcome> {
  const strategy = await getPasswordStrategy(db);
  const loginName = input.loginName.trim();
  const log = (code: number, msg: string, userId?: number | null, orgId?: number | null) =>
    writeLoginLog(db, { loginName, userId, orgId, ip: client.ip, userAgent: client.userAgent, loginWay: 'password', success: code === 0 || code === 200003, code, msg });

  if (!strategy.loginRoutes.includes('password')) {
    await log(100400, 'route disabled');
    throw new AppError('INVALID', 'auth.routeDisabled');
  }
  const aKey = accountKey(loginName);
  const ipKey = addressKey(client.ip);
  const failures = await readFailures(db, [aKey, ipKey]);
  const acct = failures.get(aKey) ?? { count: 0, lockedUntil: null };
  const addr = failures.get(ipKey) ?? { count: 0, lockedUntil: null };

  const needCaptcha = captchaNeeded(strategy, acct.count, addr.count);
  if (needCaptcha) {
    if (!input.authCode) {
      await log(411001, 'captcha required');
      throw new AppError('CAPTCHA_REQUIRED', 'auth.captchaRequired');
    }
    if (!(await checkCaptcha(db, input.captchaId, input.authCode, loginName))) {
      await log(411001, 'captcha wrong');
      throw new AppError('CAPTCHA_REQUIRED', 'auth.captchaWrong');
    }
  }

  const [user] = await db.select().from(users).where(sql`lower(${users.code}) = ${loginName.toLowerCase()}`);
  const passwordOk = await argon2.verify(user?.passwordHash ?? (await getDummyHash()), input.password).catch(() => false);
  const locked = acct.lockedUntil !== null && acct.lockedUntil.getTime() > Date.now();

  if (!user || !passwordOk) {
    const count = await recordFailure(db, aKey);
    await recordFailure(db, ipKey);
    if (!locked && strategy.maxFailedLogins > 0 && count >= strategy.maxFailedLogins) {
      await lockAccount(db, aKey, strategy.lockMinutes ? new Date(Date.now() + strategy.lockMinutes * 60_000) : null);
    }
    await log(100401, user ? 'wrong password' : 'unknown login name', user?.id ?? null);
    throw new AppError('BAD_CREDENTIALS', 'auth.badCredentials');
  }
  if (locked) {
    await log(100423, 'locked', user.id);
    const until = acct.lockedUntil!;
    throw until.getTime() < NO_AUTO_UNLOCK.getTime()
      ? new AppError('LOCKED', 'auth.locked', { until: until.toISOString() }, { until: until.toISOString() })
      : new AppError('LOCKED', 'auth.lockedNoAuto', undefined, { until: null });
  }
  if (user.status !== 0) {
    await log(100401, 'frozen or cancelled', user.id);
    throw new AppError('BAD_CREDENTIALS', 'auth.disabled');
  }
  await clearFailures(db, [aKey, ipKey]);
  return openSession(db, cfg, user, strategy, client, 'password', log);
}

async function openSession(
  db: Db,
  cfg: Config,
  user: typeof users.$inferSelect,
  strategy: PasswordStrategy,
  client: ClientInfo,
  loginWay: string,
  log: (code: number, msg: string, userId?: number | null, orgId?: number | null) => Promise<void>,
): Promise<LoginOutcome> {
  const orgId = await defaultOrgOf(db, user.id, user.orgId);
  let mustChange = user.mustChangePassword;
  if (!mustChange && passwordExpired(strategy, user.passwordChangedAt)) {
    mustChange = true;
    await db.update(users).set({ mustChangePassword: true }).where(eq(users.id, user.id));
  }
  const token = await createSession(db, cfg, { userId: user.id, orgId, ip: client.ip, userAgent: client.userAgent, loginWay });
  await log(mustChange ? 200003 : 0, mustChange ? 'password must be changed' : 'ok', user.id, orgId);
  return { token, result: { userName: user.name, userId: user.id }, mustChangePassword: mustChange };
}

const CODE_TTL_MS = 5 * 60_000;
const RESEND_MS = 60_000;

/**
 * Sends a one-time code to a phone for sign-in or recovery. The answer is the same whether
 * or not the number belongs to a user; a code is only sent when it does.
 */
export async function sendPhoneCode(db: Db, sms: SmsProvider, phone: string, purpose: 'login' | 'recover'): Promise<void> {
  const [recent] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, phone), eq(verificationCodes.purpose, purpose), gt(verificationCodes.createdAt, new Date(Date.now() - RESEND_MS))))
    .limit(1);
  if (recent) throw new AppError('TOO_MANY', 'error.tooMany');
  const [user] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.mobile, phone));
  const code = String(Math.floor(100000 + Math.random() * 900000));
  await db.insert(verificationCodes).values({ target: phone, purpose, codeHash: sha256(code), expiresAt: new Date(Date.now() + CODE_TTL_MS) });
  if (user && user.status === 0) await sms.send(phone, `Your verification code is ${code}; valid for 5 minutes.`);
}

/** Checks a one-time code (five tries at most) and marks it used. */
export async function consumeCode(db: Executor, target: string, purpose: string, code: string): Promise<boolean> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt), gt(verificationCodes.expiresAt, new Date())))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row || row.attempts >= 5) return false;
  if (row.codeHash !== sha256(code.trim())) {
    await db.update(verificationCodes).set({ attempts: row.attempts + 1 }).where(eq(verificationCodes.id, row.id));
    return false;
  }
  await db.update(verificationCodes).set({ usedAt: new Date() }).where(eq(verificationCodes.id, row.id));
  return true;
}

export async function phoneLogin(db: Db, cfg: Config, input: { phoneNumber: string; authCode: string }, client: ClientInfo): Promise<LoginOutcome> {
  const strategy = await getPasswordStrategy(db);
  const phone = input.phoneNumber.trim();
  const log = (code: number, msg: string, userId?: number | null, orgId?: number | null) =>
    writeLoginLog(db, { loginName: phone, userId, orgId, ip: client.ip, userAgent: client.userAgent, loginWay: 'sms', success: code === 0 || code === 200003, code, msg });
  if (!strategy.loginRoutes.includes('sms')) {
    await log(100400, 'route disabled');
    throw new AppError('INVALID', 'auth.routeDisabled');
  }
  const ok = await consumeCode(db, phone, 'login', input.authCode);
  const [user] = ok ? await db.select().from(users).where(eq(users.mobile, phone)) : [];
  if (!user) {
    await log(100401, 'wrong code');
    throw new AppError('BAD_CREDENTIALS', 'auth.smsWrong');
  }
  if (user.status !== 0) {
    await log(100401, 'frozen or cancelled', user.id);
    throw new AppError('BAD_CREDENTIALS', 'auth.disabled');
  }
  return openSession(db, cfg, user, strategy, client, 'sms', log);
}

/** Failed-login count of a login name, and whether its next attempt needs the image code. */
export async function failTimes(db: Db, loginName: string, ip: string): Promise<{ failTimes: number; captchaRequired: boolean }> {
  const strategy = await getPasswordStrategy(db);
  const f = await readFailures(db, [accountKey(loginName), addressKey(ip)]);
  const a = f.get(accountKey(loginName))?.count ?? 0;
  const i = f.get(addressKey(ip))?.count ?? 0;
  return { failTimes: a, captchaRequired: captchaNeeded(strategy, a, i) };
}

/**
 * Sets a user's password after checking the policy and the history limit; keeps the
 * history and clears the must-change flag.
 */
export async function setPassword(db: Executor, userId: number, loginName: string, newPassword: string, opts: { mustChange?: boolean } = {}): Promise<void> {
  const strategy = await getPasswordStrategy(db);
  const violations = checkPassword(newPassword, strategy, loginName);
  if (violations.length) {
    throw new AppError('FORM_INVALID', violations[0]!, undefined, violations.map((v) => ({ field: 'newPassword', message: v })));
  }
  if (strategy.historyLimit > 0) {
    const recent = await db
      .select({ hash: passwordHistory.passwordHash })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, userId))
      .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
      .limit(strategy.historyLimit);
    for (const r of recent) {
      if (await argon2.verify(r.hash, newPassword)) {
        throw new AppError('FORM_INVALID', 'password.history', { n: strategy.historyLimit }, [{ field: 'newPassword', message: 'password.history', params: { n: strategy.historyLimit } }]);
      }
    }
  }
  const hash = await hashPassword(newPassword);
  await db
    .update(users)
    .set({ passwordHash: hash, passwordChangedAt: new Date(), mustChangePassword: opts.mustChange ?? false, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(eq(users.id, userId));
  await db.insert(passwordHistory).values({ userId, passwordHash: hash });
}

/** A user changes their own password: old one right, new one different, entries matching. */
export async function changeOwnPassword(db: Db, userId: number, input: { oldPassword: string; newPassword: string; confirmPassword: string }): Promise<void> {
  if (input.newPassword !== input.confirmPassword) {
    throw new AppError('FORM_INVALID', 'password.mismatch', undefined, [{ field: 'confirmPassword', message: 'password.mismatch' }]);
  }
  if (input.newPassword === input.oldPassword) {
    throw new AppError('FORM_INVALID', 'password.sameAsOld', undefined, [{ field: 'newPassword', message: 'password.sameAsOld' }]);
  }
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !(await argon2.verify(user.passwordHash, input.oldPassword))) {
    throw new AppError('FORM_INVALID', 'password.oldWrong', undefined, [{ field: 'oldPassword', message: 'password.oldWrong' }]);
  }
  await db.transaction(async (tx) => setPassword(tx, userId, user.code, input.newPassword));
}
