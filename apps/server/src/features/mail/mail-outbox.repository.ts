import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { mailOutbox } from '../../db/schema';
import type { MailOutbox, OutgoingMail } from './mail.port';

/**
 * The outbox's write side: one row per message, in the transaction of the database it is built on.
 * With a clock, the row is stamped by it (the sender judges what is due by the same clock).
 */
export class MailOutboxRepository implements MailOutbox {
  constructor(
    private readonly db: Database,
    private readonly clock?: Clock,
  ) {}

  async enqueue(mail: OutgoingMail): Promise<void> {
    const insert = this.db.insert(mailOutbox).values({
      ...(mail.onceId ? { id: mail.onceId } : {}),
      kind: mail.kind,
      userId: mail.userId,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      ...(this.clock ? { createdAt: this.clock.now(), availableAt: this.clock.now() } : {}),
    });
    await (mail.onceId ? insert.onConflictDoNothing({ target: mailOutbox.id }) : insert);
  }
}
