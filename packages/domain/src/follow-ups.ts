import { minutesOfDay } from './dates';

/**
 * Decision 227: after a dose's reminder, the engine asks again every `everyMinutes` up to `times`
 * times while the dose is neither taken, skipped nor snoozed. Decision 228: a daily quiet window
 * holds follow-ups and the daily summary to its end; a dose's first reminder is never held.
 */
export const FOLLOW_UP_MINUTES = { min: 5, max: 60, default: 10 } as const;
export const FOLLOW_UP_TIMES = { min: 0, max: 6, default: 3 } as const;

export interface FollowUpSettings {
  everyMinutes: number;
  times: number;
}

export interface QuietHours {
  enabled: boolean;
  /** 'HH:MM' in the user's zone; a window may cross midnight (start after end). */
  start: string;
  end: string;
}

export const DEFAULT_FOLLOW_UPS: FollowUpSettings = {
  everyMinutes: FOLLOW_UP_MINUTES.default,
  times: FOLLOW_UP_TIMES.default,
};
export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: false, start: '22:00', end: '07:00' };

/**
 * The offset (minutes after the dose) of the follow-up after one at `offset` (0: the reminder
 * itself): the first of N, 2N … K·N later than `offset`, or null when none is left. A follow-up
 * held by quiet hours fires at the window's end, at an offset between the steps: the next step
 * after it counts on from there.
 */
export function nextFollowUpOffset(offset: number, settings: FollowUpSettings): number | null {
  const step = Math.floor(offset / settings.everyMinutes) + 1;
  return step <= settings.times ? step * settings.everyMinutes : null;
}

/** Whether `offset` (minutes after the dose) is one of a cadence's steps N, 2N … K·N. */
export function isFollowUpStep(offset: number, cadence: FollowUpSettings): boolean {
  const step = offset / cadence.everyMinutes;
  return Number.isInteger(step) && step >= 1 && step <= cadence.times;
}

/**
 * Decision 254: the follow-up after `offset` of a dose several medicines share (a default-time
 * slot), each with its cadence (its own override, or the user's default): the earliest next step of
 * any of them, so each is asked at least at its own steps and none is starved by a neighbour set to
 * 0. A step at `skip` (the missed-dose alert's offset) gives way to the cadence's step after it.
 */
export function nextSharedFollowUpOffset(
  offset: number,
  cadences: readonly FollowUpSettings[],
  skip?: number,
): number | null {
  let best: number | null = null;
  for (const cadence of cadences) {
    let next = nextFollowUpOffset(offset, cadence);
    if (next !== null && next === skip) next = nextFollowUpOffset(next, cadence);
    if (next !== null && (best === null || next < best)) best = next;
  }
  return best;
}

/** Whether a wall-clock time ('HH:MM' or minutes of the day) is inside the quiet window. */
export function inQuietHours(time: string | number, quiet: QuietHours): boolean {
  if (!quiet.enabled) return false;
  const minutes = typeof time === 'number' ? time : minutesOfDay(time);
  const start = minutesOfDay(quiet.start);
  const end = minutesOfDay(quiet.end);
  if (start === end) return false;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/** What is wrong with a quiet window, as a code (issue 54): the web says it in the page's language. */
export type QuietHoursProblem = 'sameStartAndEnd';

export function quietHoursProblem(quiet: Pick<QuietHours, 'start' | 'end'>): QuietHoursProblem | null {
  return quiet.start === quiet.end ? 'sameStartAndEnd' : null;
}

/** What is wrong with a quiet window, in the English the API's 4xx shows; null if nothing. */
export function quietHoursIssue(quiet: Pick<QuietHours, 'start' | 'end'>): string | null {
  return quietHoursProblem(quiet) ? 'Quiet hours must start and end at different times.' : null;
}
