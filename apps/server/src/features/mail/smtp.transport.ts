import nodemailer, { type Transporter } from 'nodemailer';
import type { MailEnvelope, MailSendResult, MailTransport } from './mail.port';

export interface SmtpSettings {
  /** smtp://[user:password@]host[:port] (STARTTLS when offered) or smtps:// (TLS from the start). */
  url: string;
  /** Override the URL's credentials (SMTP_USER / SMTP_PASSWORD). */
  user?: string | undefined;
  password?: string | undefined;
  /** The From header, e.g. `Medicine Reminder <no-reply@meds.example.org>`. */
  from: string;
}

/** The host and port an SMTP_URL names, for the operator's log: never its credentials. */
export function smtpTarget(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.hostname}:${smtpPort(parsed)}`;
}

const smtpPort = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587);

/** The domain of the From address: Message-IDs are made on it. */
export function fromDomain(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'localhost';
}

/**
 * A stable Message-ID from the outbox row: a message sent again after a crash (sent, then the
 * process died before it was marked sent) carries the same id, so mail systems and readers can
 * tell it is the same message.
 */
export const messageIdOf = (id: string, from: string) => `<${id}@${fromDomain(from)}>`;

/** nodemailer's error fields that tell what went wrong. */
interface SmtpError {
  code?: string;
  responseCode?: number;
  command?: string;
  message?: string;
}

/** Codes of errors where the mail system was never reached: the rest of a batch would fail too. */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY']);

/**
 * Whether retrying can help. A 5xx reply to the message is final (no such mailbox, refused); a 4xx
 * reply, a connection that failed or timed out is not. Failed authentication and a configuration
 * the relay refuses are the operator's to fix, not the message's fault: they are retried, so the
 * mail goes out once the settings are right, instead of being thrown away.
 */
export function classifySmtpError(error: unknown): MailSendResult {
  const e = (error ?? {}) as SmtpError;
  const text = [e.responseCode, e.code, e.message].filter(Boolean).join(' ').slice(0, 500) || 'unknown error';
  if (e.code && UNREACHABLE.has(e.code) && !e.responseCode)
    return { outcome: 'temporary-failure', error: text, unreachable: true };
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH' || e.code === 'ECONFIG')
    return { outcome: 'temporary-failure', error: text, unreachable: true };
  if (typeof e.responseCode === 'number' && e.responseCode >= 500)
    return { outcome: 'permanent-failure', error: text };
  if (e.code === 'EENVELOPE' && !e.responseCode) return { outcome: 'permanent-failure', error: text };
  return { outcome: 'temporary-failure', error: text };
}

/**
 * Mail over SMTP with nodemailer (SMTP_URL). One connection per message: account mail is rare, and
 * a fresh connection never fails on one the relay closed while it sat idle. Timeouts are set, so a
 * relay that hangs costs a send at most about a minute and the message is retried.
 */
export class SmtpMailTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(private readonly settings: SmtpSettings) {
    const url = new URL(settings.url);
    const user = settings.user ?? (url.username ? decodeURIComponent(url.username) : undefined);
    const pass = settings.password ?? (url.password ? decodeURIComponent(url.password) : undefined);
    this.transport = nodemailer.createTransport({
      host: url.hostname,
      port: smtpPort(url),
      secure: url.protocol === 'smtps:',
      ...(user ? { auth: { user, pass: pass ?? '' } } : {}),
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 45_000,
      dnsTimeout: 15_000,
      // nodemailer logs nothing of its own: addresses and links stay out of the logs.
      logger: false,
      debug: false,
    });
  }

  async send(message: MailEnvelope): Promise<MailSendResult> {
    try {
      const info = await this.transport.sendMail({
        from: this.settings.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        date: message.createdAt,
        messageId: messageIdOf(message.id, this.settings.from),
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      const response = typeof info.response === 'string' ? info.response.slice(0, 200) : undefined;
      return response ? { outcome: 'sent', detail: response } : { outcome: 'sent' };
    } catch (error) {
      return classifySmtpError(error);
    }
  }

  close(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }
}
