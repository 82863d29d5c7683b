import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

export type SmtpOptions = {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
  tls?: { servername?: string };
  connectionTimeout?: number;
  greetingTimeout?: number;
  socketTimeout?: number;
};

/** Sends a plain-text mail. Switched by MAIL_SMTP_URL; without it mails only go to the server log. */
export interface MailProvider {
  send(to: string, subject: string, text: string): Promise<void>;
}

/** Development: the mail goes to the server log only. */
export class LogMailProvider implements MailProvider {
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(to: string, subject: string, text: string): Promise<void> {
    this.log.info({ mail: { to, subject, text } }, 'mail (log provider)');
  }
}

/**
 * SMTP through nodemailer: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...:465`
 * (the administrator's MAIL_SMTP_URL), or SMTP options (a tenant's email channel, whose host the
 * caller has checked and given as an address).
 */
export class SmtpMailProvider implements MailProvider {
  private readonly transport: Transporter;
  constructor(
    target: string | SmtpOptions,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(target);
  }
  async send(to: string, subject: string, text: string): Promise<void> {
    await this.transport.sendMail({ from: this.from, to, subject, text });
  }
}

export function createMailProvider(cfg: Config, log: FastifyBaseLogger): MailProvider {
  return cfg.mail.smtpUrl ? new SmtpMailProvider(cfg.mail.smtpUrl, cfg.mail.from) : new LogMailProvider(log);
}
