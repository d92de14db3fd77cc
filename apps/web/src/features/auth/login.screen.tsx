import { useLingui } from '@lingui/react/macro';
import { getRouteApi, useRouterState } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title.hook';
import { LoginForm } from './components/login-form.component';

const route = getRouteApi('/login');

export function LoginScreen() {
  const { t } = useLingui();
  usePageTitle(t`Login`, t`Log in to Medicine Reminder.`);
  const { redirect } = route.useSearch();
  // Set by the registration form (decision 193).
  const firstSignIn = useRouterState({ select: (s) => s.location.state.firstSignIn === true });
  return <LoginForm redirect={redirect} firstSignIn={firstSignIn} />;
}
