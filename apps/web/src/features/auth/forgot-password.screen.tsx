import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { emailSchema } from '@medrem/contract';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { messageOf } from '../../lib/api-error';
import { usePageTitle } from '../../lib/page-title.hook';
import { trpc } from '../../lib/trpc';
import { cardClass } from '../../shared/ui/button.styles';
import { TextInput } from '../../shared/ui/text-input.component';
import { FormFooter } from './components/form-footer.component';
import { withContractMessages } from './contract-messages';

const forgotSchema = z.object({ email: emailSchema });
type ForgotInput = z.input<typeof forgotSchema>;
type ForgotOutput = z.output<typeof forgotSchema>;

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2';

/**
 * "Forgot password?" (issue 52, decision 204): asks for the address and says the same thing
 * whatever it is, as the server answers the same, so this screen tells nobody who has an account.
 */
export function ForgotPasswordScreen() {
  const { t } = useLingui();
  usePageTitle(t`Forgot password`, t`Get a link to choose a new Medicine Reminder password.`);
  const request = trpc.passwordReset.request.useMutation();
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotInput, unknown, ForgotOutput>({
    resolver: withContractMessages(zodResolver(forgotSchema)),
  });

  const onSubmit = async ({ email }: ForgotOutput) => {
    setFailure(null);
    try {
      const answer = await request.mutateAsync({ email });
      setSentTo({ email, message: answer.message });
    } catch (error) {
      setFailure(messageOf(error) ?? t`The request could not be sent. Check your connection and try again.`);
    }
  };

  return (
    <section className={`${cardClass} mx-auto w-full max-w-md`} aria-labelledby="forgot-title">
      <h1 id="forgot-title" className="mb-2 text-2xl font-bold text-slate-900">
        <Trans>Forgot your password?</Trans>
      </h1>
      {sentTo ? (
        <div role="status" className="flex flex-col gap-4 text-slate-700">
          <p className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-slate-900">
            {sentTo.message}
          </p>
          <p>
            <Trans>
              Open the link in the mail to choose a new password. Nothing there after a few minutes? Look in
              your spam folder, check the address, or ask again.
            </Trans>
          </p>
          <p className="flex flex-wrap gap-x-6 gap-y-2">
            <button type="button" className={linkClass} onClick={() => setSentTo(null)}>
              <Trans>Use another address</Trans>
            </button>
            <Link to="/login" className={linkClass}>
              <Trans>Back to login</Trans>
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="mb-6 text-slate-700">
            <Trans>
              Enter the email address of your account. We will send you a link to choose a new password.
            </Trans>
          </p>
          <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="flex flex-col gap-4">
            <TextInput
              id="forgot-email"
              label={t`Email`}
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              registration={register('email')}
            />
            <FormFooter
              failure={failure}
              busy={isSubmitting}
              label={t`Send reset link`}
              busyLabel={t`Sending...`}
            />
          </form>
          <p className="mt-6 text-center text-slate-700">
            <Trans>
              Remembered it?{' '}
              <Link to="/login" className={linkClass}>
                Back to login
              </Link>
            </Trans>
          </p>
        </>
      )}
    </section>
  );
}
