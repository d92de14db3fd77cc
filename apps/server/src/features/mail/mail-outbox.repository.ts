import type { Database } from '../../db/database';
import { mailOutbox } from '../../db/schema';
import type { MailOutbox, OutgoingMail } from './mail.port';

/** The outbox's write side: one row per message, in the transaction of the database it is built on. */
export class MailOutboxRepository implements MailOutbox {
  constructor(private readonly db: Database) {}

  async enqueue(mail: OutgoingMail): Promise<void> {
    await this.db.insert(mailOutbox).values({
      kind: mail.kind,
      userId: mail.userId,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    });
  }
}
