import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { z, type ZodType } from 'zod';
import contentDisposition from 'content-disposition';
import { Code, httpStatusOf, type ConflictDetail, type Envelope } from '@venue/contract';
import { AppError, invalid, type ConflictIssue } from './errors.ts';
import { t, type Lang } from './i18n.ts';
import './http.messages.ts';
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
  /**
   * The organisation the caller works for, whose records the call reads and writes: the session's
   * organisation, or the venue organisation a department of it works for (platform/scope.ts, workOrgText).
   */
  orgId: number;
  /** The organisation the session is in, when it differs from `orgId` (a department of a venue organisation). */
  sessionOrgId?: number;
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

/**
 * A caller acting as `user` in organisation `orgId` without a request (demo seeds, a kind's hook acting
 * for the user who paid): no session, no menus, and only the permissions given in `perms`.
 */
export function actingAs(user: { id: number; name: string; code: string }, orgId: number, o: { platform?: boolean; perms?: readonly string[] } = {}): Caller {
  return {
    sessionId: 0,
    userId: user.id,
    userName: user.name,
    userCode: user.code,
    orgId,
    platform: o.platform ?? false,
    admin: false,
    perms: new Set(o.perms ?? []),
    menuIds: new Set(),
    epoch: 0,
    roles: [],
    mustChangePassword: false,
  };
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
    /** undefined: public; '': any signed-in user; otherwise a permission code, or a list of which any one admits. */
    permission?: RoutePermission;
    module?: string;
    action?: string;
    /** Route answers while the password must be changed. */
    allowWhenPasswordExpired?: boolean;
    readOnly?: boolean;
    skipSign?: boolean;
    skipXsrf?: boolean;
    /** Only callers of the platform organisation (see RouteSpec.platformOnly). */
    platformOnly?: boolean;
    /** Body fields the input filter leaves to the route's own sanitiser (see RouteSpec.richText). */
    richText?: readonly string[];
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

export function errorEnvelope(lang: Lang, err: AppError, requestId?: string): Envelope<null> {
  const fieldsIn = (list: { field: string; message: string; params?: Record<string, unknown> }[]) =>
    list.map((d) => ({ field: d.field, message: t(lang, d.message, d.params) }));
  let detail: unknown = err.detail ?? null;
  if (Array.isArray(detail)) detail = fieldsIn(detail);
  else if (err.codeName === 'CONFLICT') {
    // 100409 says why: {reason, fields} (ConflictDetail in the contract).
    const c = detail as ConflictIssue;
    detail = { reason: c.reason, fields: fieldsIn(c.fields ?? []) } satisfies ConflictDetail;
  }
  return { code: err.code, msg: t(lang, err.msgKey, err.params), detail, head: requestId ? { level: 'error', requestId } : { level: 'error' }, body: null };
}

/**
 * A binary answer (downloads): the whole file, or a stream written while it is sent (a large
 * export, `streamXlsx`), with headers of its own (the export's row count and expected size).
 */
export class FileResult {
  constructor(
    readonly fileName: string,
    readonly contentType: string,
    readonly data: Buffer | Readable,
    readonly headers: Record<string, string> = {},
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

/** undefined: public; '' (Perm.authenticated): any signed-in user; a permission code; or a list of codes of which any one admits (a read several screens share). */
export type RoutePermission = string | readonly string[] | undefined;

/** A route's permission as the role-to-API registry shows and stores it: a list reads `a | b`. */
export const permissionText = (p: RoutePermission): string | undefined => (typeof p === 'string' || p === undefined ? p : p.join(' | '));

export interface RouteRecord {
  method: string;
  url: string;
  /** As `permissionText` writes it. */
  permission: string | undefined;
  module: string;
  action: string;
  /** Only callers of the platform organisation may call it (shown in the role-to-API registry). */
  platformOnly: boolean;
  /** A POST that only reads: no operation-log row. */
  readOnly: boolean;
  /** The route's input schemas, as declared (the generated malformed-input test reads them). */
  body?: ZodType;
  query?: ZodType;
  params?: ZodType;
  /** The schema of the envelope's `body` on success, or 'file' for downloads (tests validate answers with it). */
  response: ZodType | 'file';
}

/** Every API route, as declared. The role-to-API registry is generated from it. */
export const routeRegistry: RouteRecord[] = [];

type Infer<S> = S extends ZodType ? z.output<S> : undefined;

/**
 * What a handler may return for its response schema: a value of the schema's input type (a Date
 * where the answer carries ISO text), a `Notice` of one, or a `FileResult` for 'file'. A handler
 * that sent the reply itself returns the reply.
 */
export type Answer<R extends ZodType | 'file'> = (R extends ZodType ? z.input<R> | Notice<z.input<R>> : FileResult) | FastifyReply;

export interface RouteSpec<B extends ZodType | undefined, Q extends ZodType | undefined, P extends ZodType | undefined, R extends ZodType | 'file'> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  permission: RoutePermission;
  module: string;
  action: string;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * The envelope `body` of a success (`packages/contract`), or 'file' for a download. Types only
   * in production (the handler's return must satisfy its input type); tests validate every answer.
   */
  response: R;
  allowWhenPasswordExpired?: boolean;
  /**
   * Only callers of the platform organisation: writes of platform-wide records (menus, API grants,
   * parameters, dictionaries, regions, versions, branding, policies, log clean-up). Checked after
   * the permission, before the input is read and the handler runs: anyone else gets 100420
   * `error.platformOnly`. Which organisations' records a call may touch is the repository's
   * required Scope (platform/scope.ts), not a route flag.
   */
  platformOnly?: boolean;
  /** A POST that only reads (lists, queries): no operation-log row. */
  readOnly?: boolean;
  skipSign?: boolean;
  skipXsrf?: boolean;
  /**
   * Top-level body fields that hold rich text (HTML the member apps render), which the input
   * filter leaves alone because the route's service sanitises them with an allow-list before they
   * are stored (sport/content: `sanitize-html`). Every other field is filtered as usual.
   */
  richText?: readonly string[];
  /**
   * The route takes a multipart upload (read with `readFilePart` or xlsx's `readUpload`). Only
   * these routes parse multipart bodies: they live in a context of their own with the multipart
   * plugin (`installUploads`), whose hooks would otherwise run on every request.
   */
  upload?: boolean;
  rateLimit?: { max: number; timeWindow: number };
  handler: (input: { body: Infer<B>; query: Infer<Q>; params: Infer<P>; req: FastifyRequest; reply: FastifyReply; caller: Caller }) => Promise<Answer<R>>;
}

interface FieldIssue {
  field: string;
  message: string;
  params?: Record<string, unknown>;
}

function zodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((i): FieldIssue[] => {
    const field = i.path.join('.');
    let message = 'error.field.invalid';
    let params: Record<string, unknown> | undefined;
    if (i.code === 'unrecognized_keys') return i.keys.map((k) => ({ field: [...i.path, k].join('.'), message: 'error.field.unknown' }));
    if (i.code === 'invalid_type' && /received (undefined|null)$/.test(i.message)) message = 'error.field.required';
    else if (i.code === 'too_big') {
      message = i.origin === 'string' || i.origin === 'array' ? 'error.field.tooLong' : 'error.field.tooBig';
      params = { max: i.maximum };
    } else if (i.code === 'too_small') {
      const min = Number(i.minimum);
      message =
        i.origin === 'string' && min === 1
          ? 'error.field.required'
          : i.origin === 'string' || i.origin === 'array'
            ? 'error.field.tooShort'
            : 'error.field.tooSmall';
      params = { min };
    } else if (i.code === 'custom' && i.message && /^[\w.]+$/.test(i.message)) message = i.message;
    return [{ field, message, params }];
  });
}

function zodToAppError(error: z.ZodError, codeName: 'INVALID' | 'FORM_INVALID' = 'INVALID'): AppError {
  return new AppError(codeName, 'error.invalid', undefined, zodIssues(error));
}

// NUL (PostgreSQL text and JSON refuse it) and lone UTF-16 surrogates (JSON refuses them).
// eslint-disable-next-line no-control-regex -- NUL is one of the characters refused
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Every string (value or key) in the input that the database could not store, by field path. */
function unstorableText(value: unknown, path: (string | number)[] = [], out: FieldIssue[] = [], depth = 0): FieldIssue[] {
  if (out.length >= 50 || depth > 32) return out;
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) out.push({ field: path.join('.'), message: 'error.field.invalidChars' });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => unstorableText(v, [...path, i], out, depth + 1));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (UNSTORABLE.test(k)) out.push({ field: [...path, k.replace(UNSTORABLE, '?')].join('.'), message: 'error.field.invalidChars' });
      else unstorableText(v, [...path, k], out, depth + 1);
    }
  }
  return out;
}

