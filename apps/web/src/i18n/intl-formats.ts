/**
 * Dates, times and numbers in the page's language (decision 361), through `Intl`. English keeps
 * the exact formats the screens had before (the spec's texts): a caller names the English variant
 * its format was written for ('en-US' for "8:00 AM", 'en-GB' for a 24-hour "08:00"), and every
 * other language gets its own conventions. Formatters are cached per language and options.
 */
import { activeLocale } from './active-locale';
import { chosenHourCycle } from './clock-choice';

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
  // A time of day follows the account's clock when one is chosen (issue 54).
  const hourCycle =
    options.hour !== undefined || options.timeStyle !== undefined ? chosenHourCycle() : undefined;
  const withClock: Intl.DateTimeFormatOptions = hourCycle
    ? { ...options, hour12: undefined, hourCycle }
    : options;
  const key = `${locale}|${JSON.stringify(withClock)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, withClock);
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

/**
 * A wall-clock time ('HH:MM') as the page's language and the account's clock write it. English on
 * its language's convention stays the spec's "8:00 AM" (the domain's formatTime12h: `Intl` puts a
 * narrow no-break space before "AM", made a plain one here); a 24-hour clock in English is "08:00".
 */
export function formatTimeOfDay(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const at = new Date(Date.UTC(2000, 0, 1, hours, minutes));
  const english12 = activeLocale() === 'en' && chosenHourCycle() !== 'h23';
  // A chosen 24-hour clock writes the hour with two digits ("08:05"), as 24-hour clocks do.
  const hour = chosenHourCycle() === 'h23' ? '2-digit' : 'numeric';
  const format = dateTimeFormat(
    { hour, minute: '2-digit', timeZone: 'UTC' },
    english12 ? 'en-US' : 'en-GB',
  ).format(at);
  return english12 ? format.replace('\u202f', ' ') : format;
}
