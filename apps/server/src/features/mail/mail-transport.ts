import type { MailConfig } from '../../config/mail-config';
import { EmlFileTransport } from './eml-file.transport';
import type { MailTransport } from './mail.port';
import { SmtpMailTransport, smtpTarget } from './smtp.transport';

export interface MailStartLog {
  info(object: object, message: string): void;
  warn(object: object | string, message?: string): void;
}

/** How this configuration sends mail: over SMTP when SMTP_URL is set, else into DATA_DIR/mail/. */
export const mailTransportKind = (mail: MailConfig): MailTransport['kind'] =>
  mail.smtpUrl ? 'smtp' : 'files';

/**
 * The transport a mail-sending process uses, with the start-up lines an operator needs: where
 * mail goes (never the SMTP credentials), and a warning when it is not delivered at all or when
 * its links would point at localhost.
 */
export function createMailTransport(mail: MailConfig, dataDir: string, log: MailStartLog): MailTransport {
  if (mail.smtpUrl) {
    if (!mail.publicUrlConfigured)
      log.warn(
        { publicUrl: mail.publicUrl },
        'SMTP_URL is set but PUBLIC_URL is not: links in mail point at this machine; set PUBLIC_URL to the address people open',
      );
    log.info({ smtp: smtpTarget(mail.smtpUrl), from: mail.from }, 'mail is sent over SMTP');
    return new SmtpMailTransport({
      url: mail.smtpUrl,
      user: mail.smtpUser,
      password: mail.smtpPassword,
      from: mail.from,
    });
  }
  const transport = new EmlFileTransport(dataDir, mail.from, log);
  log.warn(
    { dir: transport.dir },
    'SMTP_URL is not set: mail (password resets, verifications, invitations) is written to files there and not delivered; set SMTP_URL to send it',
  );
  return transport;
}