interface Def {
  type: string;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  element?: ZodType;
  options?: ZodType[];
}
const defOf = (s: ZodType) => (s as unknown as { def: Def }).def;

/** The schema that reads the raw input, under optional/nullable/default wrappers and pipes. */
function inputSchema(s: ZodType): ZodType {
  for (let i = 0; i < 20; i++) {
    const d = defOf(s);
    if (d.innerType && ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(d.type)) s = d.innerType;
    else if (d.type === 'pipe' && d.in && d.out) s = defOf(d.in).type === 'transform' ? d.out : d.in;
    else break;
  }
  return s;
}

/**
 * Fields the schema does not declare (strict objects, nested ones included), without
 * rewriting the schemas: objects that declare a catch-all (passthrough, records) accept extras.
 */
function undeclaredFields(schema: ZodType, value: unknown, path: (string | number)[] = [], out: FieldIssue[] = [], depth = 0): FieldIssue[] {
  if (out.length >= 50 || depth > 32 || value === null || typeof value !== 'object') return out;
  const d = defOf(inputSchema(schema));
  if (d.type === 'object' && d.shape && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      const field = Object.hasOwn(d.shape, k) ? d.shape[k] : undefined;
      if (field) undeclaredFields(field, v, [...path, k], out, depth + 1);
      else if (!d.catchall) out.push({ field: [...path, k].join('.'), message: 'error.field.unknown' });
    }
  } else if (d.type === 'array' && d.element && Array.isArray(value)) {
    value.forEach((v, i) => undeclaredFields(d.element!, v, [...path, i], out, depth + 1));
  } else if (d.type === 'union' && d.options) {
    // A union of objects: a field is undeclared when no branch declares it.
    const objects = d.options.map((o) => defOf(inputSchema(o))).filter((o) => o.type === 'object' && o.shape);
    if (objects.length === d.options.length && !Array.isArray(value) && !objects.some((o) => o.catchall)) {
      for (const k of Object.keys(value)) {
        if (!objects.some((o) => Object.hasOwn(o.shape!, k))) out.push({ field: [...path, k].join('.'), message: 'error.field.unknown' });
      }
    }
  }
  return out;
}

