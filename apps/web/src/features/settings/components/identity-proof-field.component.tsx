import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { RECENT_SIGN_IN_MINUTES } from '@medrem/contract';
import { inputClass } from '../../../shared/ui/button.styles';
import { Field, fieldAria } from '../../../shared/ui/field.component';

/**
 * Who is at the keyboard, asked again before a step that cannot be taken back lightly (decision
 * 198): the password of an account that has one; else the rule of a recent sign-in, said in words.
 * `purpose`: what needs it (deleting the account, changing its address), said as one sentence each.
 */
export function IdentityProofField(props: {
  id: string;
  hasPassword: boolean;
  password: string;
  onPassword: (password: string) => void;
  error?: string | undefined;
  purpose: 'delete' | 'change-email';
}) {
  const { t } = useLingui();
  const { id, hasPassword, password, onPassword, error, purpose } = props;
  if (!hasPassword) {
    const minutes = RECENT_SIGN_IN_MINUTES;
    return (
      <p className="text-sm text-slate-800">
        {purpose === 'delete' ? (
          <Trans>
            Your account has no password: deleting it needs a sign-in within the last{' '}
            <Plural value={minutes} one="# minute" other="# minutes" />.
          </Trans>
        ) : (
          <Trans>
            Your account has no password: changing its address needs a sign-in within the last{' '}
            <Plural value={minutes} one="# minute" other="# minutes" />.
          </Trans>
        )}
      </p>
    );
  }
  return (
    <Field id={id} label={t`Your password, to confirm`} error={error}>
      <input
        {...fieldAria(id, error)}
        type="password"
        autoComplete="current-password"
        className={inputClass}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
    </Field>
  );
}
