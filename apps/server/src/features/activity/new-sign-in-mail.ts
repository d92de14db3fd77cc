import { greetingOf } from '../account/account-mail';
import { dateText, timeText } from '../../i18n/server-formats';
import type { TextLanguage } from '../../i18n/server-language';
import { type MailBrand, mailWordsIn, publicLink, renderMail } from '../mail/mail-layout';
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

/** The date ('YYYY-MM-DD') and wall-clock time ('HH:MM') of `at` in `timezone`. */
function zonedParts(at: Date, timezone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: timezone,
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * When, in the person's own time zone and language: "6 December 2026 at 17:30 (Europe/Berlin)".
 * English without a chosen clock keeps the mail's first form (a long British date, 24-hour time).
 */
function whenOf(at: Date, timezone: string, language: TextLanguage): Record<string, string> {
  const { date, time } = zonedParts(at, timezone);
  if (language.locale !== 'en') {
    return { date: dateText(date, language), time: timeText(time, language), timezone };
  }
  const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: timezone }).format(at);
  const clock = language.clock === '12h' ? language : { ...language, clock: '24h' as const };
  return { date: longDate, time: timeText(time, clock), timezone };
}

/**
 * "New sign-in to your account" (decision 295): sent once per device the account had not signed in
 * from, never for its first device. What a person needs to tell it was them, and what to do if not,
 * in their language (decision 364).
 */
export function newSignInMail(signIn: NewSignIn, brand: MailBrand, language: TextLanguage): OutgoingMail {
  const t = mailWordsIn(language);
  const product = brand.productName;
  const body = renderMail(
    {
      greeting: greetingOf(signIn.name, language),
      paragraphs: [
        t('mail.newSignIn.what', { product, email: signIn.email }),
        t('mail.newSignIn.when', whenOf(signIn.at, signIn.timezone, language)),
        t('mail.newSignIn.device', { device: signIn.device }),
        signIn.ip === null
          ? t('mail.newSignIn.networkUnknown')
          : t('mail.newSignIn.network', { ip: signIn.ip }),
        t('mail.newSignIn.wasYou'),
      ],
      action: {
        label: t('mail.newSignIn.action'),
        url: publicLink(brand.publicUrl, SECURITY_SETTINGS.path, SECURITY_SETTINGS.params),
      },
      after: [t('mail.newSignIn.notYou')],
    },
    brand,
    language,
  );
  return {
    kind: 'new-sign-in',
    userId: signIn.userId,
    to: signIn.email,
    subject: t('mail.newSignIn.subject', { product }),
    ...body,
  };
}
