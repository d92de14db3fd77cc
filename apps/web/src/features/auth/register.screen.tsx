import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title.hook';
import { RegisterForm } from './components/register-form.component';

const route = getRouteApi('/register');

export function RegisterScreen() {
  const { t } = useLingui();
  usePageTitle(t`Register`, t`Create your Medicine Reminder account.`);
  const { redirect, invite } = route.useSearch();
  return <RegisterForm redirect={redirect} invitation={invite} />;
}
