import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { registerInputSchema } from '@medrem/contract';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { messageOf } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { alertDialog } from '../../../shared/dialogs/dialog.store';
import { buttonClass } from '../../../shared/ui/button.styles';
import { TextInput } from '../../../shared/ui/text-input.component';
import { useAuth } from '../auth.context';
import { AuthCard } from './auth-card.component';
import { CredentialFields } from './credential-fields.component';
import { SignupPolicyNotice, useMayRegister } from './signup-policy-notice.component';
import { withContractMessages } from '../contract-messages';

const registerFormSchema = registerInputSchema.pick({ name: true, email: true, password: true });
type RegisterFormInput = z.input<typeof registerFormSchema>;
type RegisterFormOutput = z.output<typeof registerFormSchema>;

/** Spec section 9: the success dialog closes by itself after 2000 ms. */
export const SUCCESS_DIALOG_AUTO_CLOSE_MS = 2000;

/**
 * `redirect`: where the sign-in that follows goes (an invitation link keeps its way through both);
 * `invitation`: the token of a mailed invitation to register (issue 57).
 */
export function RegisterForm({
  redirect,
  invitation,
}: { redirect?: string | undefined; invitation?: string | undefined } = {}) {
  const { t } = useLingui();
  const auth = useAuth();
  const { policy, mayRegister } = useMayRegister(invitation);
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: withContractMessages(zodResolver(registerFormSchema)),
  });

  const onSubmit = async (values: RegisterFormOutput) => {
    let verificationRequired = false;
    try {
      ({ verificationRequired } = await auth.register({ ...values, invitation }));
    } catch (error) {
      console.error('Registration failed', error);
      notify.error(messageOf(error) ?? t`Registration failed. Please try again.`);
      return;
    }
    if (verificationRequired) {
      const email = values.email;
      // Sign-in waits for the mailed link on this server (decision 209): no auto-closing here.
      await alertDialog({
        title: t`Check your mailbox`,
        message: t`Your account has been created. We sent a link to ${email}: open it to verify your address, then sign in.`,
      });
    } else {
      await alertDialog({
        title: t`Registration Successful!`,
        message: t`Your account has been created successfully. Please log in.`,
        autoCloseMs: SUCCESS_DIALOG_AUTO_CLOSE_MS,
      });
    }
    // The login screen then welcomes a new user, not one coming back (decision 193).
    await navigate({
      to: '/login',
      search: redirect ? { redirect } : {},
      state: { firstSignIn: true },
    });
  };

  return (
    <AuthCard
      id="register-title"
      title={t`Register`}
      redirect={redirect}
      footer={
        <Trans>
          Already have an account?{' '}
          <Link
            to="/login"
            search={redirect ? { redirect } : {}}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            Sign In
          </Link>
        </Trans>
      }
    >
      <SignupPolicyNotice policy={policy} invited={invitation !== undefined} />
      <form
        hidden={!mayRegister}
        noValidate
        onSubmit={(e) => void handleSubmit(onSubmit)(e)}
        className="flex flex-col gap-4"
      >
        <TextInput
          id="register-name"
          label={t({
            message: 'Name',
            context: 'a person',
            comment: 'The person’s own name, at registration',
          })}
          type="text"
          autoComplete="name"
          error={errors.name?.message}
          registration={register('name')}
        />
        <CredentialFields
          idPrefix="register"
          email={register('email')}
          password={register('password')}
          errors={errors}
          newPassword
        />
        <button type="submit" className={buttonClass.primary} disabled={isSubmitting}>
          {isSubmitting ? t`Registering...` : t`Register`}
        </button>
      </form>
    </AuthCard>
  );
}
