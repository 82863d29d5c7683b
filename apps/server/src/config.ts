import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';
import { AllowEntryError, HttpAllowList } from './platform/outbound.ts';

/**
 * The server's settings, read from the environment once at start-up. Nothing else reads
 * process.env. Every variable is listed in the README's configuration table.
 */
const bool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/**
 * TRUST_PROXY: which peers may tell the client address in X-Forwarded-For. A number is how
 * many proxies stand in front of the server (the address is the one that many hops back from
 * the right); a list names the proxies (addresses, CIDR ranges, or loopback, linklocal,
 * uniquelocal). 0, false or unset: nobody, the peer's own address counts. Trusting every hop
 * would let a client pick its address by sending the header, so `true` is refused.
 */
const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (proxyNames.has(entry) || net.isIP(entry)) return true;
  const [ip, bits, ...rest] = entry.split('/');
  if (rest.length || !ip || !bits || !net.isIP(ip)) return false;
  if (net.isIP(bits) === 4 && net.isIP(ip) === 4) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (net.isIP(ip) === 4 ? 32 : 128);
}
const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const v = raw.trim();
  if (v === '0' || v === 'false') return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (!entries.length || bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `give the number of proxies in front (1) or their addresses (10.0.0.1,10.0.0.0/8)${bad.length ? `; not an address: ${bad.join(', ')}` : ''}`,
    });
    return z.NEVER;
  }
  return entries;
});

const prefix = z.string().regex(/^\/[\w\-/]*\/$/, 'must start and end with /');

