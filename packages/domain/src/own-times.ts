import { MAX_DOSE_SLOTS } from './constants';
import { TIME_PATTERN, formatTime12h } from './dates';
import { parseFrequency } from './frequency';

/**
 * Decision 212: a medicine may have its own times of day instead of the user's default reminder
 * times. Its frequency's flag i is then its own time i (one flag per time, every flag 1), so a day's
 * taken flags, ticks and history keep their shape; moving a default time never moves these doses.
 * A medicine without own times (`doseTimes` null or absent) follows the defaults, as the spec says.
 */
export interface OwnTimesField {
  /** The medicine's own times, 'HH:MM' ascending and distinct; null or absent: the default times. */
  doseTimes?: readonly string[] | null | undefined;
}

/** Whether the medicine has times of its own (decision 212). */
export function hasOwnTimes(medicine: OwnTimesField): boolean {
  return Array.isArray(medicine.doseTimes) && medicine.doseTimes.length > 0;
}

/**
 * The time of each of the medicine's dose slots: its own times, or the user's default reminder
 * times. Slot i of its frequency and of a day's taken flags is at `slotTimesOf(...)[i]`.
 */
export function slotTimesOf(
  medicine: OwnTimesField,
  defaultReminderTimes: readonly string[],
): readonly string[] {
  return hasOwnTimes(medicine) ? (medicine.doseTimes as readonly string[]) : defaultReminderTimes;
}

/** The frequency a medicine with these own times stores: one dose at each ('1-1' for two). */
export function ownTimesFrequency(doseTimes: readonly string[]): string {
  return doseTimes.map(() => '1').join('-');
}

/** What is wrong with a list of own times, as a code with what its sentence names (issue 54). */
export type OwnTimesProblem =
  | { code: 'none' }
  | { code: 'tooMany'; max: number }
  | { code: 'notATime'; value: string }
  | { code: 'twice'; time: string }
  | { code: 'order' };

/**
 * What is wrong with a list of own times; null when nothing is. Times must be 24-hour 'HH:MM', in
 * the day's order, each once, at most 8.
 */
export function ownTimesProblem(doseTimes: readonly string[]): OwnTimesProblem | null {
  if (doseTimes.length === 0) return { code: 'none' };
  if (doseTimes.length > MAX_DOSE_SLOTS) return { code: 'tooMany', max: MAX_DOSE_SLOTS };
  const bad = doseTimes.find((t) => !TIME_PATTERN.test(t));
  if (bad !== undefined) return { code: 'notATime', value: bad };
  for (let i = 1; i < doseTimes.length; i++) {
    const [before, time] = [doseTimes[i - 1]!, doseTimes[i]!];
    if (time === before) return { code: 'twice', time };
    if (time < before) return { code: 'order' };
  }
  return null;
}

/** A problem in the English words the API's 4xx gives (the web says it in the page's language). */
export function ownTimesProblemText(problem: OwnTimesProblem): string {
  switch (problem.code) {
    case 'none':
      return 'Give at least one time, or use your usual times.';
    case 'tooMany':
      return `A medicine has at most ${problem.max} times a day.`;
    case 'notATime':
      return `"${problem.value}" is not a time: use 24-hour HH:MM, e.g. 07:00.`;
    case 'twice':
      return `${formatTime12h(problem.time)} is listed twice: each time once.`;
    case 'order':
      return 'List the times in the order of the day, earliest first.';
  }
}

/** What is wrong with a list of own times, in the API's English; null when nothing is. */
export function ownTimesIssue(doseTimes: readonly string[]): string | null {
  const problem = ownTimesProblem(doseTimes);
  return problem ? ownTimesProblemText(problem) : null;
}

/**
 * Whether a frequency fits a medicine's own times: one flag per time, each a dose. Null when it
 * does, else the sentence the API's 4xx gives.
 */
export function ownTimesFrequencyIssue(frequency: string, doseTimes: readonly string[]): string | null {
  const flags = parseFrequency(frequency);
  if (flags.length === doseTimes.length && flags.every((f) => f === 1)) return null;
  return `With its own times, a medicine takes one dose at each: frequency must be "${ownTimesFrequency(doseTimes)}".`;
}
