import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '@venue/contract';
import type { AppContext, Caller } from './http.ts';
import { AppError } from './errors.ts';
import { langOf } from './i18n.ts';
import { computeSign, decryptPayload, randomToken, safeEqual } from './keys.ts';
import { can } from './access.ts';
import type { SessionLookup } from './sessionCache.ts';

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
const DANGEROUS =
  /<\s*\/?\s*(script|iframe|object|embed|svg|img|link|style|meta|base|form)\b|javascript\s*:|vbscript\s*:|<[^>]*\bon[a-z]+\s*=|expression\s*\(/i;

export function hasDangerousInput(value: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (typeof value === 'string') return DANGEROUS.test(value);
  if (Array.isArray(value)) return value.some((v) => hasDangerousInput(v, depth + 1));
  if (value && typeof value === 'object') return Object.values(value).some((v) => hasDangerousInput(v, depth + 1));
  return false;
}

/** The body without the rich-text fields a route sanitises itself (RouteSpec.richText). */
function filteredBody(body: unknown, richText: readonly string[] | undefined): unknown {
  if (!richText || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([k]) => !richText.includes(k)));
}

/** Keys that name the prototype chain: no request field is called so (issue 23, point 11). */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Every key of the input, at any depth, that names the prototype chain (`__proto__`, `constructor`,
 * `prototype`), by field path. Such a key reaching code that looks fields up by name (`shape[key]`,
 * `obj[key] ??= …`) finds Object.prototype or Object instead of a field; the request is refused
 * with 100400 naming the field before any handler runs.
 */
export function prototypeKeys(
  value: unknown,
  path: (string | number)[] = [],
  out: { field: string; message: string }[] = [],
  depth = 0,
): { field: string; message: string }[] {
  if (out.length >= 20 || depth > 64 || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    value.forEach((v, i) => prototypeKeys(v, [...path, i], out, depth + 1));
    return out;
  }
  for (const k of Object.keys(value)) {
    if (PROTOTYPE_KEYS.has(k)) out.push({ field: [...path, k].join('.'), message: 'error.field.reservedKey' });
    else prototypeKeys((value as Record<string, unknown>)[k], [...path, k], out, depth + 1);
  }
  return out;
}

const SECRET_KEYS = /pass|pwd|secret|token|authcode|payload|captcha/i;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text the log can always store: PostgreSQL refuses NUL in text and JSON, and lone UTF-16
 * surrogates in JSON. NUL is written as the visible escape `\u0000`; a lone surrogate becomes U+FFFD.
 */
