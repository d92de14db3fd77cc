import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { messageOf } from '../../../lib/api-error';
import { onIdle } from '../../../lib/on-idle';
import { notify } from '../../../lib/toast';
import { buttonClass } from '../../../shared/ui/button.styles';
import { useAuth } from '../auth.context';
import { safeRedirect } from '../safe-redirect';
import { AuthCard } from './auth-card.component';
import { CredentialFields } from './credential-fields.component';
import type { LoginFormInput, LoginFormOutput } from './login-form.schema';

/**
 * The contract's zod schemas are not needed to show the form, only to check it: they are fetched
 * once the form is on screen and the browser is idle, or at the latest on the first submit.
 */
const loadValidation = () => import('./login-form.schema');

const loginResolver: Resolver<LoginFormInput, unknown, LoginFormOutput> = async (values, context, options) =>
  (await loadValidation()).loginFormResolver(values, context, options);

export function LoginForm({ redirect }: { redirect?: string | undefined }) {
  const { login } = useAuth();
  const navigate = useNavigate();
  useEffect(() => onIdle(() => void loadValidation()), []);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormOutput>({ resolver: loginResolver });

  const onSubmit = async (values: LoginFormOutput) => {
    try {
      await login(values.email, values.password);
      notify.success('Welcome back! You have been logged in successfully.');
      await navigate({ to: safeRedirect(redirect), replace: true });
    } catch (error) {
      console.error('Login failed', error);
      notify.error(messageOf(error) ?? 'Login failed. Please check your credentials.');
    }
  };

  return (
    <AuthCard
      id="login-title"
      title="Login"
      redirect={redirect}
      footer={
        <>
          New here?{' '}
          <Link
            to="/register"
            search={redirect ? { redirect } : {}}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            Create an account
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="flex flex-col gap-4">
        <CredentialFields
          idPrefix="login"
          email={register('email')}
          password={register('password')}
          errors={errors}
        />
        <button type="submit" className={buttonClass.primary} disabled={isSubmitting}>
          {isSubmitting ? 'Logging in...' : 'Login'}
        </button>
      </form>
    </AuthCard>
  );
}
