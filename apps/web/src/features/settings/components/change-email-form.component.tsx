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
  const user = useSignedInUser();
  const methods = trpc.social.signInMethods.useQuery({ userEmail: user.email });
  const change = trpc.email.requestChange.useMutation();
  const [open, setOpen] = useState(false);
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const id = useId();
  const hasPassword = methods.data?.hasPassword ?? true;
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
            We sent a link to <strong className="break-all">{sentTo}</strong>. Your address changes when you
            open it; until then you sign in with {user.email}.
          </p>
        ) : null}
        <button type="button" className={`${buttonClass.secondary} self-start`} onClick={() => setOpen(true)}>
          Change email
        </button>
      </div>
    );
  }
  const error = change.isError ? messageOf(change.error) : undefined;
  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-slate-50 p-4"
      aria-label="Change email"
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
      <Field id={`${id}-email`} label="New email address">
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
        doing="changing its address"
      />
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}{' '}
          {!hasPassword && /sign in again/i.test(error) ? (
            <Link to="/logout" className="underline">
              Sign out and sign in again
            </Link>
          ) : null}
        </p>
      ) : null}
      <p className="text-sm text-slate-700">
        We send a link to the new address and tell {user.email}. The change takes effect when the link is
        opened.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={buttonClass.primary}
          disabled={change.isPending || newEmail.trim() === '' || (hasPassword && password === '')}
        >
          {change.isPending ? 'Sending...' : 'Send confirmation link'}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}
