import { t } from '@lingui/core/macro';
import type { OwnTimesProblem } from '@medrem/domain';
import { formatTimeOfDay } from '../../i18n/intl-formats';

/** What is wrong with a medicine's own times, in the page's language (the domain's ownTimesProblemText in English). */
export function ownTimesProblemWords(problem: OwnTimesProblem): string {
  switch (problem.code) {
    case 'none':
      return t`Give at least one time, or use your usual times.`;
    case 'tooMany': {
      const max = problem.max;
      return t`A medicine has at most ${max} times a day.`;
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
