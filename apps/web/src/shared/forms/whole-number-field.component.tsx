import { inputClass } from '../ui/button.styles';
import { Field, fieldAria } from '../ui/field.component';
import { useTypedWholeNumber, type WholeNumberBounds, type WholeNumberUnit } from './typed-whole-number.hook';

/** A labelled whole-number field, kept as typed and judged at the field (see useTypedWholeNumber). */
export function WholeNumberField(props: {
  id: string;
  label: string;
  hint?: string;
  bounds: WholeNumberBounds;
  unit?: WholeNumberUnit;
  step?: number;
  widthClass?: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const { id, label, hint, bounds, step = 1, widthClass = 'max-w-40' } = props;
  const { text, error, onTextChange } = useTypedWholeNumber(props);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        {...fieldAria(id, error, hint !== undefined)}
        type="number"
        inputMode="numeric"
        min={bounds.min}
        max={bounds.max}
        step={step}
        className={`${inputClass} ${widthClass}`}
        value={text}
        onChange={(e) => onTextChange(e.target.value)}
      />
    </Field>
  );
}
