import { EMAIL_VERIFICATION_HOURS } from '@medrem/contract';
import type { Database } from '../../db/database';
import { badRequest } from '../../lib/app-error';
import type { TextLanguage } from '../../i18n/server-language';
import type { Clock } from '../../lib/clock';
import { mailWordsIn, publicLink } from '../mail/mail-layout';
import { UserRepository, type UserRow } from '../users/user.repository';
import { AccountTokenRepository } from './account-token.repository';
import { type AccountMail, accountLanguageOf, enqueueAccountMail, greetingOf } from './account-mail';
import type { MailRequestLimits } from './mail-request-limits';

/** The web screen a verification link opens. */
export const VERIFY_EMAIL_PATH = '/verify-email';

const LINK_NOT_VALID =
  'This verification link was already used, has expired, or was replaced by a newer one. Ask for a new link from the app.';

/**
 * Verified addresses (issue 52, decision 208): a link mailed at registration (and on request)
 * proves the address; until then the account works, but mail that could reach someone else is not
 * sent for it (decision 210) and an operator may refuse its sign-in (REQUIRE_EMAIL_VERIFICATION).
 */
export class EmailVerificationService {
  constructor(
    private readonly deps: {
      db: Database;
      users: UserRepository;
      clock: Clock;
      mail: AccountMail;
      limits: MailRequestLimits;
    },
  ) {}

  /**
   * Mails a verification link, in the transaction `tx` of what asks for it (a registration), in the
   * account's language: `language` when its settings are not saved yet (at registration).
   */
  async sendLink(
    tx: Database,
    user: Pick<UserRow, 'id' | 'name' | 'email'>,
    language?: TextLanguage,
  ): Promise<void> {
    const token = await new AccountTokenRepository(tx).issue({
      userId: user.id,
      purpose: 'email-verification',
      email: user.email,
      now: this.deps.clock.now(),
      ttlMs: EMAIL_VERIFICATION_HOURS * 3_600_000,
    });
    const { brand } = this.deps.mail;
    const product = brand.productName;
    language ??= await accountLanguageOf(tx, user.id);
    const t = mailWordsIn(language);
    await enqueueAccountMail(this.deps.mail, tx, {
      kind: 'email-verification',
      userId: user.id,
      to: user.email,
      subject: t('mail.emailVerification.subject', { product }),
      language,
      content: {
        greeting: greetingOf(user.name, language),
        paragraphs: [
          t('mail.emailVerification.confirm', { email: user.email, product }),
          t('mail.emailVerification.why'),
        ],
        action: {
          label: t('mail.emailVerification.action'),
          url: publicLink(brand.publicUrl, VERIFY_EMAIL_PATH, { token }),
        },
        after: [
          t('mail.linkWorksForHours', { hours: EMAIL_VERIFICATION_HOURS }),
          t('mail.emailVerification.notYours'),
        ],
      },
    });
  }

  /**
   * A new link for an address still to verify. The caller learns nothing of whether the address
   * has an account: the answer and the limits are the same either way.
   */
  async resend(email: string, ip: string): Promise<void> {
    await this.deps.limits.take('verification', email, ip);
    const user = await this.deps.users.findByEmail(email);
    if (!user || user.emailVerifiedAt !== null) return;
    await this.deps.db.transaction((tx) => this.sendLink(tx, user));
  }

  /** Uses the link: the address is verified if the account still uses it. */
  async verify(token: string): Promise<{ email: string }> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const used = await new AccountTokenRepository(tx).use(token, 'email-verification', now);
      if (!used) throw badRequest(LINK_NOT_VALID);
      if (!(await new UserRepository(tx).markVerified(used.userId, used.email, now))) {
        throw badRequest('This link is for an address your account no longer uses.');
      }
      return { email: used.email };
    });
  }
}
