import { msg, plural, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { type DoseSchedule, type FrequencyLabelCode, frequencyLabelCode } from '@medrem/domain';
import { activeLocale } from '../../i18n/active-locale';
import { formatTimeOfDay } from '../../i18n/intl-formats';

// The domain's frequency labels and schedules in the page's language (issue 54): the domain gives
// the label's code and the schedule itself; its English formatters (frequencyLabel, scheduleText)
// stay the server's. English here is what they write, byte for byte.

const FREQUENCY_LABELS: Record<FrequencyLabelCode, MessageDescriptor> = {
  onceDaily: msg({ message: 'Once daily', comment: 'A medicine’s frequency: one dose a day' }),
  twiceDaily: msg({ message: 'Twice daily', comment: 'A medicine’s frequency: two doses a day' }),
  threeTimesDaily: msg({
    message: 'Three times daily',
    comment: 'A medicine’s frequency: three doses a day',
  }),
};

/** The spec's label for a pattern ('Twice daily'), or null for a pattern without one. */
export function frequencyLabelText(frequency: string | null | undefined): string | null {
  const code = frequencyLabelCode(frequency);
  return code ? i18n._(FREQUENCY_LABELS[code]) : null;
}

/** Sunday first, as `DoseSchedule`'s weekdays count them. */
const WEEKDAYS_PLURAL: readonly MessageDescriptor[] = [
  msg({ message: 'Sundays', comment: 'A medicine taken on these weekdays: "Mondays, Thursdays"' }),
  msg({ message: 'Mondays', comment: 'A medicine taken on these weekdays: "Mondays, Thursdays"' }),
  msg({ message: 'Tuesdays', comment: 'A medicine taken on these weekdays: "Mondays, Thursdays"' }),
  msg({ message: 'Wednesdays', comment: 'A medicine taken on these weekdays: "Mondays, Thursdays"' }),
  msg({ message: 'Thursdays', comment: 'A medicine taken on these weekdays: "Mondays, Thursdays"' }),
  msg({ message: 'Fridays', comment: 'A medicine taken on these weekdays: "Mondays, Thursdays"' }),
  msg({ message: 'Saturdays', comment: 'A medicine taken on these weekdays: "Mondays, Thursdays"' }),
];

/**
 * "Mondays, Thursdays" in English, as the domain writes it; other languages join the days as they
 * join a list ("los lunes y los jueves", "周一和周四"): a unit list would glue Chinese ones together.
 */
function weekdayList(days: readonly number[]): string {
  const names = days.map((d) => i18n._(WEEKDAYS_PLURAL[d] ?? WEEKDAYS_PLURAL[0]!));
  const locale = activeLocale();
  if (locale === 'en') return names.join(', ');
  return new Intl.ListFormat(locale, { type: 'conjunction', style: 'long' }).format(names);
}

/** A schedule in plain words for lists ('Mondays', 'Every 8 hours from 8:00 AM', …); null for daily. */
export function scheduleWords(schedule: DoseSchedule | null | undefined): string | null {
  if (!schedule) return null;
  switch (schedule.kind) {
    case 'daily':
      return null;
    case 'interval': {
      const time = formatTimeOfDay(schedule.startTime);
      const hours = schedule.everyHours;
      return plural(hours, { one: `Every # hour from ${time}`, other: `Every # hours from ${time}` });
    }
    case 'weekdays':
      return weekdayList(schedule.days);
    case 'cycle': {
      const { daysOn, daysOff } = schedule;
      // English keeps "1 days on" as the domain's scheduleText writes it; other languages decline.
      return t({
        message: `${plural(daysOn, { other: '# days on' })}, ${plural(daysOff, { other: '# days off' })}`,
        comment: 'A medicine taken some days, then paused: "21 days on, 7 days off", repeating',
      });
    }
    case 'taper': {
      const steps = schedule.steps.map((s) => s.dose).join(' → ');
      return t({
        message: `Tapering: ${steps}`,
        comment: 'A dose lowered step by step: "Tapering: 40 mg → 20 mg → 10 mg"',
      });
    }
    case 'asNeeded':
      return t`As needed`;
  }
}