/**
 * Validates one part of a request: text the database cannot store (NUL) and, for bodies,
 * fields the schema does not declare are refused along with the schema's own issues, each
 * naming its field (100400).
 */
export function parseOrThrow<S extends ZodType>(schema: S, value: unknown, opts: { strict?: boolean } = {}): z.output<S> {
  const issues = unstorableText(value);
  if (opts.strict) issues.push(...undeclaredFields(schema, value));
  const r = schema.safeParse(value);
  if (!r.success) {
    const named = new Set(issues.map((i) => i.field));
    issues.push(...zodIssues(r.error).filter((i) => !named.has(i.field)));
  }
  if (issues.length) throw new AppError('INVALID', 'error.invalid', undefined, issues);
  return r.data as z.output<S>;
}

/**
 * How an answer's body differs from a response schema: fields the schema does not declare
 * (nested ones included) and the schema's own issues, each naming its field. Tests call it on
 * every success (test/harness.ts); production never validates answers.
 */
export function answerIssues(schema: ZodType, value: unknown): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = undeclaredFields(schema, value).map((i) => ({
    field: i.field,
    message: 'not declared by the response schema',
  }));
  const r = schema.safeParse(value);
  if (!r.success) issues.push(...r.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
  return issues;
}

/** A JSON body sent to a route that takes none: every field is undeclared. */
function refuseBody(body: unknown): void {
  if (body === null || body === undefined || typeof body !== 'object') return;
  const issues: FieldIssue[] = Object.keys(body).map((k) => ({ field: k, message: 'error.field.unknown' }));
  if (issues.length) throw new AppError('INVALID', 'error.invalid', undefined, issues);
}

/** The query of a route that declares none: only its text is checked (made once, not per request). */
const anyValue = z.unknown();

/** The platform-only rule of a route (RouteSpec.platformOnly), run by the pipeline before the handler. */
async function platformOnlyHook(req: FastifyRequest): Promise<void> {
  if (!req.caller) throw new AppError('SESSION_EXPIRED', 'error.sessionExpired');
  if (!req.caller.platform) throw new AppError('FORBIDDEN', 'error.platformOnly');
}