const env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * A direct connection to the primary (not through PgBouncer) for LISTEN and migrations. Set when
   * DATABASE_URL goes through a transaction-mode pooler: queries then use no named statements.
   */
  DATABASE_LISTEN_URL: z.string().url().optional(),
  /**
   * A streaming replica of the primary, read by reports and exports (never by what decides money,
   * stock, seats, holds or limits). Unset, or on the embedded database: they read the primary.
   */
  DATABASE_READ_URL: z.string().url().optional(),
  /** The replica's lag (ms) past which reports read the primary instead. */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /** SIGTERM: how long /readyz answers 503 before the server stops taking connections (the balancer's drain time). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  ADMIN_PASSWORD: z.string().min(4).max(128).optional(),
  // Unset: the demo venue outside production only; a production install loads it only when asked.
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  AUTH_PREFIX: prefix.default('/api/auth/'),
  SYSTEM_PREFIX: prefix.default('/api/system/'),
  STADIUM_PREFIX: prefix.default('/api/stadium/'),
  SPORT_PREFIX: prefix.default('/api/sport/'),
  ADAPTER_PREFIX: prefix.default('/api/adapter/'),
  LOGIN_PATH: z
    .string()
    .regex(/^[\w\-/]+$/)
    .default('login'),
  APP_SIGN: z.string().default('venue-console'),
  SIGN_KEY: z.string().min(16).optional(),
  /** 64 hex characters: the key that encrypts secrets at rest (payment merchant keys). Default: DATA_DIR/keys/secret.key. */
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .optional(),
  /** The console's public address (payment notifications and scan-page links); default: the address a request came to. */
  PUBLIC_URL: z.string().url().optional(),
  SIGN_WINDOW_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  ENCRYPT: bool.default(false),
  TOKEN_MODE: bool.default(true),
  /** Socket messaging (spec 1, off by default): station messages reach open consoles over a WebSocket. */
  SOCKET: bool.default(false),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600000).default(5000),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  // How long a process reuses a resolved session (caller, permissions) before asking the database
  // again; other processes see a forced logout or a permission change within this time. 0: never reuse.
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(900).default(500),
  // The console's /config.xml (spec 7): `host=api` entries separated by `;`. The console takes the
  // entry whose host is its own (location.host), else `*`; api is the base of API calls ('' = the
  // same origin). Default: one `*` entry with the same origin.
  CONSOLE_SERVERS: z
    .string()
    .default('*=')
    .transform((v, ctx) => {
      const out: { host: string; api: string }[] = [];
      for (const part of v
        .split(';')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const i = part.indexOf('=');
        const host = (i < 0 ? part : part.slice(0, i)).trim();
        const api = (i < 0 ? '' : part.slice(i + 1)).trim();
        if (!/^(\*|[\w.-]+(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?)$/.test(host))
          ctx.addIssue({ code: 'custom', message: `"${host}" is not a host, host:port or *` });
        else if (api && !/^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/.test(api))
          ctx.addIssue({ code: 'custom', message: `"${api}" is not an http(s) URL or a path` });
        else out.push({ host, api });
      }
      if (!out.length) ctx.addIssue({ code: 'custom', message: 'needs at least one entry (host=api)' });
      return out;
    }),
  SMS_PROVIDER: z.enum(['log', 'http']).default('log'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SSO_ISSUER: z.string().url().optional(),
  SSO_CLIENT_ID: z.string().min(1).optional(),
  SSO_CLIENT_SECRET: z.string().min(1).optional(),
  SSO_REDIRECT_URI: z.string().url().optional(),
  SSO_SCOPE: z.string().default('openid profile email'),
  SSO_ALLOW_HTTP: bool.default(false),
  // WeChat sign-in by QR code (WeChat Open Platform, website application). Without an app id it is off,
  // unless WECHAT_LOGIN_SIMULATOR starts the local simulator (default: with the demo data).
  WECHAT_LOGIN_APPID: z.string().max(64).optional(),
  WECHAT_LOGIN_SECRET: z.string().max(128).optional(),
  WECHAT_LOGIN_OPEN_URL: z.string().url().default('https://open.weixin.qq.com'),
  WECHAT_LOGIN_API_URL: z.string().url().default('https://api.weixin.qq.com'),
  // Where WeChat sends the browser back (the console's origin, registered as the app's callback domain); default PUBLIC_URL, else the request's origin.
  WECHAT_LOGIN_REDIRECT_BASE: z.string().url().optional(),
  WECHAT_LOGIN_SIMULATOR: bool.optional(),
  MAIL_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Venue console <no-reply@localhost>'),
  TRUST_PROXY: trustProxy.default(false),
  // `/metrics` answers loopback callers, and others that send `Authorization: Bearer <this>`.
  METRICS_TOKEN: z.string().min(16).max(200).optional(),
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  DEMO_TIME_ZONE: z.string().default('Asia/Shanghai'),
  JOB_SCHEDULER: bool.default(true),
  JOB_TICK_MS: z.coerce.number().int().min(10).max(5000).default(100),
  JOB_LEASE_MS: z.coerce.number().int().min(1000).max(600000).default(15000),
  JOB_MISFIRE_MS: z.coerce.number().int().min(100).max(86400000).default(5000),
  // Empty (the default): HTTP jobs are off until an administrator lists what they may call.
  JOB_HTTP_ALLOW: z
    .string()
    .default('')
    .superRefine((v, ctx) => {
      try {
        new HttpAllowList(v.split(','));
      } catch (e) {
        if (e instanceof AllowEntryError) ctx.addIssue({ code: 'custom', message: e.message });
        else throw e;
      }
    }),
  JOB_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600000).default(10000),
  // Where tenants' message channels, SMTP hosts and payment gateways may connect (same entries as
  // JOB_HTTP_ALLOW). Default `*`: public addresses only; a loopback or private one must be listed.
  OUTBOUND_ALLOW: z
    .string()
    .default('*')
    .superRefine((v, ctx) => {
      try {
        new HttpAllowList(v.split(','), 'OUTBOUND_ALLOW');
      } catch (e) {
        if (e instanceof AllowEntryError) ctx.addIssue({ code: 'custom', message: e.message });
        else throw e;
      }
    }),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(source: Record<string, string | undefined> = process.env) {
  // An empty variable means unset (as in most .env files and service managers).
  const parsed = env.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.SSO_ISSUER && (!e.SSO_CLIENT_ID || !e.SSO_REDIRECT_URI)) {
    throw new Error('Invalid configuration:\n  SSO_CLIENT_ID and SSO_REDIRECT_URI are required when SSO_ISSUER is set');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    poolSize: e.DATABASE_POOL_SIZE,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadMaxLagMs: e.DATABASE_READ_MAX_LAG_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    prefixes: {
      auth: e.AUTH_PREFIX,
      system: e.SYSTEM_PREFIX,
      stadium: e.STADIUM_PREFIX,
      sport: e.SPORT_PREFIX,
      adapter: e.ADAPTER_PREFIX,
    },
    loginPath: e.LOGIN_PATH,
    appSign: e.APP_SIGN,
    signKey: e.SIGN_KEY,
    secretKey: e.SECRET_KEY,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    signWindowSeconds: e.SIGN_WINDOW_SECONDS,
    encrypt: e.ENCRYPT,
    tokenMode: e.TOKEN_MODE,
    socket: e.SOCKET,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    bodyLimit: e.BODY_LIMIT_BYTES,
    uploadLimit: e.UPLOAD_LIMIT_BYTES,
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, maxHours: e.SESSION_MAX_HOURS, cacheMs: e.SESSION_CACHE_MS },
    consoleServers: e.CONSOLE_SERVERS,
    sms: { provider: e.SMS_PROVIDER, url: e.SMS_HTTP_URL, token: e.SMS_HTTP_TOKEN },
    sso: {
      issuer: e.SSO_ISSUER,
      clientId: e.SSO_CLIENT_ID,
      clientSecret: e.SSO_CLIENT_SECRET,
      redirectUri: e.SSO_REDIRECT_URI,
      scope: e.SSO_SCOPE,
      allowHttp: e.SSO_ALLOW_HTTP,
    },
    wechatLogin: {
      appId: e.WECHAT_LOGIN_APPID,
      secret: e.WECHAT_LOGIN_SECRET,
      openUrl: e.WECHAT_LOGIN_OPEN_URL.replace(/\/+$/, ''),
      apiUrl: e.WECHAT_LOGIN_API_URL.replace(/\/+$/, ''),
      redirectBase: (e.WECHAT_LOGIN_REDIRECT_BASE ?? e.PUBLIC_URL)?.replace(/\/+$/, ''),
      simulator: e.WECHAT_LOGIN_SIMULATOR ?? (!e.WECHAT_LOGIN_APPID && (e.SEED_DEMO ?? e.NODE_ENV !== 'production')),
    },
    mail: { smtpUrl: e.MAIL_SMTP_URL, from: e.MAIL_FROM },
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    loginRatePerMinute: e.LOGIN_RATE_PER_MINUTE,
    timeZone: e.DEMO_TIME_ZONE,
    jobs: {
      scheduler: e.JOB_SCHEDULER,
      tickMs: e.JOB_TICK_MS,
      leaseMs: e.JOB_LEASE_MS,
      misfireMs: e.JOB_MISFIRE_MS,
      httpAllow: e.JOB_HTTP_ALLOW.split(',')
        .map((h) => h.trim())
        .filter(Boolean),
      shutdownGraceMs: e.JOB_SHUTDOWN_GRACE_MS,
    },
    outbound: {
      allow: e.OUTBOUND_ALLOW.split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    },
  };
}
