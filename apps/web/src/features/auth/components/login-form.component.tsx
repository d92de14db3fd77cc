import { zodResolver } from '@hookform/resolvers/zod';
import { loginInputSchema } from '@medrem/contract';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { messageOf } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { buttonClass } from '../../../shared/ui/button.styles';
import { useAuth } from '../auth.context';
import { AuthCard } from './auth-card.component';
import { CredentialFields } from './credential-fields.component';

const loginFormSchema = loginInputSchema.pick({ email: true, password: true });
type LoginFormInput = z.input<typeof loginFormSchema>;
type LoginFormOutput = z.output<typeof loginFormSchema>;

/** Only same-site paths are followed after login (no open redirect through ?redirect=). */
export function safeRedirect(target: string | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : '/';
}

export function LoginForm({ redirect }: { redirect?: string | undefined }) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormOutput>({ resolver: zodResolver(loginFormSchema) });

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
          <Link to="/register" className="font-semibold text-brand-700 underline underline-offset-2">
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
