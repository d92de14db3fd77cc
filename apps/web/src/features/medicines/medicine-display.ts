import { formatTime12h } from '@medrem/domain';

/** Spec: Start Date shows the first 10 characters of the stored date. */
export const startDateText = (startDate: string) => startDate.slice(0, 10);

/** Scheduled times in the spec's 12-hour AM/PM form. */
export const timesText = (times: readonly string[]) =>
  times.length ? times.map(formatTime12h).join(', ') : '-';

export const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;
