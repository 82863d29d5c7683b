import { processCache } from '../../platform/processCache.ts';
import crypto from 'node:crypto';
import net from 'node:net';
import {
  checkHost,
  ConnectionFailedError,
  normaliseHost,
  NotAllowedError,
  OutboundTimeoutError,
  outboundRequest,
  type HttpAllowList,
} from '../../platform/outbound.ts';
import { SmtpMailProvider } from '../mail/index.ts';

/**
 * The outside channels: email over SMTP (the mail module's provider), SMS through the HTTP gateway
 * (auth's provider), WeChat template messages (access_token, then template/send), and the DingTalk
 * (signed) and WeCom group robots. Every address is the tenant's choice, so every call goes through
 * the platform's outbound client (platform/outbound.ts: OUTBOUND_ALLOW, every resolved address
 * checked, no redirects, size and time limits) and every error is recorded in our words. Each send either resolves (accepted), or throws a DeliveryError
 * saying whether the message surely did not go out (`definite`: safe to retry) or might have
 * (`definite: false`: the queue marks it unknown and never sends it again by itself).
 */

export interface Outgoing {
  address: string | null;
  title: string;
  content: string;
  link: string | null;
}

export interface ChannelConfig {
  /** A digest of the channel and its settings and secrets: cached clients are kept under it. */
  cacheKey: string;
  settings: Record<string, unknown>;
  secrets: Record<string, string>;
  /** Where the organisation's channels may connect (OUTBOUND_ALLOW). */
  allow: HttpAllowList;
}

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly definite: boolean,
  ) {
    super(message);
  }
}

/** Each outside call's time limit: a hanging endpoint holds one lane of its organisation this long, no more. */
export const SEND_TIMEOUT_MS = 5_000;
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * What a failed send records. The words are ours, never the other side's: no answer text, and the
 * same "connection failed" whether the address is not allowed, nothing listens, or something
 * else does, so the send log cannot be used to read internal services or tell open ports from
 * closed ones.
 */
const CONNECTION_FAILED = 'connection failed';

/** Whether a thrown error proves the message was not accepted. */
export function classify(err: unknown): DeliveryError {
  if (err instanceof DeliveryError) return err;
  // Not allowed: nothing was sent. Connection failed before or while sending: for HTTP the
  // request body goes after the connection, so a refused or reset connection sent nothing we can know of.
  if (err instanceof NotAllowedError || err instanceof ConnectionFailedError) return new DeliveryError(CONNECTION_FAILED, true);
  if (err instanceof OutboundTimeoutError) return new DeliveryError('timed out', false);
  const e = err as { code?: string; message?: string; responseCode?: number; cause?: { code?: string } };
  // An SMTP server's refusal (its code only, never its text), or no connection at all: nothing was accepted.
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) return new DeliveryError(`the mail server refused the message (${e.responseCode})`, true);
  if (NOT_CONNECTED.has(e.code ?? '') || NOT_CONNECTED.has(e.cause?.code ?? '') || /ECONNREFUSED/.test(e.message ?? ''))
    return new DeliveryError(CONNECTION_FAILED, true);
  // A timeout or a dropped connection mid-conversation: the other side may have taken it.
  return new DeliveryError(CONNECTION_FAILED, false);
}
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNECTION', 'EDNS', 'EAUTH', 'EENVELOPE']);

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

function parsed(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** An error code the service answered, as a number (never its text). */
const codeOf = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : 'unknown');

/** POST JSON through the outbound client; an answer other than 2xx, or `errcode` other than 0, is a definite refusal. */
async function postJson(allow: HttpAllowList, url: string, body: unknown, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const res = await outboundRequest(allow, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    timeoutMs: SEND_TIMEOUT_MS,
    maxBytes: MAX_ANSWER_BYTES,
  });
  if (res.status < 200 || res.status > 299) throw new DeliveryError(`refused: HTTP ${res.status}`, true);
  const answer = parsed(res.text);
  if (answer.errcode !== undefined && answer.errcode !== 0) throw new DeliveryError(`refused: errcode ${codeOf(answer.errcode)}`, true);
  return answer;
}

const robotText = (m: Outgoing) => (m.title ? `${m.title}\n${m.content}` : m.content);

// WeChat tokens last 2 hours: kept per channel settings.
const wechatTokens = processCache<string, { token: string; until: number }>();

/**
 * Email: the SMTP host must pass the same address check as every outbound URL; the connection is
 * then made to the checked address (the name only for TLS), so a second lookup cannot move it.
 */
async function sendEmail(cfg: ChannelConfig, m: Outgoing): Promise<void> {
  if (!m.address) throw new DeliveryError('no email address', true);
  const s = cfg.settings;
  const host = str(s.host);
  const port = Number(s.port);
  const addresses = await checkHost(cfg.allow, host, port);
  if (!addresses.length) throw new DeliveryError(CONNECTION_FAILED, true);
  const user = str(s.user);
  const name = normaliseHost(host) ?? host;
  const mailer = new SmtpMailProvider(
    {
      host: addresses[0]!.address,
      port,
      secure: Boolean(s.secure),
      ...(user ? { auth: { user, pass: cfg.secrets.password ?? '' } } : {}),
      tls: net.isIP(name) ? {} : { servername: name },
      connectionTimeout: SEND_TIMEOUT_MS,
      greetingTimeout: SEND_TIMEOUT_MS,
      socketTimeout: SEND_TIMEOUT_MS,
    },
    str(s.from),
  );
  await mailer.send(m.address, m.title, m.link ? `${m.content}\n\n${m.link}` : m.content);
}

