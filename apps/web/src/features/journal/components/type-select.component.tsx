import type { MeasurementTypeView } from '@medrem/contract';
import { inputClass } from '../../../shared/ui/button.styles';
import { Field } from '../../../shared/ui/field.component';

/** The journal's choice of a measurement type, labelled, one option per type (built-in and own). */
export function TypeSelect(props: {
  id: string;
  label: string;
  types: readonly MeasurementTypeView[];
  value: string;
  onChange: (type: string) => void;
  /** A reading being corrected, or the reminder's page: the type is fixed. */
  disabled?: boolean;
}) {
  return (
    <Field id={props.id} label={props.label}>
      <select
        id={props.id}
        className={inputClass}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.types.map((t) => (
          <option key={t.type} value={t.type}>
            {t.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