/**
 * Declares an API route: its input schemas, the permission it needs (enforced by the auth
 * hook before the handler runs), the module/action written to the operation log, and one
 * handler whose return value becomes the envelope body.
 */
export function defineRoute<
  B extends ZodType | undefined = undefined,
  Q extends ZodType | undefined = undefined,
  P extends ZodType | undefined = undefined,
  R extends ZodType | 'file' = ZodType,
>(app: FastifyInstance, spec: RouteSpec<B, Q, P, R>): void {
  routeRegistry.push({
    method: spec.method,
    url: spec.url,
    permission: permissionText(spec.permission),
    module: spec.module,
    action: spec.action,
    platformOnly: !!spec.platformOnly,
    readOnly: !!spec.readOnly,
    body: spec.body,
    query: spec.query,
    params: spec.params,
    response: spec.response,
  });
  const route: RouteOptions = {
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
      platformOnly: spec.platformOnly,
      ...(spec.richText ? { richText: spec.richText } : {}),
      ...(spec.rateLimit ? { rateLimit: spec.rateLimit } : {}),
    },
    // Route-level hooks run after the pipeline's (sign, session, permission, operation-log row).
    ...(spec.platformOnly ? { preHandler: platformOnlyHook } : {}),
    handler: async (req, reply) => {
      if (!spec.body && !(spec.upload && req.isMultipart())) refuseBody(req.body);
      const body = (spec.body ? parseOrThrow(spec.body, req.body ?? {}, { strict: true }) : undefined) as Infer<B>;
      if (!spec.query) parseOrThrow(anyValue, req.query ?? {});
      const query = (spec.query ? parseOrThrow(spec.query, req.query ?? {}) : undefined) as Infer<Q>;
      const params = (spec.params ? parseOrThrow(spec.params, req.params ?? {}) : undefined) as Infer<P>;
      const result = await spec.handler({ body, query, params, req, reply, caller: req.caller as Caller });
      if (reply.sent) return reply;
      if (result instanceof FileResult) {
        req.envelopeCode = Code.OK;
        reply.header('content-type', result.contentType).header('content-disposition', contentDisposition(result.fileName));
        for (const [k, v] of Object.entries(result.headers)) reply.header(k, v);
        return reply.send(result.data);
      }
      if (result instanceof Notice) {
        req.envelopeCode = Code.OK_NOTICE;
        return envelope(req.lang, result.body, Code.OK_NOTICE, t(req.lang, result.msgKey, result.params));
      }
      req.envelopeCode = Code.OK;
      return envelope(req.lang, result ?? null);
    },
  };
  if (!spec.upload) {
    app.route(route);
    return;
  }
  const pending = uploadRoutes.get(app);
  if (!pending) throw new Error(`${spec.method} ${spec.url}: upload routes are declared before installUploads`);
  pending.push(route);
}

/** Upload routes declared and not yet installed, per app (tests build many apps in one process). */
const uploadRoutes = new WeakMap<FastifyInstance, RouteOptions[]>();

/** Starts collecting the upload routes of an app: call before the modules declare their routes. */
export function collectUploads(app: FastifyInstance): void {
  uploadRoutes.set(app, []);
}

/**
 * Registers the upload routes declared since `collectUploads` in a context of their own, with
 * the multipart parser and its limits; the app's hooks and error handler reach them as any route.
 */
export async function installUploads(app: FastifyInstance, limits: { fileSize: number; files: number; fields: number }): Promise<void> {
  const routes = uploadRoutes.get(app) ?? [];
  uploadRoutes.delete(app);
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits });
    for (const r of routes) uploads.route(r);
  });
}

/** The multipart reader of an upload route: a route not declared `upload: true` has none (a programming error, not input). */
export function assertUploadRoute(req: FastifyRequest): void {
  if (typeof req.isMultipart !== 'function')
    throw new Error(`${req.method} ${req.routeOptions.url}: read an upload only in a route declared with upload: true`);
}

/**
 * PostgreSQL refused a value of the request: data exceptions (SQLSTATE class 22: bad integer or
 * date text, out of range, NUL, invalid JSON escape …) and values too large for an index (54000).
 */
