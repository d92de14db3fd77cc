import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../../lib/error-message';
import { useNavigation } from '../../../lib/navigation';
import { notify } from '../../../lib/toast';
import { buttonClass } from '../../../shared/ui/button.styles';
import { useAuth } from '../auth.context';
import type { FirebaseWebConfig, GoogleIdentity } from '../social/firebase-google';
import { GOOGLE_REDIRECT_PENDING_KEY } from '../social/google-redirect';
import { LINKED_MESSAGE, SECURED_MESSAGE, SECURED_TOAST } from '../social/sign-in-notice.hook';
import { safeRedirect } from '../safe-redirect';

/** The Firebase SDK, fetched on the first press only (never in the first load). */
const loadFirebase = () => import('../social/firebase-google');

function fail(error: unknown, firebaseMessage: (e: unknown) => string | undefined) {
  console.error('Google sign-in failed', error);
  // Our server's refusals carry a readable message; Firebase's errors (with a code) get ours.
  const message = (error as { code?: unknown }).code ? firebaseMessage(error) : messageOf(error);
  if (message) notify.error(message);
}

/** 'Login with Google': Firebase Auth's popup (or redirect), then the server's session. */
export function GoogleSignInButton({
  config,
  redirect,
}: {
  config: FirebaseWebConfig;
  redirect?: string | undefined;
}) {
  const { socialLogin } = useAuth();
  const { replaceWith } = useNavigation();
  const [busy, setBusy] = useState(false);
  const resumed = useRef(false);

  const complete = useCallback(
    async (identity: GoogleIdentity | null) => {
      if (!identity) return;
      const { linkedExistingAccount, securedUnverifiedAccount } = await socialLogin(identity);
      notify.success(t`Welcome! You are signed in with Google.`);
      if (securedUnverifiedAccount) notify.warning(SECURED_MESSAGE('Google'), SECURED_TOAST);
      else if (linkedExistingAccount) notify.info(LINKED_MESSAGE('Google'));
      await replaceWith(safeRedirect(redirect));
    },
    [socialLogin, replaceWith, redirect],
  );

  // Back from a redirect sign-in (popups blocked): finish it, once.
  useEffect(() => {
    if (resumed.current || !sessionStorage.getItem(GOOGLE_REDIRECT_PENDING_KEY)) return;
    resumed.current = true;
    setBusy(true);
    void loadFirebase().then(async (firebase) => {
      try {
        await complete(await firebase.googleRedirectResult(config));
      } catch (error) {
        fail(error, firebase.googleErrorMessage);
      } finally {
        setBusy(false);
      }
    });
  }, [complete, config]);

  const onClick = async () => {
    setBusy(true);
    const firebase = await loadFirebase().catch((error: unknown) => {
      console.error('Could not load Google sign-in', error);
      notify.error(t`Google sign-in could not be loaded. Check your connection and try again.`);
      return undefined;
    });
    try {
      if (firebase) await complete(await firebase.signInWithGoogle(config));
    } catch (error) {
      if (firebase) fail(error, firebase.googleErrorMessage);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`${buttonClass.secondary} w-full`}
      disabled={busy}
      onClick={() => void onClick()}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
        <path
          fill="#4285F4"
          d="M22.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8.1z"
        />
        <path
          fill="#34A853"
          d="M12 23c3 0 5.5-1 7.2-2.7l-3.5-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.2v2.8A11 11 0 0 0 12 23z"
        />
        <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.2a11 11 0 0 0 0 9.8l3.6-2.8z" />
        <path
          fill="#EA4335"
          d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.2 7.1l3.6 2.8C6.7 7.3 9.1 5.4 12 5.4z"
        />
      </svg>
      {busy ? <Trans>Signing in with Google...</Trans> : <Trans>Login with Google</Trans>}
    </button>
  );
}
