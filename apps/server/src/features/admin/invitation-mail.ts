import { SIGNUP_INVITATION_DAYS } from '@medrem/contract';
import { type MailBrand, publicLink, renderMail } from '../mail/mail-layout';
import type { OutgoingMail } from '../mail/mail.port';

/** The web screen an invitation opens: the register form with the token (apps/web: /register?invite=…). */
export const REGISTER_PATH = '/register';

/** The invitation to register on an invite-only server (decision 283). */
export function invitationMail(to: string, invitedBy: string, token: string, brand: MailBrand): OutgoingMail {
  const body = renderMail(
    {
      greeting: 'Hello,',
      paragraphs: [
        `${invitedBy} invites you to make an account on this ${brand.productName} server, where you can keep your medicines and get reminders.`,
      ],
      action: {
        label: 'Create your account',
        url: publicLink(brand.publicUrl, REGISTER_PATH, { invite: token }),
      },
      after: [
        `The link works once, for ${SIGNUP_INVITATION_DAYS} days, and only for ${to}.`,
        'If you do not know the sender, ignore this mail: no account is made without you.',
      ],
    },
    brand,
  );
  return {
    kind: 'signup-invitation',
    userId: null,
    to,
    subject: `You are invited to ${brand.productName}`,
    ...body,
  };
}
