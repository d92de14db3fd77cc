import { getRouteApi } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title.hook';
import { RegisterForm } from './components/register-form.component';

const route = getRouteApi('/register');

export function RegisterScreen() {
  usePageTitle('Register', 'Create your Medicine Reminder account.');
  const { redirect, invite } = route.useSearch();
  return <RegisterForm redirect={redirect} invitation={invite} />;
}
