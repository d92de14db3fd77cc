import { Trans, useLingui } from '@lingui/react/macro';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../lib/api-error';
import { usePageTitle } from '../../lib/page-title.hook';
import { trpc } from '../../lib/trpc';
import { buttonClass, cardClass, inputClass } from '../../shared/ui/button.styles';
import { Field } from '../../shared/ui/field.component';
import { Spinner } from '../../shared/ui/spinner.component';
import { useAuth } from '../auth/auth.context';

const route = getRouteApi('/verify-email');

/**
 * The screen a verification link opens (decision 208), signed in or not: it uses the link once and
 * says what happened; a used or expired link offers a new one.
 */
export function VerifyEmailScreen() {
  const { t } = useLingui();
  usePageTitle(t`Verify email`, t`Verify your email address.`);
  const { token } = route.useSearch();
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const verify = trpc.email.verify.useMutation();
  const { mutate } = verify;
  // One use per opened link, also under React's double effects in development.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate({ token }, { onSuccess: () => void utils.auth.session.invalidate() });
  }, [token, mutate, utils]);

  const email = user?.email;
  let body;
  if (verify.isSuccess) {
    body = (
      <>
        <p role="status" className="text-lg font-medium text-green-800">
          {verify.data.message}
        </p>
        <Link to="/" className={`${buttonClass.primary} self-start`}>
          {user ? t`Go to my schedule` : t`Sign in`}
        </Link>
      </>
    );
  } else if (!token || verify.isError) {
    body = user?.emailVerified ? (
      <>
        <p role="status" className="font-medium text-green-800">
          <Trans>Your address {email} is verified already.</Trans>
        </p>
        <Link to="/" className={`${buttonClass.primary} self-start`}>
          <Trans>Go to my schedule</Trans>
        </Link>
      </>
    ) : (
      <>
        <p role="alert" className="font-medium text-red-700">
          {token ? messageOf(verify.error) : t`This link is incomplete: it has no token.`}
        </p>
        <ResendLink email={user?.email} />
      </>
    );
  } else {
    body = <Spinner label={t`Verifying your address...`} />;
  }
  return (
    <div className={`${cardClass} mx-auto flex max-w-xl flex-col gap-4`}>
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Verify your email address</Trans>
      </h1>
      {body}
    </div>
  );
}

/** A new link: to the signed-in account's address, or to the address typed in. */
function ResendLink({ email }: { email: string | undefined }) {
  const { t } = useLingui();
  const resend = trpc.email.resendVerification.useMutation();
  const [typed, setTyped] = useState('');
  const address = email ?? typed.trim();
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (address) resend.mutate({ email: address });
      }}
    >
      {email ? null : (
        <Field id="resend-email" label={t`Your email address`}>
          <input
            id="resend-email"
            type="email"
            autoComplete="email"
            className={inputClass}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </Field>
      )}
      <button
        type="submit"
        className={`${buttonClass.secondary} self-start`}
        disabled={resend.isPending || !address}
      >
        {resend.isPending ? t`Sending...` : t`Send me a new link`}
      </button>
      {resend.isSuccess ? <p role="status">{resend.data.message}</p> : null}
      {resend.isError ? (
        <p role="alert" className="text-red-700">
          {messageOf(resend.error)}
        </p>
      ) : null}
    </form>
  );
}
