import type { FollowUpSettings } from '@medrem/domain';

// Apart from the form's model (follow-up-choice.model.ts), which checks a draft with the contract's
// zod schema: the medicine list shows these words and is part of the offline start, which must not
// carry zod (first-load-budget.test.ts).

/** A cadence in a few words: "every 10 min, up to 3 times", or "none". */
export function followUpsText(cadence: FollowUpSettings): string {
  if (cadence.times === 0) return 'none';
  return `every ${cadence.everyMinutes} min, up to ${cadence.times} ${cadence.times === 1 ? 'time' : 'times'}`;
}

/** The list's short note for a medicine with its own cadence; null on the user's default. */
export const followUpNote = (followUps: FollowUpSettings | undefined): string | null =>
  followUps ? `Follow-ups: ${followUpsText(followUps)}` : null;
