import { plural } from '@lingui/core/macro';
import { formatTimeOfDay } from '../../i18n/intl-formats';

/** Spec: Start Date shows the first 10 characters of the stored date. */
export const startDateText = (startDate: string) => startDate.slice(0, 10);

/** Scheduled times in the spec's 12-hour AM/PM form. */
export const timesText = (times: readonly string[]) =>
  times.length ? times.map(formatTimeOfDay).join(', ') : '-';

// The count itself, not `#`: Lingui writes `#` with the language's digit grouping ('1,200 days'),
// and the English texts have always shown the plain number.

/** '1 day', '3 days' (a course's length). */
export const daysText = (days: number) => plural(days, { one: `${days} day`, other: `${days} days` });
