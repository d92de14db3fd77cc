import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_RESET_LINK_MINUTES, type ResetLinkState, passwordSchema } from '@medrem/contract';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { messageOf } from '../../lib/api-error';
import { usePageTitle } from '../../lib/page-title.hook';
import { notify } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { buttonClass, cardClass } from '../../shared/ui/button.styles';
import { Spinner } from '../../shared/ui/spinner.component';
import { TextInput } from '../../shared/ui/text-input.component';
import { FormFooter } from './components/form-footer.component';
import type { SecondStep } from '@medrem/contract';
import { SecondStepForm } from '../two-factor/second-step-form.component';

const route = getRouteApi('/reset-password');

/** The registration rules for the password, and the same password typed twice. */
const resetSchema = z
  .object({ password: passwordSchema, repeat: z.string() })
  .refine((v) => v.password === v.repeat, {
    path: ['repeat'],
    message: 'The two passwords are not the same.',
  });
type ResetInput = z.input<typeof resetSchema>;
type ResetOutput = z.output<typeof resetSchema>;

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2';

const PROBLEMS: Record<Exclude<ResetLinkState, 'usable'>, { title: string; text: string }> = {
  used: {
    title: 'This link has been used',
    text: 'Each reset link works once, and this one already did. If you still cannot sign in, ask for a new link.',
  },
  expired: {
    title: 'This link has expired',
    text: `Reset links work for ${PASSWORD_RESET_LINK_MINUTES} minutes. Ask for a new one; it arrives in a minute or two.`,
  },
  invalid: {
    title: 'This link does not work',
    text: 'It may be cut short, or a newer mail replaced it. Open the whole link from the latest mail, or ask for a new one.',
  },
};

/**
 * The mailed link's screen (issue 52, decisions 204–205): checks the link first, says plainly when
 * it is used or expired, then asks for the new password twice; done, the person is signed in here
 * and signed out everywhere else.
 */
export function ResetPasswordScreen() {
  usePageTitle('Choose a new password', 'Choose a new Medicine Reminder password.');
  const { token } = route.useSearch();
  // A POST (the token stays out of URLs the server logs), asked once per link opened.
  const check = trpc.passwordReset.check.useMutation();
  const { mutate } = check;
  useEffect(() => {
    if (token) mutate({ token });
  }, [token, mutate]);
  const [refused, setRefused] = useState<ResetLinkState | null>(null);
  const state: ResetLinkState | undefined = !token ? 'invalid' : (refused ?? check.data?.state);

  return (
    <section className={`${cardClass} mx-auto w-full max-w-md`} aria-labelledby="reset-title">
      {state === undefined ? (
        check.isError ? (
          <div role="alert" className="flex flex-col gap-3">
            <h1 id="reset-title" className="text-2xl font-bold text-slate-900">
              The link could not be checked
            </h1>
            <p className="text-slate-700">
              {messageOf(check.error) ?? 'Check your connection and try again.'}
            </p>
            <button type="button" className={buttonClass.primary} onClick={() => token && mutate({ token })}>
              Try again
            </button>
          </div>
        ) : (
          <>
            <h1 id="reset-title" className="sr-only">
              Choose a new password
            </h1>
            <Spinner label="Checking your link..." />
          </>
        )
      ) : state === 'usable' ? (
        <ResetForm token={token!} onRefused={setRefused} />
      ) : (
        <div className="flex flex-col gap-4">
          <h1 id="reset-title" className="text-2xl font-bold text-slate-900">
            {PROBLEMS[state].title}
          </h1>
          <p role="alert" className="text-slate-700">
            {PROBLEMS[state].text}
          </p>
          <Link to="/forgot-password" className={`${buttonClass.primary} text-center`}>
            Ask for a new link
          </Link>
          <p className="text-center text-slate-700">
            <Link to="/login" className={linkClass}>
              Back to login
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}

function ResetForm({ token, onRefused }: { token: string; onRefused: (state: ResetLinkState) => void }) {
  const confirm = trpc.passwordReset.confirm.useMutation();
  const recheck = trpc.passwordReset.check.useMutation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ResetInput, unknown, ResetOutput>({ resolver: zodResolver(resetSchema) });
  useEffect(() => setFocus('password'), [setFocus]);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const signedIn = async () => {
    notify.success('Your password is changed and you are signed in. Every other device was signed out.');
    await navigate({ to: '/', replace: true });
  };

  const onSubmit = async ({ password }: ResetOutput) => {
    setFailure(null);
    try {
      const result = await confirm.mutateAsync({ token, password });
      // Two-step sign-in: the password is set, and the second factor is still asked (decision 286).
      if ('secondStep' in result) {
        setSecondStep(result.secondStep);
        return;
      }
      // The server opened a session (its cookie): the app signs in as after a login.
      utils.auth.session.setData(undefined, { user: result.user });
      await signedIn();
    } catch (error) {
      const message = messageOf(error);
      // A link used or expired meanwhile: the screen says which, with the way to a new one.
      const again = await recheck.mutateAsync({ token }).catch(() => undefined);
      if (again && again.state !== 'usable') onRefused(again.state);
      else setFailure(message ?? 'The password could not be changed. Check your connection and try again.');
    }
  };

  if (secondStep) {
    return (
      <>
        <h1 id="reset-title" className="mb-2 text-2xl font-bold text-slate-900">
          Your new password is set
        </h1>
        <SecondStepForm
          secondStep={secondStep}
          onSignedIn={signedIn}
          onRestart={() => void navigate({ to: '/login', replace: true })}
        />
      </>
    );
  }

  return (
    <>
      <h1 id="reset-title" className="mb-2 text-2xl font-bold text-slate-900">
        Choose a new password
      </h1>
      <p className="mb-6 text-slate-700">
        At least 6 characters. Once it is set, you are signed in here and signed out on every other device.
      </p>
      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="flex flex-col gap-4">
        <TextInput
          id="reset-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          registration={register('password')}
        />
        <TextInput
          id="reset-repeat"
          label="New password, again"
          type="password"
          autoComplete="new-password"
          error={errors.repeat?.message}
          registration={register('repeat')}
        />
        <FormFooter failure={failure} busy={isSubmitting} label="Set new password" busyLabel="Saving..." />
      </form>
    </>
  );
}
