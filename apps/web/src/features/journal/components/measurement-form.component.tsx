import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MeasurementEntryView, MeasurementTypeView } from '@medrem/contract';
import {
  JOURNAL_NOTE_MAX,
  MEAL_CONTEXTS as MEAL_CONTEXT_VALUES,
  type MealContext,
  zonedNow,
} from '@medrem/domain';
import { type FormEvent, useState } from 'react';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';
import { TypeSelect } from './type-select.component';
import { Field, fieldAria } from '../../../shared/ui/field.component';
import { checkMeasurement, type MeasurementInput } from '../journal-drafts';
import { typeUnitText } from '../journal-units';

export const MEAL_LABELS: Record<MealContext, MessageDescriptor> = {
  fasting: msg({ message: 'Fasting', comment: 'When a blood glucose reading was taken' }),
  'before-meal': msg({ message: 'Before a meal', comment: 'When a blood glucose reading was taken' }),
  'after-meal': msg({ message: 'After a meal', comment: 'When a blood glucose reading was taken' }),
  bedtime: msg({ message: 'At bedtime', comment: 'When a blood glucose reading was taken' }),
  other: msg({ message: 'Other', comment: 'When a blood glucose reading was taken' }),
};

export interface MeasurementFormProps {
  /** Every type with the person's display unit (journal.types). */
  types: MeasurementTypeView[];
  timeZone: string;
  /** "Now" by the server's clock, as a date and time in the person's zone, and as an instant. */
  now: { date: string; time: string; at: number };
  /** A reading being corrected: the form starts from it, its type fixed (mounted with its id as key). */
  editing?: MeasurementEntryView | undefined;
  /** The reminder's page (decision 331): a reading of this type only. */
  only?: string | undefined;
  onCancel?: () => void;
  onSave: (input: MeasurementInput) => Promise<void>;
}

const asText = (values: Record<string, number>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));

/**
 * Quick add of a reading: the type, one field per number in the person's unit, the time (now
 * unless changed), the meal for glucose, a note. Checked by the domain's rules before it is saved
 * (journal-drafts.ts), every refusal said at its field.
 */
export function MeasurementForm(props: MeasurementFormProps) {
  const { t } = useLingui();
  const { editing } = props;
  const [typeRef, setTypeRef] = useState(
    editing?.type ?? props.only ?? props.types[0]?.type ?? 'blood-pressure',
  );
  const [values, setValues] = useState<Record<string, string>>(editing ? asText(editing.display.values) : {});
  const [when, setWhen] = useState<{ date: string; time: string } | null>(() => {
    if (!editing) return null;
    const local = zonedNow(new Date(editing.measuredAt), props.timeZone);
    return { date: local.date, time: local.time };
  });
  const [mealContext, setMealContext] = useState<string>(editing?.mealContext ?? '');
  const [note, setNote] = useState(editing?.note ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const type = props.types.find((t) => t.type === typeRef) ?? props.types[0];
  // The time follows the clock until the person sets one: a form left open keeps saying "now".
  const date = when?.date ?? props.now.date;
  const time = when?.time ?? props.now.time;

  if (!type) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkMeasurement(
      { type, values, date, time, mealContext, note },
      props.now.at,
      props.timeZone,
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await props.onSave(checked.input);
      setValues({});
      setNote('');
      setWhen(null);
    } catch {
      // The caller said why (a toast); the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="measurement-form-title"
      className="space-y-3"
    >
      <h2 id="measurement-form-title" className="text-lg font-semibold text-slate-900">
        {editing ? t`Correct a reading` : t`Add a reading`}
      </h2>
      <TypeSelect
        id="measurement-kind"
        label={t({ message: 'Type', comment: 'The kind of a measurement: blood pressure, weight…' })}
        types={props.types}
        value={type.type}
        disabled={editing !== undefined || props.only !== undefined}
        onChange={(ref) => {
          setTypeRef(ref);
          setValues({});
          setErrors({});
        }}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        {type.components.map((component) => {
          const id = `measurement-${component.key}`;
          // The pulse keeps beats/min whatever the reading's unit (decision 265).
          const unit = typeUnitText(type, type.components.length > 1 ? component.unit : type.displayUnit);
          const name = component.label;
          const label = unit
            ? component.optional
              ? t`${name} (${unit}), optional`
              : t`${name} (${unit})`
            : component.optional
              ? t`${name}, optional`
              : name;
          return (
            <Field key={component.key} id={id} label={label} error={errors[component.key]}>
              <input
                type="text"
                inputMode="decimal"
                autoComplete="off"
                className={inputClass}
                value={values[component.key] ?? ''}
                onChange={(e) => setValues({ ...values, [component.key]: e.target.value })}
                {...fieldAria(id, errors[component.key])}
              />
            </Field>
          );
        })}
      </div>
      {errors['unit'] ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors['unit']}
        </p>
      ) : null}
      {type.type === 'blood-glucose' ? (
        <Field id="measurement-meal" label={t`Meal`}>
          <select
            id="measurement-meal"
            className={inputClass}
            value={mealContext}
            onChange={(e) => setMealContext(e.target.value)}
          >
            <option value="">
              {t({ message: 'Not said', comment: 'No meal chosen for a blood glucose reading' })}
            </option>
            {MEAL_CONTEXT_VALUES.map((m) => (
              <option key={m} value={m}>
                {t(MEAL_LABELS[m])}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="measurement-date" label={t`Date`} error={errors['takenAt']}>
          <input
            type="date"
            className={inputClass}
            value={date}
            max={props.now.date}
            onChange={(e) => setWhen({ date: e.target.value, time })}
            {...fieldAria('measurement-date', errors['takenAt'])}
          />
        </Field>
        <Field id="measurement-time" label={t`Time`}>
          <input
            id="measurement-time"
            type="time"
            className={inputClass}
            value={time}
            onChange={(e) => setWhen({ date, time: e.target.value })}
          />
        </Field>
      </div>
      <Field id="measurement-note" label={t`Note, optional`} error={errors['note']}>
        <textarea
          rows={2}
          maxLength={JOURNAL_NOTE_MAX + 100}
          className={inputClass}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          {...fieldAria('measurement-note', errors['note'])}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          {editing ? t`Save the correction` : t`Save reading`}
        </button>
        {editing ? (
          <button type="button" className={buttonClass.secondary} onClick={props.onCancel}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
      </div>
    </form>
  );
}