export function isInputRefusedByDatabase(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^(22[0-9A-Z]{3}|54000)$/.test(e.code)) return true;
  }
  return false;
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
    } else if (
      e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (error instanceof SyntaxError && e.statusCode === 400)
    ) {
      appErr = new AppError('INVALID', 'error.badJson');
      status = 400;
    } else if (e.statusCode === 429) {
      appErr = new AppError('TOO_MANY', 'error.tooMany');
      status = 429;
    } else if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      appErr = new AppError('INVALID', 'error.invalid');
      status = e.statusCode;
    } else if (isInputRefusedByDatabase(error)) {
      // Last resort: the schemas should have refused the value and named its field.
      req.log.warn({ err: error }, 'input refused by the database');
      appErr = new AppError('INVALID', 'error.invalidValue');
    } else {
      req.log.error({ err: error }, 'unhandled error');
      appErr = new AppError('INTERNAL', 'error.internal');
      status = 500;
    }
    if (appErr.codeName === 'SESSION_EXPIRED') status = httpStatusOf(appErr.code);
    if ((appErr as { httpStatus?: number }).httpStatus) status = (appErr as { httpStatus?: number }).httpStatus!;
    req.envelopeCode = appErr.code;
    return reply.status(status).send(errorEnvelope(lang, appErr, req.id));
  });
}

const pad2 = (n: number) => (n < 10 ? '0' + n : '' + n);
const pad3 = (n: number) => (n < 10 ? '00' + n : n < 100 ? '0' + n : '' + n);

/**
 * `date.toISOString()`, computed from the time value (days to a civil date, H. Hinnant's
 * algorithm): three times faster than the built-in here, and a page holds a few Dates per row.
 * Years outside 0000–9999 and invalid dates are left to the built-in.
 */
export function isoText(date: Date): string {
  const t = date.getTime();
  if (!(t >= -62167219200000 && t < 253402300800000)) return date.toISOString();
  const days = Math.floor(t / 86400000);
  const msOfDay = t - days * 86400000;
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  return `${year < 1000 ? ('000' + year).slice(-4) : year}-${pad2(month)}-${pad2(day)}T${pad2(Math.floor(msOfDay / 3600000))}:${pad2(Math.floor(msOfDay / 60000) % 60)}:${pad2(Math.floor(msOfDay / 1000) % 60)}.${pad3(msOfDay % 1000)}Z`;
}

/**
 * Dates as ISO text, without a toJSON call: one Date in an answer takes JSON.stringify off V8's
 * fast path for the whole answer (a list page of 20 users took 0.09–0.14 ms instead of 0.03).
 * Copies only the objects that hold a Date; the text is the same as JSON.stringify's.
 */
function withIsoDates(v: unknown): unknown {
  if (v instanceof Date) return isoText(v);
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      const y = x !== null && typeof x === 'object' ? withIsoDates(x) : x;
      if (y !== x) (out ??= v.slice())[i] = y;
    }
    return out ?? v;
  }
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON !== 'function') {
    let out: Record<string, unknown> | undefined;
    // for…in: answers are plain objects, and it allocates nothing (Object.entries would, per row).
    for (const k in v) {
      const x = (v as Record<string, unknown>)[k];
      if (x === null || typeof x !== 'object') continue;
      const y = withIsoDates(x);
      if (y !== x) (out ??= { ...(v as Record<string, unknown>) })[k] = y;
    }
    return out ?? v;
  }
  return v;
}

/** The reply serializer of every JSON answer. */
export function answerText(payload: unknown): string {
  return JSON.stringify(withIsoDates(payload));
}

/**
 * The file of a multipart `file` field, read one byte past `maxBytes` so "too large" is told
 * apart (`truncated`); without such a field, a field error on `file` says `noFileKey`.
 */
export async function readFilePart(req: FastifyRequest, maxBytes: number, noFileKey: string): Promise<{ data: Buffer; truncated: boolean }> {
  assertUploadRoute(req);
  if (!req.isMultipart()) throw invalid('file', noFileKey);
  const part = await req.file({ limits: { fileSize: maxBytes + 1, files: 1 } }).catch(() => undefined);
  if (!part || part.fieldname !== 'file') throw invalid('file', noFileKey);
  try {
    return { data: await part.toBuffer(), truncated: part.file.truncated };
  } catch (e) {
    if ((e as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw e;
    return { data: Buffer.alloc(0), truncated: true };
  }
}
