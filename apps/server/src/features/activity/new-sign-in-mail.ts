import { greetingOf } from '../account/account-mail';
import { type MailBrand, publicLink, renderMail } from '../mail/mail-layout';
import type { OutgoingMail } from '../mail/mail.port';

/** Where the mail sends a person who did not sign in: Settings → Privacy & Security. */
const SECURITY_SETTINGS = { path: '/settings', params: { tab: 'privacy' } };

export interface NewSignIn {
  userId: string;
  name: string;
  email: string;
  at: Date;
  timezone: string;
  device: string;
  ip: string | null;
}

/** When, in the person's own time zone, e.g. "6 December 2026 at 17:30 (Europe/Berlin)". */
function whenOf(at: Date, timezone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: timezone,
  }).format(at);
  return `${text} (${timezone})`;
}

/**
 * "New sign-in to your account" (decision 295): sent once per device the account had not signed in
 * from, never for its first device. What a person needs to tell it was them, and what to do if not.
 */
export function newSignInMail(signIn: NewSignIn, brand: MailBrand): OutgoingMail {
  const body = renderMail(
    {
      greeting: greetingOf(signIn.name),
      paragraphs: [
        `Your ${brand.productName} account (${signIn.email}) was signed in to from a device it had not been used on before.`,
        `When: ${whenOf(signIn.at, signIn.timezone)}`,
        `Device: ${signIn.device}`,
        `Network: ${signIn.ip ?? 'unknown'} (the address's last part is not kept)`,
        'If this was you, there is nothing to do.',
      ],
      action: {
        label: 'Check your recent activity',
        url: publicLink(brand.publicUrl, SECURITY_SETTINGS.path, SECURITY_SETTINGS.params),
      },
      after: [
        "If this wasn't you: change your password now (Settings → Profile) and press “Sign out everywhere” in Settings → Privacy & Security.",
      ],
    },
    brand,
  );
  return {
    kind: 'new-sign-in',
    userId: signIn.userId,
    to: signIn.email,
    subject: `New sign-in to your ${brand.productName} account`,
    ...body,
  };
}
