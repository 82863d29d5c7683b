/**
 * Runtime configuration: read once at start-up from /config.json (prefixes, sign key,
 * token mode, encryption, timeout ...) and /config.xml (which API base fits this host).
 * Nothing else fetches these files; everything else calls getConfig().
 */
import type { MessageKey } from './i18n.ts';

export interface RuntimeConfig {
  authPrefix: string;
  systemPrefix: string;
  stadiumPrefix: string;
  sportPrefix: string;
  adapterPrefix: string;
  loginPath: string;
  appSign: string;
  signKey: string;
  tokenMode: boolean;
  encrypt: boolean;
  publicKey: string;
  timeout: number;
  socket: boolean;
  backlogUrl: string;
  backlog: boolean;
  formRequest: boolean;
  /** Base URL prepended to API paths, from config.xml ('' = same origin). */
  api: string;
}

export const DEFAULT_TIMEOUT_MS = 5000;

const defaults: Omit<RuntimeConfig, 'api'> = {
  authPrefix: '/api/auth/',
  systemPrefix: '/api/system/',
  stadiumPrefix: '/api/stadium/',
  sportPrefix: '/api/sport/',
  adapterPrefix: '/api/adapter/',
  loginPath: 'login',
  appSign: '',
  signKey: '',
  tokenMode: true,
  encrypt: false,
  publicKey: '',
  timeout: DEFAULT_TIMEOUT_MS,
  socket: false,
  backlogUrl: '',
  backlog: false,
  formRequest: true,
};

export interface ServerEntry {
  host: string;
  api: string;
}

function decodeXmlEntities(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&');
}

/** Reads every <server host="..." api="..."/> entry of config.xml (no DOM needed). */
export function parseConfigXml(xml: string): ServerEntry[] {
  const withoutComments = xml.replace(/<!--[\s\S]*?-->/g, '');
  const out: ServerEntry[] = [];
  const tag = /<server\b([^>]*?)\/?>/gi;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(withoutComments))) {
    const attrs: Record<string, string> = {};
    const attr = /([\w:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g;
    let a: RegExpExecArray | null;
    while ((a = attr.exec(m[1]!))) attrs[a[1]!.toLowerCase()] = decodeXmlEntities(a[3] ?? a[4] ?? '');
    if (attrs.host !== undefined) out.push({ host: attrs.host.trim(), api: (attrs.api ?? '').trim() });
  }
  return out;
}

/** The entry whose host equals location.host, else the host="*" entry, else null. */
export function selectServerEntry(entries: ServerEntry[], host: string): ServerEntry | null {
  const h = host.toLowerCase();
  return entries.find((e) => e.host.toLowerCase() === h) ?? entries.find((e) => e.host === '*') ?? null;
}

/** Error raised when config.xml has no entry for this host (message key in app namespace). */
export class ConfigError extends Error {
  constructor(
    readonly messageKey: MessageKey,
    detail?: string,
  ) {
    super(detail ?? messageKey);
    this.name = 'ConfigError';
  }
}

/** Normalises config.json: unknown keys are kept out, missing keys get defaults. */
export function normaliseConfig(raw: Record<string, unknown>, api: string): RuntimeConfig {
  const str = (k: keyof typeof defaults) => (typeof raw[k] === 'string' ? (raw[k] as string) : (defaults[k] as string));
  const bool = (k: keyof typeof defaults) => (typeof raw[k] === 'boolean' ? (raw[k] as boolean) : (defaults[k] as boolean));
  const timeout = Number(raw.timeout);
  return {
    authPrefix: str('authPrefix'),
    systemPrefix: str('systemPrefix'),
    stadiumPrefix: str('stadiumPrefix'),
    sportPrefix: str('sportPrefix'),
    adapterPrefix: str('adapterPrefix'),
    loginPath: str('loginPath'),
    appSign: str('appSign'),
    signKey: str('signKey'),
    tokenMode: bool('tokenMode'),
    encrypt: bool('encrypt'),
    publicKey: str('publicKey'),
    timeout: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS,
    socket: bool('socket'),
    backlogUrl: str('backlogUrl'),
    backlog: bool('backlog'),
    formRequest: bool('formRequest'),
    api: api.replace(/\/+$/, ''),
  };
}

let current: RuntimeConfig | null = null;
let clockOffsetSeconds = 0;

export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime config not loaded');
  return current;
}

/** For tests and for start-up. */
export function setConfig(c: RuntimeConfig | null): void {
  current = c;
}

/** Seconds to add to the local clock so that Timestamp headers match the server. */
export function getClockOffset(): number {
  return clockOffsetSeconds;
}

export function clockOffsetFrom(serverDate: string | null, nowMs: number): number {
  if (!serverDate) return 0;
  const t = Date.parse(serverDate);
  if (!Number.isFinite(t)) return 0;
  const diff = Math.round((t - nowMs) / 1000);
  // Only correct clocks that are clearly off; small drifts are within the server window.
  return Math.abs(diff) > 30 ? diff : 0;
}

/** Fetches /config.json and /config.xml and keeps the result. */
export async function loadRuntimeConfig(host: string = location.host): Promise<RuntimeConfig> {
  // public/boot.js started both fetches before this code loaded (first paint); they are taken once.
  const early = (globalThis as { __venueConfig?: { json: Promise<Response>; xml: Promise<Response> } }).__venueConfig;
  delete (globalThis as { __venueConfig?: unknown }).__venueConfig;
  const [jsonRes, xmlRes] = await Promise.all([
    early?.json ?? fetch('/config.json', { headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' }),
    early?.xml ?? fetch('/config.xml', { headers: { Accept: 'application/xml, text/xml' }, credentials: 'same-origin', cache: 'no-store' }),
  ]);
  if (!jsonRes.ok) throw new ConfigError('boot.configJsonFailed', `config.json: HTTP ${jsonRes.status}`);
  let raw: Record<string, unknown>;
  try {
    raw = (await jsonRes.json()) as Record<string, unknown>;
  } catch {
    throw new ConfigError('boot.configJsonFailed', 'config.json: not JSON');
  }
  // config.json may be served bare or inside the envelope.
  if (raw && typeof raw === 'object' && 'body' in raw && 'code' in raw && raw.body && typeof raw.body === 'object') raw = raw.body as Record<string, unknown>;
  clockOffsetSeconds = clockOffsetFrom(jsonRes.headers.get('date'), Date.now());
  const entries = xmlRes.ok ? parseConfigXml(await xmlRes.text()) : [];
  const entry = selectServerEntry(entries, host);
  if (!entry) throw new ConfigError('boot.noServerEntry');
  current = normaliseConfig(raw, entry.api);
  return current;
}
