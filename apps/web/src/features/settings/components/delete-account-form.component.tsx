import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { buttonClass } from '../../../shared/ui/button.styles';
import { useSignedInUser } from '../../auth/auth.context';
import { useDeleteAccount } from '../use-delete-account.hook';
import { IdentityProofField } from './identity-proof-field.component';

/**
 * "Delete Account", then the confirmation asking who is at the keyboard (decision 198): the
 * password, or, for an account that signs in only with Google or OpenID Connect, a recent sign-in.
 */
export function DeleteAccountForm() {
  const { t } = useLingui();
  const user = useSignedInUser();
  const methods = trpc.social.signInMethods.useQuery({ userEmail: user.email });
  const deletion = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const id = useId();
  const hasPassword = methods.data?.hasPassword ?? true;
  const close = () => {
    setOpen(false);
    setPassword('');
    deletion.clearRefusal();
  };
  if (!open) {
    return (
      <button type="button" className={buttonClass.danger} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-5" />
        <Trans>Delete Account</Trans>
      </button>
    );
  }
  const error = deletion.refusal?.message;
  return (
    <form
      className="flex w-full flex-col gap-3 rounded-lg border border-red-300 bg-red-50 p-4"
      aria-label={t`Delete Account`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void deletion.run(hasPassword ? password : undefined);
      }}
    >
      <p className="font-medium text-red-800">
        <Trans>This action cannot be undone. All your data will be permanently deleted.</Trans>
      </p>
      <IdentityProofField
        id={`${id}-password`}
        hasPassword={hasPassword}
        password={password}
        onPassword={setPassword}
        error={error}
        purpose="delete"
      />
      {!hasPassword && error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}{' '}
          {deletion.refusal?.signInAgain ? (
            <Link to="/logout" className="underline">
              <Trans>Sign out and sign in again</Trans>
            </Link>
          ) : null}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={buttonClass.danger}
          disabled={deletion.busy || (hasPassword && password === '')}
        >
          {deletion.busy ? t`Deleting...` : t`Yes, delete my account`}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={close}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
