import { formatTime12h, minutesOfDay } from './dates';

// The rules of the postpone form only (decision 316): apart from dose-postpone.ts, which the
// dashboard's start needs, so that the form's chunk carries them and the offline start does not
// (decision 350; scripts/start-chunks.mjs lists this file).

/** The quick choices the dose's menu offers, in minutes from now. */
export const POSTPONE_QUICK_MINUTES = [30, 60, 120] as const;

/** Why a postponement cannot be made, as a code with what its sentence names (issue 54). */
export type PostponeProblem =
  | { code: 'notToday'; date: string }
  | { code: 'notAfterPlanned'; plannedTime: string }
  | { code: 'notAfterNow' };

/**
 * Why a postponement cannot be made, or null. Only today's dose, only to a time later than both
 * its planned time and now, and never past the day's end: "a postpone into another day" is
 * refused, as is one back to or before the planned time (that is not a postponement).
 */
export function postponeProblem(input: {
  date: string;
  today: string;
  /** The dose's planned time that day, HH:MM. */
  plannedTime: string;
  to: string;
  /** The local time now, HH:MM. */
  nowTime: string;
}): PostponeProblem | null {
  const { date, today, plannedTime, to, nowTime } = input;
  if (date !== today) return { code: 'notToday', date };
  if (minutesOfDay(to) <= minutesOfDay(plannedTime)) return { code: 'notAfterPlanned', plannedTime };
  if (minutesOfDay(to) <= minutesOfDay(nowTime)) return { code: 'notAfterNow' };
  return null;
}

/** A problem's sentence in English: the API's 400 (the web says it in the page's language). */
export function postponeProblemText(problem: PostponeProblem): string {
  switch (problem.code) {
    case 'notToday':
      return `Only today's doses can be postponed, to a later time the same day (${problem.date} is not today).`;
    case 'notAfterPlanned':
      return `Postpone to a time later than the dose's planned time (${formatTime12h(problem.plannedTime)}), the same day.`;
    case 'notAfterNow':
      return 'Postpone to a time later than now, the same day (a dose cannot be postponed into another day).';
  }
}

/** Why a postponement cannot be made (a 400's sentence, in English), or null. */
export function postponeIssue(input: Parameters<typeof postponeProblem>[0]): string | null {
  const problem = postponeProblem(input);
  return problem ? postponeProblemText(problem) : null;
}

/**
 * The quick choices still within the day from `nowMinutes` (minutes of the local day): +30 min,
 * +1 h, +2 h, each as HH:MM; a choice that would cross midnight is left out.
 */
export function quickPostponeTimes(nowMinutes: number): { minutes: number; time: string }[] {
  return POSTPONE_QUICK_MINUTES.flatMap((minutes) => {
    const at = nowMinutes + minutes;
    if (at >= 24 * 60) return [];
    return [{ minutes, time: `${pad(Math.floor(at / 60))}:${pad(at % 60)}` }];
  });
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
