import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { useOnlineStatus } from '../../../app/shell/use-online-status.hook';
import { buttonClass } from '../../../shared/ui/button.styles';
import { Spinner } from '../../../shared/ui/spinner.component';
import { useAuth } from '../auth.context';

/**
 * Decision 193: how long 'Checking authentication...' may spin online before the page says the
 * server is not answering. The session and token calls retry with back-off (1 s, 2 s, 4 s), so a
 * slow but working server answers well within it.
 */
export const CHECK_TIMEOUT_MS = 15_000;

/** True once `waiting` has lasted `ms` without a break. */
function useWaitedTooLong(waiting: boolean, ms: number): boolean {
  const [tooLong, setTooLong] = useState(false);
  useEffect(() => {
    setTooLong(false);
    if (!waiting) return;
    const timer = setTimeout(() => setTooLong(true), ms);
    return () => clearTimeout(timer);
  }, [waiting, ms]);
  return tooLong;
}

function CannotCheck({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

/**
 * 'Checking authentication...' that ends (decision 193). Offline with no user known (a signed-out
 * visitor; saved data that could not be read) the session question waits for the network: the
 * page says so, and carries on by itself once the connection is back (the paused question is then
 * asked). Online, a check that takes too long says the server is not answering and offers to try
 * again. Every screen that waits for the sign-in check shows this, not a spinner of its own.
 */
export function CheckingAuthentication({ userKnown }: { userKnown: boolean }) {
  const { t } = useLingui();
  const online = useOnlineStatus();
  const tooLong = useWaitedTooLong(online, CHECK_TIMEOUT_MS);
  if (!online && !userKnown) {
    return (
      <CannotCheck title={t`You're offline`}>
        <p className="text-slate-700">
          <Trans>
            This device has no saved schedule to open without signing in. Connect to the internet to sign in;
            your schedule opens as soon as you&apos;re back online.
          </Trans>
        </p>
      </CannotCheck>
    );
  }
  if (tooLong) {
    return (
      <CannotCheck title={t`Could not check your sign-in`}>
        <p className="text-slate-700">
          <Trans>
            We could not reach the server to check your sign-in. Check your internet connection and try again.
          </Trans>
        </p>
        <button type="button" className={buttonClass.primary} onClick={() => window.location.reload()}>
          <Trans>Try again</Trans>
        </button>
      </CannotCheck>
    );
  }
  return <Spinner label={t`Checking authentication...`} />;
}

/**
 * Spec route guard: 'Checking authentication...' (one that ends, decision 193), then /login
 * (history replaced) remembering the page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading, exitTo } = useAuth();
  const navigate = useNavigate();
  // The committed location, not a pending one, so that ?redirect= never points at /login itself.
  const from = useRouterState({ select: (s) => (s.resolvedLocation ?? s.location).href });
  const signedOut = !loading && !user;

  // One navigation per sign-out (a <Navigate> element with fresh props re-navigates on every render).
  useEffect(() => {
    if (!signedOut) return;
    if (exitTo) void navigate({ to: exitTo, replace: true });
    else void navigate({ to: '/login', search: { redirect: from }, replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `from` is read once, when the user turns out signed out
  }, [signedOut, exitTo, navigate]);

  // Until the token request settles too: a page opened with only a session cookie (back from an
  // OpenID Connect sign-in, or with the stored token gone) would otherwise start with 401s.
  if (!user || loading) return <CheckingAuthentication userKnown={user !== null} />;
  return children;
}
