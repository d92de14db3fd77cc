import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import type { PublicUser } from '@medrem/contract';
import { getQueryKey } from '@trpc/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { accessTokenStorage } from '../../lib/access-token.storage';
import { httpStatusOf } from '../../lib/api-error';
import { activeLocale } from '../../i18n/active-locale';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { serverClock } from '../../lib/server-clock';
import { sessionIdentity } from '../../lib/session-identity';
import { SigningOutError, refreshAccessToken, signOutWithoutTokenRequests } from '../../lib/token-refresh';
import { type RouterInputs, trpc } from '../../lib/trpc';
import { alertDialog } from '../../shared/dialogs/dialog.store';
import { dropSavedOfflineAccount } from '../offline/saved-account';
import { AuthContext, type AuthContextValue } from './auth.context';
import { toCurrentUser } from './current-user';
import { useSignInNotice } from './social/sign-in-notice.hook';

/** Failures of the token call must not leave the app spinning (a known flaw): log and go on. */
async function requestServerToken(email: string): Promise<void> {
  sessionIdentity.set(email);
  try {
    await refreshAccessToken();
  } catch (error) {
    // A sign-out under way needs no token: nothing to report.
    if (error instanceof SigningOutError) return;
    console.warn('Could not get an access token; calls will retry with the session.', error);
  }
}

const sessionKey = JSON.stringify(getQueryKey(trpc.auth.session)[0]);
const isSessionQuery = (key: readonly unknown[]) => JSON.stringify(key[0]) === sessionKey;

/** The offline store (IndexedDB, idb) loads only for a signed-in user, off the signed-out first load. */
const offlineAccount = () => import('../offline/offline-account');

/**
 * Nothing of the account stays on the device: saved answers and waiting writes (issue 12). The
 * saved account is dropped at once, so a start after this moment restores nothing of it, even if
 * the page closes before the erasing is done: a sign-out then a start at once (the two-step
 * sign-in's browser test) opened the signed-out account's answers and asked the server for them
 * (401s). Settles when the erasing is done.
 */
async function forgetOfflineData(): Promise<void> {
  const userId = dropSavedOfflineAccount();
  if (!userId) return;
  try {
    await (await offlineAccount()).forgetOfflineAccount(userId);
  } catch (error) {
    console.warn('Could not clear the data saved on this device', error);
  }
}

const DELETE_ACCOUNT_ALERTS: Record<number, MessageDescriptor> = {
  404: msg`User not found. Please try logging in again.`,
  500: msg`Server error. Please try again later.`,
};

/**
 * `answeredFor`: the user whose dashboard answers came with the page (decision 061). Their app
 * shows them at once instead of waiting for the access token: the calls it makes meanwhile wait for
 * the start's token request (lib/auth-token.link.ts), and the token is requested as always.
 */
