import { t } from '@lingui/core/macro';
import { followUpSettingsSchema } from '@medrem/contract';
import type { FollowUpSettings } from '@medrem/domain';

/**
 * The medicine form's "Reminder follow-ups" (decisions 254, 255): the user's default, or a cadence
 * for this medicine alone. The minutes are the text typed (an empty field is not a number yet).
 */
export interface FollowUpDraft {
  custom: boolean;
  everyMinutes: string;
  times: number;
}

/** The draft of a medicine's stored override; without one, "my default", custom fields prefilled with it. */
export function followUpDraftOf(
  stored: FollowUpSettings | null | undefined,
  userDefault: FollowUpSettings,
): FollowUpDraft {
  const start = stored ?? userDefault;
  return { custom: Boolean(stored), everyMinutes: String(start.everyMinutes), times: start.times };
}

/**
 * What the form saves: null for "use my default", else the cadence, judged by the contract's rule
 * (the settings' and the API's bounds and words); or the problem to show at the minutes field.
 */
export function followUpsOf(
  draft: FollowUpDraft,
): { followUps: FollowUpSettings | null } | { error: string } {
  if (!draft.custom) return { followUps: null };
  const text = draft.everyMinutes.trim();
  const parsed = followUpSettingsSchema.safeParse({
    everyMinutes: text === '' ? Number.NaN : Number(text),
    times: draft.times,
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? t`Check the follow-ups.` };
  return { followUps: parsed.data };
}
