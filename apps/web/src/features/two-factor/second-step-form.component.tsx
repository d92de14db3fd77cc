import { Trans, useLingui } from '@lingui/react/macro';
import type { SecondStep } from '@medrem/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { messageOf } from '../../lib/error-message';
import { buttonClass, inputClass } from '../../shared/ui/button.styles';
import { useAuth } from '../auth/auth.context';

const linkButton = 'self-start font-medium text-brand-700 underline underline-offset-2';

/**
 * The second step of a sign-in (decision 286): after a right password (or a new one set by a reset
 * link) of an account with two-step sign-in, the 6-digit code of the authenticator app, or one
 * recovery code instead. Part of the signed-out first paint too (decision 051): plain React and
 * useAuth() only, no form library, no tRPC client of its own.
 */
export function SecondStepForm(props: {
  secondStep: SecondStep;
  onSignedIn: () => Promise<void>;
  /** Back to the password (a ticket expired, or the person wants to start again). */
  onRestart: () => void;
}) {
  const { t } = useLingui();
  const { completeSecondStep } = useAuth();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => input.current?.focus(), [recovery]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setFailure(recovery ? t`Enter one of your recovery codes.` : t`Enter the 6-digit code from your app.`);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await completeSecondStep(props.secondStep.ticket, typed);
      await props.onSignedIn();
    } catch (error) {
      setFailure(messageOf(error) ?? t`The code could not be checked. Check your connection and try again.`);
      setCode('');
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const switchKind = () => {
    setRecovery((was) => !was);
    setCode('');
    setFailure(null);
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-4"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        <Trans>Two-step sign-in</Trans>
      </h2>
      <p className="text-slate-700">
        {recovery
          ? t`Enter one of the recovery codes you saved when you set up two-step sign-in. Each code works once.`
          : t`Your password is right. Now enter the 6-digit code your authenticator app shows for Medicine Reminder.`}
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-code`} className="font-medium text-slate-900">
          {recovery ? t`Recovery code` : t`Code from your app`}
        </label>
        <input
          id={`${id}-code`}
          ref={input}
          name={recovery ? 'recovery-code' : 'one-time-code'}
          className={`${inputClass} font-mono tracking-widest`}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 32 : 6}
          spellCheck={false}
          aria-invalid={failure ? true : undefined}
          aria-describedby={failure ? `${id}-failure` : undefined}
        />
        {failure ? (
          <p id={`${id}-failure`} role="alert" className="text-sm text-red-800">
            {failure}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {busy ? t`Verifying...` : t`Verify`}
      </button>
      <button type="button" className={linkButton} onClick={switchKind}>
        {recovery ? t`Use the code from your app` : t`Use a recovery code`}
      </button>
      <button type="button" className={linkButton} onClick={props.onRestart}>
        <Trans>Start again with your password</Trans>
      </button>
    </form>
  );
}
