import { CARE_INVITATION_DAYS } from '@medrem/contract';
import { type MailBrand, publicLink, renderMail } from '../mail/mail-layout';
import type { OutgoingMail } from '../mail/mail.port';

/** The web screen an invitation link opens (the same link the patient may copy). */
export const ACCEPT_INVITATION_PATH = '/care/accept';

/**
 * The invitation as mailed to the invited address (issue 52). Only a patient whose own address is
 * verified has it sent (decision 210), so the name and address it shows were proven by their owner.
 */
export function careInvitationMail(
  brand: MailBrand,
  invitation: { patientId: string; patientName: string; patientEmail: string; to: string; token: string },
): OutgoingMail {
  const who = `${invitation.patientName} (${invitation.patientEmail})`;
  const rendered = renderMail(
    {
      greeting: 'Hello,',
      paragraphs: [
        `${who} invites you to their care circle on ${brand.productName}.`,
        'As their caregiver you can see whether today’s doses were taken, and you can be alerted when one is missed, as they chose. You see nothing else, and you can leave at any time.',
        `Accept with an account under ${invitation.to}: sign in, or create one from the link.`,
      ],
      action: {
        label: 'See the invitation',
        url: publicLink(brand.publicUrl, ACCEPT_INVITATION_PATH, { token: invitation.token }),
      },
      after: [
        `The link works once, for ${CARE_INVITATION_DAYS} days.`,
        `If you do not know ${invitation.patientName}, ignore this mail.`,
      ],
    },
    brand,
  );
  return {
    kind: 'care-invitation',
    userId: invitation.patientId,
    to: invitation.to,
    subject: `${invitation.patientName} invites you to their care circle`,
    ...rendered,
  };
}
