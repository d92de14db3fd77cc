import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { messageOf } from '../../../lib/api-error';
import { trpc } from '../../../lib/trpc';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';
import { Field, fieldAria } from '../../../shared/ui/field.component';
import { useSignedInUser } from '../../auth/auth.context';
import { IdentityProofField } from './identity-proof-field.component';

/**
 * "Change email" (decision 211): the new address and the current password (an account without one
 * needs a recent sign-in, as deleting it does). Nothing changes until the link mailed to the new
 * address is opened; the form says so and where the link went.
 */
export function ChangeEmailForm() {
  const { t } = useLingui();
  const user = useSignedInUser();
  const methods = trpc.social.signInMethods.useQuery({ userEmail: user.email });
  const change = trpc.email.requestChange.useMutation();
  const [open, setOpen] = useState(false);
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const id = useId();
  const hasPassword = methods.data?.hasPassword ?? true;
  const email = user.email;
  const close = () => {
    setOpen(false);
    setNewEmail('');
    setPassword('');
    change.reset();
  };
  if (!open) {
    return (
      <div className="flex flex-col gap-2">
        {sentTo ? (
          <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
            <Trans>
              We sent a link to <strong className="break-all">{sentTo}</strong>. Your address changes when you
              open it; until then you sign in with {email}.
            </Trans>
          </p>
        ) : null}
        <button type="button" className={`${buttonClass.secondary} self-start`} onClick={() => setOpen(true)}>
          <Trans>Change email</Trans>
        </button>
      </div>
    );
  }
  const error = change.isError ? messageOf(change.error) : undefined;
  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-slate-50 p-4"
      aria-label={t`Change email`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const target = newEmail.trim();
        change.mutate(
          { userEmail: user.email, newEmail: target, ...(hasPassword ? { password } : {}) },
          {
            onSuccess: () => {
              setSentTo(target.toLowerCase());
              close();
            },
          },
        );
      }}
    >
      <Field id={`${id}-email`} label={t`New email address`}>
        <input
          {...fieldAria(`${id}-email`, undefined)}
          type="email"
          autoComplete="email"
          className={inputClass}
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
        />
      </Field>
      <IdentityProofField
        id={`${id}-password`}
        hasPassword={hasPassword}
        password={password}
        onPassword={setPassword}
        purpose="change-email"
      />
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}{' '}
          {!hasPassword && /sign in again/i.test(error) ? (
            <Link to="/logout" className="underline">
              <Trans>Sign out and sign in again</Trans>
            </Link>
          ) : null}
        </p>
      ) : null}
      <p className="text-sm text-slate-700">
        <Trans>
          We send a link to the new address and tell {email}. The change takes effect when the link is opened.
        </Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={buttonClass.primary}
          disabled={change.isPending || newEmail.trim() === '' || (hasPassword && password === '')}
        >
          {change.isPending ? t`Sending...` : t`Send confirmation link`}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={close}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
