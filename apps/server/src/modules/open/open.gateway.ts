import { processCache } from '../../platform/processCache.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z, ZodType } from 'zod';
import { ipMatches } from '@venue/contract';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { defineRoute, type Answer, type AppContext } from '../../platform/http.ts';
import type { Lang } from '../../platform/i18n.ts';
import { openSecret, safeEqual } from '../../platform/keys.ts';
import { SYSTEM_SCOPE, type Scope } from '../../platform/scope.ts';
import { appByKey, claimNonce, grantedCodes, insertCallLog, purgeNonces, type OpenAppRecord, type OpenRouteDef } from './open.repository.ts';
import { NONCE_PATTERN, OPEN_WINDOW_SECONDS, openSignature } from './open.sign.ts';

/**
 * The gateway of `/api/open/`: a business module opens a read to third parties with
 * `defineOpenRoute`; every call is admitted here (key, signature, time, nonce, address, status,
 * grant, rate) and logged, admitted or not.
 */

/** The application a call was admitted for: its handler reads within the application's organisation. */
export interface OpenCaller {
  appId: number;
  orgId: number;
  scope: Scope;
}

type Infer<S> = S extends ZodType ? z.output<S> : undefined;

export interface OpenRouteSpec<Q extends ZodType | undefined, P extends ZodType | undefined, R extends ZodType> {
  /** Stable code: the interface's id in grants and the call log. */
  code: string;
  /** Shown to administrators in their language and in the OpenAPI document. */
  name: Record<Lang, string>;
  description: Record<Lang, string>;
  method: 'GET';
  /** Below `/api/open/`, with its version first: `v1/member`. */
  path: string;
  query?: Q;
  params?: P;
  response: R;
  handler: (input: { query: Infer<Q>; params: Infer<P>; app: OpenCaller }) => Promise<z.input<R>>;
}

export const OPEN_PREFIX = '/api/open/';

/** The open interfaces the code declares (written to sys_open_api when the server is ready). */
export const openRouteDefs: OpenRouteDef[] = [];

// ---------------------------------------------------------------- the application cache

/**
 * Applications and their granted codes, kept briefly per process: a call costs no lookup. An edit
 * in this process forgets them at once; other processes see it within APP_CACHE_MS.
 */
const APP_CACHE_MS = 5_000;
interface CachedApp {
  app: OpenAppRecord | undefined;
  codes: Set<string>;
  secrets: string[];
  at: number;
}
const apps = processCache<string, CachedApp>();

export function forgetOpenApps(): void {
  apps.clear();
}

async function cachedApp(db: Db, secretKey: Buffer, appKey: string): Promise<CachedApp> {
  const hit = apps.get(appKey);
  if (hit && Date.now() - hit.at < APP_CACHE_MS) return hit;
  const app = await appByKey(db, SYSTEM_SCOPE, appKey);
  const entry: CachedApp = { app, codes: new Set(), secrets: [], at: Date.now() };
  if (app) {
    entry.codes = await grantedCodes(db, SYSTEM_SCOPE, app.id);
    entry.secrets = [openSecret(secretKey, app.secretSealed)];
  }
  if (apps.size > 10_000) apps.clear();
  apps.set(appKey, entry);
  return entry;
}

/** Calls per application and minute in this process (a fixed window). */
const windows = processCache<number, { minute: number; calls: number }>();
function withinRate(app: OpenAppRecord): boolean {
  const minute = Math.floor(Date.now() / 60_000);
  const w = windows.get(app.id);
  if (!w || w.minute !== minute) {
    windows.set(app.id, { minute, calls: 1 });
    return true;
  }
  w.calls += 1;
  return w.calls <= app.ratePerMinute;
}

let lastPurge = 0;

