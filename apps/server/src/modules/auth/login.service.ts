import crypto from 'node:crypto';
import argon2 from 'argon2';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { type LoginResult, type PasswordStrategy, type PhoneLoginBody } from '@venue/contract';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../platform/db.ts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { label, t, type Lang } from '../../platform/i18n.ts';
import { sha256 } from '../../platform/keys.ts';
import { hashPassword } from '../../platform/password.ts';
import { SYSTEM_SCOPE, type Scope } from '../../platform/scope.ts';
import { insertLoginLog } from '../log/index.ts';
import type { loginLogs } from '../log/index.ts';
import {
  defaultOrgOf as defaultOrgIn,
  findVisibleUser,
  findVisibleUserByCode,
  findVisibleUserByMobile,
  setMustChangePassword,
  type UserRow,
  NO_AUTO_UNLOCK,
  accountKey,
  addressKey,
  forgetKeys,
  lockKey,
  pairKey,
  readFailures,
  recordFailure,
  solvedKey,
  type FailureState,
  setPassword,
  getPasswordStrategy,
  deleteUserSessions,
} from '../system/index.ts';
import { verificationCodes } from './auth.table.ts';
import { checkCaptcha } from './captcha.service.ts';
import { createSession } from './session.service.ts';
import { sessionOpening } from './session.repository.ts';
import type { SmsProvider } from './sms.provider.ts';
import './login.messages.ts';
import './recovery.messages.ts';

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
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-' + crypto.randomBytes(16).toString('hex')));

/**
 * Sign-in runs before anyone is known: it finds the account by name or phone across the platform,
 * opens the session and writes the sign-in record platform-wide.
 */
const SIGN_IN: Scope = SYSTEM_SCOPE;
/** A signed-in user acting on their own account (password change), whatever their session's organisation. */
const OWN_ACCOUNT: Scope = SYSTEM_SCOPE;

export async function writeLoginLog(db: Executor, row: typeof loginLogs.$inferInsert): Promise<void> {
  await insertLoginLog(db, SIGN_IN, row);
}

/** The organisation a session opens in: the user's default, else the one owning the record. */
export async function defaultOrgOf(db: Executor, userId: number, ownOrgId: number): Promise<number> {
  return defaultOrgIn(db, SIGN_IN, userId, ownOrgId);
}

/**
 * Failures from one address across many accounts (credential stuffing) also bring the
 * captcha, at a higher count so colleagues behind one office address are not all bothered.
 */
export const ADDRESS_CAPTCHA_AFTER = 20;

/** The image code is needed always when the threshold is 0, else once the account (or the address) failed that often. */
function captchaNeeded(s: PasswordStrategy, accountFailures: number, addressFailures: number): boolean {
  return (
    s.captchaAfterFailures === 0 || accountFailures >= s.captchaAfterFailures || addressFailures >= Math.max(ADDRESS_CAPTCHA_AFTER, s.captchaAfterFailures)
  );
}

function passwordExpired(s: PasswordStrategy, changedAt: Date | null): boolean {
  if (!s.expireDays || !changedAt) return false;
  return changedAt.getTime() < Date.now() - s.expireDays * 86400_000;
}

/**
 * The built-in lockout, always on whatever the policy says (Keycloak's brute-force detection,
 * in two scopes). Only a wrong password given with a solved image code counts. Every
 * `pairFactor` such failures of one login name from one address lock that pair; every
 * `accountFactor` of them from any address lock the login name everywhere. The first lock lasts
 * `firstWaitMinutes`, each further one twice the one before, up to `maxWaitMinutes`.
 */
export const LOCKOUT = {
  pairFactor: 5,
  accountFactor: 20,
  firstWaitMinutes: 1,
  maxWaitMinutes: 30,
} as const;

/** The wait when `count` completes a step of `factor` failures (null: no lock at this count). */
export function stepWaitMinutes(count: number, factor: number): number | null {
  if (count <= 0 || count % factor !== 0) return null;
  return Math.min(LOCKOUT.firstWaitMinutes * 2 ** (count / factor - 1), LOCKOUT.maxWaitMinutes);
}

