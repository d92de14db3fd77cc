import { plural, t } from '@lingui/core/macro';
import type { FollowUpSettings } from '@medrem/domain';

// Apart from the form's model (follow-up-choice.model.ts), which checks a draft with the contract's
// zod schema: the medicine list shows these words and is part of the offline start, which must not
// carry zod (first-load-budget.test.ts).

/** A cadence in a few words: "every 10 min, up to 3 times", or "none". */
export function followUpsText(cadence: FollowUpSettings): string {
  if (cadence.times === 0) return t({ message: 'none', comment: 'Reminder follow-ups: none at all' });
  const everyMinutes = cadence.everyMinutes;
  const times = cadence.times;
  return t({
    message: `every ${everyMinutes} min, up to ${plural(times, { one: '# time', other: '# times' })}`,
    comment: 'Reminder follow-ups: remind again every N minutes, at most N times',
  });
}

/** The list's short note for a medicine with its own cadence; null on the user's default. */
export const followUpNote = (followUps: FollowUpSettings | undefined): string | null => {
  if (!followUps) return null;
  const cadence = followUpsText(followUps);
  return t({
    message: `Follow-ups: ${cadence}`,
    comment: 'A medicine’s own reminder follow-ups, e.g. "every 10 min, up to 3 times"',
  });
};
