import { getRouteApi } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title.hook';
import { LoginForm } from './components/login-form.component';

const route = getRouteApi('/login');

export function LoginScreen() {
  usePageTitle('Login', 'Log in to Medicine Reminder.');
  const { redirect } = route.useSearch();
  return <LoginForm redirect={redirect} />;
}
