import { CARE_INVITATION_DAYS } from '@medrem/contract';
import type { TextLanguage } from '../../i18n/server-language';
import { type MailBrand, mailWordsIn, publicLink, renderMail } from '../mail/mail-layout';
import type { OutgoingMail } from '../mail/mail.port';

/** The web screen an invitation link opens (the same link the patient may copy). */
export const ACCEPT_INVITATION_PATH = '/care/accept';

/**
 * The invitation as mailed to the invited address (issue 52). Only a patient whose own address is
 * verified has it sent (decision 210), so the name and address it shows were proven by their owner.
 * In the invitee's language when the address has an account, else in the patient's (decision 364).
 */
export function careInvitationMail(
  brand: MailBrand,
  invitation: { patientId: string; patientName: string; patientEmail: string; to: string; token: string },
  language: TextLanguage,
): OutgoingMail {
  const t = mailWordsIn(language);
  const patient = invitation.patientName;
  const rendered = renderMail(
    {
      greeting: t('mail.greetingNoName'),
      paragraphs: [
        t('mail.careInvitation.invites', {
          patient,
          email: invitation.patientEmail,
          product: brand.productName,
        }),
        t('mail.careInvitation.what'),
        t('mail.careInvitation.accept', { email: invitation.to }),
      ],
      action: {
        label: t('mail.careInvitation.action'),
        url: publicLink(brand.publicUrl, ACCEPT_INVITATION_PATH, { token: invitation.token }),
      },
      after: [
        t('mail.linkWorksForDays', { days: CARE_INVITATION_DAYS }),
        t('mail.careInvitation.unknownPatient', { patient }),
      ],
    },
    brand,
    language,
  );
  return {
    kind: 'care-invitation',
    userId: invitation.patientId,
    to: invitation.to,
    subject: t('mail.careInvitation.subject', { patient }),
    ...rendered,
  };
}
