import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import type { Config } from './config.ts';
import type { Database } from './platform/db.ts';
import { errSerializer, isReady } from './platform/db.ts';
import { defaultWebDist } from './platform/paths.ts';
import { loadKeys } from './platform/keys.ts';
import { stdoutLog } from './platform/logOutput.ts';
import { AppError } from './platform/errors.ts';
import { answerText, collectUploads, errorEnvelope, installErrorHandler, installUploads, type AppContext } from './platform/http.ts';
import { installPipeline } from './platform/pipeline.ts';
import { installMetrics } from './platform/metrics.ts';
import { cachedSessions } from './platform/sessionCache.ts';
import { installModules, loadModules, type ModuleEnv, type ModuleManifest } from './platform/module.ts';
import { resolveSession, type SmsProvider } from './modules/auth/index.ts';
import { apiRoleDecision } from './modules/system/index.ts';
import { operationLogWriter } from './modules/log/index.ts';
import { backlogEnabled, backlogUrl } from './modules/message/index.ts';
import { MODULES } from './modules/modules.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The loaded modules and what their steps get (main.ts seeds and starts them). */
    modules: ModuleEnv;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Replaces the configured SMS provider (tests read the codes this way). */
  sms?: SmsProvider;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): unknown };
  /**
   * What start-up still does after the app is built (main.ts: the seeds, the demo's grants, the
   * jobs): `/readyz` answers 503 until it has finished, so ready means the data and every grant
   * are in effect. Without it (tests build the app after seeding) the app is ready when built.
   */
  startup?: Promise<unknown>;
  /** True once the process is shutting down: `/readyz` answers 503 so the load balancer drains it. */
  draining?: () => boolean;
  /** The module list (default: modules/modules.ts); tests load others to see the loader refuse them. */
  modules?: readonly ModuleManifest[];
}

/**
 * Who may tell the client address (TRUST_PROXY): a hop count trusts that many peers from the
 * right of X-Forwarded-For, whoever they are (Fastify 5 refuses a bare number, so it is given as
 * a function); a list trusts only those proxies; false trusts nobody.
 */
function proxyTrust(t: Config['trustProxy']): false | string[] | ((addr: string, hop: number) => boolean) {
  return typeof t === 'number' ? (_addr, hop) => hop < t : t;
}

/**
 * The headers a helmet middleware sets (and removes), in order, when it sets them at once and
 * reads nothing of the request; undefined when it does anything else (it then runs per request).
 */
function recordedHeaders(middleware: ReturnType<typeof helmet>): [string, string | number | readonly string[] | undefined][] | undefined {
  const steps: [string, string | number | readonly string[] | undefined][] = [];
  let finished = false;
  let failed = false;
  const touched = () => {
    failed = true;
    return undefined;
  };
  const req = new Proxy({}, { get: touched });
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void steps.push([name, value]),
    removeHeader: (name: string) => void steps.push([name, undefined]),
  };
  const spy = new Proxy(res, { get: (target, key) => (key in target ? target[key as keyof typeof target] : touched()) });
  middleware(req as never, spy as never, (err?: unknown) => {
    finished = true;
    if (err) failed = true;
  });
  return finished && !failed ? steps : undefined;
}

