import { SIGNUP_INVITATION_DAYS } from '@medrem/contract';
import type { TextLanguage } from '../../i18n/server-language';
import { type MailBrand, mailWordsIn, publicLink, renderMail } from '../mail/mail-layout';
import type { OutgoingMail } from '../mail/mail.port';

/** The web screen an invitation opens: the register form with the token (apps/web: /register?invite=…). */
export const REGISTER_PATH = '/register';

/**
 * The invitation to register on an invite-only server (decision 283), in the inviter's language
 * (decision 364): the invited person has no account, so no language of their own yet. `invitedBy`
 * null: the operator sent it from the shell.
 */
export function invitationMail(
  invitation: { to: string; invitedBy: string | null; token: string },
  brand: MailBrand,
  language: TextLanguage,
): OutgoingMail {
  const t = mailWordsIn(language);
  const { to, invitedBy, token } = invitation;
  const product = brand.productName;
  const body = renderMail(
    {
      greeting: t('mail.greetingNoName'),
      paragraphs: [
        invitedBy === null
          ? t('mail.signupInvitation.invitesByOperator', { product })
          : t('mail.signupInvitation.invites', { inviter: invitedBy, product }),
      ],
      action: {
        label: t('mail.signupInvitation.action'),
        url: publicLink(brand.publicUrl, REGISTER_PATH, { invite: token }),
      },
      after: [
        t('mail.signupInvitation.linkWorks', { days: SIGNUP_INVITATION_DAYS, email: to }),
        t('mail.signupInvitation.unknownSender'),
      ],
    },
    brand,
    language,
  );
  return {
    kind: 'signup-invitation',
    userId: null,
    to,
    subject: t('mail.signupInvitation.subject', { product }),
    ...body,
  };
}