/** SMS through the gateway's protocol (`{phone, text}` in, `{ok: true}` out), through the outbound client. */
async function sendSms(cfg: ChannelConfig, m: Outgoing): Promise<void> {
  if (!m.address) throw new DeliveryError('no phone number', true);
  const token = cfg.secrets.token;
  const res = await outboundRequest(cfg.allow, str(cfg.settings.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ phone: m.address, text: m.content }),
    timeoutMs: SEND_TIMEOUT_MS,
    maxBytes: MAX_ANSWER_BYTES,
  });
  if (res.status < 200 || res.status > 299 || parsed(res.text).ok !== true) throw new DeliveryError(`refused: HTTP ${res.status}`, true);
}

async function wechatToken(cfg: ChannelConfig, base: string): Promise<string> {
  const cached = wechatTokens.get(cfg.cacheKey);
  if (cached && cached.until > Date.now()) return cached.token;
  const res = await outboundRequest(
    cfg.allow,
    withQuery(`${base}/cgi-bin/token`, { grant_type: 'client_credential', appid: str(cfg.settings.appId), secret: cfg.secrets.appSecret ?? '' }),
    {
      method: 'GET',
      timeoutMs: SEND_TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
    },
  );
  const answer = parsed(res.text) as { access_token?: unknown; expires_in?: unknown; errcode?: unknown };
  // Asking for a token sends nothing: any failure here is definite.
  if (res.status !== 200 || typeof answer.access_token !== 'string' || !answer.access_token)
    throw new DeliveryError(`access_token refused: ${answer.errcode !== undefined ? `errcode ${codeOf(answer.errcode)}` : `HTTP ${res.status}`}`, true);
  const expires = typeof answer.expires_in === 'number' ? answer.expires_in : 7200;
  wechatTokens.set(cfg.cacheKey, { token: answer.access_token, until: Date.now() + Math.max(60, expires - 300) * 1000 });
  return answer.access_token;
}

async function sendWechat(cfg: ChannelConfig, m: Outgoing): Promise<void> {
  if (!m.address) throw new DeliveryError('no WeChat openid', true);
  const base = str(cfg.settings.apiBase).replace(/\/+$/, '');
  let token: string;
  try {
    token = await wechatToken(cfg, base);
  } catch (e) {
    throw new DeliveryError(classify(e).message, true);
  }
  try {
    await postJson(cfg.allow, withQuery(`${base}/cgi-bin/message/template/send`, { access_token: token }), {
      touser: m.address,
      template_id: str(cfg.settings.templateId),
      ...(m.link ? { url: m.link } : {}),
      data: { title: { value: m.title }, content: { value: m.content } },
    });
  } catch (e) {
    // 40001 / 42001: the token was revoked or expired early; the next attempt fetches a new one.
    if (e instanceof DeliveryError && /errcode (40001|42001|40014)/.test(e.message)) wechatTokens.delete(cfg.cacheKey);
    throw e;
  }
}

/** DingTalk's robot signature: base64 HMAC-SHA256 of `timestamp + "\n" + secret`, keyed by the secret. */
export function dingtalkSign(timestamp: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
}

async function sendDingtalk(cfg: ChannelConfig, m: Outgoing): Promise<void> {
  const params: Record<string, string> = { access_token: cfg.secrets.accessToken ?? '' };
  if (cfg.secrets.signSecret) {
    const timestamp = String(Date.now());
    params.timestamp = timestamp;
    params.sign = dingtalkSign(timestamp, cfg.secrets.signSecret);
  }
  await postJson(cfg.allow, withQuery(str(cfg.settings.url), params), { msgtype: 'text', text: { content: robotText(m) } });
}

async function sendWecom(cfg: ChannelConfig, m: Outgoing): Promise<void> {
  await postJson(cfg.allow, withQuery(str(cfg.settings.url), { key: cfg.secrets.key ?? '' }), { msgtype: 'text', text: { content: robotText(m) } });
}

const senders: Record<string, (cfg: ChannelConfig, m: Outgoing) => Promise<void>> = {
  email: sendEmail,
  sms: sendSms,
  wechat: sendWechat,
  dingtalk: sendDingtalk,
  wecom: sendWecom,
};

/** Sends one message on an outside channel; throws a DeliveryError. */
export async function sendOutside(channel: string, cfg: ChannelConfig, m: Outgoing): Promise<void> {
  const send = senders[channel];
  if (!send) throw new DeliveryError(`unknown channel ${channel}`, true);
  try {
    await send(cfg, m);
  } catch (e) {
    throw classify(e);
  }
}
