import { useLingui } from '@lingui/react/macro';
import { type InputRegistration, TextInput } from '../../../shared/ui/text-input.component';

/** Email and password, as Login and Register both ask for them. */
export function CredentialFields(props: {
  idPrefix: string;
  email: InputRegistration;
  password: InputRegistration;
  errors: { email?: { message?: string }; password?: { message?: string } };
  newPassword?: boolean;
  /** The login form's: `username webauthn` lets the field suggest passkeys too (issue 57). */
  emailAutoComplete?: string;
}) {
  const { t } = useLingui();
  const { idPrefix, errors } = props;
  return (
    <>
      <TextInput
        id={`${idPrefix}-email`}
        label={t`Email`}
        type="email"
        autoComplete={props.emailAutoComplete ?? 'email'}
        error={errors.email?.message}
        registration={props.email}
      />
      <TextInput
        id={`${idPrefix}-password`}
        label={t`Password`}
        type="password"
        autoComplete={props.newPassword ? 'new-password' : 'current-password'}
        error={errors.password?.message}
        registration={props.password}
      />
    </>
  );
}
