import { Code, EXPORT_HEADERS, SILENT_CODES, SUCCESS_CODES, conflictDetailOf, type ConflictDetail, type Envelope } from '@venue/contract';
import { getClockOffset, getConfig } from './config.ts';
import { computeSign, encryptPayload } from './crypto.ts';
import { t, type MessageKey } from './i18n.ts';
import type appZh from './messages.zh-CN.ts';
import { notify } from './notify.ts';
import { getLang } from './prefs.ts';
import { getToken, sessionBackOnline } from './session.ts';
import { readCookie } from './storage.ts';

/**
 * The request layer (spec 7.1 and 8). Every API call of the console goes through here:
 * it adds Lang, Authorization (the bearer token from memory in token mode: the `token` cookie is
 * HttpOnly and never read here; see session.ts), Timestamp, Sign and X-XSRF-TOKEN, folds GET params into
 * the url, encrypts JSON bodies when config.encrypt is on, applies the timeout, and
 * decides from the envelope code what the user sees (popup, notice, nothing, or the
 * session-expired redirect). Errors are rejected to the caller unchanged as ApiError
 * (code, msg, detail, body of the envelope); screens never show messages themselves.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Scalar = string | number | boolean | Date | null | undefined;
export type Params = Record<string, Scalar | Scalar[]>;

export interface RequestOptions {
  /** Path from the API root, usually built with api.system('user/list') etc. */
  url: string;
  method?: Method;
  /** Folded into the query string (GET/DELETE, or any method). */
  params?: Params;
  /** JSON body, or FormData for uploads (multipart: the Sign covers the path with query). */
  data?: unknown;
  headers?: Record<string, string>;
  responseType?: 'json' | 'blob';
  /** ms; default config.timeout (5000). */
  timeout?: number;
  /** No popup and no session-expired redirect: the caller handles every failure. */
  silent?: boolean;
  /** The call that brings back the token of a session opened offline (it is not held like the others). */
  restoring?: boolean;
  signal?: AbortSignal;
}

export interface RawResponse<T> {
  envelope: Envelope<T>;
  headers: Headers;
  status: number;
}

export type ErrorKind = 'business' | 'http' | 'network' | 'timeout' | 'abort' | 'parse';

/** A failed call. Carries the envelope fields unchanged (code, msg, detail, head, body). */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status: number;
  readonly code: number | null;
  readonly msg: string;
  readonly detail: unknown;
  readonly head: Envelope['head'] | null;
  readonly body: unknown;
  readonly headers: Headers | null;
  readonly url: string;
  private inPlace = false;

  /**
   * The caller shows this error where it happened (a field, a form, a page): the request layer
   * then shows no popup for it. Call it in the first reaction to the failure (the popup waits one
   * task for it), as the kit's forms do when a field error lands.
   */
  showInPlace(): void {
    this.inPlace = true;
  }

  get shownInPlace(): boolean {
    return this.inPlace;
  }

  constructor(init: { kind: ErrorKind; status: number; url: string; envelope?: Envelope | null; headers?: Headers | null; message?: string }) {
    const env = init.envelope ?? null;
    super(init.message || env?.msg || `${init.kind} ${init.status} ${init.url}`);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.url = init.url;
    this.code = env ? env.code : null;
    this.msg = env?.msg ?? '';
    this.detail = env?.detail ?? null;
    this.head = env?.head ?? null;
    this.body = env?.body ?? null;
    this.headers = init.headers ?? null;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/**
 * What a 100409 says happened (`detail.reason`: stale, duplicate, taken, state, and the fields of a
 * duplicate), or null for any other error. Screens never test for 100409 themselves: the page kit
 * reacts to the reason (kit/form.ts), and the request layer refreshes the lists on taken and state.
 */
export function conflictOf(e: unknown): ConflictDetail | null {
  if (!isApiError(e) || e.code !== Code.CONFLICT) return null;
  return conflictDetailOf(e.detail) ?? { reason: 'state', fields: [] };
}

// ---------------------------------------------------------------- pure helpers

function scalarToString(v: Scalar): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

/** "?a=1&b=x%20y" (repeated keys for arrays, null/undefined left out), or "". */
export function buildQuery(params?: Params): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [k, raw] of Object.entries(params)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const v of values) {
      const s = scalarToString(v);
      if (s === null) continue;
      parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(s)}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Appends params to a url that may already carry a query string. */
export function withQuery(url: string, params?: Params): string {
  const q = buildQuery(params);
  if (!q) return url;
  return url.includes('?') ? `${url}&${q.slice(1)}` : `${url}${q}`;
}

