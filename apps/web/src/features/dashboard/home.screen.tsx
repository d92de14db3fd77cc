import { Suspense, useEffect } from 'react';
import { trpc } from '../../lib/trpc';
import { lazyNamed } from '../../lib/lazy-named';
import { onIdle } from '../../lib/on-idle';
import { usePageTitle } from '../../lib/page-title.hook';
import { Spinner } from '../../shared/ui/spinner.component';
import { useAuth } from '../auth/auth.context';
import { LoginForm } from '../auth/components/login-form.component';
import { prefetchMedicines } from '../medicines/medicines.queries';
import { prefetchRefillReminders } from '../refills/refills.queries';
import { prefetchSettings } from '../settings/settings.queries';
import { prefetchDashboardAnswers } from './dashboard.prefetch';

// The dashboard's code (slots, list, refills, report) is fetched when a signed-in user needs it, and
// on idle otherwise, so that the signed-out first load is only the login form.
const Dashboard = lazyNamed(() => import('./dashboard.component'), 'Dashboard');

const dashboardSpinner = <Spinner label="Loading your dashboard..." />;

/** Spec: '/' is the dashboard when signed in, the login form when signed out. */
export function HomeScreen() {
  const { user, loading } = useAuth();
  usePageTitle(user ? 'Home' : 'Login', 'Your medicines, today’s doses, refills and monthly report.');
  const signedOut = !loading && !user;
  // The dashboard's code is fetched while the user's token is asked for, and the answers it waits
  // for before its first paint are asked for as soon as the token is there: side by side, instead
  // of one after the other once its code has loaded and rendered (decision 055).
  const utils = trpc.useUtils();
  const known = user !== null;
  useEffect(() => {
    if (known) void Dashboard.load().catch(() => undefined);
  }, [known]);
  const email = loading ? undefined : user?.email;
  useEffect(() => {
    if (!email) return;
    void prefetchSettings(utils, email);
    void prefetchMedicines(utils, email);
    void prefetchRefillReminders(utils, email);
    // Failures are the sections' to show: they ask again themselves.
    prefetchDashboardAnswers(utils, email).catch(() => undefined);
  }, [utils, email]);
  useEffect(() => {
    if (!signedOut) return;
    return onIdle(() => void Dashboard.load());
  }, [signedOut]);
  if (loading) return dashboardSpinner;
  if (!user) return <LoginForm />;
  return (
    <Suspense fallback={dashboardSpinner}>
      <Dashboard />
    </Suspense>
  );
}
