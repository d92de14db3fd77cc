import { Trans, useLingui } from '@lingui/react/macro';
import {
  DEFAULT_FOLLOW_UPS,
  DEFAULT_QUIET_HOURS,
  FOLLOW_UP_MINUTES,
  type FollowUpSettings,
  type QuietHours,
  quietHoursProblem,
} from '@medrem/domain';
import { inputClass } from '../../../shared/ui/button.styles';
import { Field, fieldAria } from '../../../shared/ui/field.component';
import { Toggle } from '../../../shared/ui/toggle.component';
import { useTypedWholeNumber } from '../../../shared/forms/typed-whole-number.hook';
import { FollowUpMinutesInput, FollowUpTimesOptions } from './follow-up-inputs.component';

/** The follow-ups' bounds, module-level so the typed field's effect sees one object. */
const MINUTES_BOUNDS = { min: FOLLOW_UP_MINUTES.min, max: FOLLOW_UP_MINUTES.max };

/** The follow-ups' minutes, kept as typed and judged at the field (useTypedWholeNumber). */
function FollowUpMinutesField(props: { value: number; onChange: (minutes: number) => void }) {
  const { t } = useLingui();
  const id = 'settings-follow-up-minutes';
  const { text, error, onTextChange } = useTypedWholeNumber({ id, bounds: MINUTES_BOUNDS, ...props });
  return (
    <Field id={id} label={t`Every (minutes)`} error={error}>
      <FollowUpMinutesInput value={text} {...fieldAria(id, error)} onChange={onTextChange} />
    </Field>
  );
}

/**
 * Decisions 227 and 228: how often a reminder asks again while the dose is not taken, skipped or
 * snoozed, and the quiet window that holds those repeats and the daily summary (never a dose's
 * first reminder). A settings copy saved on the device before these existed reads the defaults.
 */
export function FollowUpSettingsFields(props: {
  followUps: FollowUpSettings | undefined;
  quietHours: QuietHours | undefined;
  onChange: (change: { followUps: FollowUpSettings; quietHours: QuietHours }) => void;
}) {
  const { t } = useLingui();
  const followUps = props.followUps ?? DEFAULT_FOLLOW_UPS;
  const quietHours = props.quietHours ?? DEFAULT_QUIET_HOURS;
  const set = (change: Partial<{ followUps: FollowUpSettings; quietHours: QuietHours }>) =>
    props.onChange({ followUps, quietHours, ...change });
  const quietError =
    quietHours.enabled && quietHoursProblem(quietHours)
      ? t`Quiet hours must start and end at different times.`
      : undefined;
  return (
    <>
      <div className="flex flex-col gap-3 py-3">
        <div>
          <p className="font-medium text-slate-900">
            <Trans>Reminder follow-ups</Trans>
          </p>
          <p className="text-sm text-slate-600">
            <Trans>
              Until a dose is taken, skipped or snoozed, remind me again. 0 times: no follow-ups. A medicine
              can have its own in its form (Reminder follow-ups: Custom).
            </Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-4">
          <FollowUpMinutesField
            value={followUps.everyMinutes}
            onChange={(everyMinutes) => set({ followUps: { ...followUps, everyMinutes } })}
          />
          <Field id="settings-follow-up-times" label={t`Up to (times)`}>
            <select
              id="settings-follow-up-times"
              className={`${inputClass} max-w-32`}
              value={followUps.times}
              onChange={(e) => set({ followUps: { ...followUps, times: Number(e.target.value) } })}
            >
              <FollowUpTimesOptions />
            </select>
          </Field>
        </div>
      </div>
      <Toggle
        label={t`Quiet Hours`}
        description={t`Hold follow-ups and the daily summary until the quiet hours end (a dose's first reminder still comes)`}
        checked={quietHours.enabled}
        onChange={(enabled) => set({ quietHours: { ...quietHours, enabled } })}
      />
      {quietHours.enabled ? (
        <div className="flex flex-wrap gap-4 pb-3">
          <Field id="settings-quiet-start" label={t`Quiet from`}>
            <input
              id="settings-quiet-start"
              type="time"
              required
              className={`${inputClass} max-w-40`}
              value={quietHours.start}
              onChange={(e) => set({ quietHours: { ...quietHours, start: e.target.value } })}
            />
          </Field>
          <Field id="settings-quiet-end" label={t`Quiet until`} error={quietError}>
            <input
              type="time"
              required
              className={`${inputClass} max-w-40`}
              value={quietHours.end}
              {...fieldAria('settings-quiet-end', quietError)}
              onChange={(e) => set({ quietHours: { ...quietHours, end: e.target.value } })}
            />
          </Field>
        </div>
      ) : null}
    </>
  );
}
