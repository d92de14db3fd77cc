import { ownTimesFrequency, ownTimesProblem, slotTimesOf } from '@medrem/domain';
import { useMemo, useRef, useState } from 'react';
import { ownTimesProblemWords } from './own-times-problem.model';

/**
 * The form's choice between the user's usual times and times set for this medicine (decision 212).
 * With own times the frequency is one dose at each (the domain's rule), so the form's frequency
 * field is set from them; the usual choice the user had made comes back when they return to it.
 */
export function useOwnTimes(
  initial: readonly string[] | null | undefined,
  frequency: { get: () => string; set: (frequency: string) => void; chosenUsual: () => string[] },
  defaultReminderTimes: readonly string[],
) {
  const [times, setTimes] = useState<string[] | null>(initial ? [...initial] : null);
  const usualFrequency = useRef<string | undefined>(undefined);
  // Saved in the day's order: the user may add 06:00 after 19:00.
  const sorted = useMemo(() => (times ? [...times].sort() : null), [times]);
  const slotTimes = useMemo(
    () => slotTimesOf({ doseTimes: sorted }, defaultReminderTimes),
    [sorted, defaultReminderTimes],
  );
  const problem = sorted ? ownTimesProblem(sorted) : null;
  const change = (next: string[] | null) => {
    if (next && !times) usualFrequency.current = frequency.get();
    if (!next && times) frequency.set(usualFrequency.current ?? '');
    if (next) frequency.set(ownTimesFrequency(next));
    setTimes(next);
  };
  return {
    times,
    sorted,
    /** The times of the medicine's slots as the form stands: its own, or the default times. */
    slotTimes,
    issue: problem ? ownTimesProblemWords(problem) : null,
    /** 'Set times for this medicine' starts from the usual times chosen, or one time to fill in. */
    chooseOwn: () => {
      const chosen = frequency.chosenUsual();
      change(chosen.length > 0 ? chosen : ['']);
    },
    chooseUsual: () => change(null),
    setTimes: (next: string[]) => change(next),
  };
}
