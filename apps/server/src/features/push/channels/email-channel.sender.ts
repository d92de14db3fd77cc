import type { Database } from '../../../db/database';
import { stableUuid } from '../../../lib/stable-uuid';
import { accountLanguageOf } from '../../account/account-mail';
import { mayMailOthers } from '../../account/mail-to-others-rules';
import { type MailBrand, mailWordsIn, renderMail } from '../../mail/mail-layout';
import type { MailOutbox } from '../../mail/mail.port';
import { DeliveryChannelRepository } from '../delivery-channel.repository';
import type { PushMessage, PushResult, PushSender, PushTarget } from '../push-sender';
import { channelMessage } from './channel-message';

/**
 * The mail of one push to one channel: a UUID from the channel's row and the notification's own id,
 * so a push outbox row sent again after a crash between the two outboxes (the mail enqueued, the
 * push not yet marked done) enqueues the same mail, which the outbox then adds only once.
 */
export const mailIdOf = (channelId: string, notificationId: string): string =>
  stableUuid('reminder-mail', channelId, notificationId);

/**
 * The mail channel (decision 235): the notification handed to the mail outbox (issue 52), which
 * sends it with its retries. Only to the account's own address, and only once that address is
 * proven (decision 210's rule): an unverified one is a refusal until it is verified. Its button
 * opens the dose page with the push's own signed token (decision 241).
 */
export class EmailChannelSender implements PushSender {
  constructor(
    private readonly deps: { db: Database; brand: MailBrand; outboxOf: (db: Database) => MailOutbox },
  ) {}

  async send(target: PushTarget, message: PushMessage): Promise<PushResult> {
    if (!target.userId) return { ok: false, gone: false, permanent: true, error: 'no account' };
    const account = await new DeliveryChannelRepository(this.deps.db).accountOf(target.userId);
    if (!account) return { ok: false, gone: true, error: 'the account is gone' };
    if (!mayMailOthers(account)) {
      return {
        ok: false,
        gone: false,
        permanent: true,
        reason: 'unverified',
        error: 'the account address is not verified',
      };
    }
    const m = channelMessage(message.payload, this.deps.brand.publicUrl);
    // The title and body come written in the recipient's language (the engine writes them for
    // whoever receives them); the mail's own words around them follow the same settings.
    const language = await accountLanguageOf(this.deps.db, target.userId);
    const t = mailWordsIn(language);
    // One link to the dose page, whose buttons act on a press: a link that acted when opened would
    // be run by the mail scanners that open every link of a message before its reader does.
    const rendered = renderMail(
      {
        greeting: m.title,
        paragraphs: [m.body],
        action: {
          label: m.actions.length > 0 ? t('mail.reminder.actionTakeOrSnooze') : t('mail.reminder.actionOpen'),
          url: m.openUrl,
        },
        after: [t('mail.reminder.why')],
      },
      this.deps.brand,
      language,
    );
    await this.deps.outboxOf(this.deps.db).enqueue({
      ...(target.id ? { onceId: mailIdOf(target.id, m.id) } : {}),
      kind: 'reminder',
      userId: target.userId,
      to: account.email,
      subject: m.title,
      ...rendered,
    });
    return { ok: true };
  }
}