const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);

/**
 * Counts a failure made with a solved image code: the (name, address) pair, the name from
 * any address, the growing temporary locks, and the policy's own lock (`maxFailedLogins`
 * such failures lock the name for `lockMinutes`, or until an administrator unlocks when
 * there is no lock time).
 */
async function countSolvedFailure(db: Executor, s: PasswordStrategy, loginName: string, ip: string): Promise<number> {
  const pKey = pairKey(loginName, ip);
  const aKey = accountKey(loginName);
  const onPair = await recordFailure(db, pKey);
  const onAccount = await recordFailure(db, solvedKey(loginName));
  const pairWait = stepWaitMinutes(onPair, LOCKOUT.pairFactor);
  if (pairWait) await lockKey(db, pKey, minutesFromNow(pairWait));
  const accountWait = stepWaitMinutes(onAccount, LOCKOUT.accountFactor);
  if (accountWait) await lockKey(db, aKey, minutesFromNow(accountWait));
  if (s.maxFailedLogins > 0 && onAccount >= s.maxFailedLogins) await lockKey(db, aKey, s.lockMinutes ? minutesFromNow(s.lockMinutes) : null);
  return onAccount;
}

/**
 * The 100401 of a wrong name or password. With a failure limit in the policy it says how many
 * more counted failures lock the name (`detail.attemptsLeft`), computed the same way for names
 * that exist and names that do not, so it tells nothing about which exist.
 */
function badCredentials(s: PasswordStrategy, solvedFailures: number): AppError {
  if (s.maxFailedLogins <= 0) return new AppError('BAD_CREDENTIALS', 'auth.badCredentials');
  const left = Math.max(0, s.maxFailedLogins - solvedFailures);
  return new AppError('BAD_CREDENTIALS', left > 0 ? 'auth.badCredentialsLeft' : 'auth.badCredentialsLocked', { left }, { attemptsLeft: left });
}

/** The later of the live locks among these counters, if any. */
function liveLock(...states: FailureState[]): Date | null {
  const now = Date.now();
  const ends = states.map((f) => f.lockedUntil?.getTime() ?? 0).filter((t) => t > now);
  return ends.length ? new Date(Math.max(...ends)) : null;
}

function lockedError(s: PasswordStrategy, until: Date): AppError {
  const alt = label(s.loginRoutes.includes('sms') ? 'auth.lockAltSms' : 'auth.lockAltRecover');
  if (until.getTime() >= NO_AUTO_UNLOCK.getTime()) return new AppError('LOCKED', 'auth.lockedUntilAdmin', { alt }, { until: null });
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new AppError('LOCKED', 'auth.lockedFor', { minutes, alt }, { until: until.toISOString() });
}

