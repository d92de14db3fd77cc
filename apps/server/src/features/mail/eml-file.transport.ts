import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { maskAddress } from './mail-address-mask';
import type { MailEnvelope, MailSendResult, MailTransport } from './mail.port';
import { messageIdOf } from './smtp.transport';

/** A file name that sorts by time and is the same each time the same message is written. */
export function emlFileName(message: MailEnvelope): string {
  const stamp = message.createdAt
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${message.kind}-${message.id}.eml`;
}

export interface EmlLog {
  info(object: object, message: string): void;
}

/**
 * The embedded default without SMTP (decision 201): each message is written to
 * `DATA_DIR/mail/` as an RFC 822 `.eml` file (nodemailer's MailComposer, the same bytes SMTP would
 * carry), which any mail program opens. The folder is 0700 and the files 0600, like the other
 * secrets in DATA_DIR: a reset link in them is a key to an account. Written to a temporary name and
 * renamed, so a reader never sees half a message, and named by the outbox id, so a message written
 * again after a crash replaces its own file instead of making a second one.
 */
export class EmlFileTransport implements MailTransport {
  readonly kind = 'files' as const;
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly from: string,
    private readonly log: EmlLog,
  ) {
    this.dir = path.join(dataDir, 'mail');
  }

  async send(message: MailEnvelope): Promise<MailSendResult> {
    try {
      const bytes = await new MailComposer({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        date: message.createdAt,
        messageId: messageIdOf(message.id, this.from),
        headers: { 'Auto-Submitted': 'auto-generated' },
      })
        .compile()
        .build();
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      await chmod(this.dir, 0o700);
      const name = emlFileName(message);
      const file = path.join(this.dir, name);
      // A dot file not ending in .eml: whoever lists the folder for mail skips it.
      const temp = path.join(this.dir, `.${name}.${process.pid}.tmp`);
      await writeFile(temp, bytes, { mode: 0o600 });
      await rename(temp, file);
      // The address masked, never the subject's link or token: the file holds those.
      this.log.info(
        { mail: message.kind },
        `mail for ${maskAddress(message.to)} saved to ${file}; set SMTP_URL to send it`,
      );
      return { outcome: 'sent', detail: file };
    } catch (error) {
      // A full or read-only disk is the operator's to fix; the message waits in the outbox.
      return { outcome: 'temporary-failure', error: error instanceof Error ? error.message : String(error) };
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