export function storable(text: string, max = 500): string {
  const safe = text.replaceAll('\u0000', '\\u0000').replace(LONE_SURROGATE, '\uFFFD');
  return safe.length > max ? safe.slice(0, max - 1) + '…' : safe;
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

type RouteConfig = FastifyRequest['routeOptions']['config'];

/** State-changing calls of routes that declare a module, except the ones that only read. */
const audited = (req: FastifyRequest, route: RouteConfig) => STATE_CHANGING.has(req.method) && !!route?.module && !route.readOnly && isApi(req) && !req.is404;

/** One operation-log row as the pipeline knows it: who, where, what, with the params redacted. */
export interface OperationRecord {
  userId?: number;
  userName?: string;
  orgId?: number;
  module: string;
  action: string;
  method: string;
  path: string;
  params: unknown;
  ip: string;
}

/** The operation log (implemented by module log): the row before the action, its result after. */
export interface OperationLogWriter {
  /** Writes the row of an action about to run and answers its id; when this fails the action does not run. */
  begin(row: OperationRecord): Promise<number>;
  /** Adds the result to the row `begin` wrote; writes the whole row when there is none (refused calls) or it is gone. */
  finish(id: number | undefined, row: OperationRecord, result: { code: number; durationMs: number }): Promise<void>;
}

/**
 * What the pipeline needs from the modules, given by the composition root (app.ts): the platform
 * imports no module (docs/decisions.md, "Layers").
 */
export interface PipelineDeps {
  /** Bearer token -> caller (module auth, behind the per-process cache of platform/sessionCache.ts). */
  sessions: SessionLookup;
  /**
   * The role-to-API decision for a call (module system): undefined when the route has no role
   * grants (the menu permission decides), otherwise whether the caller holds a granted role.
   */
  apiRoleDecision(caller: Caller, method: string, url: string): Promise<boolean | undefined>;
  operationLog: OperationLogWriter;
}

/**
 * The request pipeline of ARCHITECTURE section 4: language, raw-body capture and optional
 * decryption, the XSRF cookie, Sign + Timestamp, the input filter, the session and the
 * route's permission, and the operation log.
 */
export function installPipeline(app: FastifyInstance, ctx: AppContext, deps: PipelineDeps): void {
  const { config, keys } = ctx;
  const { sessions, operationLog } = deps;
  const businessPrefixes = [config.prefixes.sport, config.prefixes.stadium];
  const isBusiness = (url: string) => businessPrefixes.some((p) => url.startsWith(p));
  /** Calls that passed sign, XSRF, the input filter, the session and the permission. */
  const admitted = new WeakSet<FastifyRequest>();

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
    const reserved = prototypeKeys(parsed);
    if (reserved.length) return done(new AppError('INVALID', 'error.invalid', undefined, reserved), undefined);
    done(null, parsed);
  });

  // Hooks that need not wait take a callback (an async hook costs a promise and a turn of the
  // microtask queue on every request).
  app.addHook('onRequest', (req, reply, done) => {
    req.lang = langOf(req.headers.lang);
    if (req.method === 'GET' && !req.cookies[XSRF_COOKIE]) {
      reply.setCookie(XSRF_COOKIE, randomToken(24), { path: '/', sameSite: 'strict', httpOnly: false });
    }
    done();
  });

  const auditRow = (req: FastifyRequest): OperationRecord => {
    const route = req.routeOptions.config;
    return {
      userId: req.caller?.userId,
      userName: req.caller?.userName,
      orgId: req.caller?.orgId,
      module: route.module!,
      action: route.action ?? req.method,
      method: req.method,
      path: storable(req.url, 300),
      params: redact(req.body ?? null),
      ip: req.ip.slice(0, 64),
    };
  };

  app.addHook('preHandler', async (req) => {
    if (!isApi(req) || req.is404) return;
    const { config: route, url } = req.routeOptions;
    await admit(req, route, url);
    admitted.add(req);
    // The operation-log row is written before the action: an action whose row cannot be
    // written does not run (it answers 100500), so no action is ever missing from the log.
    if (audited(req, route)) req.auditId = await operationLog.begin(auditRow(req));
  });

  /** Sign, XSRF, the input filter, the session and the route's permission. */
  async function admit(req: FastifyRequest, route: RouteConfig, routeUrl: string | undefined): Promise<void> {
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
    if (hasDangerousInput(filteredBody(req.body, route.richText)) || hasDangerousInput(req.query)) throw new InputRejected();
    // Prototype keys in the query (JSON bodies are refused by the parser above).
    const reserved = prototypeKeys(req.query);
    if (reserved.length) throw new AppError('INVALID', 'error.invalid', undefined, reserved);
    // Session and permission.
    const auth = String(req.headers.authorization ?? '');
    const token = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    if (token) req.caller = await sessions.resolve(token);
    const permission = route.permission;
    if (permission === undefined) return;
    if (!req.caller) throw new AppError('SESSION_EXPIRED', 'error.sessionExpired');
    if (req.caller.mustChangePassword && !route.allowWhenPasswordExpired) throw new AppError('PASSWORD_CHANGE_REQUIRED', 'auth.mustChangePassword');
    // Role-to-API grants decide when the route has any; otherwise the menu permission does.
    const byRole = permission === '' ? undefined : await deps.apiRoleDecision(req.caller, req.method, routeUrl ?? '');
    if (byRole === false || (byRole === undefined && !can(req.caller, permission))) throw new AppError('FORBIDDEN', 'error.forbidden');
  }

  // The result is added before the answer leaves, so a client that saw success can rely on the
  // row. Calls refused before the row was written (sign, XSRF, filter, session, permission) get
  // their row here.
  app.addHook('onSend', (req, reply, _payload, done) => {
    const route = req.routeOptions.config;
    // An admitted call that may have changed something (a forced logout, a frozen user, a permission) makes
    // this process forget the sessions it remembered, before the answer leaves: its next call sees
    // the change. Other processes see it within SESSION_CACHE_MS. Business calls (a sale, a booking)
    // cannot change who may call: users, sessions, organisations and permissions belong to the
    // auth and system modules (test/identity-owners.test.ts), so a rush of orders keeps the cache.
    if (STATE_CHANGING.has(req.method) && !route.readOnly && admitted.has(req) && !isBusiness(req.url)) sessions.forget();
    // Reads (and readOnly calls) are done here, without waiting.
    if (!audited(req, route)) return done();
    finishAudit(req, reply).then(() => done(), done);
  });

  async function finishAudit(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const code = req.envelopeCode ?? (reply.statusCode < 400 ? Code.OK : Code.INTERNAL);
    // A sign-in that opened a session names its operator: the token it answers with (auth's
    // `authorization` header) is the caller from now on.
    const opened = reply.getHeader('authorization');
    if (!req.caller && typeof opened === 'string' && opened) req.caller = await sessions.resolve(opened).catch(() => null);
    const durationMs = Math.round(reply.elapsedTime);
    try {
      await operationLog.finish(req.auditId, auditRow(req), { code, durationMs });
    } catch (err) {
      req.log.error({ err: { message: (err as Error).message } }, 'operation log result write failed');
    }
  }
}
