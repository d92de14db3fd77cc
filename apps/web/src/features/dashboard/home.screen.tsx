import { Suspense, useEffect } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { onIdle } from '../../lib/on-idle';
import { usePageTitle } from '../../lib/page-title.hook';
import { Spinner } from '../../shared/ui/spinner.component';
import { useAuth } from '../auth/auth.context';
import { LoginForm } from '../auth/components/login-form.component';

// The dashboard's code (slots, list, refills, report) is fetched when a signed-in user needs it, and
// on idle otherwise, so that the signed-out first load is only the login form.
const Dashboard = lazyNamed(() => import('./dashboard.component'), 'Dashboard');

const dashboardSpinner = <Spinner label="Loading your dashboard..." />;

/** Spec: '/' is the dashboard when signed in, the login form when signed out. */
export function HomeScreen() {
  const { user, loading } = useAuth();
  usePageTitle(user ? 'Home' : 'Login', 'Your medicines, today’s doses, refills and monthly report.');
  const signedOut = !loading && !user;
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
