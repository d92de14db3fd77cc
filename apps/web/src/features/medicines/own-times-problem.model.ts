import { t } from '@lingui/core/macro';
import type { OwnTimesProblem } from '@medrem/domain';
import { formatTimeOfDay } from '../../i18n/intl-formats';

/**
 * What is wrong with a medicine's own times, in the page's language (the domain's
 * ownTimesProblemText in English); for a measurement's reminder (`of: 'reminder'`), as the domain's
 * measurementReminderIssue says the same rules.
 */
export function ownTimesProblemWords(
  problem: OwnTimesProblem,
  of: 'medicine' | 'reminder' = 'medicine',
): string {
  switch (problem.code) {
    case 'none':
      return of === 'reminder'
        ? t`Give at least one time.`
        : t`Give at least one time, or use your usual times.`;
    case 'tooMany': {
      const max = problem.max;
      return of === 'reminder'
        ? t`A reminder has at most ${max} times a day.`
        : t`A medicine has at most ${max} times a day.`;
    }
    case 'notATime': {
      const value = problem.value;
      return t`"${value}" is not a time: use 24-hour HH:MM, e.g. 07:00.`;
    }
    case 'twice': {
      const time = formatTimeOfDay(problem.time);
      return t`${time} is listed twice: each time once.`;
    }
    case 'order':
      return t`List the times in the order of the day, earliest first.`;
  }
}
