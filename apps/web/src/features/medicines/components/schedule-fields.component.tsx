import { Trans, useLingui } from '@lingui/react/macro';
import { INTERVAL_HOURS, type ScheduleKind, taperDays } from '@medrem/domain';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';
import { Field, fieldAria } from '../../../shared/ui/field.component';
import {
  NEW_TAPER_STEP,
  SCHEDULE_KIND_LABELS,
  type ScheduleDraft,
  type ScheduleErrors,
  WEEKDAYS,
  weekdayName,
} from '../schedule-draft.model';

const numberValue = (value: string) => (value === '' ? Number.NaN : Number(value));
const shown = (value: number) => (Number.isFinite(value) ? value : '');

/** A labelled number input of the schedule part. */
function NumberInput(props: {
  id: string;
  label: string;
  value: number;
  min: number;
  step?: number;
  hint?: string;
  error?: string | undefined;
  onChange: (value: number) => void;
}) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <input
        type="number"
        min={props.min}
        step={props.step ?? 1}
        inputMode="decimal"
        className={inputClass}
        {...fieldAria(props.id, props.error, Boolean(props.hint))}
        value={shown(props.value)}
        onChange={(e) => props.onChange(numberValue(e.target.value))}
      />
    </Field>
  );
}

/**
 * The schedule kinds in plain words, and each kind's own fields (decision 120). `errors`: what is
 * wrong, by field, shown at the field it is about once the user tried to save (decision 195).
 */
export function ScheduleFields(props: {
  idPrefix: string;
  draft: ScheduleDraft;
  errors: ScheduleErrors;
  onChange: (draft: ScheduleDraft) => void;
}) {
  const { t } = useLingui();
  const { idPrefix: p, draft, errors } = props;
  const set = (patch: Partial<ScheduleDraft>) => props.onChange({ ...draft, ...patch });
  return (
    <div className="flex flex-col gap-4 md:col-span-2">
      <Field id={`${p}-schedule-kind`} label={t`How is it taken?`}>
        <select
          id={`${p}-schedule-kind`}
          className={inputClass}
          value={draft.kind}
          onChange={(e) => set({ kind: e.target.value as ScheduleKind })}
        >
          {Object.entries(SCHEDULE_KIND_LABELS).map(([kind, label]) => (
            <option key={kind} value={kind}>
              {t(label)}
            </option>
          ))}
        </select>
      </Field>
      {draft.kind === 'weekdays' ? (
        <fieldset
          className="flex flex-col gap-2"
          aria-invalid={errors['days'] ? true : undefined}
          aria-describedby={errors['days'] ? `${p}-days-error` : undefined}
        >
          <legend className="font-medium text-slate-800">
            <Trans>Days of the week</Trans>
          </legend>
          <div className="flex flex-wrap gap-2">
            {WEEKDAYS.map((day) => (
              <label
                key={day}
                className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3"
              >
                <input
                  type="checkbox"
                  className="size-5"
                  checked={draft.days.includes(day)}
                  onChange={(e) =>
                    set({
                      days: e.target.checked
                        ? [...draft.days, day].sort()
                        : draft.days.filter((d) => d !== day),
                    })
                  }
                />
                {weekdayName(day)}
              </label>
            ))}
          </div>
          <FieldError id={`${p}-days-error`} error={errors['days']} />
        </fieldset>
      ) : null}
      {draft.kind === 'cycle' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberInput
            id={`${p}-days-on`}
            label={t`Days taking it`}
            value={draft.daysOn}
            error={errors['daysOn']}
            min={1}
            onChange={(daysOn) => set({ daysOn })}
          />
          <NumberInput
            id={`${p}-days-off`}
            label={t`Days off`}
            value={draft.daysOff}
            error={errors['daysOff']}
            min={1}
            onChange={(daysOff) => set({ daysOff })}
          />
        </div>
      ) : null}
      {draft.kind === 'interval' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberInput
            id={`${p}-every-hours`}
            label={t`Hours between doses`}
            hint={t`For example 8, 2 or 1.5. Kept in real hours, also on the nights the clocks change.`}
            value={draft.everyHours}
            error={errors['everyHours']}
            min={INTERVAL_HOURS.min}
            step={INTERVAL_HOURS.step}
            onChange={(everyHours) => set({ everyHours })}
          />
          <Field
            id={`${p}-first-dose`}
            label={t`First dose at`}
            hint={t`On the start date; the next ones follow.`}
            error={errors['startTime']}
          >
            <input
              {...fieldAria(`${p}-first-dose`, errors['startTime'], true)}
              type="time"
              className={inputClass}
              value={draft.startTime}
              onChange={(e) => set({ startTime: e.target.value })}
            />
          </Field>
        </div>
      ) : null}
      {draft.kind === 'asNeeded' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberInput
            id={`${p}-max-doses`}
            label={t`Most doses in 24 hours`}
            hint={t`Leave empty for no maximum.`}
            value={draft.maxPer24h}
            error={errors['maxPer24h']}
            min={1}
            onChange={(maxPer24h) => set({ maxPer24h })}
          />
          <NumberInput
            id={`${p}-min-interval`}
            label={t`Hours at least between doses`}
            hint={t`Leave empty for no minimum.`}
            value={draft.minIntervalHours}
            error={errors['minIntervalHours']}
            min={0.5}
            step={0.5}
            onChange={(minIntervalHours) => set({ minIntervalHours })}
          />
        </div>
      ) : null}
      {draft.kind === 'taper' ? <TaperSteps idPrefix={p} draft={draft} errors={errors} set={set} /> : null}
    </div>
  );
}

