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
  const { id, times, error } = props;
  const own = times !== null;
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium text-slate-800">When to take it</legend>
        <div className="flex flex-wrap gap-2">
          <label className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3">
            <input
              type="radio"
              className="size-5"
              name={`${id}-mode`}
              checked={!own}
              onChange={props.onUsual}
            />
            Use my usual times
          </label>
          <label className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3">
            <input type="radio" className="size-5" name={`${id}-mode`} checked={own} onChange={props.onOwn} />
            Set times for this medicine
          </label>
        </div>
      </fieldset>
      {own ? (
        <fieldset
          className="flex flex-col gap-2"
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
        >
          <legend className="font-medium text-slate-800">Times for this medicine</legend>
          <ul className="flex flex-wrap gap-2">
            {times.map((time, i) => (
              <li key={i} className="flex items-center gap-1">
                <input
                  type="time"
                  aria-label={`Time ${i + 1}`}
                  className={`${inputClass} w-36`}
                  value={time}
                  onChange={(e) => props.onTimes(times.map((t, j) => (j === i ? e.target.value : t)))}
                />
                {times.length > 1 ? (
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    aria-label={`Remove time ${i + 1}`}
                    onClick={() => props.onTimes(times.filter((_, j) => j !== i))}
                  >
                    ✕
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {times.length < 8 ? (
            <button
              type="button"
              className={`${buttonClass.secondary} self-start`}
              onClick={() => props.onTimes([...times, ''])}
            >
              Add a time
            </button>
          ) : null}
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            One dose at each time. Reminders come at these times; changing your usual times in Settings does
            not move them.
          </p>
          <FieldError id={id} error={error} />
        </fieldset>
      ) : (
        props.children
      )}
    </div>
  );
}
