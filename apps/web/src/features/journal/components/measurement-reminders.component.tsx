import type { MeasurementReminderView, MeasurementTypeView } from '@medrem/contract';
import { formatTime12h, measurementReminderIssue } from '@medrem/domain';
import { type FormEvent, useState } from 'react';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';
import { TypeSelect } from './type-select.component';
import { FieldError } from '../../../shared/ui/field.component';

/**
 * Day names by weekday number (0 = Sunday). Not the medicine form's list: importing it split that
 * model into a chunk of its own, which cost the signed-in start's precache bytes (issue 9's budget).
 */
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export interface ReminderInput {
  type: string;
  times: string[];
  days: number[] | null;
}

/** "7:30 AM and 9:00 PM, every day", "7:00 AM, on Monday": a reminder as the list says it. */
export function reminderText(reminder: Pick<MeasurementReminderView, 'times' | 'days'>): string {
  const times = reminder.times.map(formatTime12h);
  const when = times.length > 1 ? `${times.slice(0, -1).join(', ')} and ${times.at(-1)}` : times[0];
  const days = reminder.days ? `on ${reminder.days.map((d) => WEEKDAY_NAMES[d]).join(', ')}` : 'every day';
  return `${when}, ${days}`;
}

/**
 * Reminders to measure (decision 331): one type at a time, its times of day and every day or
 * chosen weekdays; the same reminders, channels and follow-ups as a medicine's. Checked by the
 * domain's rule before the call, the refusal said at its field.
 */
export function MeasurementReminders(props: {
  types: MeasurementTypeView[];
  reminders: MeasurementReminderView[];
  onSave: (input: ReminderInput) => Promise<boolean>;
  onRemove: (type: string) => Promise<boolean>;
}) {
  const [typeRef, setTypeRef] = useState(props.types[0]?.type ?? 'blood-pressure');
  const current = props.reminders.find((r) => r.type === typeRef);
  const [times, setTimes] = useState<string[]>(current?.times ?? ['08:00']);
  const [days, setDays] = useState<number[] | null>(current?.days ?? null);
  const [error, setError] = useState<string | undefined>();
  const labelOf = (ref: string) => props.types.find((t) => t.type === ref)?.label ?? ref;

  const choose = (ref: string) => {
    const reminder = props.reminders.find((r) => r.type === ref);
    setTypeRef(ref);
    setTimes(reminder?.times ?? ['08:00']);
    setDays(reminder?.days ?? null);
    setError(undefined);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sorted = [...times].sort();
    const issue = measurementReminderIssue({ times: sorted, days });
    setError(issue ?? undefined);
    if (!issue) await props.onSave({ type: typeRef, times: sorted, days });
  };

  return (
    <div className="mt-3 space-y-4">
      {props.reminders.length > 0 ? (
        <ul aria-label="Your reminders to measure" className="list-disc space-y-1 pl-5 text-slate-800">
          {props.reminders.map((r) => (
            <li key={r.type}>
              {labelOf(r.type)}: {reminderText(r)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">No reminders to measure yet.</p>
      )}
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        className="space-y-3"
        aria-label="Reminder to measure"
      >
        <TypeSelect
          id="reminder-type"
          label="Measurement"
          types={props.types}
          value={typeRef}
          onChange={choose}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium text-slate-800">Times</legend>
          {times.map((time, i) => (
            <div key={i} className="flex items-center gap-2">
              <input
                type="time"
                aria-label={`Time ${i + 1}`}
                className={inputClass}
                value={time}
                onChange={(e) => setTimes(times.map((t, j) => (j === i ? e.target.value : t)))}
              />
              {times.length > 1 ? (
                <button
                  type="button"
                  className={buttonClass.secondary}
                  aria-label={`Remove time ${i + 1}`}
                  onClick={() => setTimes(times.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
              ) : null}
            </div>
          ))}
          {times.length < 8 ? (
            <button
              type="button"
              className={`${buttonClass.secondary} self-start`}
              onClick={() => setTimes([...times, '20:00'])}
            >
              Add a time
            </button>
          ) : null}
        </fieldset>
        <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'reminder-error' : undefined}>
          <legend className="font-medium text-slate-800">Days</legend>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="reminder-days"
              className="size-5"
              checked={days === null}
              onChange={() => setDays(null)}
            />
            Every day
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="reminder-days"
              className="size-5"
              checked={days !== null}
              onChange={() => setDays(days ?? [1])}
            />
            On these days
          </label>
          {days !== null ? (
            <div className="flex flex-wrap gap-2">
              {WEEKDAY_NAMES.map((name, day) => (
                <label
                  key={name}
                  className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3"
                >
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={days.includes(day)}
                    onChange={(e) =>
                      setDays(
                        e.target.checked
                          ? [...days, day].sort((a, b) => a - b)
                          : days.filter((d) => d !== day),
                      )
                    }
                  />
                  {name}
                </label>
              ))}
            </div>
          ) : null}
          <FieldError id="reminder" error={error} />
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass.primary}>
            Save reminder
          </button>
          {current ? (
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => void props.onRemove(typeRef)}
            >
              Stop this reminder
            </button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
