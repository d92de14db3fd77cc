import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { inputClass } from './button.styles';
import { Field, fieldAria } from './field.component';

/** A labelled react-hook-form input with its error message (the auth forms' fields). */
export function TextInput(props: {
  id: string;
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  autoComplete?: string;
}) {
  const { id, label, error, registration, type = 'text', autoComplete } = props;
  return (
    <Field id={id} label={label} error={error}>
      <input
        type={type}
        autoComplete={autoComplete}
        required
        className={inputClass}
        {...fieldAria(id, error)}
        {...registration}
      />
    </Field>
  );
}
