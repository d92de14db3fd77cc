import { EMAIL_CHANGE_HOURS, type PublicUser } from '@medrem/contract';
import type { Database } from '../../db/database';
import { badRequest, conflict, unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ActivityRecorder } from '../activity/activity.port';
import type { AuthService } from '../auth/auth.service';
import { type Caller, assertSelf } from '../auth/caller';
import { mailWordsIn, publicLink } from '../mail/mail-layout';
import { UserRepository } from '../users/user.repository';
import { toPublicUser } from '../users/user-view';
import { AccountTokenRepository } from './account-token.repository';
import { type AccountMail, accountLanguageOf, enqueueAccountMail, greetingOf } from './account-mail';
import type { MailRequestLimits } from './mail-request-limits';

/** What else follows the account to its new address, in the change's transaction. */
export type AddressChangeListener = (
  tx: Database,
  change: { userId: string; from: string; to: string; now: Date },
) => Promise<void>;

/** The web screen an email-change link opens. */
export const CONFIRM_EMAIL_CHANGE_PATH = '/confirm-email-change';

const LINK_NOT_VALID =
  'This confirmation link was already used, has expired, or was replaced by a newer one. Your address did not change; ask for the change again in Settings.';

/**
 * Changing the account's address (issue 52, decision 209): asked with the password (or a fresh
 * sign-in), it takes effect only when the link mailed to the new address is opened; the current
 * address is told at once, so a stolen session cannot move the account away unnoticed.
 */
export class EmailChangeService {
  constructor(
    private readonly deps: {
      db: Database;
      users: UserRepository;
      auth: AuthService;
      clock: Clock;
      mail: AccountMail;
      limits: MailRequestLimits;
      /** Open care invitations to the old address move to the new one (decision 220). */
      addressChanged: AddressChangeListener;
      activity: ActivityRecorder;
    },
  ) {}

  async request(
    caller: Caller,
    input: { userEmail: string; newEmail: string; password?: string | undefined },
    proof: { sessionToken?: string | undefined; ip: string },
  ): Promise<void> {
    assertSelf(caller, input.userEmail);
    const { newEmail } = input;
    if (newEmail === caller.email) throw badRequest('This is your current address already.');
    await this.deps.auth.confirmIdentity(caller, { ...proof, password: input.password });
    // Registration already answers whether an address has an account; this says no more than it.
    if (await this.deps.users.findByEmail(newEmail)) {
      throw conflict('An account with this email already exists.');
    }
    await this.deps.limits.take('email-change', caller.userId, proof.ip);
    const user = await this.deps.users.findById(caller.userId);
    if (!user) throw unauthorized();
    const now = this.deps.clock.now();
    const { brand } = this.deps.mail;
    const product = brand.productName;
    const oldEmail = user.email;
    await this.deps.db.transaction(async (tx) => {
      const token = await new AccountTokenRepository(tx).issue({
        userId: user.id,
        purpose: 'email-change',
        email: newEmail,
        now,
        ttlMs: EMAIL_CHANGE_HOURS * 3_600_000,
      });
      // Both mails in the account's language: the new address is the same person's (decision 364).
      const language = await accountLanguageOf(tx, user.id);
      const t = mailWordsIn(language);
      const greeting = greetingOf(user.name, language);
      await enqueueAccountMail(this.deps.mail, tx, {
        kind: 'email-change-confirm',
        userId: user.id,
        to: newEmail,
        subject: t('mail.emailChange.subject', { product }),
        language,
        content: {
          greeting,
          paragraphs: [
            t('mail.emailChange.asked', { product, newEmail, oldEmail }),
            t('mail.emailChange.confirm'),
          ],
          action: {
            label: t('mail.emailChange.action'),
            url: publicLink(brand.publicUrl, CONFIRM_EMAIL_CHANGE_PATH, { token }),
          },
          after: [t('mail.linkWorksForHours', { hours: EMAIL_CHANGE_HOURS }), t('mail.emailChange.notAsked')],
        },
      });
      await enqueueAccountMail(this.deps.mail, tx, {
        kind: 'email-change-notice',
        userId: user.id,
        to: oldEmail,
        subject: t('mail.emailChangeNotice.subject', { product }),
        language,
        content: {
          greeting,
          paragraphs: [
            t('mail.emailChangeNotice.asked', { product, oldEmail, newEmail }),
            t('mail.emailChangeNotice.until', { newEmail, oldEmail }),
            t('mail.emailChangeNotice.notYou'),
          ],
        },
      });
    });
  }

  /**
   * Uses the link: the account takes the new address, verified, if no other account took it
   * meanwhile. Sessions stay; access tokens name the old address and are fetched again.
   */
  async confirm(token: string): Promise<PublicUser> {
    const now = this.deps.clock.now();
    const changed = await this.deps.db.transaction(async (tx) => {
      const tokens = new AccountTokenRepository(tx);
      const used = await tokens.use(token, 'email-change', now);
      if (!used) throw badRequest(LINK_NOT_VALID);
      const users = new UserRepository(tx);
      const before = await users.findById(used.userId);
      const row = before && (await users.changeEmail(used.userId, used.email, now));
      if (!before || !row) {
        throw conflict(
          `Another account uses ${used.email} now, so your address did not change. You still sign in with your current address.`,
        );
      }
      // Links mailed to the old address (a reset, a verification) must not act on the account now.
      await tokens.revoke(row.id, 'password-reset');
      await tokens.revoke(row.id, 'email-verification');
      await this.deps.addressChanged(tx, { userId: row.id, from: before.email, to: row.email, now });
      return { row, from: before.email };
    });
    const { row, from } = changed;
    this.deps.activity.record({ userId: row.id, kind: 'email-changed', detail: { from, to: row.email } });
    await this.deps.auth.forgetCaller(row.id);
    return toPublicUser(row);
  }
}
