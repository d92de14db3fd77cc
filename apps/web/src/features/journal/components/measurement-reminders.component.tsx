import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MeasurementReminderView, MeasurementTypeView } from '@medrem/contract';
import { measurementDaysIssue, ownTimesProblem } from '@medrem/domain';
import { formatTimeOfDay } from '../../../i18n/intl-formats';
import { ownTimesProblemWords } from '../../medicines/own-times-problem.model';
import { type FormEvent, useState } from 'react';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';
import { TypeSelect } from './type-select.component';
import { FieldError } from '../../../shared/ui/field.component';
import { intlLocale } from '../../../i18n/intl-formats';

/**
 * Day names by weekday number (0 = Sunday). Not the medicine form's list: importing it split that
 * model into a chunk of its own, which cost the signed-in start's precache bytes (issue 9's budget).
 */
const WEEKDAY_NAMES = [
  msg`Sunday`,
  msg`Monday`,
  msg`Tuesday`,
  msg`Wednesday`,
  msg`Thursday`,
  msg`Friday`,
  msg`Saturday`,
];

export interface ReminderInput {
  type: string;
  times: string[];
  days: number[] | null;
}

/** "7:30 AM and 9:00 PM, every day", "7:00 AM, on Monday": a reminder as the list says it. */
export function reminderText(reminder: Pick<MeasurementReminderView, 'times' | 'days'>): string {
  // English as before: "7:30 AM, 1:00 PM and 9:00 PM" (en-GB's list, no comma before "and").
  const locale = intlLocale('en-GB');
  const times = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    reminder.times.map(formatTimeOfDay),
  );
  if (!reminder.days) return t`${times}, every day`;
  const days = new Intl.ListFormat(locale, { type: 'unit', style: 'long' }).format(
    reminder.days.map((d) => (WEEKDAY_NAMES[d] ? i18n._(WEEKDAY_NAMES[d]) : String(d))),
  );
  return t`${times}, on ${days}`;
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
  const { t } = useLingui();
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
    // The domain's measurementReminderIssue, said in the page's language (issue 54): the form can
    // only leave the days empty; any other days' issue keeps the domain's English.
    const timesProblem = ownTimesProblem(sorted);
    const issue = timesProblem
      ? ownTimesProblemWords(timesProblem, 'reminder')
      : days?.length === 0
        ? t`Choose at least one day of the week.`
        : measurementDaysIssue(days);
    setError(issue ?? undefined);
    if (!issue) await props.onSave({ type: typeRef, times: sorted, days });
  };

  return (
    <div className="mt-3 space-y-4">
      {props.reminders.length > 0 ? (
        <ul aria-label={t`Your reminders to measure`} className="list-disc space-y-1 ps-5 text-slate-800">
          {props.reminders.map((r) => {
            const name = labelOf(r.type);
            const when = reminderText(r);
            return <li key={r.type}>{t`${name}: ${when}`}</li>;
          })}
        </ul>
      ) : (
        <p className="text-slate-700">
          <Trans>No reminders to measure yet.</Trans>
        </p>
      )}
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        className="space-y-3"
        aria-label={t`Reminder to measure`}
      >
        <TypeSelect
          id="reminder-type"
          label={t`Measurement`}
          types={props.types}
          value={typeRef}
          onChange={choose}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium text-slate-800">
            <Trans>Times</Trans>
          </legend>
          {times.map((time, i) => {
            const number = i + 1;
            return (
              <div key={i} className="flex items-center gap-2">
                <input
                  type="time"
                  aria-label={t`Time ${number}`}
                  className={inputClass}
                  value={time}
                  onChange={(e) => setTimes(times.map((t, j) => (j === i ? e.target.value : t)))}
                />
                {times.length > 1 ? (
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    aria-label={t`Remove time ${number}`}
                    onClick={() => setTimes(times.filter((_, j) => j !== i))}
                  >
                    <Trans>Remove</Trans>
                  </button>
                ) : null}
              </div>
            );
          })}
          {times.length < 8 ? (
            <button
              type="button"
              className={`${buttonClass.secondary} self-start`}
              onClick={() => setTimes([...times, '20:00'])}
            >
              <Trans>Add a time</Trans>
            </button>
          ) : null}
        </fieldset>
        <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'reminder-error' : undefined}>
          <legend className="font-medium text-slate-800">
            <Trans>Days</Trans>
          </legend>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="reminder-days"
              className="size-5"
              checked={days === null}
              onChange={() => setDays(null)}
            />
            <Trans>Every day</Trans>
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="reminder-days"
              className="size-5"
              checked={days !== null}
              onChange={() => setDays(days ?? [1])}
            />
            <Trans>On these days</Trans>
          </label>
          {days !== null ? (
            <div className="flex flex-wrap gap-2">
              {WEEKDAY_NAMES.map((name, day) => (
                <label
                  key={day}
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
                  {t(name)}
                </label>
              ))}
            </div>
          ) : null}
          <FieldError id="reminder" error={error} />
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass.primary}>
            <Trans>Save reminder</Trans>
          </button>
          {current ? (
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => void props.onRemove(typeRef)}
            >
              <Trans>Stop this reminder</Trans>
            </button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