/** Base from config.xml + path ('' base = same origin). Absolute urls are kept. */
export function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  if (!base) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The path as sent, from its first '/', query included: what GET/DELETE signs cover. */
export function signTarget(fullUrl: string, origin: string): string {
  const u = new URL(fullUrl, origin);
  return `${u.pathname}${u.search}`;
}

export function isStateChanging(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

export function isEnvelope(v: unknown): v is Envelope {
  return !!v && typeof v === 'object' && typeof (v as { code?: unknown }).code === 'number';
}

export type Translate = (key: MessageKey, options?: Record<string, unknown>) => string;

export type Outcome =
  { kind: 'ok'; notice?: string } | { kind: 'expired'; message: string; redirectUri?: string } | { kind: 'silent' } | { kind: 'popup'; message: string };

/** The statuses the shell has a text for (checked against its messages by the compiler). */
const KNOWN_HTTP: readonly (keyof (typeof appZh)['request']['http'])[] = [
  '400',
  '401',
  '403',
  '404',
  '405',
  '408',
  '409',
  '413',
  '415',
  '429',
  '500',
  '501',
  '502',
  '503',
  '504',
  '505',
];

/** Localised text for an HTTP status, with the 'unknown' fallback. */
export function httpStatusMessage(status: number, tr: Translate): string {
  const known = KNOWN_HTTP.find((s) => s === String(status));
  return known ? tr(`request.http.${known}`) : tr('request.unknown');
}

function redirectUriOf(env: Envelope | null): string | undefined {
  const b = env?.body as { redirectUri?: unknown } | null | undefined;
  return b && typeof b.redirectUri === 'string' && b.redirectUri ? b.redirectUri : undefined;
}

/**
 * Spec section 8 as one decision: what the console does with an answer.
 * - HTTP 401 or code 100405: session expired (message, or the default text).
 * - HTTP 403: 'please enter valid characters'.
 * - code 0 / 103005: success (103005 shows msg as a notice).
 * - 411001 / 969600 / 200003: no popup (the screen shows them).
 * - 100420: msg, or 'no permission to access the resource'.
 * - any other code: a popup with msg (fallback by HTTP status, or 'unknown').
 * - non-2xx without envelope: the status's localised text, or 'unknown'.
 */
export function classifyResponse(status: number, env: Envelope | null, tr: Translate): Outcome {
  if (status === 401 || env?.code === Code.SESSION_EXPIRED) {
    return { kind: 'expired', message: env?.msg || tr('request.sessionExpired'), redirectUri: redirectUriOf(env) };
  }
  if (status === 403) return { kind: 'popup', message: tr('request.invalidChars') };
  const httpOk = status >= 200 && status < 300;
  if (env) {
    if (SUCCESS_CODES.includes(env.code)) {
      if (httpOk) return env.code === Code.OK_NOTICE && env.msg ? { kind: 'ok', notice: env.msg } : { kind: 'ok' };
      return { kind: 'popup', message: env.msg || httpStatusMessage(status, tr) };
    }
    if (SILENT_CODES.includes(env.code)) return { kind: 'silent' };
    if (env.code === Code.FORBIDDEN) return { kind: 'popup', message: env.msg || tr('request.noPermission') };
    const message = env.msg || (httpOk ? tr('request.unknownCode', { code: env.code }) : httpStatusMessage(status, tr));
    // A server fault is support's to find: its request id names the log lines.
    if (env.code === Code.INTERNAL && env.head?.requestId) return { kind: 'popup', message: tr('request.requestId', { message, id: env.head.requestId }) };
    return { kind: 'popup', message };
  }
  if (httpOk) return { kind: 'popup', message: tr('request.badResponse') };
  return { kind: 'popup', message: httpStatusMessage(status, tr) };
}

/** Message for a call that got no answer. */
export function failureMessage(kind: 'network' | 'timeout', tr: Translate): string {
  return kind === 'timeout' ? tr('request.timeout') : tr('request.network');
}

/**
 * File name from a Content-Disposition header. filename*=UTF-8''... (RFC 5987) wins
 * over filename="..."; path parts are stripped.
 */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star) {
    let v = star[1]!.trim().replace(/^"(.*)"$/, '$1');
    const m = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(v);
    const charset = m ? m[1]!.toLowerCase() : 'utf-8';
    if (m) v = m[2]!;
    try {
      if (charset === 'utf-8' || charset === '') return baseName(decodeURIComponent(v));
      // ISO-8859-1: percent bytes are code points.
      return baseName(v.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
    } catch {
      return baseName(v);
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (plain) {
    const v = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]!.trim();
    // Some servers percent-encode the plain form as well.
    try {
      return baseName(/%[0-9a-f]{2}/i.test(v) ? decodeURIComponent(v) : v);
    } catch {
      return baseName(v);
    }
  }
  return null;
}

function baseName(v: string): string {
  const s = v.split(/[\\/]/).pop() ?? v;
  return s.trim();
}

// ---------------------------------------------------------------- effects

export type SessionExpiredHandler = (message: string, redirectUri?: string) => void;

let sessionExpiredHandler: SessionExpiredHandler = () => {};
let lastExpiry = 0;

/** The shell registers what session expiry does (clear state, go to the login route). */
export function onSessionExpired(h: SessionExpiredHandler): void {
  sessionExpiredHandler = h;
}

function apply(outcome: Outcome, silent: boolean): void {
  if (outcome.kind === 'ok') {
    if (outcome.notice && !silent) notify.success(outcome.notice);
    return;
  }
  if (silent || outcome.kind === 'silent' || outcome.kind === 'popup') return;
  if (outcome.kind === 'expired') {
    // Several calls fail together when a session ends: tell the user once.
    const now = Date.now();
    if (now - lastExpiry < 3000) return;
    lastExpiry = now;
    notify.error(outcome.message);
    sessionExpiredHandler(outcome.message, outcome.redirectUri);
    return;
  }
}

/**
 * An error is shown once (issue 9): in place when the caller claims it (ApiError.showInPlace, in
 * its first reaction), otherwise as the popup of spec 8. The popup waits one task for that claim.
 */
function popupUnlessShownInPlace(err: ApiError, message: string): void {
  setTimeout(() => {
    if (!err.shownInPlace) notify.error(message);
  }, 0);
}

function currentOrigin(): string {
  return typeof location !== 'undefined' ? location.origin : 'http://localhost';
}

interface Prepared {
  fullUrl: string;
  init: RequestInit;
  timeout: number;
}

async function prepare(opts: RequestOptions): Promise<Prepared> {
  const cfg = getConfig();
  const method = (opts.method ?? 'GET').toUpperCase() as Method;
  const fullUrl = joinUrl(cfg.api, withQuery(opts.url, opts.params));
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    Lang: getLang(),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: string | FormData | null = null;
  const hasBody = method !== 'GET' && method !== 'DELETE';
  if (hasBody && opts.data !== undefined) {
    if (typeof FormData !== 'undefined' && opts.data instanceof FormData) {
      // Uploads: the browser writes the multipart boundary; the Sign covers the path.
      body = opts.data;
      delete headers['Content-Type'];
    } else {
      body = typeof opts.data === 'string' ? opts.data : JSON.stringify(opts.data);
      if (cfg.encrypt && cfg.publicKey) {
        try {
          body = JSON.stringify({ payload: await encryptPayload(body, cfg.publicKey) });
        } catch (e) {
          // Never silent: a body that cannot be encrypted is not sent, and the user is told why.
          const message = t('request.encryptFailed', { reason: e instanceof Error ? e.message : String(e) });
          if (!opts.silent) notify.error(message);
          throw new ApiError({ kind: 'network', status: 0, url: fullUrl, message });
        }
      }
    }
  }

  const timestamp = String(Math.floor(Date.now() / 1000) + getClockOffset());
  headers.Timestamp = timestamp;
  const target = signTarget(fullUrl, currentOrigin());
  headers.Sign =
    typeof body === 'string' || body === null
      ? await computeSign(cfg.signKey, timestamp, method, target, body)
      : await computeSign(cfg.signKey, timestamp, 'GET', target, null);
  if (isStateChanging(method)) {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  Object.assign(headers, opts.headers);
  return {
    fullUrl,
    timeout: opts.timeout ?? cfg.timeout,
    init: {
      method,
      headers,
      body: body === null ? undefined : body,
      credentials: 'same-origin',
    },
  };
}

async function send(opts: RequestOptions): Promise<{ res: Response; url: string }> {
  // A session opened offline (app/offline.ts) has no token yet: with no network its calls fail at
  // once and quietly; back online they wait for the token instead of being refused as signed out.
  const held = opts.restoring ? null : sessionBackOnline();
  if (held) {
    if (!navigator.onLine) throw new ApiError({ kind: 'network', status: 0, url: opts.url, message: failureMessage('network', t) });
    await held;
  }
  const p = await prepare(opts);
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, p.timeout);
  const onAbort = () => ctrl.abort();
  opts.signal?.addEventListener('abort', onAbort);
  try {
    const res = await fetch(p.fullUrl, { ...p.init, signal: ctrl.signal });
    return { res, url: p.fullUrl };
  } catch (e) {
    const silent = !!opts.silent;
    if (opts.signal?.aborted && !timedOut) throw new ApiError({ kind: 'abort', status: 0, url: p.fullUrl, message: 'aborted' });
    const kind = timedOut ? 'timeout' : 'network';
    const message = failureMessage(kind, t);
    if (!silent) notify.error(message);
    throw new ApiError({ kind, status: 0, url: p.fullUrl, message: `${message}${e instanceof Error ? ` (${e.message})` : ''}` });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

async function readEnvelope(res: Response): Promise<{ env: Envelope | null; parseFailed: boolean }> {
  const text = await res.text().catch(() => '');
  if (!text) return { env: null, parseFailed: false };
  try {
    const v: unknown = JSON.parse(text);
    return { env: isEnvelope(v) ? v : null, parseFailed: !isEnvelope(v) };
  } catch {
    return { env: null, parseFailed: true };
  }
}

export type ConflictHandler = (conflict: ConflictDetail, err: ApiError) => void;

let conflictHandler: ConflictHandler = () => {};

/**
 * The shell registers what every 100409 does besides its message (app/conflict.ts): `taken`
 * refreshes the lists, `state` the rows on screen. `stale` and `duplicate` are the form's (kit).
 */
export function onConflict(h: ConflictHandler): void {
  conflictHandler = h;
}

export type WriteListener = (method: string, url: string) => void;

const writeListeners = new Set<WriteListener>();

/**
 * Calls `listener` after every successful POST, PUT or DELETE with the method and the full URL
 * (the dictionary translation clears a translation item's cache when its cache update interface
 * was written). Answers the unsubscribe function.
 */
export function onWriteSucceeded(listener: WriteListener): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

function settle<T>(opts: RequestOptions, res: Response, url: string, env: Envelope | null): RawResponse<T> {
  const outcome = classifyResponse(res.status, env, t);
  apply(outcome, !!opts.silent);
  if (outcome.kind === 'ok' && env) {
    const method = (opts.method ?? 'GET').toUpperCase();
    if (isStateChanging(method)) for (const l of writeListeners) l(method, url);
    return { envelope: env as Envelope<T>, headers: res.headers, status: res.status };
  }
  const err = new ApiError({
    kind: env ? 'business' : res.ok ? 'parse' : 'http',
    status: res.status,
    url,
    envelope: env,
    headers: res.headers,
    message: outcome.kind === 'ok' ? undefined : outcome.kind === 'silent' ? env?.msg : outcome.message,
  });
  if (outcome.kind === 'popup' && !opts.silent) popupUnlessShownInPlace(err, outcome.message);
  const conflict = conflictOf(err);
  if (conflict && !opts.silent) conflictHandler(conflict, err);
  throw err;
}

/** The whole answer: envelope, response headers (login reads `authorization`), status. */
export async function requestRaw<T = unknown>(opts: RequestOptions): Promise<RawResponse<T>> {
  const { res, url } = await send({ ...opts, responseType: 'json' });
  const { env } = await readEnvelope(res);
  return settle<T>(opts, res, url, env);
}

/** The envelope's body. */
export async function request<T = unknown>(opts: RequestOptions): Promise<T> {
  return (await requestRaw<T>(opts)).envelope.body;
}

export interface Download {
  blob: Blob;
  filename: string | null;
  headers: Headers;
}

/** Told each chunk's arrival (bytes received so far) while a body is read. */
type OnReceived = (received: number) => void;

/**
 * The body of a file answer, read chunk by chunk when someone follows it (`watch` answers a
 * listener for the answer's headers, or nothing). A body cut off on the way (the server ended a
 * large export half-way, the network dropped) is an ApiError of its own, shown unless silent.
 */
async function readFile(opts: RequestOptions, res: Response, url: string, watch?: (headers: Headers) => OnReceived | undefined): Promise<Blob> {
  const onReceived = watch?.(res.headers);
  try {
    if (!onReceived || !res.body) return await res.blob();
    const reader = res.body.getReader();
    const parts: Uint8Array[] = [];
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.length;
      onReceived(received);
    }
    return new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? '' });
  } catch (e) {
    const message = t('download.failed');
    // A followed download says so in its progress note; others in the usual popup.
    if (!opts.silent && !onReceived) notify.error(message);
    throw new ApiError({ kind: 'network', status: res.status, url, headers: res.headers, message: `${message}${e instanceof Error ? ` (${e.message})` : ''}` });
  }
}

