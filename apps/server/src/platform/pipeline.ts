import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { Code } from '@venue/contract';
import type { AppContext } from './http.ts';
import { AppError } from './errors.ts';
import { langOf } from './i18n.ts';
import { computeSign, decryptPayload, randomToken, safeEqual } from './keys.ts';
import { can } from './access.ts';
import { resolveSession } from '../modules/auth/session.service.ts';
import { apiRoleDecision } from '../modules/system/apiauth.service.ts';
import { operLogs } from '../modules/log/log.table.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operation-log row written before the action. */
    auditId?: number;
  }
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
const STATE_CHANGING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** Raised for the input filter: HTTP 403 "please enter valid characters". */
class InputRejected extends AppError {
  readonly httpStatus = 403;
  constructor() {
    super('INVALID', 'error.invalidChars');
  }
}

// Markup and script injection; plain text with < or > (passwords, formulas) passes.
const DANGEROUS = /<\s*\/?\s*(script|iframe|object|embed|svg|img|link|style|meta|base|form)\b|javascript\s*:|vbscript\s*:|<[^>]*\bon[a-z]+\s*=|expression\s*\(/i;

export function hasDangerousInput(value: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (typeof value === 'string') return DANGEROUS.test(value);
  if (Array.isArray(value)) return value.some((v) => hasDangerousInput(v, depth + 1));
  if (value && typeof value === 'object') return Object.values(value).some((v) => hasDangerousInput(v, depth + 1));
  return false;
}

const SECRET_KEYS = /pass|pwd|secret|token|authcode|payload|captcha/i;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text the log can always store: PostgreSQL refuses NUL in text and JSON, and lone UTF-16
 * surrogates in JSON. NUL is written as the visible escape `\u0000`; a lone surrogate becomes U+FFFD.
 */
export function storable(text: string, max = 500): string {
  const safe = text.replaceAll('\u0000', '\\u0000').replace(LONE_SURROGATE, '\uFFFD');
  return safe.length > max ? safe.slice(0, max) + '…' : safe;
}

/** Copies params for the operation log with secrets blanked, values made storable and size bounded. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .slice(0, 100)
        .map(([k, v]) => [storable(k, 100), SECRET_KEYS.test(k) ? '******' : redact(v, depth + 1)]),
    );
  }
  if (typeof value === 'string') return storable(value);
  return value;
}

const isApi = (req: FastifyRequest) => req.url.startsWith('/api/');

/** State-changing calls of routes that declare a module, except the ones that only read. */
const audited = (req: FastifyRequest) => {
  const route = req.routeOptions.config;
  return isApi(req) && !req.is404 && STATE_CHANGING.has(req.method) && !!route?.module && !route.readOnly;
};

/**
 * The request pipeline of ARCHITECTURE section 4: language, raw-body capture and optional
 * decryption, the XSRF cookie, Sign + Timestamp, the input filter, the session and the
 * route's permission, and the operation log.
 */
export function installPipeline(app: FastifyInstance, ctx: AppContext): void {
  const { config, keys, db } = ctx;

  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('caller', null);

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: config.bodyLimit }, (req, body, done) => {
    const raw = body as string;
    req.rawBody = raw;
    if (raw.trim() === '') return done(null, {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return done(new AppError('INVALID', 'error.badJson'), undefined);
    }
    const payload = (parsed as { payload?: unknown })?.payload;
    if (config.encrypt && isApi(req)) {
      if (typeof payload !== 'string') return done(new AppError('INVALID', 'error.decrypt'), undefined);
      try {
        parsed = JSON.parse(decryptPayload(keys.privateKey, payload));
      } catch {
        return done(new AppError('INVALID', 'error.decrypt'), undefined);
      }
    }
    done(null, parsed);
  });

  app.addHook('onRequest', async (req, reply) => {
    req.lang = langOf(req.headers.lang);
    if (req.method === 'GET' && !req.cookies[XSRF_COOKIE]) {
      reply.setCookie(XSRF_COOKIE, randomToken(24), { path: '/', sameSite: 'strict', httpOnly: false });
    }
  });

  const auditRow = (req: FastifyRequest) => {
    const route = req.routeOptions.config;
    return {
      userId: req.caller?.userId,
      userName: req.caller?.userName,
      orgId: req.caller?.orgId,
      module: route.module!,
      action: route.action ?? req.method,
      method: req.method,
      path: storable(req.url, 300),
      params: redact(req.body ?? null) as object,
      ip: req.ip,
    };
  };

  app.addHook('preHandler', async (req) => {
    if (!isApi(req) || req.is404) return;
    await admit(req);
    // The operation-log row is written before the action: an action whose row cannot be
    // written does not run (it answers 100500), so no action is ever missing from the log.
    if (audited(req)) {
      const [row] = await db.insert(operLogs).values(auditRow(req)).returning({ id: operLogs.id });
      req.auditId = row!.id;
    }
  });

  /** Sign, XSRF, the input filter, the session and the route's permission. */
  async function admit(req: FastifyRequest): Promise<void> {
    const route = req.routeOptions.config;
    // Sign + Timestamp.
    if (!route.skipSign) {
      const ts = String(req.headers.timestamp ?? '');
      const sign = String(req.headers.sign ?? '');
      if (!ts || !sign) throw new AppError('INVALID', 'error.sign.missing');
      const seconds = Number(ts);
      if (!Number.isFinite(seconds) || Math.abs(Date.now() / 1000 - seconds) > config.signWindowSeconds) throw new AppError('INVALID', 'error.sign.stale');
      // Multipart uploads are signed over the path (their bytes are streamed, not buffered).
      const multipartBody = String(req.headers['content-type'] ?? '').startsWith('multipart/');
      const subject = multipartBody ? 'GET' : req.method;
      const expected = computeSign(keys.signKey, ts, subject, req.url, req.rawBody ?? '');
      if (!safeEqual(expected, sign.toLowerCase())) throw new AppError('INVALID', 'error.sign.bad');
    }
    // XSRF double submit.
    if (STATE_CHANGING.has(req.method) && !route.skipXsrf) {
      const cookie = req.cookies[XSRF_COOKIE];
      const header = String(req.headers['x-xsrf-token'] ?? '');
      if (!cookie || !safeEqual(cookie, header)) throw new AppError('FORBIDDEN', 'error.xsrf');
    }
    if (hasDangerousInput(req.body) || hasDangerousInput(req.query)) throw new InputRejected();
    // Session and permission.
    const auth = String(req.headers.authorization ?? '');
    const token = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    if (token) req.caller = await resolveSession(ctx.database, config, token);
    const permission = route.permission;
    if (permission === undefined) return;
    if (!req.caller) throw new AppError('SESSION_EXPIRED', 'error.sessionExpired');
    if (req.caller.mustChangePassword && !route.allowWhenPasswordExpired) throw new AppError('PASSWORD_CHANGE_REQUIRED', 'auth.mustChangePassword');
    // Role-to-API grants decide when the route has any; otherwise the menu permission does.
    const byRole = permission === '' ? undefined : await apiRoleDecision(db, req.caller, req.method, req.routeOptions.url ?? '');
    if (byRole === false || (byRole === undefined && !can(req.caller, permission))) throw new AppError('FORBIDDEN', 'error.forbidden');
  }

  // The result is added before the answer leaves, so a client that saw success can rely on the
  // row. Calls refused before the row was written (sign, XSRF, filter, session, permission) get
  // their row here.
  app.addHook('onSend', async (req, reply) => {
    if (!audited(req)) return;
    const code = req.envelopeCode ?? (reply.statusCode < 400 ? Code.OK : Code.INTERNAL);
    const durationMs = Math.round(reply.elapsedTime);
    try {
      // The row is gone when the action itself cleared the log: it is written again.
      const updated = req.auditId === undefined ? [] : await db.update(operLogs).set({ code, durationMs }).where(eq(operLogs.id, req.auditId)).returning({ id: operLogs.id });
      if (!updated.length) await db.insert(operLogs).values({ ...auditRow(req), code, durationMs });
    } catch (err) {
      req.log.error({ err: { message: (err as Error).message } }, 'operation log result write failed');
    }
  });
}

