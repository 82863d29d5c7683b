import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

/** Sends a text message. Switched by SMS_PROVIDER; codes never travel back through the API. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

/**
 * Development: the message goes to the server log only, at warn level, so the code is seen even
 * at LOG_LEVEL=warn (a try-out needs it to sign in by SMS). Never use it in production: the log
 * then holds sign-in codes.
 */
export class LogSmsProvider implements SmsProvider {
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(phone: string, text: string): Promise<void> {
    this.log.warn({ sms: { phone, text } }, 'sms (log provider)');
  }
}

/**
 * A gateway speaking JSON over HTTP: POST {url} with `{"phone", "text"}` and a bearer token;
 * a 2xx answer whose JSON has `"ok": true` means accepted.
 */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
  ) {}
  async send(phone: string, text: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ phone, text }),
      signal: AbortSignal.timeout(5000),
    });
    const answer = (await res.json().catch(() => ({}))) as { ok?: boolean; message?: string };
    if (!res.ok || answer.ok !== true) throw new Error(`sms gateway refused: ${res.status} ${answer.message ?? ''}`);
  }
}

export function createSmsProvider(cfg: Config, log: FastifyBaseLogger): SmsProvider {
  if (cfg.sms.provider === 'http') {
    if (!cfg.sms.url) throw new Error('SMS_HTTP_URL is required when SMS_PROVIDER=http');
    return new HttpSmsProvider(cfg.sms.url, cfg.sms.token);
  }
  return new LogSmsProvider(log);
}
