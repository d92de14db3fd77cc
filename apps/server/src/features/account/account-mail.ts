import type { Database } from '../../db/database';
import { type TextLanguage, textLanguageOf } from '../../i18n/server-language';
import { type MailBrand, type MailContent, mailWordsIn, renderMail } from '../mail/mail-layout';
import type { MailKind, MailOutbox } from '../mail/mail.port';
import { effectiveSettingsOf } from '../settings/effective-settings';
import { SettingsRepository } from '../settings/settings.repository';

/** What the account flows need of mail: the frame's brand and the outbox over their transaction. */
export interface AccountMail {
  brand: MailBrand;
  outboxOf: (db: Database) => MailOutbox;
}

/** "Hello Ada," or, for an account without a name, "Hello,", in the reader's language. */
export const greetingOf = (name: string, language: TextLanguage) =>
  name.trim()
    ? mailWordsIn(language)('mail.greeting', { name: name.trim() })
    : mailWordsIn(language)('mail.greetingNoName');

/**
 * The language an account's mail is written in (decision 364): its settings' language and clock,
 * English for an account that chose none. Read over `db`, the mail's own transaction where it has
 * one (the embedded database has a single connection, which the transaction holds).
 */
export async function accountLanguageOf(db: Database, userId: string): Promise<TextLanguage> {
  return textLanguageOf(effectiveSettingsOf(await new SettingsRepository(db).find(userId)));
}

/** Renders a message about the account and puts it into the outbox of `tx` (the change's transaction). */
export async function enqueueAccountMail(
  mail: AccountMail,
  tx: Database,
  message: {
    kind: MailKind;
    userId: string;
    to: string;
    subject: string;
    content: MailContent;
    language: TextLanguage;
  },
): Promise<void> {
  const { kind, userId, to, subject, content, language } = message;
  await mail
    .outboxOf(tx)
    .enqueue({ kind, userId, to, subject, ...renderMail(content, mail.brand, language) });
}