/** A problem of a group of controls (a fieldset), announced like a field's (Field). */
function FieldError(props: { id: string; error: string | undefined }) {
  return props.error ? (
    <p id={props.id} role="alert" className="text-sm font-medium text-red-700">
      {props.error}
    </p>
  ) : null;
}

function TaperSteps(props: {
  idPrefix: string;
  draft: ScheduleDraft;
  errors: ScheduleErrors;
  set: (patch: Partial<ScheduleDraft>) => void;
}) {
  const { t } = useLingui();
  const { idPrefix: p, draft, errors, set } = props;
  const totalDays = taperDays(draft.steps) || 0;
  const change = (index: number, patch: Partial<ScheduleDraft['steps'][number]>) =>
    set({ steps: draft.steps.map((step, i) => (i === index ? { ...step, ...patch } : step)) });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="font-medium text-slate-800">
        <Trans>Steps, one after another from the start date</Trans>
      </legend>
      {draft.steps.map((step, index) => {
        const number = index + 1;
        return (
          <div key={index} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-4">
            <Field
              id={`${p}-step-${index}-dose`}
              label={t`Step ${number}: dose`}
              error={errors[`steps.${index}.dose`]}
            >
              <input
                {...fieldAria(`${p}-step-${index}-dose`, errors[`steps.${index}.dose`])}
                type="text"
                placeholder={t({
                  message: '40 mg',
                  comment: 'Placeholder: an example of a taper step’s dose',
                })}
                className={inputClass}
                value={step.dose}
                onChange={(e) => change(index, { dose: e.target.value })}
              />
            </Field>
            <NumberInput
              id={`${p}-step-${index}-days`}
              label={t`Step ${number}: days`}
              value={step.days}
              error={errors[`steps.${index}.days`]}
              min={1}
              onChange={(days) => change(index, { days })}
            />
            <NumberInput
              id={`${p}-step-${index}-pills`}
              label={t`Step ${number}: pills per dose`}
              value={step.pillsPerDose}
              error={errors[`steps.${index}.pillsPerDose`]}
              min={1}
              onChange={(pillsPerDose) => change(index, { pillsPerDose })}
            />
            <button
              type="button"
              className={`${buttonClass.secondary} self-end`}
              disabled={draft.steps.length === 1}
              onClick={() => set({ steps: draft.steps.filter((_, i) => i !== index) })}
            >
              <Trans>Remove step {number}</Trans>
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className={`${buttonClass.secondary} self-start`}
        onClick={() => set({ steps: [...draft.steps, NEW_TAPER_STEP] })}
      >
        <Trans>Add step</Trans>
      </button>
      <FieldError id={`${p}-steps-error`} error={errors['steps']} />
      <p className="text-sm text-slate-700">
        <Trans>
          The course ends with the last step: {totalDays} days in all (this sets the total duration).
        </Trans>
      </p>
    </fieldset>
  );
}
