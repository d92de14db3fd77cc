import { Trans } from '@lingui/react/macro';
import { slotNameForTime } from '@medrem/domain';
import { slotNameText } from '../../../i18n/domain-texts';
import { formatTimeOfDay } from '../../../i18n/intl-formats';
import { FieldError } from '../../../shared/ui/field.component';
import { choicesOfFrequency, frequencyOfChoices } from '../slot-choices.model';

/**
 * The dose slots as checkboxes, each with its name and default time ('Morning · 8:00 AM'), in
 * place of the typed pattern '1-0-1' (decision 195). The value stays the spec's pattern.
 */
export function SlotChoices(props: {
  id: string;
  value: string | undefined;
  times: readonly string[];
  error: string | undefined;
  onChange: (frequency: string) => void;
}) {
  const { id, times, error } = props;
  const chosen = choicesOfFrequency(props.value, times.length);
  const toggle = (slot: number, on: boolean) =>
    props.onChange(frequencyOfChoices(chosen.map((was, i) => (i === slot ? on : was))));
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
    >
      <legend className="font-medium text-slate-800">
        <Trans>Dose times</Trans>
      </legend>
      <div className="flex flex-wrap gap-2">
        {chosen.map((isChosen, slot) => {
          const time = times[slot];
          const dose = slot + 1;
          return (
            <label
              key={slot}
              className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3"
            >
              <input
                type="checkbox"
                className="size-5"
                checked={isChosen}
                onChange={(e) => toggle(slot, e.target.checked)}
              />
              {time ? (
                <span>
                  {slotNameText(slotNameForTime(time))}{' '}
                  <span className="text-slate-600">· {formatTimeOfDay(time)}</span>
                </span>
              ) : (
                <span>
                  <Trans>Dose {dose} (no default time)</Trans>
                </span>
              )}
            </label>
          );
        })}
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        <Trans>Your default reminder times; change them in Settings.</Trans>
      </p>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
