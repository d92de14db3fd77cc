import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SymptomEntryView } from '@medrem/contract';
import { JOURNAL_NOTE_MAX, SYMPTOM_NAME_MAX } from '@medrem/domain';
import { type FormEvent, useState } from 'react';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';
import { Field, FieldError, fieldAria } from '../../../shared/ui/field.component';
import { checkSymptom, type SymptomInput } from '../journal-drafts';

/** The severities' names, 1 to 5, as the form's choices show them. */
export const SEVERITY_LABELS = [
  msg({ message: 'Very mild', comment: "A symptom's severity, 1 of 5: a choice in the symptom form" }),
  msg({ message: 'Mild', comment: "A symptom's severity, 2 of 5: a choice in the symptom form" }),
  msg({ message: 'Moderate', comment: "A symptom's severity, 3 of 5: a choice in the symptom form" }),
  msg({ message: 'Severe', comment: "A symptom's severity, 4 of 5: a choice in the symptom form" }),
  msg({ message: 'Very severe', comment: "A symptom's severity, 5 of 5: a choice in the symptom form" }),
] as const;

/** The same names inside a sentence, after the symptom: "Headache, mild (2 of 5)". */
export const SEVERITY_IN_TEXT = [
  msg({
    message: 'very mild',
    comment: 'A symptom\'s severity, 1 of 5, after its name: "Headache, very mild (1 of 5)"',
  }),
  msg({
    message: 'mild',
    comment: 'A symptom\'s severity, 2 of 5, after its name: "Headache, mild (2 of 5)"',
  }),
  msg({
    message: 'moderate',
    comment: 'A symptom\'s severity, 3 of 5, after its name: "Headache, moderate (3 of 5)"',
  }),
  msg({
    message: 'severe',
    comment: 'A symptom\'s severity, 4 of 5, after its name: "Headache, severe (4 of 5)"',
  }),
  msg({
    message: 'very severe',
    comment: 'A symptom\'s severity, 5 of 5, after its name: "Headache, very severe (5 of 5)"',
  }),
] as const;

/** Picking this in the list opens the "your own" field. */
const OWN = '__own__';

export interface SymptomFormProps {
  names: string[];
  medicines: { id: string; name: string }[];
  now: () => number;
  /** Adds a name of the person's own to their list (online), before the entry is saved. */
  onAddName: (name: string) => Promise<void>;
  /** An entry being corrected: the form starts from it and keeps its time (mounted with its id as key). */
  editing?: SymptomEntryView | undefined;
  onCancel?: () => void;
  onSave: (input: SymptomInput) => Promise<void>;
}

/**
 * A symptom in a few taps: a name from the person's list or one of their own, how severe (1–5), an
 * optional note and, for a suspected side effect, the medicine. The time is now.
 */
export function SymptomForm(props: SymptomFormProps) {
  const { t } = useLingui();
  const { editing } = props;
  const [choice, setChoice] = useState(editing?.symptom ?? '');
  const [own, setOwn] = useState('');
  const [severity, setSeverity] = useState<number | undefined>(editing?.severity);
  const [medicineId, setMedicineId] = useState(editing?.medicineId ?? '');
  const [note, setNote] = useState(editing?.note ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const isOwn = choice === OWN;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = isOwn ? own : choice;
    const at = editing ? Date.parse(editing.occurredAt) : props.now();
    const checked = checkSymptom({ name, severity, medicineId, note }, at);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const known = props.names.some((n) => n.toLowerCase() === checked.input.symptom.toLowerCase());
      if (isOwn && !known) await props.onAddName(checked.input.symptom);
      await props.onSave(checked.input);
      setChoice('');
      setOwn('');
      setSeverity(undefined);
      setMedicineId('');
      setNote('');
    } catch {
      // The caller said why (a toast); the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  const nameError = isOwn ? undefined : errors['name'];
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="symptom-form-title"
      className="space-y-3"
    >
      <h2 id="symptom-form-title" className="text-lg font-semibold text-slate-900">
        {editing ? t`Correct a symptom` : t`Add a symptom`}
      </h2>
      <Field id="symptom-name" label={t`Symptom`} error={nameError}>
        <select
          className={inputClass}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          {...fieldAria('symptom-name', nameError)}
        >
          <option value="">{t`Choose a symptom`}</option>
          {/* A name since removed from the list still names the entry being corrected. */}
          {editing && !props.names.includes(editing.symptom) ? (
            <option value={editing.symptom}>{editing.symptom}</option>
          ) : null}
          {props.names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <option value={OWN}>{t`Add your own…`}</option>
        </select>
      </Field>
      {isOwn ? (
        <Field id="symptom-own" label={t`Your symptom`} error={errors['name']}>
          <input
            type="text"
            maxLength={SYMPTOM_NAME_MAX + 20}
            className={inputClass}
            value={own}
            onChange={(e) => setOwn(e.target.value)}
            {...fieldAria('symptom-own', errors['name'])}
          />
        </Field>
      ) : null}
      <fieldset aria-describedby={errors['severity'] ? 'symptom-severity-error' : undefined}>
        <legend className="font-medium text-slate-800">
          <Trans>Severity</Trans>
        </legend>
        <div className="mt-1 grid grid-cols-5 gap-1">
          {SEVERITY_LABELS.map((descriptor, i) => {
            const level = i + 1;
            const name = t(descriptor);
            return (
              <label
                key={level}
                className="relative flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-lg border border-slate-300 px-1 text-center text-xs text-slate-800 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-brand-700"
              >
                <input
                  type="radio"
                  name="symptom-severity"
                  value={level}
                  aria-label={t({
                    message: `${level} ${name}`,
                    comment:
                      'A severity choice for a screen reader: its number, then its name, e.g. "3 Moderate"',
                  })}
                  checked={severity === level}
                  onChange={() => setSeverity(level)}
                  className="absolute inset-0 cursor-pointer opacity-0"
                />
                <span className="text-base font-semibold">{level}</span>
                <span>{name}</span>
              </label>
            );
          })}
        </div>
        <FieldError id="symptom-severity" error={errors['severity']} />
      </fieldset>
      {props.medicines.length > 0 ? (
        <Field id="symptom-medicine" label={t`Suspected medicine, optional`}>
          <select
            id="symptom-medicine"
            className={inputClass}
            value={medicineId}
            onChange={(e) => setMedicineId(e.target.value)}
          >
            <option value="">{t({ message: 'None', comment: 'No medicine chosen' })}</option>
            {props.medicines.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <Field id="symptom-note" label={t`Note, optional`} error={errors['note']}>
        <textarea
          rows={2}
          maxLength={JOURNAL_NOTE_MAX + 100}
          className={inputClass}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          {...fieldAria('symptom-note', errors['note'])}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          {editing ? t`Save the correction` : t`Save symptom`}
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
