import { Trans, useLingui } from '@lingui/react/macro';
import type { FollowUpSettings } from '@medrem/domain';
import { inputClass } from '../../../shared/ui/button.styles';
import { Field, fieldAria } from '../../../shared/ui/field.component';
import {
  FollowUpMinutesInput,
  FollowUpTimesOptions,
} from '../../settings/components/follow-up-inputs.component';
import type { FollowUpDraft } from '../follow-up-choice.model';
import { followUpsText } from '../follow-up-text';

const choiceClass = 'flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3';

/**
 * Decisions 254, 255: a medicine's reminder follow-ups, the user's default (shown as it is set in
 * Settings → Notifications) or a cadence for this medicine alone, with the settings' two fields.
 */
export function FollowUpChoice(props: {
  id: string;
  draft: FollowUpDraft;
  userDefault: FollowUpSettings;
  error: string | undefined;
  onChange: (draft: FollowUpDraft) => void;
}) {
  const { t } = useLingui();
  const { id, draft, error } = props;
  const cadence = followUpsText(props.userDefault);
  const set = (change: Partial<FollowUpDraft>) => props.onChange({ ...draft, ...change });
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium text-slate-800">
          <Trans>Reminder follow-ups</Trans>
        </legend>
        <p className="text-sm text-slate-600">
          <Trans>Until the dose is taken, skipped or snoozed, remind me again.</Trans>
        </p>
        <div className="flex flex-wrap gap-2">
          <label className={choiceClass}>
            <input
              type="radio"
              className="size-5"
              name={`${id}-mode`}
              checked={!draft.custom}
              onChange={() => set({ custom: false })}
            />
            <Trans comment="The user's default follow-ups, e.g. (every 10 min, up to 3 times)">
              Use my default ({cadence})
            </Trans>
          </label>
          <label className={choiceClass}>
            <input
              type="radio"
              className="size-5"
              name={`${id}-mode`}
              checked={draft.custom}
              onChange={() => set({ custom: true })}
            />
            <Trans comment="Follow-ups: a cadence for this medicine alone">Custom</Trans>
          </label>
        </div>
      </fieldset>
      {draft.custom ? (
        <div className="flex flex-wrap gap-4">
          <Field id={`${id}-minutes`} label={t`Every (minutes)`} error={error} hint={t`5 to 60.`}>
            <FollowUpMinutesInput
              value={draft.everyMinutes}
              {...fieldAria(`${id}-minutes`, error, true)}
              onChange={(everyMinutes) => set({ everyMinutes })}
            />
          </Field>
          <Field id={`${id}-times`} label={t`Up to (times)`} hint={t`0: no follow-ups for this medicine.`}>
            <select
              className={`${inputClass} max-w-32`}
              value={draft.times}
              {...fieldAria(`${id}-times`, undefined, true)}
              onChange={(e) => set({ times: Number(e.target.value) })}
            >
              <FollowUpTimesOptions />
            </select>
          </Field>
        </div>
      ) : null}
    </div>
  );
}
