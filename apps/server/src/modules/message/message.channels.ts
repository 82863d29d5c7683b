import crypto from 'node:crypto';
import { HttpSmsProvider } from '../auth/sms.provider.ts';
import { SmtpMailProvider } from '../mail/mail.provider.ts';

/**
 * The outside channels: email over SMTP (the mail module's provider), SMS through the HTTP gateway
 * (auth's provider), WeChat template messages (access_token, then template/send), and the DingTalk
 * (signed) and WeCom group robots. Each send either resolves (accepted), or throws a DeliveryError
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
}

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly definite: boolean,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNECTION', 'EDNS', 'EAUTH', 'EENVELOPE']);

/** Whether a thrown error proves the message was not accepted. */
export function classify(err: unknown): DeliveryError {
  if (err instanceof DeliveryError) return err;
  const e = err as { name?: string; code?: string; message?: string; responseCode?: number; cause?: { code?: string; message?: string } };
  const text = `${e.code ?? e.name ?? 'Error'}: ${e.message ?? String(err)}${e.cause?.message ? ` (${e.cause.message})` : ''}`;
  // An SMTP server's refusal, or no connection at all: nothing was accepted.
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) return new DeliveryError(text, true);
  if (NOT_CONNECTED.has(e.code ?? '') || NOT_CONNECTED.has(e.cause?.code ?? '') || /ECONNREFUSED/.test(text)) return new DeliveryError(text, true);
  // A timeout or a dropped connection mid-request: the other side may have taken it.
  return new DeliveryError(text, false);
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** POST JSON; an answer other than 2xx with `errcode` 0 is a definite refusal (the service said no). */
async function postJson(url: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS) });
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new DeliveryError(`HTTP ${res.status}`, true);
  if (answer.errcode !== undefined && answer.errcode !== 0) throw new DeliveryError(`errcode ${String(answer.errcode)}: ${str(answer.errmsg)}`, true);
  return answer;
}

const robotText = (m: Outgoing) => (m.title ? `${m.title}\n${m.content}` : m.content);

// Clients kept per channel settings (an SMTP transport pools its connections; WeChat tokens last 2 hours).
const mailers = new Map<string, SmtpMailProvider>();
const wechatTokens = new Map<string, { token: string; until: number }>();

async function sendEmail(cfg: ChannelConfig, m: Outgoing): Promise<void> {
  if (!m.address) throw new DeliveryError('no email address', true);
  let mailer = mailers.get(cfg.cacheKey);
  if (!mailer) {
    const s = cfg.settings;
    const user = str(s.user);
    const auth = user ? `${encodeURIComponent(user)}:${encodeURIComponent(cfg.secrets.password ?? '')}@` : '';
    mailer = new SmtpMailProvider(`${s.secure ? 'smtps' : 'smtp'}://${auth}${str(s.host)}:${Number(s.port)}`, str(s.from));
    mailers.set(cfg.cacheKey, mailer);
  }
  await mailer.send(m.address, m.title, m.link ? `${m.content}\n\n${m.link}` : m.content);
}

async function sendSms(cfg: ChannelConfig, m: Outgoing): Promise<void> {
  if (!m.address) throw new DeliveryError('no phone number', true);
  try {
    await new HttpSmsProvider(str(cfg.settings.url), cfg.secrets.token || undefined).send(m.address, m.content);
  } catch (e) {
    // The provider's own refusal (a non-2xx or `ok` false answer) is definite.
    if (e instanceof Error && e.message.startsWith('sms gateway refused')) throw new DeliveryError(e.message, true);
    throw e;
  }
}

async function wechatToken(cfg: ChannelConfig, base: string): Promise<string> {
  const cached = wechatTokens.get(cfg.cacheKey);
  if (cached && cached.until > Date.now()) return cached.token;
  const res = await fetch(withQuery(`${base}/cgi-bin/token`, { grant_type: 'client_credential', appid: str(cfg.settings.appId), secret: cfg.secrets.appSecret ?? '' }), { signal: AbortSignal.timeout(TIMEOUT_MS) });
  const answer = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; errcode?: number; errmsg?: string };
  // Asking for a token sends nothing: any failure here is definite.
  if (!res.ok || !answer.access_token) throw new DeliveryError(`access_token: ${answer.errcode ?? res.status} ${answer.errmsg ?? ''}`, true);
  wechatTokens.set(cfg.cacheKey, { token: answer.access_token, until: Date.now() + Math.max(60, (answer.expires_in ?? 7200) - 300) * 1000 });
  return answer.access_token;
}

async function sendWechat(cfg: ChannelConfig, m: Outgoing): Promise<void> {
  if (!m.address) throw new DeliveryError('no WeChat openid', true);
  const base = str(cfg.settings.apiBase).replace(/\/+$/, '');
  let token: string;
  try {
    token = await wechatToken(cfg, base);
  } catch (e) {
    throw classify(e).definite ? classify(e) : new DeliveryError(classify(e).message, true);
  }
  try {
    await postJson(withQuery(`${base}/cgi-bin/message/template/send`, { access_token: token }), {
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
  await postJson(withQuery(str(cfg.settings.url), params), { msgtype: 'text', text: { content: robotText(m) } });
}

async function sendWecom(cfg: ChannelConfig, m: Outgoing): Promise<void> {
  await postJson(withQuery(str(cfg.settings.url), { key: cfg.secrets.key ?? '' }), { msgtype: 'text', text: { content: robotText(m) } });
}

const senders: Record<string, (cfg: ChannelConfig, m: Outgoing) => Promise<void>> = { email: sendEmail, sms: sendSms, wechat: sendWechat, dingtalk: sendDingtalk, wecom: sendWecom };

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
