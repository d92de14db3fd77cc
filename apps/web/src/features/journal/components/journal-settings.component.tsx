import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MeasurementTypeView } from '@medrem/contract';
import { type FormEvent, useState } from 'react';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';
import { TypeSelect } from './type-select.component';
import { Field } from '../../../shared/ui/field.component';
import {
  componentUnitOf,
  parseTypedNumber,
  rangeToCanonical,
  rangeToDisplay,
  typeUnitText,
} from '../journal-units';

export interface PreferencesInput {
  type: string;
  displayUnit: string;
  targets: { component: string; low: number | null; high: number | null }[];
}

type Bounds = Record<string, { low: string; high: string }>;

/** The stored targets as the fields show them, in `unit`. */
function boundsOf(type: MeasurementTypeView, unit: string): Bounds {
  const bounds: Bounds = {};
  for (const component of type.components) {
    const stored = type.targets.find((t) => t.component === component.key);
    const shown = rangeToDisplay(
      type,
      component.key,
      { low: stored?.low ?? undefined, high: stored?.high ?? undefined },
      unit,
    );
    bounds[component.key] = { low: shown.low?.toString() ?? '', high: shown.high?.toString() ?? '' };
  }
  return bounds;
}

/** Checks the typed bounds; the targets in the canonical unit, or the errors by field id. */
export function targetsOf(
  type: MeasurementTypeView,
  unit: string,
  bounds: Bounds,
): { targets: PreferencesInput['targets'] } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const targets: PreferencesInput['targets'] = [];
  for (const component of type.components) {
    const low = parseTypedNumber(bounds[component.key]?.low ?? '');
    const high = parseTypedNumber(bounds[component.key]?.high ?? '');
    const id = `target-${component.key}`;
    const name = component.label.toLowerCase();
    if (Number.isNaN(low) || Number.isNaN(high)) errors[id] = t`Enter numbers, or leave a bound empty.`;
    else if (low !== undefined && high !== undefined && low >= high)
      errors[id] = t`The lowest ${name} must be below the highest.`;
    else if (low !== undefined || high !== undefined) {
      const stored = rangeToCanonical(type, component.key, { low, high }, unit);
      targets.push({ component: component.key, low: stored.low ?? null, high: stored.high ?? null });
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { targets };
}

/**
 * Units and target ranges (decision 306): one type at a time, its unit (where it has more than one)
 * and a low and high bound per number, typed in the unit chosen and stored in the canonical one.
 */
export function JournalSettings(props: {
  types: MeasurementTypeView[];
  onSave: (input: PreferencesInput) => Promise<unknown>;
}) {
  const { t } = useLingui();
  const [typeRef, setTypeRef] = useState(props.types[0]?.type ?? '');
  const type = props.types.find((t) => t.type === typeRef) ?? props.types[0];
  return type ? (
    <div className="space-y-3">
      <TypeSelect
        id="settings-type"
        label={t({ message: 'Type', comment: 'The kind of a measurement: blood pressure, weight…' })}
        types={props.types}
        value={type.type}
        onChange={setTypeRef}
      />
      <TypeSettings key={`${type.type}:${type.displayUnit}`} type={type} onSave={props.onSave} />
    </div>
  ) : null;
}

function TypeSettings(props: {
  type: MeasurementTypeView;
  onSave: (input: PreferencesInput) => Promise<unknown>;
}) {
  const { t } = useLingui();
  const { type } = props;
  const name = type.label;
  const lowerName = type.label.toLowerCase();
  const [unit, setUnit] = useState(type.displayUnit);
  const [bounds, setBounds] = useState(() => boundsOf(type, type.displayUnit));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = targetsOf(type, unit, bounds);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    await props.onSave({ type: type.type, displayUnit: unit, targets: checked.targets });
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3" aria-label={t`${name} settings`}>
      {type.units.length > 1 ? (
        <Field
          id="settings-unit"
          label={t({ message: 'Show in', comment: 'The unit a measurement is shown in' })}
        >
          <select
            id="settings-unit"
            className={inputClass}
            value={unit}
            onChange={(e) => {
              // The bounds follow the unit: 7.8 mmol/L becomes 141 mg/dL, not 7.8 mg/dL.
              const next = e.target.value;
              const checked = targetsOf(type, unit, bounds);
              const stored = 'targets' in checked ? { ...type, targets: checked.targets } : type;
              setUnit(next);
              setBounds(boundsOf(stored, next));
            }}
          >
            {type.units.map((u) => (
              <option key={u} value={u}>
                {typeUnitText(type, u) || u}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {type.components.map((component) => {
        const id = `target-${component.key}`;
        const shown = typeUnitText(type, componentUnitOf(type, component.key, unit));
        const part = component.label;
        const edit = (end: 'low' | 'high', text: string) =>
          setBounds({ ...bounds, [component.key]: { ...bounds[component.key]!, [end]: text } });
        return (
          <fieldset key={component.key} aria-describedby={errors[id] ? `${id}-error` : undefined}>
            <legend className="font-medium text-slate-800">
              {shown ? t`${part} target (${shown})` : t`${part} target`}
            </legend>
            <div className="mt-1 grid grid-cols-2 gap-2">
              {(['low', 'high'] as const).map((end) => (
                <Field
                  key={end}
                  id={`${id}-${end}`}
                  label={
                    end === 'low'
                      ? t({
                          message: 'From',
                          context: 'target range',
                          comment: "A target range's lower bound",
                        })
                      : t({ message: 'To', context: 'target range', comment: "A target range's upper bound" })
                  }
                >
                  <input
                    type="text"
                    inputMode="decimal"
                    className={inputClass}
                    value={bounds[component.key]?.[end] ?? ''}
                    onChange={(e) => edit(end, e.target.value)}
                    id={`${id}-${end}`}
                    aria-invalid={errors[id] ? true : undefined}
                    aria-describedby={errors[id] ? `${id}-error` : undefined}
                  />
                </Field>
              ))}
            </div>
            {errors[id] ? (
              <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
                {errors[id]}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      <button type="submit" className={buttonClass.secondary}>
        {t`Save ${lowerName} settings`}
      </button>
    </form>
  );
}