export function AuthProvider({
  children,
  answeredFor,
}: {
  children: ReactNode;
  answeredFor?: string | undefined;
}) {
  useSignInNotice(window.location.search);
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const session = trpc.auth.session.useQuery(undefined, {
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const sessionUser = session.data?.user ?? null;
  // The email whose token request has settled: until then the app shows 'Checking authentication...'.
  const [tokenEmail, setTokenEmail] = useState<string | null>(null);
  const [exitTo, setExitTo] = useState<'/' | null>(null);

  /** Settles once the account's data is off the device too: the sign-out ends only then. */
  const setSignedOut = useCallback(async () => {
    const forgotten = forgetOfflineData();
    accessTokenStorage.remove();
    sessionIdentity.set(null);
    // Drop every cached answer of the old user, but keep the session query observed by this provider.
    queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
    utils.auth.session.setData(undefined, { user: null });
    setTokenEmail(null);
    await forgotten;
  }, [queryClient, utils]);

  // The signed-in account's answers are saved on the device as they change (issue 12).
  const userId = sessionUser?.id;
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void offlineAccount()
      .then((m) => {
        if (cancelled) return;
        void m.keepOnlyAccount(userId);
        stop = m.trackAccount(queryClient, userId);
      })
      .catch((e: unknown) => console.warn('Could not open the offline store', e));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, userId]);

  // Spec: on an auth state change a signed-in user requests a server token; signed out clears it.
  useEffect(() => {
    if (session.isPending) return;
    if (!sessionUser) {
      // The server says nobody is signed in here: a saved account must not open the app again.
      if (session.data?.user === null) void forgetOfflineData();
      accessTokenStorage.remove();
      sessionIdentity.set(null);
      return;
    }
    if (tokenEmail === sessionUser.email) return;
    let cancelled = false;
    const requested = requestServerToken(sessionUser.email);
    // Decision 057: a token this device holds for this user, valid beyond the start, serves the
    // start's calls while the new one is requested: the data need not wait for that round trip.
    const ready = accessTokenStorage.usableFor(sessionUser, serverClock.now())
      ? Promise.resolve()
      : requested;
    void ready.then(() => {
      if (!cancelled) setTokenEmail(sessionUser.email);
    });
    return () => {
      cancelled = true;
    };
  }, [session.isPending, session.data, sessionUser, tokenEmail]);

  // The address changed on another device (decision 211): the session's user is read again, so every
  // screen builds its calls with the new address.
  const { refetch: refetchSession } = session;
  useEffect(() => sessionIdentity.onMoved(() => void refetchSession()), [refetchSession]);

  // The token link reports a session that ended elsewhere (expired, signed out in another tab).
  useEffect(
    () =>
      sessionIdentity.onLost(() => {
        void setSignedOut();
        void alertDialog({ title: t`Access Denied`, message: t`Please log in to access this feature.` });
      }),
    [setSignedOut],
  );

  // mutateAsync is stable across renders, unlike the mutation result objects.
  const { mutateAsync: loginCall } = trpc.auth.login.useMutation();
  const { mutateAsync: secondStepCall } = trpc.twoFactor.completeSignIn.useMutation();
  const { mutateAsync: registerCall } = trpc.auth.register.useMutation();
  const { mutateAsync: socialLoginCall } = trpc.user.socialLogin.useMutation();
  const { mutateAsync: passkeyCall } = trpc.passkey.signIn.useMutation();
  const { mutateAsync: logoutCall } = trpc.auth.logout.useMutation();
  const { mutateAsync: deleteCall } = trpc.user.deleteAccount.useMutation();

  const value = useMemo<AuthContextValue>(() => {
    const user = sessionUser ? toCurrentUser(sessionUser) : null;
    // A session opened (by a password, or by its second step): the token, then the app's user.
    const signedIn = async (signed: PublicUser) => {
      setExitTo(null);
      await requestServerToken(signed.email);
      setTokenEmail(signed.email);
      utils.auth.session.setData(undefined, { user: signed });
      return toCurrentUser(signed);
    };
    return {
      user,
      exitTo,
      loading:
        session.isPending ||
        (sessionUser !== null && tokenEmail !== sessionUser.email && answeredFor !== sessionUser.email),
      async login(email, password) {
        const result = await loginCall({ email, password, timezone: browserTimeZone() });
        if ('secondStep' in result) return { secondStep: result.secondStep };
        return signedIn(result.user);
      },
      async completeSecondStep(ticket, code) {
        return signedIn((await secondStepCall({ ticket, code })).user);
      },
      async passkeyLogin(response) {
        const answer = response as RouterInputs['passkey']['signIn']['response'];
        const result = await passkeyCall({ response: answer, timezone: browserTimeZone() });
        setExitTo(null);
        await requestServerToken(result.user.email);
        setTokenEmail(result.user.email);
        utils.auth.session.setData(undefined, { user: result.user });
        return toCurrentUser(result.user);
      },
      async socialLogin(identity) {
        // Issue 54: a new account starts in the language the visitor is reading.
        const result = await socialLoginCall({
          ...identity,
          timezone: browserTimeZone(),
          locale: activeLocale(),
        });
        setExitTo(null);
        await requestServerToken(result.user.email);
        setTokenEmail(result.user.email);
        utils.auth.session.setData(undefined, { user: result.user });
        return {
          user: toCurrentUser(result.user),
          linkedExistingAccount: result.linkedExistingAccount,
          securedUnverifiedAccount: result.securedUnverifiedAccount,
        };
      },
      async register(input) {
        // Issue 54: the account starts in the language the visitor is reading.
        const { verificationRequired } = await registerCall({
          ...input,
          timezone: browserTimeZone(),
          locale: activeLocale(),
        });
        return { verificationRequired };
      },
      async logout() {
        await signOutWithoutTokenRequests(async () => {
          await logoutCall(undefined);
          await setSignedOut();
        });
      },
      async deleteAccount(password) {
        if (!user) {
          await alertDialog({ title: t`Delete Account`, message: t`No user logged in` });
          throw new Error(t`No user logged in`); // shown too, by the caller's toast
        }
        try {
          // Deleting the account ends its session: no token request may start until it is over
          // (decision 357: its answer would be a 401).
          await signOutWithoutTokenRequests(async () => {
            await deleteCall({ userEmail: user.email, ...(password ? { password } : {}) });
            // The server ended the session with the account; make sure of it and clear local state.
            await logoutCall(undefined).catch(() => undefined);
            setExitTo('/');
            await setSignedOut();
          });
        } catch (error) {
          const status = httpStatusOf(error);
          // A refused proof (wrong password, too old a sign-in) is the form's to show, by its field.
          if (status === 400 || status === 403 || status === 429) throw error;
          const known = status !== undefined ? DELETE_ACCOUNT_ALERTS[status] : undefined;
          const message = known ? i18n._(known) : t`Failed to delete account. Please try again.`;
          await alertDialog({ title: t`Delete Account`, message });
          throw error;
        }
      },
    };
  }, [
    sessionUser,
    answeredFor,
    exitTo,
    session.isPending,
    tokenEmail,
    loginCall,
    secondStepCall,
    registerCall,
    socialLoginCall,
    passkeyCall,
    logoutCall,
    deleteCall,
    utils,
    setSignedOut,
  ]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
