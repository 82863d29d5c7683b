import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import contentDisposition from 'content-disposition';
import { Code, httpStatusOf, type Envelope } from '@venue/contract';
import { AppError } from './errors.ts';
import { t, type Lang } from './i18n.ts';
import type { Db } from './db.ts';
import type { Config } from '../config.ts';
import type { Database } from './db.ts';
import type { Keys } from './keys.ts';

/** The signed-in caller, resolved once per request by the auth hook. */
export interface Caller {
  sessionId: number;
  userId: number;
  userName: string;
  userCode: string;
  orgId: number;
  /** The platform organisation sees every organisation's records. */
  platform: boolean;
  admin: boolean;
  perms: ReadonlySet<string>;
  menuIds: ReadonlySet<number>;
  /** Permission epoch the access was computed at (see platform/access.ts). */
  epoch: number;
  roles: readonly string[];
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    caller: Caller | null;
    rawBody?: string;
    envelopeCode?: number;
    audit?: { module: string; action: string };
  }
  interface FastifyContextConfig {
    /** undefined: public; '': any signed-in user; otherwise a permission code. */
    permission?: string;
    module?: string;
    action?: string;
    /** Route answers while the password must be changed. */
    allowWhenPasswordExpired?: boolean;
    readOnly?: boolean;
    skipSign?: boolean;
    skipXsrf?: boolean;
  }
}

/** Everything a module needs from the running server. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  keys: Keys;
}

export function envelope<T>(lang: Lang, body: T, code: number = Code.OK, msg?: string): Envelope<T> {
  return { code, msg: msg ?? t(lang, 'ok'), detail: null, head: { level: 'info' }, body };
}

export function errorEnvelope(lang: Lang, err: AppError): Envelope<null> {
  const detail = Array.isArray(err.detail)
    ? (err.detail as { field: string; message: string; params?: Record<string, unknown> }[]).map((d) => ({
        field: d.field,
        message: t(lang, d.message, d.params),
      }))
    : (err.detail ?? null);
  return { code: err.code, msg: t(lang, err.msgKey, err.params), detail, head: { level: 'error' }, body: null };
}

/** A binary answer (downloads). */
export class FileResult {
  constructor(
    readonly fileName: string,
    readonly contentType: string,
    readonly data: Buffer,
  ) {}
}

/** A success that carries a notice (code 103005). */
export class Notice<T> {
  constructor(
    readonly body: T,
    readonly msgKey: string,
    readonly params?: Record<string, unknown>,
  ) {}
}

export interface RouteRecord {
  method: string;
  url: string;
  permission: string | undefined;
  module: string;
  action: string;
}

/** Every API route, as declared. The role-to-API registry is generated from it. */
export const routeRegistry: RouteRecord[] = [];

type Infer<S> = S extends ZodType ? z.output<S> : undefined;

export interface RouteSpec<B extends ZodType | undefined, Q extends ZodType | undefined, P extends ZodType | undefined> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** undefined: public; '' (Perm.authenticated): any signed-in user; else a permission code. */
  permission: string | undefined;
  module: string;
  action: string;
  body?: B;
  query?: Q;
  params?: P;
  allowWhenPasswordExpired?: boolean;
  /** A POST that only reads (lists, queries): no operation-log row. */
  readOnly?: boolean;
  skipSign?: boolean;
  skipXsrf?: boolean;
  rateLimit?: { max: number; timeWindow: number };
  handler: (input: { body: Infer<B>; query: Infer<Q>; params: Infer<P>; req: FastifyRequest; reply: FastifyReply; caller: Caller }) => Promise<unknown>;
}

