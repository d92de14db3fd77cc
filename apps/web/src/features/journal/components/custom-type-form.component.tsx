import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  CUSTOM_DECIMALS_MAX,
  CUSTOM_LIMIT_ABS,
  CUSTOM_TYPE_NAME_MAX,
  CUSTOM_UNIT_MAX,
  type CustomMeasurementType,
  customTypeIssue,
} from '@medrem/domain';
import { type FormEvent, useState } from 'react';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';
import { Field, fieldAria } from '../../../shared/ui/field.component';
import { parseTypedNumber } from '../journal-units';

type Draft = Record<'name' | 'unit' | 'min' | 'max' | 'decimals', string>;
const EMPTY: Draft = { name: '', unit: '', min: '', max: '', decimals: '0' };

/** The typed fields as a type, or the refusals by field, by the domain's rule (the server's). */
export function checkCustomType(
  draft: Draft,
): { type: CustomMeasurementType } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = draft.name.trim();
  const unit = draft.unit.trim();
  const min = parseTypedNumber(draft.min);
  const max = parseTypedNumber(draft.max);
  const nameMax = CUSTOM_TYPE_NAME_MAX;
  const unitMax = CUSTOM_UNIT_MAX;
  if (!name) errors['name'] = t`Give it a name.`;
  else if (name.length > nameMax) errors['name'] = t`At most ${nameMax} characters.`;
  if (unit.length > unitMax) errors['unit'] = t`At most ${unitMax} characters.`;
  if (min === undefined || Number.isNaN(min)) errors['min'] = t`Enter the lowest value possible.`;
  if (max === undefined || Number.isNaN(max)) errors['max'] = t`Enter the highest value possible.`;
  if (Object.keys(errors).length > 0) return { errors };
  const type = { name, unit, min: min!, max: max!, decimals: Number(draft.decimals) };
  const issue = customTypeIssue(type);
  if (!issue) return { type };
  const limit = CUSTOM_LIMIT_ABS;
  const error =
    issue.problem === 'maxNotAbove'
      ? t`The highest value must be above the lowest.`
      : t`Limits must be between −${limit} and ${limit}.`;
  return { errors: { [issue.field]: error } };
}

/**
 * A measurement of the person's own (issue 56: "a custom numeric type the user defines (name, unit,
 * range)"): checked by the domain's rule before the online call (decision 307: types are not queued).
 */
export function CustomTypeForm(props: { onCreate: (type: CustomMeasurementType) => Promise<boolean> }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Draft) => (value: string) => setDraft({ ...draft, [key]: value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCustomType(draft);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    if (await props.onCreate(checked.type)) setDraft(EMPTY);
  };
  const input = (key: keyof Draft, label: string, mode: 'text' | 'decimal' = 'text') => {
    const id = `custom-type-${key}`;
    return (
      <Field id={id} label={label} error={errors[key]}>
        <input
          type="text"
          inputMode={mode}
          autoComplete="off"
          className={inputClass}
          value={draft[key]}
          onChange={(e) => set(key)(e.target.value)}
          {...fieldAria(id, errors[key])}
        />
      </Field>
    );
  };
  return (
    <form
      noValidate
      aria-label={t`Your own measurement`}
      onSubmit={(e) => void submit(e)}
      className="mt-3 space-y-3"
    >
      <p className="text-slate-700">
        <Trans>A number you track that is not on the list, such as your waist or a pain score.</Trans>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {input(
          'name',
          t({
            message: 'Name',
            context: 'a measurement type',
            comment: "An own measurement's name, e.g. Waist",
          }),
        )}
        {input('unit', t({ message: 'Unit, optional', comment: "An own measurement's unit, e.g. cm" }))}
        {input(
          'min',
          t({ message: 'Lowest possible', comment: "An own measurement's lowest value" }),
          'decimal',
        )}
        {input(
          'max',
          t({ message: 'Highest possible', comment: "An own measurement's highest value" }),
          'decimal',
        )}
      </div>
      <Field id="custom-type-decimals" label={t`Decimal places`}>
        <select
          id="custom-type-decimals"
          className={inputClass}
          value={draft.decimals}
          onChange={(e) => set('decimals')(e.target.value)}
        >
          {Array.from({ length: CUSTOM_DECIMALS_MAX + 1 }, (_, n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className={buttonClass.primary}>
        <Trans>Add this measurement</Trans>
      </button>
    </form>
  );
}
