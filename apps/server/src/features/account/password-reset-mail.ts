import { PASSWORD_RESET_LINK_MINUTES } from '@medrem/contract';
import type { TextLanguage } from '../../i18n/server-language';
import { type MailBrand, mailWordsIn, publicLink, renderMail } from '../mail/mail-layout';
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
export function resetMail(
  to: Recipient,
  token: string,
  brand: MailBrand,
  language: TextLanguage,
): OutgoingMail {
  const t = mailWordsIn(language);
  const product = brand.productName;
  const body = renderMail(
    {
      greeting: greetingOf(to.name, language),
      paragraphs: [t('mail.passwordReset.asked', { product, email: to.email })],
      action: { label: t('mail.passwordReset.action'), url: resetLink(brand.publicUrl, token) },
      after: [
        t('mail.passwordReset.linkWorks', { minutes: PASSWORD_RESET_LINK_MINUTES }),
        t('mail.passwordReset.notAsked'),
      ],
    },
    brand,
    language,
  );
  return {
    kind: 'password-reset',
    userId: to.userId,
    to: to.email,
    subject: t('mail.passwordReset.subject', { product }),
    ...body,
  };
}

/** 'Google or OpenID Connect': the ways to sign in, as one choice in the reader's language. */
function eitherOf(items: readonly string[], language: TextLanguage): string {
  // The English text has always said 'A or B' (at most two providers exist).
  if (language.locale === 'en') return items.join(' or ');
  return new Intl.ListFormat(language.locale, { type: 'disjunction', style: 'long' }).format(items);
}

/**
 * For an account without a password (made by Google or OpenID Connect sign-in): a link would let
 * whoever reads the mail add a password the person never chose, and it would not help them either;
 * the mail says which button they sign in with (decision 204).
 */
export function providerSignInMail(
  to: Recipient,
  providers: string[],
  brand: MailBrand,
  language: TextLanguage,
): OutgoingMail {
  const t = mailWordsIn(language);
  const product = brand.productName;
  const [first] = providers;
  const body = renderMail(
    {
      greeting: greetingOf(to.name, language),
      paragraphs: [
        t('mail.providerSignIn.asked', { product, email: to.email }),
        first === undefined
          ? t('mail.providerSignIn.howUnknown')
          : t('mail.providerSignIn.how', { providers: eitherOf(providers, language), provider: first }),
      ],
      action: { label: t('mail.providerSignIn.action'), url: publicLink(brand.publicUrl, '/login') },
      after: [t('mail.providerSignIn.notAsked')],
    },
    brand,
    language,
  );
  return {
    kind: 'provider-sign-in',
    userId: to.userId,
    to: to.email,
    subject: t('mail.providerSignIn.subject', { product }),
    ...body,
  };
}
