import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../platform/db.ts';
import { sha256 } from '../../platform/keys.ts';
import { verificationCodes } from './auth.table.ts';

/**
 * `randomCode` (spec 7.2): a single-use random code the server hands a sign-in step and takes
 * back once, bound to the browser that asked for it. It is the `state` of the WeChat QR sign-in
 * and binding (OAuth2's anti-CSRF value): a code another browser got, an old one, or one used
 * already is refused. Kept hashed in sys_verification_code (purpose `rc:<purpose>`, target the
 * hash of the browser's `rc_bind` cookie), so any server process can check it.
 */
export const RANDOM_CODE_PURPOSES = ['wechat-login', 'wechat-bind'] as const;
export type RandomCodePurpose = (typeof RANDOM_CODE_PURPOSES)[number];

export const RANDOM_CODE_TTL_SECONDS = 300;
/** The browser's binding cookie: HttpOnly, Lax (it must come along when WeChat sends the browser back). */
export const BIND_COOKIE = 'rc_bind';

function browserBinding(req: FastifyRequest, reply: FastifyReply | undefined): string | undefined {
  const have = req.cookies[BIND_COOKIE];
  if (have && /^[A-Za-z0-9_-]{43}$/.test(have)) return have;
  if (!reply) return undefined;
  const fresh = crypto.randomBytes(32).toString('base64url');
  reply.setCookie(BIND_COOKIE, fresh, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https', maxAge: 30 * 86400 });
  return fresh;
}

/** Issues a code for this browser (setting its binding cookie when it has none). */
export async function issueRandomCode(
  db: Executor,
  req: FastifyRequest,
  reply: FastifyReply,
  purpose: RandomCodePurpose,
): Promise<{ randomCode: string; expiresIn: number }> {
  const binding = browserBinding(req, reply)!;
  const code = crypto.randomBytes(24).toString('base64url');
  // Expired codes of every browser go with each issue: the table never grows with them.
  await db.delete(verificationCodes).where(and(eq(verificationCodes.purpose, `rc:${purpose}`), lt(verificationCodes.expiresAt, new Date())));
  await db.insert(verificationCodes).values({
    target: sha256(binding),
    purpose: `rc:${purpose}`,
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + RANDOM_CODE_TTL_SECONDS * 1000),
  });
  return { randomCode: code, expiresIn: RANDOM_CODE_TTL_SECONDS };
}

/**
 * Takes a code back: true once, for the browser it was issued to, before it expires. One
 * conditional update marks it used, so two requests racing with one code cannot both pass.
 */
export async function consumeRandomCode(db: Executor, req: FastifyRequest, purpose: RandomCodePurpose, code: string): Promise<boolean> {
  const binding = browserBinding(req, undefined);
  if (!binding || !code) return false;
  const used = await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.purpose, `rc:${purpose}`),
        eq(verificationCodes.codeHash, sha256(code)),
        eq(verificationCodes.target, sha256(binding)),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .returning({ id: verificationCodes.id });
  return used.length === 1;
}
