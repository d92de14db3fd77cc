import { t } from '@lingui/core/macro';
import type { PostponeProblem } from '@medrem/domain';
import { formatDateTime, formatTimeOfDay } from '../../i18n/intl-formats';

/** Why a postponement is refused, in the page's language (the domain's postponeProblemText in English). */
export function postponeProblemWords(problem: PostponeProblem): string {
  switch (problem.code) {
    case 'notToday': {
      // Noon UTC: the calendar date itself; English keeps the ISO date the API writes.
      const date = formatDateTime(
        new Date(`${problem.date}T12:00:00Z`),
        { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' },
        'en-CA',
      );
      return t`Only today's doses can be postponed, to a later time the same day (${date} is not today).`;
    }
    case 'notAfterPlanned': {
      const time = formatTimeOfDay(problem.plannedTime);
      return t`Postpone to a time later than the dose's planned time (${time}), the same day.`;
    }
    case 'notAfterNow':
      return t`Postpone to a time later than now, the same day (a dose cannot be postponed into another day).`;
  }
}
