import type { Database } from '../../db/database';
import type { MailBrand } from '../mail/mail-layout';
import type { MailOutbox } from '../mail/mail.port';

/** What the account flows need of mail: the frame's brand and the outbox over their transaction. */
export interface AccountMail {
  brand: MailBrand;
  outboxOf: (db: Database) => MailOutbox;
}

/** "Hello Ada," or, for an account without a name, "Hello,". */
export const greetingOf = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');