/** Checks a call up to its nonce; answers the application and the nonce's claim (still to be awaited). */
async function admit(db: Db, secretKey: Buffer, req: FastifyRequest, code: string): Promise<{ app: OpenAppRecord; nonceClaimed: Promise<boolean> }> {
  const header = (name: string) => {
    const v = req.headers[name];
    return typeof v === 'string' ? v.trim() : '';
  };
  const appKey = header('appkey');
  const timestamp = header('timestamp');
  const nonce = header('nonce');
  const sign = header('sign').toLowerCase();
  if (!appKey) throw new AppError('OPEN_UNKNOWN_APP', 'open.unknownApp');
  const entry = await cachedApp(db, secretKey, appKey);
  const app = entry.app;
  if (!app) throw new AppError('OPEN_UNKNOWN_APP', 'open.unknownApp');
  req.openApp = app;
  if (!timestamp || !nonce || !sign) throw new AppError('OPEN_BAD_SIGN', 'open.missingHeaders');
  if (!NONCE_PATTERN.test(nonce)) throw new AppError('OPEN_BAD_SIGN', 'open.badNonce');
  const seconds = Number(timestamp);
  if (!/^\d{9,11}$/.test(timestamp) || Math.abs(Date.now() / 1000 - seconds) > OPEN_WINDOW_SECONDS)
    throw new AppError('OPEN_STALE', 'open.stale', { seconds: OPEN_WINDOW_SECONDS });
  const secrets = [...entry.secrets];
  if (app.previousSealed && app.previousUntil && app.previousUntil > new Date()) secrets.push(openSecret(secretKey, app.previousSealed));
  const body = req.rawBody ?? '';
  if (!secrets.some((s) => safeEqual(openSignature(s, req.method, req.url, timestamp, nonce, body), sign))) throw new AppError('OPEN_BAD_SIGN', 'open.badSign');
  if (app.status !== 0) throw new AppError('OPEN_APP_DISABLED', 'open.disabled');
  const listed = ipMatches(app.ipRules, req.ip);
  if (app.restriction === 'whitelist' ? !listed : listed) throw new AppError('OPEN_IP_REFUSED', 'open.ipRefused', { ip: req.ip });
  if (!entry.codes.has(code)) throw new AppError('OPEN_NOT_GRANTED', 'open.notGranted', { code });
  if (!withinRate(app)) throw new AppError('TOO_MANY', 'open.rate', { max: app.ratePerMinute });
  // The nonce is claimed in the database (replays are refused across processes) while the read runs.
  const nonceClaimed = claimNonce(db, app.id, nonce, new Date((seconds + OPEN_WINDOW_SECONDS) * 1000));
  if (Date.now() - lastPurge > 60_000) {
    lastPurge = Date.now();
    void purgeNonces(db, new Date()).catch(() => undefined);
  }
  return { app, nonceClaimed };
}

declare module 'fastify' {
  interface FastifyRequest {
    openApp?: OpenAppRecord;
  }
}

/** Opens a read to third parties at `/api/open/<path>`: signed, granted, logged. */
export function defineOpenRoute<Q extends ZodType | undefined, P extends ZodType | undefined, R extends ZodType>(
  app: FastifyInstance,
  ctx: AppContext,
  spec: OpenRouteSpec<Q, P, R>,
): void {
  const { db, keys } = ctx;
  const url = `${OPEN_PREFIX}${spec.path}`;
  // Once per process (tests build many apps).
  if (!openRouteDefs.some((d) => d.code === spec.code))
    openRouteDefs.push({
      code: spec.code,
      name: spec.name['zh-CN'],
      nameEn: spec.name['en-US'],
      method: spec.method,
      uri: url.replace(/:(\w+)/g, '{$1}'),
      description: spec.description['zh-CN'],
      descriptionEn: spec.description['en-US'],
      apiVersion: spec.path.split('/')[0]!,
    });
  defineRoute(app, {
    method: spec.method,
    url,
    // Public to the console's pipeline (no session, no console signature): the gateway admits it.
    permission: undefined,
    skipSign: true,
    skipXsrf: true,
    module: 'open',
    action: spec.code,
    readOnly: true,
    query: spec.query,
    params: spec.params,
    response: spec.response,
    handler: async ({ query, params, req }) => {
      const started = performance.now();
      let code = 0;
      try {
        const { app: openApp, nonceClaimed } = await admit(db, keys.secretKey, req, spec.code);
        const caller: OpenCaller = { appId: openApp.id, orgId: openApp.orgId, scope: { kind: 'subtree', orgId: openApp.orgId } };
        const [answer, fresh] = await Promise.all([spec.handler({ query: query as Infer<Q>, params: params as Infer<P>, app: caller }), nonceClaimed]);
        if (!fresh) throw new AppError('OPEN_REPLAY', 'open.replay');
        // A generic R: the answer's type is the route's input type of R, which TypeScript cannot see through Answer<R>.
        return answer as Answer<R>;
      } catch (e) {
        code = e instanceof AppError ? e.code : 100500;
        throw e;
      } finally {
        const a = req.openApp;
        // After the answer: the log costs the caller nothing; a failed write is reported, never the call.
        void insertCallLog(db, SYSTEM_SCOPE, {
          orgId: a?.orgId ?? null,
          appId: a?.id ?? null,
          appKey: (a?.appKey ?? String(req.headers.appkey ?? '')).slice(0, 64) || null,
          apiCode: spec.code,
          method: req.method,
          path: req.url.slice(0, 300),
          ip: req.ip.slice(0, 64),
          code,
          durationMs: Math.round(performance.now() - started),
        }).catch((err: unknown) => req.log.error({ err: { message: (err as Error).message } }, 'open call log write failed'));
      }
    },
  });
}
