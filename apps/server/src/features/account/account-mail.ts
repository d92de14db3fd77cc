import type { Database } from '../../db/database';
import { type MailBrand, type MailContent, renderMail } from '../mail/mail-layout';
import type { MailKind, MailOutbox } from '../mail/mail.port';

/** What the account flows need of mail: the frame's brand and the outbox over their transaction. */
export interface AccountMail {
  brand: MailBrand;
  outboxOf: (db: Database) => MailOutbox;
}

/** "Hello Ada," or, for an account without a name, "Hello,". */
export const greetingOf = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

/** Renders a message about the account and puts it into the outbox of `tx` (the change's transaction). */
export async function enqueueAccountMail(
  mail: AccountMail,
  tx: Database,
  message: { kind: MailKind; userId: string; to: string; subject: string; content: MailContent },
): Promise<void> {
  const { kind, userId, to, subject, content } = message;
  await mail.outboxOf(tx).enqueue({ kind, userId, to, subject, ...renderMail(content, mail.brand) });
}
