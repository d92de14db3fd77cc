/**
 * Times, dates and lists in the reader's language (issue 54, decision 364), from Intl. English on
 * the 12-hour clock keeps the spec's own forms ('8:00 AM', formatTime12h) byte for byte: Intl's
 * English puts a narrow no-break space before 'AM', which would change every English text.
 */
import { formatTime12h } from '@medrem/domain';
import type { TextLanguage } from './server-language';
import { languageKey } from './server-language';

const timeFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const listFormats = new Map<string, Intl.ListFormat>();

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) cache.set(key, (value = make()));
  return value;
}

/** A wall-clock time ('HH:MM') as the reader reads times: '8:00 AM', '20:00', '下午8:00'. */
export function timeText(hhmm: string, language: TextLanguage): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  if (language.locale === 'en' && language.clock !== '24h') return formatTime12h(hhmm);
  if (language.locale === 'en')
    return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  const format = cached(
    timeFormats,
    languageKey(language),
    () =>
      new Intl.DateTimeFormat(language.locale, {
        // A chosen 24-hour clock writes the hour with two digits ('08:05'), as the web app does.
        hour: language.clock === '24h' ? '2-digit' : 'numeric',
        minute: '2-digit',
        timeZone: 'UTC',
        ...(language.clock === 'auto' ? {} : { hourCycle: language.clock === '12h' ? 'h12' : 'h23' }),
      }),
  );
  return format.format(Date.UTC(2000, 0, 3, hours, minutes));
}

/** A calendar date ('YYYY-MM-DD') written out: '20 Dec 2026', '20.12.2026', '2026年12月20日'. */
export function dateText(isoDate: string, language: TextLanguage): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  const format = cached(
    dateFormats,
    language.locale,
    () => new Intl.DateTimeFormat(language.locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  );
  return format.format(Date.UTC(year, month - 1, day));
}

/** Several names in one sentence, as the language joins them ('A, B und C'; 'A、B和C'). */
export function listText(items: readonly string[], language: TextLanguage): string {
  // The English texts have always joined with a comma and no 'and'.
  if (language.locale === 'en') return items.join(', ');
  return cached(
    listFormats,
    language.locale,
    () => new Intl.ListFormat(language.locale, { type: 'conjunction', style: 'long' }),
  ).format(items);
}
