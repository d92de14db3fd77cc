import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/page-title.hook';
import { Spinner } from '../../shared/ui/spinner.component';
import { useAuth } from '../auth/auth.context';
import { LoginForm } from '../auth/components/login-form.component';
import { Dashboard } from './dashboard.component';
import { prefetchDashboardAnswers } from './dashboard.prefetch';

/** Spec: '/' is the dashboard when signed in, the login form when signed out. */
export function HomeScreen() {
  const { t } = useLingui();
  const { user, loading } = useAuth();
  usePageTitle(user ? t`Home` : t`Login`, t`Your medicines, today’s doses, refills and monthly report.`);
  // The dashboard is in the signed-in start's chunk (decision 059): it renders as soon as the user
  // is known, and asks for its answers itself. What its sections ask for per medicine is asked for
  // as soon as the list is there, not once the sections have rendered (decision 055).
  const utils = trpc.useUtils();
  const email = loading ? undefined : user?.email;
  useEffect(() => {
    // Failures are the sections' to show: they ask again themselves.
    if (email) prefetchDashboardAnswers(utils, email).catch(() => undefined);
  }, [utils, email]);
  if (loading) return <Spinner label={t`Loading your dashboard...`} />;
  return user ? <Dashboard /> : <LoginForm />;
}
