import crypto from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { SYSTEM_SCOPE, type Scope } from '../../platform/scope.ts';
import type { FastifyBaseLogger } from 'fastify';
import { checkPassword, type RecoverCodeBody } from '@venue/contract';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { t, type Lang } from '../../platform/i18n.ts';
import { sha256 } from '../../platform/keys.ts';
import { insertLoginLog } from '../log/index.ts';
import { deleteUserSessions, findVisibleUserByCode, accountKey, clearFailures, setPassword, getPasswordStrategy } from '../system/index.ts';
import type { MailProvider } from '../mail/index.ts';
import { verificationCodes } from './auth.table.ts';
import { consumeCode } from './login.service.ts';
import type { SmsProvider } from './sms.provider.ts';
import './recovery.messages.ts';

/** Recovery runs before anyone is signed in: it finds the account by login name across the platform. */
const RECOVERY: Scope = SYSTEM_SCOPE;

/**
 * Password recovery (/findPassword). A code goes to the mobile or the email address on the
 * account; no answer, timing or limit reveals whether a login name exists: the same work
 * (throttle, code row) is done for every name and the message is sent in the background.
 * The new password obeys the policy through the same setPassword as every other change;
 * the user's sessions end and a lock from failed sign-ins is lifted.
 */

const PURPOSE = 'recover';
const CODE_TTL_MS = 5 * 60_000;
const RESEND_MS = 60_000;
const HOUR = 3600;

/** Fixed-window limits, shared by every process through the database. */
export const LIMITS = {
  codePerAddress: 10,
  codePerName: 5,
  resetPerAddress: 20,
  resetPerName: 10,
};

const targetOf = (loginName: string) => `recover:${loginName.trim().toLowerCase()}`.slice(0, 128);

async function hit(db: Executor, key: string, max: number, windowSeconds: number): Promise<void> {
  const res = (await db.execute(sql`
    insert into sys_recover_throttle (key, window_start, count) values (${key.slice(0, 160)}, now(), 1)
    on conflict (key) do update set
      count = case when sys_recover_throttle.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else sys_recover_throttle.count + 1 end,
      window_start = case when sys_recover_throttle.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else sys_recover_throttle.window_start end
    returning count`)) as unknown as { rows: { count: number }[] };
  if (Number(res.rows[0]!.count) > max) throw new AppError('TOO_MANY', 'error.tooMany');
}

export interface Channels {
  sms: SmsProvider;
  mail: MailProvider;
  log: FastifyBaseLogger;
}

export async function requestCode(db: Db, ch: Channels, input: RecoverCodeBody, ip: string, lang: Lang): Promise<void> {
  const loginName = input.loginName.trim();
  const target = targetOf(loginName);
  await hit(db, `code-ip:${ip}`, LIMITS.codePerAddress, HOUR);
  await hit(db, `code-name:${loginName.toLowerCase()}`, LIMITS.codePerName, HOUR);
  const [recent] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, PURPOSE), gt(verificationCodes.createdAt, new Date(Date.now() - RESEND_MS))))
    .limit(1);
  if (recent) throw new AppError('TOO_MANY', 'error.tooMany');
  const code = String(crypto.randomInt(100000, 1000000));
  await db.insert(verificationCodes).values({ target, purpose: PURPOSE, codeHash: sha256(code), expiresAt: new Date(Date.now() + CODE_TTL_MS) });
  const user = await findVisibleUserByCode(db, RECOVERY, loginName);
  if (!user || user.status !== 0) return;
  // In the background: the answer must not take longer for names that exist.
  const send =
    input.channel === 'sms'
      ? user.mobile
        ? ch.sms.send(user.mobile, t(lang, 'recover.smsText', { code }))
        : null
      : user.email
        ? ch.mail.send(user.email, t(lang, 'recover.mailSubject'), t(lang, 'recover.mailText', { code, loginName: user.code }))
        : null;
  send?.catch((err: unknown) => ch.log.error({ err, channel: input.channel }, 'recovery code could not be sent'));
}

async function logAttempt(db: Db, loginName: string, ip: string, userAgent: string, code: number, msg: string, userId?: number | null, orgId?: number | null) {
  await insertLoginLog(db, RECOVERY, {
    loginName,
    userId: userId ?? null,
    orgId: orgId ?? null,
    ip,
    userAgent,
    loginWay: 'recover',
    success: code === 0,
    code,
    msg,
  });
}

export async function resetPassword(
  db: Db,
  input: { loginName: string; code: string; newPassword: string; confirmPassword: string },
  client: { ip: string; userAgent: string },
): Promise<void> {
  const loginName = input.loginName.trim();
  await hit(db, `reset-ip:${client.ip}`, LIMITS.resetPerAddress, HOUR);
  await hit(db, `reset-name:${loginName.toLowerCase()}`, LIMITS.resetPerName, HOUR);
  if (input.newPassword !== input.confirmPassword) {
    throw new AppError('FORM_INVALID', 'password.mismatch', undefined, [{ field: 'confirmPassword', message: 'password.mismatch' }]);
  }
  // The policy first, so a code is not spent on a password that would be refused.
  const violations = checkPassword(input.newPassword, await getPasswordStrategy(db), loginName);
  if (violations.length)
    throw new AppError(
      'FORM_INVALID',
      violations[0]!,
      undefined,
      violations.map((v) => ({ field: 'newPassword', message: v })),
    );

  const user = await findVisibleUserByCode(db, RECOVERY, loginName);
  const outcome = await db.transaction(async (tx) => {
    // A wrong code still counts its attempt: the transaction commits, then the error is raised.
    if (!(await consumeCode(tx, targetOf(loginName), PURPOSE, input.code))) return 'badCode' as const;
    if (!user || user.status !== 0) return 'badCode' as const;
    // A refusal here (password history) rolls the code back: it can be used again.
    await setPassword(tx, RECOVERY, user.id, user.code, input.newPassword);
    await deleteUserSessions(tx, RECOVERY, user.id);
    await clearFailures(tx, [accountKey(user.code)]);
    return 'done' as const;
  });
  if (outcome === 'badCode') {
    await logAttempt(db, loginName, client.ip, client.userAgent, 100400, 'recovery code wrong', user?.id);
    throw new AppError('INVALID', 'recover.badCode', undefined, [{ field: 'code', message: 'recover.badCode' }]);
  }
  await logAttempt(db, user!.code, client.ip, client.userAgent, 0, 'password reset by recovery code', user!.id, user!.orgId);
}
