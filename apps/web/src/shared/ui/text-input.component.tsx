import type { ChangeEvent, FocusEvent, InputHTMLAttributes } from 'react';
import { inputClass } from './button.styles';
import { Field, fieldAria } from './field.component';

/** What an input needs from its form: react-hook-form's register(), or the login form's own hook. */
export interface InputRegistration {
  name: string;
  ref: (element: HTMLInputElement | null) => void;
  onChange: (event: ChangeEvent<HTMLInputElement>) => unknown;
  onBlur: (event: FocusEvent<HTMLInputElement>) => unknown;
}

/** A labelled form input with its error message (the auth forms' fields). */
export function TextInput(props: {
  id: string;
  label: string;
  error: string | undefined;
  registration: InputRegistration;
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
