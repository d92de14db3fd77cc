import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';
import { FieldError } from '../../../shared/ui/field.component';

/**
 * Decision 212: a medicine's doses at the user's usual times (the slot choices, `children`) or at
 * times set for this medicine alone, entered as times of day. A radio pair chooses.
 */
export function DoseTimesChoice(props: {
  id: string;
  /** null: the usual times. */
  times: string[] | null;
  error: string | undefined;
  onUsual: () => void;
  onOwn: () => void;
  onTimes: (times: string[]) => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const { id, times, error } = props;
  const own = times !== null;
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium text-slate-800">
          <Trans>When to take it</Trans>
        </legend>
        <div className="flex flex-wrap gap-2">
          <label className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3">
            <input
              type="radio"
              className="size-5"
              name={`${id}-mode`}
              checked={!own}
              onChange={props.onUsual}
            />
            <Trans>Use my usual times</Trans>
          </label>
          <label className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3">
            <input type="radio" className="size-5" name={`${id}-mode`} checked={own} onChange={props.onOwn} />
            <Trans>Set times for this medicine</Trans>
          </label>
        </div>
      </fieldset>
      {own ? (
        <fieldset
          className="flex flex-col gap-2"
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
        >
          <legend className="font-medium text-slate-800">
            <Trans>Times for this medicine</Trans>
          </legend>
          <ul className="flex flex-wrap gap-2">
            {times.map((time, i) => {
              const number = i + 1;
              return (
                <li key={i} className="flex items-center gap-1">
                  <input
                    type="time"
                    aria-label={t`Time ${number}`}
                    className={`${inputClass} w-36`}
                    value={time}
                    onChange={(e) => props.onTimes(times.map((was, j) => (j === i ? e.target.value : was)))}
                  />
                  {times.length > 1 ? (
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      aria-label={t`Remove time ${number}`}
                      onClick={() => props.onTimes(times.filter((_, j) => j !== i))}
                    >
                      ✕
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {times.length < 8 ? (
            <button
              type="button"
              className={`${buttonClass.secondary} self-start`}
              onClick={() => props.onTimes([...times, ''])}
            >
              <Trans>Add a time</Trans>
            </button>
          ) : null}
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            <Trans>
              One dose at each time. Reminders come at these times; changing your usual times in Settings does
              not move them.
            </Trans>
          </p>
          <FieldError id={id} error={error} />
        </fieldset>
      ) : (
        props.children
      )}
    </div>
  );
}
