import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, lazy, useCallback, useState } from 'react';
import { loadAppCatalog } from '../../../i18n/active-locale';
import { messageOf, statusOf } from '../../../lib/error-message';
import { useHydrated } from '../../../lib/hydrated.hook';
import { useNavigation } from '../../../lib/navigation';
import { notify } from '../../../lib/toast';
import { buttonClass } from '../../../shared/ui/button.styles';
import { PasskeySignIn } from '../../passkeys/passkey-sign-in.component';
import { useAuth } from '../auth.context';
import { signedInMessage } from '../first-sign-in';
import { safeRedirect } from '../safe-redirect';
import { AuthCard } from './auth-card.component';
import { CredentialFields } from './credential-fields.component';
import { useLoginForm } from './login-form.hook';
import type { SecondStep } from '@medrem/contract';

// Fetched when a password proves right for an account with two-step sign-in, not precached with the
// app's start (decision 051's budget): most accounts never see the second step.
// Shown only after a right password for an unverified address: fetched then, like the second step.
// Their texts are in the full app's catalog (decision 361), fetched beside them.
const UnverifiedNotice = lazy(() =>
  Promise.all([import('./unverified-notice.component'), loadAppCatalog()]).then(([m]) => ({
    default: m.UnverifiedNotice,
  })),
);
const SecondStepForm = lazy(() =>
  Promise.all([import('../../two-factor/second-step-form.component'), loadAppCatalog()]).then(([m]) => ({
    default: m.SecondStepForm,
  })),
);

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
  const { t } = useLingui();
  const { login } = useAuth();
  const { Link, replaceWith } = useNavigation();
  // Painted from the HTML before the app runs (decision 058): no native submit until it does.
  const hydrated = useHydrated();
  // Refused until the address is verified (decision 209): the address and the server's words.
  const [unverified, setUnverified] = useState<{ email: string; message: string } | null>(null);
  // Two-step sign-in (decision 286): the password was right, a code is still asked.
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const signedIn = async () => {
    notify.success(signedInMessage(firstSignIn));
    await replaceWith(safeRedirect(redirect));
  };
  const { register, handleSubmit, errors, isSubmitting } = useLoginForm(async (values) => {
    setUnverified(null);
    try {
      const result = await login(values.email, values.password);
      if ('secondStep' in result) {
        setSecondStep(result.secondStep);
        return;
      }
      await signedIn();
    } catch (error) {
      console.error('Login failed', error);
      if (statusOf(error) === 403) {
        setUnverified({
          email: values.email,
          message: messageOf(error) ?? t`Please verify your email address.`,
        });
        return;
      }
      notify.error(messageOf(error) ?? t`Login failed. Please check your credentials.`);
    }
  });

  // A passkey's sign-in ends as the password's does (a passkey with user verification is complete).
  const afterPasskey = useCallback(async () => {
    notify.success(signedInMessage(false));
    await replaceWith(safeRedirect(redirect));
  }, [replaceWith, redirect]);

  return (
    <AuthCard
      id="login-title"
      title={t`Login`}
      redirect={redirect}
      footer={
        <>
          <Trans>
            New here?{' '}
            <Link
              to="/register"
              search={redirect ? { redirect } : {}}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              Create an account
            </Link>
          </Trans>
        </>
      }
    >
      {secondStep ? (
        <Suspense fallback={<p role="status">{t`Loading…`}</p>}>
          <SecondStepForm
            secondStep={secondStep}
            onSignedIn={signedIn}
            onRestart={() => setSecondStep(null)}
          />
        </Suspense>
      ) : (
        <form noValidate onSubmit={(e) => void handleSubmit(e)} className="flex flex-col gap-4">
          <CredentialFields
            idPrefix="login"
            email={register('email')}
            password={register('password')}
            errors={errors}
            emailAutoComplete="username webauthn"
          />
          <p className="-mt-2 text-end text-sm">
            <Link to="/forgot-password" className="font-medium text-brand-700 underline underline-offset-2">
              <Trans>Forgot password?</Trans>
            </Link>
          </p>
          {unverified ? (
            <Suspense fallback={<p role="status">{t`Loading…`}</p>}>
              <UnverifiedNotice {...unverified} />
            </Suspense>
          ) : null}
          <button type="submit" className={buttonClass.primary} disabled={isSubmitting || !hydrated}>
            {isSubmitting ? t`Logging in...` : t`Login`}
          </button>
        </form>
      )}
      {/* A passkey is two factors on its own: it is offered at the second step too (decision 286). */}
      <div className="mt-4 border-t border-slate-200 pt-4">
        <PasskeySignIn disabled={!hydrated} onSignedIn={afterPasskey} />
      </div>
    </AuthCard>
  );
}
