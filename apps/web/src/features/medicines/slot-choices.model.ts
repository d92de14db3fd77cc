import { parseFrequency } from '@medrem/domain';

/** The spec's pattern has three flags (Morning-Afternoon-Evening); a shorter one is padded to it. */
const SPEC_FLAGS = 3;

/**
 * Decision 195: the form offers the dose slots as choices and writes the spec's pattern from them
 * (the API keeps the pattern). Flags past the last chosen slot are left off, down to the spec's
 * three: Morning and Evening make '1-0-1', the fourth slot alone '0-0-0-1'.
 */
export function frequencyOfChoices(chosen: readonly boolean[]): string {
  const last = chosen.lastIndexOf(true);
  const length = Math.max(SPEC_FLAGS, last + 1);
  return Array.from({ length }, (_, i) => (chosen[i] ? '1' : '0')).join('-');
}

/** Which slots a pattern chooses, one per slot shown: the default times, or more if it has more. */
export function choicesOfFrequency(frequency: string | undefined, slots: number): boolean[] {
  const flags = parseFrequency(frequency);
  return Array.from({ length: Math.max(slots, flags.length) }, (_, i) => flags[i] === 1);
}
