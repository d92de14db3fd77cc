import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { Spinner } from '../../../shared/ui/spinner.component';
import { useAuth } from '../auth.context';

/** Spec route guard: 'Checking authentication...', then /login (history replaced) remembering the page. */
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
  if (!user || loading) return <Spinner label="Checking authentication..." />;
  return children;
}