/**
 * Login by login name and password. Unknown name and wrong password answer the same 100401
 * and count the same failures, so the answer reveals nothing about which names exist (names
 * that do not exist lock just the same). While the name, or the name from this address, is
 * locked, every attempt answers 100423 without the password being tried, so a lock also stops
 * the guessing; the message says when to come back and that SMS sign-in and recovery still work.
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
    writeLoginLog(db, {
      loginName,
      userId,
      orgId,
      ip: client.ip,
      userAgent: client.userAgent,
      loginWay: 'password',
      success: code === 0 || code === 200003,
      code,
      msg,
    });

  if (!strategy.loginRoutes.includes('password')) {
    await log(100400, 'route disabled');
    throw new AppError('INVALID', 'auth.routeDisabled');
  }
  const aKey = accountKey(loginName);
  const ipKey = addressKey(client.ip);
  const pKey = pairKey(loginName, client.ip);
  const failures = await readFailures(db, [aKey, ipKey, pKey, solvedKey(loginName)]);
  const acct = failures.get(aKey)!;
  const addr = failures.get(ipKey)!;

  const lockedUntil = liveLock(acct, failures.get(pKey)!);
  if (lockedUntil) {
    await log(100423, lockedUntil.getTime() === liveLock(acct)?.getTime() ? 'locked' : 'locked from this address');
    throw lockedError(strategy, lockedUntil);
  }

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

  const user = await findVisibleUserByCode(db, SIGN_IN, loginName);
  const passwordOk = await argon2.verify(user?.passwordHash ?? (await getDummyHash()), input.password).catch(() => false);

  if (!user || !passwordOk) {
    await recordFailure(db, aKey);
    await recordFailure(db, ipKey);
    // Only a failure that got past a solved image code counts toward a lock.
    const solved = needCaptcha ? await countSolvedFailure(db, strategy, loginName, client.ip) : failures.get(solvedKey(loginName))!.count;
    await log(100401, user ? 'wrong password' : 'unknown login name', user?.id ?? null);
    throw badCredentials(strategy, solved);
  }
  if (user.status !== 0) {
    await log(100401, 'frozen or cancelled', user.id);
    throw new AppError('BAD_CREDENTIALS', 'auth.disabled');
  }
  // The (name, other address) pairs keep their counts: an attacker's address stays throttled.
  await forgetKeys(db, [aKey, ipKey, pKey, solvedKey(loginName)]);
  return openSession(db, cfg, user, strategy, client, 'password', log);
}

export async function openSession(
  db: Db,
  cfg: Config,
  user: UserRow,
  strategy: PasswordStrategy,
  client: ClientInfo,
  loginWay: string,
  log: (code: number, msg: string, userId?: number | null, orgId?: number | null) => Promise<void>,
): Promise<LoginOutcome> {
  const orgId = await defaultOrgOf(db, user.id, user.orgId);
  let mustChange = user.mustChangePassword;
  if (!mustChange && passwordExpired(strategy, user.passwordChangedAt)) {
    mustChange = true;
    await setMustChangePassword(db, SIGN_IN, user.id);
  }
  const token = await createSession(db, SIGN_IN, cfg, { userId: user.id, orgId, ip: client.ip, userAgent: client.userAgent, loginWay });
  await log(mustChange ? 200003 : 0, mustChange ? 'password must be changed' : 'ok', user.id, orgId);
  return { token, result: { userName: user.name, userId: user.id }, mustChangePassword: mustChange };
}

const CODE_TTL_MS = 5 * 60_000;
const RESEND_MS = 60_000;

/**
 * Sends a one-time code to a phone for sign-in. The answer, and the work done before it, are
 * the same whether or not the number belongs to a user: the user is looked up and the message
 * sent in the background, so neither the answer nor its time (a gateway's latency) tells which
 * numbers exist. The text is in the language of the request.
 */
export async function sendPhoneCode(
  db: Db,
  sms: SmsProvider,
  phone: string,
  purpose: 'login' | 'recover',
  lang: Lang,
  logger: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  const [recent] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, phone), eq(verificationCodes.purpose, purpose), gt(verificationCodes.createdAt, new Date(Date.now() - RESEND_MS))))
    .limit(1);
  if (recent) throw new AppError('TOO_MANY', 'error.tooMany');
  const code = String(crypto.randomInt(100000, 1000000));
  await db.insert(verificationCodes).values({ target: phone, purpose, codeHash: sha256(code), expiresAt: new Date(Date.now() + CODE_TTL_MS) });
  const deliver = async () => {
    const user = await findVisibleUserByMobile(db, SIGN_IN, phone);
    if (!user || user.status !== 0) return;
    await sms.send(phone, t(lang, purpose === 'login' ? 'auth.smsLoginText' : 'recover.smsText', { code }));
  };
  void deliver().catch((err: unknown) => logger.error({ err, purpose }, 'phone code could not be sent'));
}

/** Checks a one-time code (five tries at most) and marks it used. */
export async function consumeCode(db: Executor, target: string, purpose: string, code: string): Promise<boolean> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.target, target),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row || row.attempts >= 5) return false;
  if (row.codeHash !== sha256(code.trim())) {
    await db
      .update(verificationCodes)
      .set({ attempts: row.attempts + 1 })
      .where(eq(verificationCodes.id, row.id));
    return false;
  }
  await db.update(verificationCodes).set({ usedAt: new Date() }).where(eq(verificationCodes.id, row.id));
  return true;
}