function zodToAppError(error: z.ZodError, codeName: 'INVALID' | 'FORM_INVALID' = 'INVALID'): AppError {
  const detail = error.issues.map((i) => {
    const field = i.path.join('.');
    let message = 'error.field.invalid';
    let params: Record<string, unknown> | undefined;
    if (i.code === 'invalid_type' && /received (undefined|null)$/.test(i.message)) message = 'error.field.required';
    else if (i.code === 'too_big') {
      message = i.origin === 'string' || i.origin === 'array' ? 'error.field.tooLong' : 'error.field.tooBig';
      params = { max: i.maximum };
    } else if (i.code === 'too_small') {
      const min = Number(i.minimum);
      message = i.origin === 'string' && min === 1 ? 'error.field.required' : i.origin === 'string' || i.origin === 'array' ? 'error.field.tooShort' : 'error.field.tooSmall';
      params = { min };
    } else if (i.code === 'custom' && i.message && /^[\w.]+$/.test(i.message)) message = i.message;
    return { field, message, params };
  });
  return new AppError(codeName, 'error.invalid', undefined, detail);
}

export function parseOrThrow<S extends ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw zodToAppError(r.error);
  return r.data;
}

/**
 * Declares an API route: its input schemas, the permission it needs (enforced by the auth
 * hook before the handler runs), the module/action written to the operation log, and one
 * handler whose return value becomes the envelope body.
 */
export function defineRoute<B extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined, P extends ZodType | undefined = undefined>(
  app: FastifyInstance,
  spec: RouteSpec<B, Q, P>,
): void {
  routeRegistry.push({ method: spec.method, url: spec.url, permission: spec.permission, module: spec.module, action: spec.action });
  app.route({
    method: spec.method,
    url: spec.url,
    config: {
      permission: spec.permission,
      module: spec.module,
      action: spec.action,
      allowWhenPasswordExpired: spec.allowWhenPasswordExpired,
      readOnly: spec.readOnly,
      skipSign: spec.skipSign,
      skipXsrf: spec.skipXsrf,
      ...(spec.rateLimit ? { rateLimit: spec.rateLimit } : {}),
    },
    handler: async (req, reply) => {
      const body = (spec.body ? parseOrThrow(spec.body, req.body ?? {}) : undefined) as Infer<B>;
      const query = (spec.query ? parseOrThrow(spec.query, req.query ?? {}) : undefined) as Infer<Q>;
      const params = (spec.params ? parseOrThrow(spec.params, req.params ?? {}) : undefined) as Infer<P>;
      const result = await spec.handler({ body, query, params, req, reply, caller: req.caller as Caller });
      if (reply.sent) return reply;
      if (result instanceof FileResult) {
        req.envelopeCode = Code.OK;
        return reply
          .header('content-type', result.contentType)
          .header('content-disposition', contentDisposition(result.fileName))
          .send(result.data);
      }
      if (result instanceof Notice) {
        req.envelopeCode = Code.OK_NOTICE;
        return envelope(req.lang, result.body, Code.OK_NOTICE, t(req.lang, result.msgKey, result.params));
      }
      req.envelopeCode = Code.OK;
      return envelope(req.lang, result ?? null);
    },
  });
}

/** The one error handler: business errors become envelopes; nothing internal leaves the server. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, req, reply) => {
    const lang = req.lang ?? 'zh-CN';
    let appErr: AppError;
    let status = 200;
    const e = error as { code?: string; statusCode?: number; validation?: unknown };
    if (error instanceof AppError) appErr = error;
    else if (error instanceof z.ZodError) appErr = zodToAppError(error);
    else if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      appErr = new AppError('INVALID', 'error.bodyTooLarge');
      status = 413;
    } else if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error instanceof SyntaxError && e.statusCode === 400)) {
      appErr = new AppError('INVALID', 'error.badJson');
      status = 400;
    } else if (e.statusCode === 429) {
      appErr = new AppError('TOO_MANY', 'error.tooMany');
      status = 429;
    } else if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      appErr = new AppError('INVALID', 'error.invalid');
      status = e.statusCode;
    } else {
      req.log.error({ err: error }, 'unhandled error');
      appErr = new AppError('INTERNAL', 'error.internal');
      status = 500;
    }
    if (appErr.codeName === 'SESSION_EXPIRED') status = httpStatusOf(appErr.code);
    if ((appErr as { httpStatus?: number }).httpStatus) status = (appErr as { httpStatus?: number }).httpStatus!;
    req.envelopeCode = appErr.code;
    return reply.status(status).send(errorEnvelope(lang, appErr));
  });
}