/** Builds the whole server: used by main.ts and by every test. */
export async function buildApp({ config, database, sms, logStream, startup, draining, modules = MODULES }: BuildOptions): Promise<FastifyInstance> {
  // A missing dependency or a name declared twice stops the start here, before anything listens.
  const loaded = loadModules(modules);
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            stream: logStream ?? stdoutLog(),
            redact: ['req.headers.authorization', 'req.headers.sign', 'req.headers.cookie'],
            // Errors are logged without the SQL parameters drivers attach to them (hashes, codes, personal data).
            serializers: { err: errSerializer },
          },
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 64 ? req.headers['x-request-id'] : crypto.randomUUID(),
    requestIdHeader: false,
    bodyLimit: config.bodyLimit,
    trustProxy: proxyTrust(config.trustProxy),
    return503OnClosing: true,
  });
  const keys = loadKeys(config.dataDir, config.signKey, config.secretKey);
  const ctx: AppContext = { config, database, db: database.db, keys };
  app.decorate('ctx', ctx);

  app.setReplySerializer(answerText);
  await app.register(cookie);
  // Security headers, built once: @fastify/helmet rebuilds its middleware on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // The console is often served over plain http on a LAN address: do not force https.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Its headers depend on nothing of the request (no directive is a function): recorded once,
  // then set on every answer as helmet sets them, without building the policy text again.
  const headerSteps = recordedHeaders(securityHeaders);
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    if (!headerSteps) return securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    const res = reply.raw;
    for (const [name, value] of headerSteps) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    done();
  });
  await app.register(rateLimit, { global: false });
  installErrorHandler(app);
  installMetrics(app, database, loaded, config.metricsToken);
  // The composition root: the pipeline (platform) gets what it needs from the modules as functions.
  const sessions = cachedSessions((token) => resolveSession(database, config, token), config.session.cacheMs);
  // Not ready until start-up has finished; then a session remembered meanwhile is looked up again
  // (the seeds grant menus and raise the permission epoch behind the pipeline's back).
  let started = !startup;
  void startup?.then(
    () => {
      sessions.forget();
      started = true;
    },
    () => undefined,
  );
  installPipeline(app, ctx, {
    sessions,
    apiRoleDecision: (caller, method, url) => apiRoleDecision(database.db, caller, method, url),
    operationLog: operationLogWriter(database.db),
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    if (!started) return reply.status(503).send({ status: 'starting', database: database.kind });
    if (draining?.()) return reply.status(503).send({ status: 'draining', database: database.kind });
    const ok = await isReady(database);
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'unavailable', database: database.kind });
  });
  // Socket messaging (station messages pushed live) when switched on; the routes are added only then.
  if (config.socket) await app.register(websocket, { options: { maxPayload: 4096 } });
  app.get('/config.json', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      authPrefix: config.prefixes.auth,
      systemPrefix: config.prefixes.system,
      stadiumPrefix: config.prefixes.stadium,
      sportPrefix: config.prefixes.sport,
      adapterPrefix: config.prefixes.adapter,
      loginPath: config.loginPath,
      appSign: config.appSign,
      signKey: keys.signKey,
      tokenMode: config.tokenMode,
      encrypt: config.encrypt,
      publicKey: keys.publicKeyPem,
      timeout: config.requestTimeoutMs,
      socket: config.socket,
      backlogUrl: backlogUrl(ctx),
      // A system parameter an administrator switches (message.backlog.enabled).
      backlog: await backlogEnabled(database.db),
      formRequest: true,
    };
  });
  app.get('/config.xml', async (_req, reply) => {
    reply.header('cache-control', 'no-store').type('application/xml; charset=utf-8');
    // The entries of CONSOLE_SERVERS (README, "Several servers"); validated at start-up.
    const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const servers = config.consoleServers.map((e) => `  <server host="${attr(e.host)}" api="${attr(e.api)}"/>\n`).join('');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<config>\n${servers}</config>\n`;
  });

  collectUploads(app);
  const env: ModuleEnv = { app, ctx, db: database.db, config, modules: loaded, overrides: sms ? { sms } : {} };
  app.decorate('modules', env);
  installModules(env);
  // Only the upload routes parse multipart bodies (the plugin's hooks cost every other request).
  await installUploads(app, { fileSize: config.uploadLimit, files: 5, fields: 50 });

  const webDist = config.webDist ?? defaultWebDist;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // One route per built file (no wildcard), so unknown /api/ paths reach the not-found envelope.
    await app.register(fastifyStatic, { root: webDist, prefix: '/', index: false, wildcard: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0]!;
    // A missing file (an old build's chunk) is a 404, so the console reports a failed chunk
    // instead of receiving index.html as a script.
    if (!pathname.startsWith('/api/') && hasWeb && (req.method === 'GET' || req.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(pathname)) {
      // SPA fallback: every console route answers index.html.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const err = new AppError('NOT_FOUND', 'error.apiNotFound', { path: req.url.split('?')[0] });
    req.envelopeCode = err.code;
    return reply.status(404).send(errorEnvelope(req.lang, err, req.id));
  });
  return app;
}
