import { useState } from 'react';
import { messageOf, statusOf } from '../../../lib/error-message';
import { useHydrated } from '../../../lib/hydrated.hook';
import { useNavigation } from '../../../lib/navigation';
import { notify } from '../../../lib/toast';
import { buttonClass } from '../../../shared/ui/button.styles';
import { useAuth } from '../auth.context';
import { signedInMessage } from '../first-sign-in';
import { safeRedirect } from '../safe-redirect';
import { AuthCard } from './auth-card.component';
import { CredentialFields } from './credential-fields.component';
import { useLoginForm } from './login-form.hook';
import { UnverifiedNotice } from './unverified-notice.component';

/**
 * Spec: the login form. Rendered by the full app (/login, / signed out) and by the signed-out first
 * paint (decision 051), which has no router, React Query or tRPC client: the sign-in goes through
 * useAuth() and the links and the navigation after it through useNavigation(), which each start provides.
 * `firstSignIn`: the user has just registered (decision 193): welcomed, not back.
 */
export function LoginForm({
  redirect,
  firstSignIn = false,
}: {
  redirect?: string | undefined;
  firstSignIn?: boolean;
}) {
  const { login } = useAuth();
  const { Link, replaceWith } = useNavigation();
  // Painted from the HTML before the app runs (decision 058): no native submit until it does.
  const hydrated = useHydrated();
  // Refused until the address is verified (decision 209): the address and the server's words.
  const [unverified, setUnverified] = useState<{ email: string; message: string } | null>(null);
  const { register, handleSubmit, errors, isSubmitting } = useLoginForm(async (values) => {
    setUnverified(null);
    try {
      await login(values.email, values.password);
      notify.success(signedInMessage(firstSignIn));
      await replaceWith(safeRedirect(redirect));
    } catch (error) {
      console.error('Login failed', error);
      if (statusOf(error) === 403) {
        setUnverified({
          email: values.email,
          message: messageOf(error) ?? 'Please verify your email address.',
        });
        return;
      }
      notify.error(messageOf(error) ?? 'Login failed. Please check your credentials.');
    }
  });

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
      <form noValidate onSubmit={(e) => void handleSubmit(e)} className="flex flex-col gap-4">
        <CredentialFields
          idPrefix="login"
          email={register('email')}
          password={register('password')}
          errors={errors}
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 underline underline-offset-2">
            Forgot password?
          </Link>
        </p>
        {unverified ? <UnverifiedNotice {...unverified} /> : null}
        <button type="submit" className={buttonClass.primary} disabled={isSubmitting || !hydrated}>
          {isSubmitting ? 'Logging in...' : 'Login'}
        </button>
      </form>
    </AuthCard>
  );
}
