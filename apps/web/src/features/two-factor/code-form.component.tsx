import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { buttonClass, inputClass } from '../../shared/ui/button.styles';
import { Field, fieldAria } from '../../shared/ui/field.component';

/**
 * A current factor, asked before a change of two-step sign-in (decision 288): the app's 6-digit
 * code or an unused recovery code, and the password when `withPassword`. The refusal (a wrong or
 * used code) is the server's sentence, shown at the code.
 */
export function CodeForm(props: {
  title: string;
  hint: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  withPassword?: boolean;
  danger?: boolean;
  onSubmit: (code: string, password: string | undefined) => Promise<string | null>;
  onCancel?: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setRefusal(t`Enter the 6-digit code from your app, or a recovery code.`);
      return;
    }
    if (props.withPassword && !password) {
      setRefusal(t`Enter your password to confirm.`);
      return;
    }
    const refused = await props.onSubmit(code.trim(), props.withPassword ? password : undefined);
    setRefusal(refused);
    if (refused) setCode('');
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3"
      aria-labelledby={`${id}-t`}
    >
      <h4 id={`${id}-t`} className="font-semibold text-slate-900">
        {props.title}
      </h4>
      <Field
        id={`${id}-code`}
        label={t`Code from your app, or a recovery code`}
        error={refusal ?? undefined}
        hint={props.hint}
      >
        <input
          {...fieldAria(`${id}-code`, refusal ?? undefined, true)}
          className={`${inputClass} font-mono`}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={32}
          spellCheck={false}
        />
      </Field>
      {props.withPassword ? (
        <Field id={`${id}-password`} label={t`Your password, to confirm`}>
          <input
            {...fieldAria(`${id}-password`, undefined)}
            type="password"
            autoComplete="current-password"
            className={inputClass}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        </Field>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={props.danger ? buttonClass.danger : buttonClass.primary}
          disabled={props.busy}
        >
          {props.busy ? props.busyLabel : props.submitLabel}
        </button>
        {props.onCancel ? (
          <button type="button" className={buttonClass.secondary} onClick={props.onCancel}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
      </div>
    </form>
  );
}
