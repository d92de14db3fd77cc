import { durationText, ENGLISH_CALENDAR_WORDS, type CalendarWords } from '@medrem/domain';
import { translate } from '../../i18n/server-catalogs';
import { type TextLanguage, perLanguage } from '../../i18n/server-language';

/** "1 hour 30 minutes" in the language's own unit words (Intl), English as the domain writes it. */
function durationIn(locale: TextLanguage['locale'], minutes: number): string {
  if (locale === 'en') return durationText(minutes);
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours > 0 ? unit(hours, 'hour') : '', rest > 0 || hours === 0 ? unit(rest, 'minute') : '']
    .filter(Boolean)
    .join(' ');
}

/**
 * The calendar feed's words in its owner's language (issue 54, decision 364): the calendar's name,
 * each event's title and description (messages `calendar.*`). English keeps the domain's words.
 */
export const calendarWordsFor: (language?: TextLanguage) => CalendarWords = perLanguage(
  ({ locale }): CalendarWords =>
    locale === 'en'
      ? ENGLISH_CALENDAR_WORDS
      : {
          name: translate(locale, 'calendar.name'),
          title: (medicine, when) =>
            'slot' in when
              ? translate(locale, 'calendar.eventTitle', { medicine, slot: when.slot })
              : translate(locale, 'calendar.eventTitleInterval', {
                  medicine,
                  duration: durationIn(locale, when.everyMinutes),
                }),
          description: (pills) => translate(locale, 'calendar.description', { pills }),
        },
);
