/**
 * Dates, times and numbers in the page's language (decision 361), through `Intl`. English keeps
 * the exact formats the screens had before (the spec's texts): a caller names the English variant
 * its format was written for ('en-US' for "8:00 AM", 'en-GB' for a 24-hour "08:00"), and every
 * other language gets its own conventions. Formatters are cached per language and options.
 */
import { activeLocale } from './active-locale';

type EnglishVariant = 'en-US' | 'en-GB' | 'en-CA';

/** The locale `Intl` is given: the caller's English variant in English, else the page's language. */
export function intlLocale(english: EnglishVariant = 'en-US'): string {
  const locale = activeLocale();
  return locale === 'en' ? english : locale;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A cached `Intl.DateTimeFormat` for the page's language. */
export function dateTimeFormat(
  options: Intl.DateTimeFormatOptions,
  english: EnglishVariant = 'en-US',
): Intl.DateTimeFormat {
  const locale = intlLocale(english);
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** A date (or ISO string) formatted in the page's language. */
export function formatDateTime(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions,
  english: EnglishVariant = 'en-US',
): string {
  return dateTimeFormat(options, english).format(typeof value === 'string' ? new Date(value) : value);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number in the page's language (digits, separators). */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  const locale = intlLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}
