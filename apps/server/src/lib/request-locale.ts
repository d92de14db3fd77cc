import { type Locale, acceptedLanguages, isLocale, matchLocale } from '@medrem/contract/locales';

/** The cookie the web app sets when a language is chosen on the device (src/i18n/active-locale.ts). */
export const LOCALE_COOKIE = 'medrem-locale';

/**
 * The language a browser's request speaks (decision 361): the device's choice (its cookie, which a
 * signed-in device keeps at the account's setting), else the browser's languages, else English.
 */
export function requestLocale(
  cookies: Readonly<Record<string, string | undefined>>,
  acceptLanguage: string | undefined,
): Locale {
  const chosen = cookies[LOCALE_COOKIE];
  if (isLocale(chosen)) return chosen;
  return matchLocale(acceptedLanguages(acceptLanguage));
}
