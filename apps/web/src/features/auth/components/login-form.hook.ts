import { type FormEvent, useEffect, useRef, useState } from 'react';
import { onFirstIntent } from '../../../lib/on-first-intent';
import type { InputRegistration } from '../../../shared/ui/text-input.component';
import type { LoginFormOutput } from './login-form.schema';

type FieldName = 'email' | 'password';
const FIELDS: readonly FieldName[] = ['email', 'password'];
type FieldErrors = Partial<Record<FieldName, { message: string }>>;

/**
 * The contract's zod schemas are not needed to show the form, only to check it: they are loaded at
 * the visitor's first use of the page (decision 053), or at the latest on the first submit.
 */
const loadValidation = () => import('./login-form.schema');

const isField = (key: unknown): key is FieldName => key === 'email' || key === 'password';

/**
 * The login form's state, without react-hook-form (the form is part of the signed-out first load,
 * decision 051). It keeps react-hook-form's behaviour the form had: checked on submit, then again
 * on every change of a field; the first wrong field gets the focus; one message per field.
 */
export function useLoginForm(onValid: (values: LoginFormOutput) => Promise<void>) {
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const submitted = useRef(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // Offline it is not cached (the offline start leaves zod out): the submit loads it, online again.
  useEffect(
    () =>
      onFirstIntent(() => {
        if (navigator.onLine) void loadValidation().catch(() => undefined);
      }),
    [],
  );

  async function validate(): Promise<{ data: LoginFormOutput | null; errors: FieldErrors }> {
    const { loginFormSchema, contractMessage } = await loadValidation();
    const values = Object.fromEntries(FIELDS.map((name) => [name, inputs.current[name]?.value ?? '']));
    const result = loginFormSchema.safeParse(values);
    if (result.success) return { data: result.data, errors: {} };
    const found: FieldErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (isField(field)) found[field] ??= { message: contractMessage(issue.message) };
    }
    return { data: null, errors: found };
  }

  async function recheck(name: FieldName): Promise<void> {
    const error = (await validate()).errors[name];
    setErrors((previous) => {
      const next = { ...previous };
      if (error) next[name] = error;
      else delete next[name];
      return next;
    });
  }

  const register = (name: FieldName): InputRegistration => ({
    name,
    ref: (element) => {
      inputs.current[name] = element;
    },
    onChange: () => (submitted.current ? recheck(name) : undefined),
    onBlur: () => undefined,
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    submitted.current = true;
    setSubmitting(true);
    try {
      const checked = await validate();
      setErrors(checked.errors);
      if (checked.data) await onValid(checked.data);
      else inputs.current[FIELDS.find((name) => checked.errors[name]) ?? 'email']?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  return { register, handleSubmit, errors, isSubmitting };
}