/** Binary answer (exports, images): file name from Content-Disposition. */
export async function download(opts: RequestOptions, watch?: (headers: Headers) => OnReceived | undefined): Promise<Download> {
  const { res, url } = await send({ ...opts, responseType: 'blob' });
  const type = res.headers.get('content-type') ?? '';
  if (res.ok && !/json/i.test(type)) {
    const blob = await readFile(opts, res, url, watch);
    return { blob, filename: filenameFromDisposition(res.headers.get('content-disposition')), headers: res.headers };
  }
  const { env } = await readEnvelope(res);
  const raw = settle(opts, res, url, env);
  const blob = new Blob([JSON.stringify(raw.envelope.body ?? null)], { type: 'application/json' });
  return { blob, filename: filenameFromDisposition(res.headers.get('content-disposition')), headers: res.headers };
}

/** Exports of this many rows or more show their progress while they download (smaller ones are in at once). */
const PROGRESS_ROWS = 5_000;
let progressSeq = 0;

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
}

/**
 * The progress of a large export (its answer's `X-Total-Rows`, contract `EXPORT_HEADERS`): a
 * notification with the rows and a percent of the bytes expected (Content-Length when the file was
 * built whole, `X-Expected-Bytes` when it is sent while written; held below 100 until it is in).
 */
