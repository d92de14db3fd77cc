import { Trans, useLingui } from '@lingui/react/macro';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { messageOf } from '../../lib/api-error';
import { usePageTitle } from '../../lib/page-title.hook';
import { trpc } from '../../lib/trpc';
import { buttonClass, cardClass } from '../../shared/ui/button.styles';
import { Spinner } from '../../shared/ui/spinner.component';
import { useAuth } from '../auth/auth.context';

const route = getRouteApi('/confirm-email-change');

/**
 * The screen the link mailed to a new address opens (decision 211): the change takes effect now.
 * Signed in here as that account, the app follows at once (it fetches a token for the new address).
 */
export function ConfirmEmailChangeScreen() {
  const { t } = useLingui();
  usePageTitle(t`Confirm new email`, t`Confirm the new email address of your account.`);
  const { token } = route.useSearch();
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const confirm = trpc.email.confirmChange.useMutation();
  const { mutateAsync } = confirm;
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    // Whoever is signed in here when the answer comes (read then, not when the link was opened):
    // that account follows the new address at once, before its next call names the old one, which
    // the server refuses now. The promise, unlike mutate's callbacks, settles even if the screen
    // re-rendered meanwhile; a refusal is shown from the mutation's state.
    mutateAsync({ token }).then(
      (result) => {
        if (utils.auth.session.getData()?.user?.id !== result.user.id) return;
        utils.auth.session.setData(undefined, { user: result.user });
        utils.user.get.setData({ id: result.user.id }, { findUser: result.user });
      },
      () => undefined,
    );
  }, [token, mutateAsync, utils]);

  // The server's words that the address has changed (shown once it has).
  const message = confirm.data?.message;
  return (
    <div className={`${cardClass} mx-auto flex max-w-xl flex-col gap-4`}>
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Confirm your new email address</Trans>
      </h1>
      {confirm.isSuccess ? (
        <>
          <p role="status" className="text-lg font-medium text-green-800">
            <Trans>{message} Sign in with it from now on.</Trans>
          </p>
          <Link to={user ? '/settings' : '/login'} className={`${buttonClass.primary} self-start`}>
            {user ? t`Back to Settings` : t`Sign in`}
          </Link>
        </>
      ) : !token || confirm.isError ? (
        <>
          <p role="alert" className="font-medium text-red-700">
            {token ? messageOf(confirm.error) : t`This link is incomplete: it has no token.`}
          </p>
          <Link to="/settings" className={`${buttonClass.secondary} self-start`}>
            <Trans>Change the address in Settings</Trans>
          </Link>
        </>
      ) : (
        <Spinner label={t`Confirming your new address...`} />
      )}
    </div>
  );
}
