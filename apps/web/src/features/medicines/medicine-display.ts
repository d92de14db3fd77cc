import { formatTime12h } from '@medrem/domain';

/** Spec: Start Date shows the first 10 characters of the stored date. */
export const startDateText = (startDate: string) => startDate.slice(0, 10);

/** Scheduled times in the spec's 12-hour AM/PM form. */
export const timesText = (times: readonly string[]) =>
  times.length ? times.map(formatTime12h).join(', ') : '-';

/** '1 day', '3 days', '1 pill', … */
export const countText = (count: number, unit: string) => `${count} ${count === 1 ? unit : `${unit}s`}`;

export const daysText = (days: number) => countText(days, 'day');