function exportProgress() {
  let key: string | null = null;
  let rows = 0;
  const show = (percent: number, text: string, status: 'active' | 'success' | 'exception') => {
    if (key) notify.progress({ key, title: t('download.title'), text, percent, status });
  };
  return {
    watch(headers: Headers): OnReceived | undefined {
      rows = Number(headers.get(EXPORT_HEADERS.totalRows));
      if (!(rows >= PROGRESS_ROWS)) return undefined;
      const expected = Number(headers.get('content-length') || headers.get(EXPORT_HEADERS.expectedBytes)) || 0;
      key = `download-${++progressSeq}`;
      let shown = -1;
      const update = (received: number) => {
        const percent = expected ? Math.min(99, Math.floor((received / expected) * 100)) : 0;
        if (percent === shown) return;
        shown = percent;
        show(percent, t('download.rows', { rows: rows.toLocaleString(getLang()), size: formatBytes(received) }), 'active');
      };
      update(0);
      return update;
    },
    done: () => show(100, t('download.done', { rows: rows.toLocaleString(getLang()) }), 'success'),
    failed: () => show(0, t('download.failed'), 'exception'),
  };
}

/** Saves a blob as a file in the browser. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Downloads and saves: the common export action; a large export shows its progress. */
export async function downloadFile(opts: RequestOptions, fallbackName = 'download'): Promise<void> {
  const progress = exportProgress();
  try {
    const d = await download(opts, (headers) => progress.watch(headers));
    saveBlob(d.blob, d.filename || fallbackName);
    progress.done();
  } catch (e) {
    progress.failed();
    throw e;
  }
}

// ---------------------------------------------------------------- conveniences

type Extra = Omit<RequestOptions, 'url' | 'method' | 'params' | 'data'>;

export const http = {
  get: <T = unknown>(url: string, params?: Params, extra?: Extra) => request<T>({ ...extra, url, method: 'GET', params }),
  post: <T = unknown>(url: string, data?: unknown, extra?: Extra & { params?: Params }) => request<T>({ ...extra, url, method: 'POST', data }),
  put: <T = unknown>(url: string, data?: unknown, extra?: Extra & { params?: Params }) => request<T>({ ...extra, url, method: 'PUT', data }),
  del: <T = unknown>(url: string, params?: Params, extra?: Extra) => request<T>({ ...extra, url, method: 'DELETE', params }),
};

/** API paths under the prefixes of config.json: api.system('user/list') -> '/api/system/user/list'. */
export const api = {
  auth: (p: string) => getConfig().authPrefix + p,
  system: (p: string) => getConfig().systemPrefix + p,
  stadium: (p: string) => getConfig().stadiumPrefix + p,
  sport: (p: string) => getConfig().sportPrefix + p,
  adapter: (p: string) => getConfig().adapterPrefix + p,
};