/** Sign-in by SMS code (`POST {auth}phone/authcode`): reads only the phone and the code of the body (`others` is not used here). */
export async function phoneLogin(db: Db, cfg: Config, input: Pick<PhoneLoginBody, 'phoneNumber' | 'authCode'>, client: ClientInfo): Promise<LoginOutcome> {
  const strategy = await getPasswordStrategy(db);
  const phone = input.phoneNumber.trim();
  const log = (code: number, msg: string, userId?: number | null, orgId?: number | null) =>
    writeLoginLog(db, {
      loginName: phone,
      userId,
      orgId,
      ip: client.ip,
      userAgent: client.userAgent,
      loginWay: 'sms',
      success: code === 0 || code === 200003,
      code,
      msg,
    });
  if (!strategy.loginRoutes.includes('sms')) {
    await log(100400, 'route disabled');
    throw new AppError('INVALID', 'auth.routeDisabled');
  }
  const ok = await consumeCode(db, phone, 'login', input.authCode);
  const user = ok ? await findVisibleUserByMobile(db, SIGN_IN, phone) : undefined;
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
 * A user changes their own password: old one right, new one different, entries matching.
 * Every other session of the user ends (whoever else held one no longer does); the session
 * that made the change stays.
 */
export async function changeOwnPassword(
  db: Db,
  userId: number,
  input: { oldPassword: string; newPassword: string; confirmPassword: string },
  currentSessionId: number,
): Promise<void> {
  if (input.newPassword !== input.confirmPassword) {
    throw new AppError('FORM_INVALID', 'password.mismatch', undefined, [{ field: 'confirmPassword', message: 'password.mismatch' }]);
  }
  if (input.newPassword === input.oldPassword) {
    throw new AppError('FORM_INVALID', 'password.sameAsOld', undefined, [{ field: 'newPassword', message: 'password.sameAsOld' }]);
  }
  const user = await findVisibleUser(db, OWN_ACCOUNT, userId);
  if (!user || !(await argon2.verify(user.passwordHash, input.oldPassword))) {
    throw new AppError('FORM_INVALID', 'password.oldWrong', undefined, [{ field: 'oldPassword', message: 'password.oldWrong' }]);
  }
  await db.transaction(async (tx) => {
    await setPassword(tx, OWN_ACCOUNT, userId, user.code, input.newPassword);
    await deleteUserSessions(tx, OWN_ACCOUNT, userId, currentSessionId);
  });
}

/** How long after an SMS sign-in `phone/password` may set a password without the old one. */
export const PHONE_PASSWORD_WINDOW_MINUTES = 15;

/**
 * `POST {auth}phone/password` (spec 7.2): a user who just signed in by SMS code (the code proved
 * the phone) sets a password without giving the old one, which they may not have or remember,
 * under the password strategy's rules (the same check and messages as every password change).
 * Only from a session opened by SMS code in the last 15 minutes; every other session of the user ends.
 */
export async function setPasswordAfterPhone(
  db: Db,
  caller: { userId: number; sessionId: number; orgId: number },
  input: { newPassword: string; confirmPassword: string },
): Promise<void> {
  if (input.newPassword !== input.confirmPassword) {
    throw new AppError('FORM_INVALID', 'password.mismatch', undefined, [{ field: 'confirmPassword', message: 'password.mismatch' }]);
  }
  const opened = await sessionOpening(db, OWN_ACCOUNT, caller.sessionId);
  if (!opened || opened.loginWay !== 'sms' || opened.createdAt.getTime() < Date.now() - PHONE_PASSWORD_WINDOW_MINUTES * 60_000) {
    throw new AppError('FORBIDDEN', 'auth.phonePasswordOnlyAfterSms');
  }
  const user = await findVisibleUser(db, OWN_ACCOUNT, caller.userId);
  if (!user) throw new AppError('FORBIDDEN', 'auth.phonePasswordOnlyAfterSms');
  await db.transaction(async (tx) => {
    await setPassword(tx, OWN_ACCOUNT, caller.userId, user.code, input.newPassword);
    await deleteUserSessions(tx, OWN_ACCOUNT, caller.userId, caller.sessionId);
  });
}
