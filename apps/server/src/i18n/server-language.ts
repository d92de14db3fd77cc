/**
 * The language a text is written in for its reader (issue 54, decision 364): the account's
 * language and clock, as stored in `user_settings` (settings.locale, settings.clock). An account
 * that never chose one (null: first-release accounts) reads English on the 12-hour clock, the
 * spec's texts as they were.
 */
import { type ClockChoice, type Locale, SOURCE_LOCALE } from '@medrem/contract/locales';

export interface TextLanguage {
  locale: Locale;
  clock: ClockChoice;
}

export const SOURCE_LANGUAGE: TextLanguage = { locale: SOURCE_LOCALE, clock: 'auto' };

/** A reader's language from their settings (or a caregiver's, read beside a patient's). */
export function textLanguageOf(
  settings: { locale?: Locale | null | undefined; clock?: ClockChoice | undefined } | undefined,
): TextLanguage {
  if (!settings?.locale && (settings?.clock ?? 'auto') === 'auto') return SOURCE_LANGUAGE;
  return { locale: settings?.locale ?? SOURCE_LOCALE, clock: settings?.clock ?? 'auto' };
}

/** One key per language, for caches of texts made per language. */
export function languageKey(language: TextLanguage): string {
  return `${language.locale}|${language.clock}`;
}

/**
 * What `make` writes for a language (a feature's texts), made once per language and clock and then
 * reused: English for a reader whose language is not known.
 */
export function perLanguage<T>(make: (language: TextLanguage) => T): (language?: TextLanguage) => T {
  const made = new Map<string, T>();
  return (language = SOURCE_LANGUAGE) => {
    const key = languageKey(language);
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(language)));
    return value;
  };
}
