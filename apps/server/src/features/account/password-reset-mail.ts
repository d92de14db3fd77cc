import { PASSWORD_RESET_LINK_MINUTES } from '@medrem/contract';
import { type MailBrand, publicLink, renderMail } from '../mail/mail-layout';
import type { OutgoingMail } from '../mail/mail.port';
import { greetingOf } from './account-mail';

/** How long a reset link works, mailed or printed for the operator. */
export const RESET_LINK_TTL_MS = PASSWORD_RESET_LINK_MINUTES * 60_000;

/** The web screen a reset link opens (apps/web: /reset-password?token=…). */
export const RESET_PASSWORD_PATH = '/reset-password';

interface Recipient {
  userId: string;
  name: string;
  email: string;
}

/** The link a reset mail (or the operator's command) hands out, on the public origin. */
export const resetLink = (publicUrl: string, token: string) =>
  publicLink(publicUrl, RESET_PASSWORD_PATH, { token });

/** The reset mail: one button, how long it works, and what to do if it was not asked for. */
export function resetMail(to: Recipient, token: string, brand: MailBrand): OutgoingMail {
  const body = renderMail(
    {
      greeting: greetingOf(to.name),
      paragraphs: [
        `Someone asked to reset the password of the ${brand.productName} account for ${to.email}. If it was you, choose a new password with the button below.`,
      ],
      action: { label: 'Choose a new password', url: resetLink(brand.publicUrl, token) },
      after: [
        `The link works once, within ${PASSWORD_RESET_LINK_MINUTES} minutes. Choosing a new password signs you out on every other device.`,
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ],
    },
    brand,
  );
  return {
    kind: 'password-reset',
    userId: to.userId,
    to: to.email,
    subject: `Reset your ${brand.productName} password`,
    ...body,
  };
}

/**
 * For an account without a password (made by Google or OpenID Connect sign-in): a link would let
 * whoever reads the mail add a password the person never chose, and it would not help them either;
 * the mail says which button they sign in with (decision 204).
 */
export function providerSignInMail(to: Recipient, providers: string[], brand: MailBrand): OutgoingMail {
  const how = providers.length > 0 ? providers.join(' or ') : 'a sign-in provider';
  const body = renderMail(
    {
      greeting: greetingOf(to.name),
      paragraphs: [
        `Someone asked to reset the password of the ${brand.productName} account for ${to.email}.`,
        `This account has no password: you sign in with ${how}. On the sign-in page, press “Login with ${providers[0] ?? 'your provider'}”. Once signed in, you can set a password in Settings if you want one.`,
      ],
      action: { label: 'Open the sign-in page', url: publicLink(brand.publicUrl, '/login') },
      after: ['If you did not ask for this, ignore this mail: nothing has changed.'],
    },
    brand,
  );
  return {
    kind: 'provider-sign-in',
    userId: to.userId,
    to: to.email,
    subject: `How you sign in to ${brand.productName}`,
    ...body,
  };
}
