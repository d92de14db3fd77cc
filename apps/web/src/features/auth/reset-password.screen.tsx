import { zodResolver } from '@hookform/resolvers/zod';
import { type MessageDescriptor, i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { withContractMessages } from './contract-messages';

const route = getRouteApi('/reset-password');

const NOT_THE_SAME = msg`The two passwords are not the same.`;

/** The registration rules for the password, and the same password typed twice. */
const resetSchema = z
  .object({ password: passwordSchema, repeat: z.string() })
  .refine((v) => v.password === v.repeat, {
    path: ['repeat'],
    // A function: said in the page's language when the form is checked.
    error: () => i18n._(NOT_THE_SAME),
  });
type ResetInput = z.input<typeof resetSchema>;
type ResetOutput = z.output<typeof resetSchema>;

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2';

const minutes = PASSWORD_RESET_LINK_MINUTES;

const PROBLEMS: Record<
  Exclude<ResetLinkState, 'usable'>,
  { title: MessageDescriptor; text: MessageDescriptor }
> = {
  used: {
    title: msg`This link has been used`,
    text: msg`Each reset link works once, and this one already did. If you still cannot sign in, ask for a new link.`,
  },
  expired: {
    title: msg`This link has expired`,
    text: msg`Reset links work for ${minutes} minutes. Ask for a new one; it arrives in a minute or two.`,
  },
  invalid: {
    title: msg`This link does not work`,
    text: msg`It may be cut short, or a newer mail replaced it. Open the whole link from the latest mail, or ask for a new one.`,
  },
};

/**
 * The mailed link's screen (issue 52, decisions 204–205): checks the link first, says plainly when
 * it is used or expired, then asks for the new password twice; done, the person is signed in here
 * and signed out everywhere else.
 */
export function ResetPasswordScreen() {
  const { t } = useLingui();
  usePageTitle(t`Choose a new password`, t`Choose a new Medicine Reminder password.`);
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
              <Trans>The link could not be checked</Trans>
            </h1>
            <p className="text-slate-700">
              {messageOf(check.error) ?? t`Check your connection and try again.`}
            </p>
            <button type="button" className={buttonClass.primary} onClick={() => token && mutate({ token })}>
              <Trans>Try again</Trans>
            </button>
          </div>
        ) : (
          <>
            <h1 id="reset-title" className="sr-only">
              <Trans>Choose a new password</Trans>
            </h1>
            <Spinner label={t`Checking your link...`} />
          </>
        )
      ) : state === 'usable' ? (
        <ResetForm token={token!} onRefused={setRefused} />
      ) : (
        <div className="flex flex-col gap-4">
          <h1 id="reset-title" className="text-2xl font-bold text-slate-900">
            {t(PROBLEMS[state].title)}
          </h1>
          <p role="alert" className="text-slate-700">
            {t(PROBLEMS[state].text)}
          </p>
          <Link to="/forgot-password" className={`${buttonClass.primary} text-center`}>
            <Trans>Ask for a new link</Trans>
          </Link>
          <p className="text-center text-slate-700">
            <Link to="/login" className={linkClass}>
              <Trans>Back to login</Trans>
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}

function ResetForm({ token, onRefused }: { token: string; onRefused: (state: ResetLinkState) => void }) {
  const { t } = useLingui();
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
  } = useForm<ResetInput, unknown, ResetOutput>({ resolver: withContractMessages(zodResolver(resetSchema)) });
  useEffect(() => setFocus('password'), [setFocus]);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const signedIn = async () => {
    notify.success(t`Your password is changed and you are signed in. Every other device was signed out.`);
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
      else setFailure(message ?? t`The password could not be changed. Check your connection and try again.`);
    }
  };

  if (secondStep) {
    return (
      <>
        <h1 id="reset-title" className="mb-2 text-2xl font-bold text-slate-900">
          <Trans>Your new password is set</Trans>
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
        <Trans>Choose a new password</Trans>
      </h1>
      <p className="mb-6 text-slate-700">
        <Trans>
          At least 6 characters. Once it is set, you are signed in here and signed out on every other device.
        </Trans>
      </p>
      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="flex flex-col gap-4">
        <TextInput
          id="reset-password"
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          registration={register('password')}
        />
        <TextInput
          id="reset-repeat"
          label={t`New password, again`}
          type="password"
          autoComplete="new-password"
          error={errors.repeat?.message}
          registration={register('repeat')}
        />
        <FormFooter
          failure={failure}
          busy={isSubmitting}
          label={t`Set new password`}
          busyLabel={t`Saving...`}
        />
      </form>
    </>
  );
}
