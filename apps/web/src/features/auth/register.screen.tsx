import { usePageTitle } from '../../lib/page-title.hook';
import { RegisterForm } from './components/register-form.component';

export function RegisterScreen() {
  usePageTitle('Register', 'Create your Medicine Reminder account.');
  return <RegisterForm />;
}
